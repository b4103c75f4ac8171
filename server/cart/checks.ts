/**
 * The checks of a cart line before it is written: the product sells (active, at the cart's order time at the
 * outlet), its size and crust are its own, its topping changes keep to its toppings and limits, a half-and-half
 * has a valid pair of halves and a combo one offered product per slot. Each refusal is a DomainError; what
 * passes comes back as the options the line stores (server/cart/line.ts), normalised so equal choices merge.
 */
import { constants } from "../config";
import { now } from "../clock";
import type { Database } from "../db/client";
import { DomainError } from "../errors";
import { isUuid } from "../ids";
import { availabilityProblem, sellingInstant, sellingRules } from "../catalog/availability";
import { loadComboSlots, ruleSlots, type ComboSlotRow } from "../catalog/combo";
import { loadHalfCandidates } from "../catalog/halves";
import { comboProblem, type ComboChoice } from "./combos";
import { halfKindOf, halfPairProblem } from "./halves";
import { noToppings, type LineOptions, type LineProblem } from "./line";
import { normaliseChoice, toppingProblem, type ToppingChoice } from "./toppings";
import { PRODUCT_TYPE } from "../constants";

/**
 * A combo selection as callers give it: slot id -> product uuid, or a list of pairs (a posted form may name a
 * slot twice; the list keeps that, so it is refused rather than silently collapsed).
 */
export type ComboSelection = Record<number, string> | { slotId: number; productUuid: string }[];

/** What a customer chose for a line. */
export interface LineSelection {
  productUuid: string;
  firstLayerId?: number | null;
  secondLayerId?: number | null;
  toppings?: ToppingChoice;
  /** uuids of the two halves, for a half-and-half product */
  halves?: [string, string];
  /** one product per slot, for a combo that has slots */
  combo?: ComboSelection;
}

/** Where the line goes: the cart (null for a new one) at an outlet, and a new cart's order time (null: ASAP). */
export interface LineDestination {
  cartUuid: string | null;
  outletId: number;
  orderTime?: Date | null;
}

/** A line that passed its checks: what its row is written with. */
export interface CheckedLine {
  productId: number;
  productType: number;
  firstLayerId: number | null;
  secondLayerId: number | null;
  options: LineOptions;
  /** a combo with slots (its line gets its own combo uuid) */
  isCombo: boolean;
}

/**
 * Checks a new line: an active product (ITEM-NOT-FOUND otherwise), its options (a combo's choice, a
 * half-and-half's pair, or size, crust and toppings) and, at the order time, the product's selling rules and
 * those of each chosen combo item.
 */
export async function checkedLine(db: Database, input: LineSelection & LineDestination): Promise<CheckedLine> {
  const product = await db
    .selectFrom("products")
    .select(["id", "product_type"])
    .where("uuid", "=", input.productUuid)
    .where("active", "=", true)
    .executeTakeFirst();
  if (!product) throw new DomainError("ITEM-NOT-FOUND");
  const firstLayerId = input.firstLayerId ?? null;
  const secondLayerId = input.secondLayerId ?? null;
  const selection = comboSelection(input.combo);
  const slots = product.product_type === PRODUCT_TYPE.combo ? ((await loadComboSlots(db, [product.id])).get(product.id) ?? []) : [];
  const isCombo = slots.length > 0;
  // Choices are for a combo with slots only; anything else that comes with some is refused.
  if (!isCombo && selection.length > 0) throw new DomainError("COMBO-CHOICE", { reason: "unknown-slot", slotId: selection[0]!.slotId });
  const options = isCombo
    ? await checkedCombo(db, product.id, slots, firstLayerId, secondLayerId, input.toppings, selection)
    : product.product_type === PRODUCT_TYPE.halfAndHalf
      ? await checkedHalves(db, product.id, firstLayerId, secondLayerId, input.halves)
      : await checkedOptions(db, product.id, firstLayerId, secondLayerId, input.toppings);
  // The combo's own rules first, then each chosen item's, at the order time.
  await checkAvailability(
    db,
    [product.id, ...(options.combo ?? []).map((item) => item.productId)],
    input.outletId,
    input.cartUuid,
    input.orderTime ?? null,
  );
  return { productId: product.id, productType: product.product_type, firstLayerId, secondLayerId, options, isCombo };
}

/**
 * Checks a selection against the product: the size is one of its first layers, the crust one of that size's
 * second layers (a product without layers takes neither), and the topping changes respect the product's
 * toppings and limits. Returns the options a cart line stores (normalised, so equal choices compare equal).
 */
export async function checkedOptions(
  db: Database,
  productId: number,
  firstLayerId: number | null,
  secondLayerId: number | null,
  toppings: ToppingChoice | undefined,
): Promise<LineOptions> {
  const [layers, offers, limits] = await Promise.all([
    db.selectFrom("product_layers").select(["id", "parent_id"]).where("product_id", "=", productId).execute(),
    db
      .selectFrom("product_toppings as pt")
      .innerJoin("toppings as t", "t.id", "pt.topping_id")
      .select(["t.id", "t.price_cents", "pt.type"])
      .where("pt.product_id", "=", productId)
      .execute(),
    db
      .selectFrom("products")
      .select(["max_extras", "max_removals", "max_per_topping"])
      .where("id", "=", productId)
      .executeTakeFirstOrThrow(),
  ]);
  if (layers.length > 0) {
    const size = layers.find((l) => l.id === firstLayerId && l.parent_id === null);
    const crusts = layers.filter((l) => l.parent_id === firstLayerId);
    const crust = crusts.find((l) => l.id === secondLayerId);
    if (!size || (crusts.length > 0 && !crust) || (crusts.length === 0 && secondLayerId !== null)) {
      throw new DomainError("ITEM-NOT-FOUND");
    }
  } else if (firstLayerId !== null || secondLayerId !== null) {
    throw new DomainError("ITEM-NOT-FOUND");
  }
  const choice = normaliseChoice(toppings ?? noToppings);
  if (choice.removed.length === 0 && Object.keys(choice.extras).length === 0) return {};
  const problem = toppingProblem(
    offers.map((o) => ({ toppingId: o.id, type: o.type as 0 | 1 | 2, priceCents: o.price_cents })),
    choice,
    { maxExtras: limits.max_extras, maxRemovals: limits.max_removals, maxPerTopping: limits.max_per_topping },
  );
  if (problem) {
    const { code, ...data } = problem;
    // A limit's messages are plural forms of its maximum: `count` picks the form.
    throw new DomainError(code, "max" in data ? { ...data, count: data.max } : data);
  }
  return { toppings: choice };
}

/**
 * The refusal of a line that cannot be sold: an item outside its window (ITEM-03 lunch, ITEM-02 hut day,
 * SINGLE-06 selling hours), or a combo choice that does not hold (COMBO-CHOICE).
 */
export function availabilityError(problem: LineProblem): DomainError {
  const { code, ...data } = problem;
  return new DomainError(code, data);
}

/**
 * Refuses products that do not sell at the cart's order time (now, for a new cart or ASAP) at the outlet; the
 * first refusal in the given order wins.
 */
async function checkAvailability(
  db: Database,
  productIds: number[],
  outletId: number,
  cartUuid: string | null,
  newCartTime: Date | null = null,
) {
  const [products, outlet, cart] = await Promise.all([
    db.selectFrom("products").select(["id", "lunch_only", "hut_day", "selling_start", "selling_end"]).where("id", "in", productIds).execute(),
    db.selectFrom("outlets").select("time_zone").where("id", "=", outletId).executeTakeFirst(),
    cartUuid ? db.selectFrom("carts").select("order_time").where("uuid", "=", cartUuid).executeTakeFirst() : undefined,
  ]);
  const at = sellingInstant(cart ? (cart.order_time ? new Date(cart.order_time) : null) : newCartTime, now());
  for (const id of productIds) {
    const product = products.find((p) => p.id === id);
    if (!product) throw new DomainError("ITEM-NOT-FOUND");
    const problem = availabilityProblem(sellingRules(product), at, outlet?.time_zone ?? constants.defaultTimeZone);
    if (problem) throw availabilityError(problem);
  }
}

/**
 * Checks a half-and-half selection: a size and crust of the half-and-half product, and a valid pair of halves
 * (two different pizzas of its set offered in that size; the lunch half-and-half takes the lunch set).
 */
async function checkedHalves(
  db: Database,
  productId: number,
  firstLayerId: number | null,
  secondLayerId: number | null,
  halves: [string, string] | undefined,
): Promise<LineOptions> {
  await checkedOptions(db, productId, firstLayerId, secondLayerId, undefined);
  const [product, size] = await Promise.all([
    db.selectFrom("products").select("lunch_only").where("id", "=", productId).executeTakeFirstOrThrow(),
    db.selectFrom("product_layers").select("sku").where("id", "=", firstLayerId ?? -1).executeTakeFirst(),
  ]);
  if (!halves || !size) throw new DomainError("HALF-PAIR");
  const halfRows = await db.selectFrom("products").select(["id", "uuid"]).where("uuid", "in", halves).execute();
  const ids = halves.map((uuid) => halfRows.find((r) => r.uuid === uuid)?.id);
  const candidates = await loadHalfCandidates(db, ids.filter((id): id is number => id !== undefined));
  const [a, b] = ids.map((id) => (id === undefined ? undefined : candidates.get(id)?.candidate));
  if (halfPairProblem(halfKindOf(product.lunch_only), a, b, size.sku)) throw new DomainError("HALF-PAIR");
  return { halves: [a!.productId, b!.productId] };
}

/** A selection as a list of (slot, product uuid) pairs, whichever shape it came in. */
function comboSelection(selection: ComboSelection | undefined): { slotId: number; productUuid: string }[] {
  if (!selection) return [];
  if (Array.isArray(selection)) return selection;
  return Object.entries(selection).map(([slotId, productUuid]) => ({ slotId: Number(slotId), productUuid }));
}

/**
 * Checks a combo selection against the combo's slots: exactly one offered product per slot (COMBO-CHOICE
 * otherwise). The combo itself takes no size, crust or toppings. Returns the options the line stores: the choice
 * in slot order, each item with the layers its slot gives it, so equal choices compare equal and merge.
 */
async function checkedCombo(
  db: Database,
  productId: number,
  slots: ComboSlotRow[],
  firstLayerId: number | null,
  secondLayerId: number | null,
  toppings: ToppingChoice | undefined,
  selection: { slotId: number; productUuid: string }[],
): Promise<LineOptions> {
  await checkedOptions(db, productId, firstLayerId, secondLayerId, toppings);
  const uuids = [...new Set(selection.map((s) => s.productUuid).filter(isUuid))];
  const products = uuids.length ? await db.selectFrom("products").select(["id", "uuid"]).where("uuid", "in", uuids).execute() : [];
  // An unknown uuid becomes product 0, which no slot offers.
  const choices: ComboChoice[] = selection.map((s) => ({
    slotId: s.slotId,
    productId: products.find((p) => p.uuid === s.productUuid)?.id ?? 0,
  }));
  const problem = comboProblem(ruleSlots(slots), choices);
  if (problem) throw availabilityError(problem);
  return {
    combo: slots.map((slot) => {
      const chosen = choices.find((c) => c.slotId === slot.id)!;
      const option = slot.options.find((o) => o.productId === chosen.productId)!;
      return { slotId: slot.id, productId: option.productId, firstLayerId: option.firstLayerId, secondLayerId: option.secondLayerId };
    }),
  };
}
