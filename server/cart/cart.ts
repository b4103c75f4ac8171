import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import { constants, env, type Language } from "../config";
import { now } from "../clock";
import type { Database } from "../db/client";
import type { DB, I18nText } from "../db/types";
import { DomainError } from "../errors";
import { localize } from "../i18n/text";
import { cartTotals, lineTotalCents, type OrderType, type Totals } from "./pricing";
import { normaliseChoice, toppingProblem, toppingsPriceCents, type ToppingChoice } from "./toppings";
import { availabilityProblem, sellingRules, type AvailabilityProblem } from "../catalog/availability";
import { halfAndHalfCents, halfPairProblem, halfSetsOf, type HalfCandidate, type HalfKind } from "./halves";
import { comboPriceCents, comboProblem, type ComboChoice, type ComboProblem } from "./combos";
import { comboItemName, loadComboSlots, ruleSlots, type ComboSlotRow } from "../catalog/combo";
import { isUuid } from "../ids";

/** What a cart line stores beside its product and layers: the customer's topping changes. */
export interface LineOptions {
  toppings?: ToppingChoice;
  /** product ids of the two halves of a half-and-half line */
  halves?: [number, number];
  /** a combo line's choice: one product per slot, in slot order, with the layers the slot gives it */
  combo?: ComboLineItem[];
}

/**
 * One chosen item of a combo line. A layered product (a pizza) is stored at the slot's size and that size's
 * first crust (see server/catalog/combo.ts); other products have no layers.
 */
export interface ComboLineItem {
  slotId: number;
  productId: number;
  firstLayerId: number | null;
  secondLayerId: number | null;
}

/** Why a line cannot be checked out: outside a selling window, or a combo choice that no longer holds. */
export type LineProblem = AvailabilityProblem | ComboProblem;

/**
 * A combo selection as callers give it: slot id -> product uuid, or a list of pairs (a posted form may name a
 * slot twice; the list keeps that, so it is refused rather than silently collapsed).
 */
export type ComboSelection = Record<number, string> | { slotId: number; productUuid: string }[];

const noToppings: ToppingChoice = { removed: [], extras: {} };

export interface CartLineView {
  id: number;
  productType: number;
  productId: number;
  productUuid: string;
  sku: string;
  name: I18nText;
  size: I18nText | null;
  crust: I18nText | null;
  image: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
  firstLayerId: number | null;
  secondLayerId: number | null;
  /** The product's builder page, where the line's options can be changed. */
  productPath: string;
  /** The two halves of a half-and-half line, else empty. */
  halves: I18nText[];
  /**
   * Why the line cannot be sold at the cart's order time (lunch, hut day, selling hours; for a combo, of the
   * combo or of a chosen item), or why its combo choice no longer holds (COMBO-CHOICE); null when it can.
   */
  unavailable: LineProblem | null;
  /** A combo line's uuid (spec section 3), else null. */
  comboUuid: string | null;
  /** The chosen items of a combo line, for display ("Suprema (Mediana)"), else empty. */
  comboItems: I18nText[];
  /** The stored combo choice, for the order's detail. */
  combo: ComboLineItem[];
  toppings: ToppingChoice;
  /** Names of the toppings taken off and added, for display. */
  removedToppings: I18nText[];
  addedToppings: { name: I18nText; count: number }[];
}

export interface CartView {
  uuid: string;
  timeZone: string;
  orderType: OrderType | null;
  outletId: number | null;
  orderTime: Date | null;
  lines: CartLineView[];
  count: number;
  /** pizzas the kitchen bakes for this cart (sized lines and half-and-halves, plus the sized items of combos) */
  pizzas: number;
  /** units of free items (lines priced 0: courtesy products, later coupon gifts) */
  freeItems: number;
  totals: Totals;
}

/** Pizzas in one unit of a line: a sized product (a pizza, whole or half-and-half) is one; a combo counts its sized items. */
export function pizzasOfLine(line: Pick<CartLineView, "firstLayerId" | "combo">): number {
  if (line.combo.length > 0) return line.combo.filter((item) => item.firstLayerId !== null).length;
  return line.firstLayerId !== null ? 1 : 0;
}

export function pricingSettings() {
  const settings = env();
  return { taxPercent: settings.TAX_PERCENT, deliveryFeeCents: settings.DELIVERY_FEE_CENTS };
}

type Executor = Database | Transaction<DB>;

/** The cart with every price read from the database now; undefined when there is no such cart. */
export async function getCart(db: Executor, uuid: string): Promise<CartView | undefined> {
  const cart = await db
    .selectFrom("carts")
    .leftJoin("outlets", "outlets.id", "carts.outlet_id")
    .selectAll("carts")
    .select("outlets.time_zone")
    .where("carts.uuid", "=", uuid)
    .executeTakeFirst();
  if (!cart) return undefined;
  const timeZone = cart.time_zone ?? constants.defaultTimeZone;
  // Availability is judged at the order's time: the chosen slot, or now for as soon as possible.
  const orderAt = cart.order_time ? new Date(cart.order_time) : now();
  const rows = await db
    .selectFrom("cart_lines as l")
    .innerJoin("products as p", "p.id", "l.product_id")
    .leftJoin("product_layers as f", "f.id", "l.first_layer_id")
    .leftJoin("product_layers as s", "s.id", "l.second_layer_id")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .leftJoin("categories as pc", "pc.id", "c.parent_id")
    .select([
      "c.slug as category_slug", "pc.slug as parent_slug",
      "p.lunch_only", "p.hut_day", "p.selling_start", "p.selling_end", "f.sku as size_sku",
      "l.id", "l.product_type", "l.quantity", "l.first_layer_id", "l.second_layer_id", "l.options", "l.combo_uuid",
      "p.id as product_id", "p.uuid", "p.sku", "p.name", "p.image", "p.price_cents",
      "f.name as size_name", "f.price_cents as size_cents", "s.name as crust_name", "s.price_cents as crust_cents",
    ])
    .where("l.cart_uuid", "=", uuid)
    .orderBy("l.id")
    .execute();
  const choices = rows.map((r) => (r.options as LineOptions).toppings ?? noToppings);
  const toppingIds = [...new Set(choices.flatMap((c) => [...c.removed, ...Object.keys(c.extras).map(Number)]))];
  const toppingRows = toppingIds.length
    ? await db.selectFrom("toppings").select(["id", "name", "price_cents"]).where("id", "in", toppingIds).execute()
    : [];
  const toppingById = new Map(toppingRows.map((t) => [t.id, t]));
  const halfIds = [...new Set(rows.flatMap((r) => (r.options as LineOptions).halves ?? []))];
  const halfCandidates = await loadHalfCandidates(db, halfIds);
  const combos = await loadComboLines(db, rows);
  const lines: CartLineView[] = rows.map((r, i) => {
    const choice = choices[i]!;
    const extrasCents = toppingsPriceCents(
      toppingRows.map((t) => ({ toppingId: t.id, type: 2, priceCents: t.price_cents })),
      { removed: [], extras: choice.extras },
    );
    const halves = (r.options as LineOptions).halves;
    const half = halves ? halfCandidates.get(halves[0]) : undefined;
    const otherHalf = halves ? halfCandidates.get(halves[1]) : undefined;
    const layered = r.first_layer_id ? (r.size_cents ?? 0) + (r.crust_cents ?? 0) : r.price_cents;
    const combo = combos.get(r.id);
    const unitCents = combo
      ? comboPriceCents(r.price_cents, combo.slots, combo.choices)
      : half && otherHalf && r.size_sku
        ? halfAndHalfCents(halfKind(r.lunch_only), half.candidate, otherHalf.candidate, r.size_sku, r.crust_cents ?? 0)
        : layered + extrasCents;
    return {
      id: r.id,
      productType: r.product_type,
      productId: r.product_id,
      productUuid: r.uuid,
      sku: r.sku,
      name: r.name as I18nText,
      size: (r.size_name as I18nText | null) ?? null,
      crust: (r.crust_name as I18nText | null) ?? null,
      image: r.image,
      quantity: r.quantity,
      unitCents,
      totalCents: lineTotalCents(unitCents, r.quantity),
      firstLayerId: r.first_layer_id,
      secondLayerId: r.second_layer_id,
      halves: half && otherHalf ? [half.name, otherHalf.name] : [],
      unavailable: availabilityProblem(sellingRules(r), orderAt, timeZone) ?? combo?.problem(orderAt, timeZone) ?? null,
      comboUuid: r.combo_uuid,
      comboItems: combo?.items ?? [],
      combo: (r.options as LineOptions).combo ?? [],
      productPath: r.parent_slug ? `/order/${r.parent_slug}/${r.category_slug}/${r.uuid}` : `/order/${r.category_slug}/${r.uuid}`,
      toppings: choice,
      removedToppings: choice.removed.flatMap((id) => (toppingById.has(id) ? [toppingById.get(id)!.name as I18nText] : [])),
      addedToppings: Object.entries(choice.extras).flatMap(([id, count]) => {
        const topping = toppingById.get(Number(id));
        return topping ? [{ name: topping.name as I18nText, count }] : [];
      }),
    };
  });
  const { taxPercent, deliveryFeeCents } = pricingSettings();
  return {
    uuid: cart.uuid,
    timeZone,
    orderType: cart.order_type,
    outletId: cart.outlet_id,
    orderTime: cart.order_time ? new Date(cart.order_time) : null,
    lines,
    count: lines.reduce((n, l) => n + l.quantity, 0),
    pizzas: lines.reduce((n, l) => n + l.quantity * pizzasOfLine(l), 0),
    freeItems: lines.filter((l) => l.unitCents === 0).reduce((n, l) => n + l.quantity, 0),
    totals: cartTotals({
      lineTotalsCents: lines.map((l) => l.totalCents),
      orderType: cart.order_type,
      deliveryFeeCents,
      taxPercent,
    }),
  };
}

/** A line as the cart view shows it, in one language. */
export function describeLine(line: CartLineView, lng: Language) {
  const { toppings: _choice, combo: _combo, ...rest } = line;
  return {
    ...rest,
    comboItems: line.comboItems.map((name) => localize(name, lng)),
    name: localize(line.name, lng),
    size: line.size ? localize(line.size, lng) : null,
    crust: line.crust ? localize(line.crust, lng) : null,
    halves: line.halves.map((name) => localize(name, lng)),
    removedToppings: line.removedToppings.map((name) => localize(name, lng)),
    addedToppings: line.addedToppings.map((t) => ({ name: localize(t.name, lng), count: t.count })),
  };
}

export interface AddToCart {
  cartUuid: string | null;
  outletId: number;
  orderType: OrderType;
  /** The disposition's chosen slot for a new cart (null or absent: as soon as possible). */
  orderTime?: Date | null;
  productUuid: string;
  firstLayerId?: number | null;
  secondLayerId?: number | null;
  toppings?: ToppingChoice;
  /** uuids of the two halves, for a half-and-half product */
  halves?: [string, string];
  /** one product per slot, for a combo that has slots */
  combo?: ComboSelection;
  quantity: number;
}

/**
 * How a change may move the cart's total, so the maximum is checked without pricing the cart twice:
 * "grows" (adds; the change may return false when it turned out to shrink, like a lower quantity), "shrinks"
 * (removals: never refused), "compare" (option changes: priced before and after).
 */
type Growth = "grows" | "shrinks" | "compare";

/**
 * Runs a cart change with the cart row locked, so concurrent changes to one cart apply one after another.
 * A change may not take the cart over the maximum; a cart already over it (prices rose) may still shrink.
 */
async function withLockedCart<T>(
  db: Database,
  uuid: string,
  growth: Growth,
  change: (trx: Transaction<DB>) => Promise<T>,
  create?: { outletId: number; orderType: OrderType; orderTime?: Date | null },
) {
  return db.transaction().execute(async (trx) => {
    if (create) {
      const at = now();
      await trx
        .insertInto("carts")
        .values({
          uuid,
          outlet_id: create.outletId,
          order_type: create.orderType,
          order_time: create.orderTime ?? null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const locked = await trx.selectFrom("carts").select("uuid").where("uuid", "=", uuid).forUpdate().executeTakeFirst();
    if (!locked) throw new DomainError("CART-01");
    const subtotal = async () => (await getCart(trx, uuid))?.totals.subtotalCents ?? 0;
    const before = growth === "compare" ? await subtotal() : 0;
    const result = await change(trx);
    if (growth !== "shrinks" && result !== false) {
      const after = await subtotal();
      if (after > constants.maxCartCents && (growth === "grows" || after > before)) {
        throw new DomainError("MAX-CART", { max: constants.maxCartCents });
      }
    }
    await trx.updateTable("carts").set({ updated_at: now() }).where("uuid", "=", uuid).execute();
    return result;
  });
}

/**
 * Adds a product to the cart; the first add creates the cart (in the same transaction, so a refused first add
 * leaves nothing behind). Identical lines are merged by quantity. Returns the cart's uuid. Refuses unknown
 * products and sizes or crusts that do not belong to the product.
 */
export async function addToCart(db: Database, input: AddToCart): Promise<string> {
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
  const slots = product.product_type === 1 ? ((await loadComboSlots(db, [product.id])).get(product.id) ?? []) : [];
  const isCombo = slots.length > 0;
  // Choices are for a combo with slots only; anything else that comes with some is refused.
  if (!isCombo && selection.length > 0) throw new DomainError("COMBO-CHOICE", { reason: "unknown-slot", slotId: selection[0]!.slotId });
  const options = isCombo
    ? await checkedCombo(db, product.id, slots, firstLayerId, secondLayerId, input.toppings, selection)
    : product.product_type === 2
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
  const optionsJson = JSON.stringify(options);

  const cartUuid = input.cartUuid ?? randomUUID();
  const create = input.cartUuid
    ? undefined
    : { outletId: input.outletId, orderType: input.orderType, orderTime: input.orderTime ?? null };
  await withLockedCart(
    db,
    cartUuid,
    "grows",
    async (trx) => {
      let same = trx
        .selectFrom("cart_lines")
        .select(["id", "quantity"])
        .where("cart_uuid", "=", cartUuid)
        .where("product_id", "=", product.id);
      same = firstLayerId === null ? same.where("first_layer_id", "is", null) : same.where("first_layer_id", "=", firstLayerId);
      same = secondLayerId === null ? same.where("second_layer_id", "is", null) : same.where("second_layer_id", "=", secondLayerId);
      same = same.where(sql<boolean>`options = ${optionsJson}::jsonb`);
      const existing = await same.executeTakeFirst();
      if (existing) {
        await trx
          .updateTable("cart_lines")
          .set({ quantity: Math.min(99, existing.quantity + input.quantity) })
          .where("id", "=", existing.id)
          .execute();
      } else {
        await trx
          .insertInto("cart_lines")
          .values({
            cart_uuid: cartUuid,
            product_id: product.id,
            product_type: product.product_type,
            first_layer_id: firstLayerId,
            second_layer_id: secondLayerId,
            quantity: input.quantity,
            options: optionsJson,
            // A new combo line gets its own uuid; a merged one keeps the uuid it has.
            combo_uuid: isCombo ? randomUUID() : null,
            created_at: now(),
          })
          .execute();
      }
    },
    create,
  );
  return cartUuid;
}

export async function setLineQuantity(db: Database, cartUuid: string, lineId: number, quantity: number) {
  await withLockedCart(db, cartUuid, "grows", async (trx) => {
    const line = await trx
      .selectFrom("cart_lines")
      .select("quantity")
      .where("id", "=", lineId)
      .where("cart_uuid", "=", cartUuid)
      .executeTakeFirst();
    if (!line) throw new DomainError("ITEM-NOT-FOUND");
    await trx.updateTable("cart_lines").set({ quantity }).where("id", "=", lineId).execute();
    return quantity > line.quantity;
  });
}

export async function removeLine(db: Database, cartUuid: string, lineId: number) {
  await withLockedCart(db, cartUuid, "shrinks", async (trx) => {
    await trx.deleteFrom("cart_lines").where("id", "=", lineId).where("cart_uuid", "=", cartUuid).execute();
  });
}

/** Deletes the cart and its lines (empty cart, disposition change, idle reset). */
export async function deleteCart(db: Executor, cartUuid: string) {
  await db.deleteFrom("carts").where("uuid", "=", cartUuid).execute();
}

/** Points the cart at a new outlet and order type (the delivery fee follows the order type). */
export async function reassignCart(db: Database, cartUuid: string, outletId: number, orderType: OrderType) {
  await db
    .updateTable("carts")
    .set({ outlet_id: outletId, order_type: orderType, updated_at: now() })
    .where("uuid", "=", cartUuid)
    .execute();
}

/**
 * Checks a selection against the product: the size is one of its first layers, the crust one of that size's
 * second layers (a product without layers takes neither), and the topping changes respect the product's
 * toppings and limits. Returns the options a cart line stores (normalised, so equal choices compare equal).
 */
async function checkedOptions(
  db: Executor,
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

/** Changes a line's size, crust and toppings (its product and quantity stay). */
export async function updateLineOptions(
  db: Database,
  cartUuid: string,
  lineId: number,
  selection: { firstLayerId: number | null; secondLayerId: number | null; toppings?: ToppingChoice },
) {
  await withLockedCart(db, cartUuid, "compare", async (trx) => {
    const line = await trx
      .selectFrom("cart_lines")
      .select(["id", "product_id", "options"])
      .where("id", "=", lineId)
      .where("cart_uuid", "=", cartUuid)
      .executeTakeFirst();
    if (!line) throw new DomainError("ITEM-NOT-FOUND");
    // A combo's choice is made on its own page; a size-and-toppings change would drop it.
    if ((line.options as LineOptions).combo) throw new DomainError("COMBO-CHOICE", { reason: "missing" });
    const options = await checkedOptions(trx, line.product_id, selection.firstLayerId, selection.secondLayerId, selection.toppings);
    await trx
      .updateTable("cart_lines")
      .set({ first_layer_id: selection.firstLayerId, second_layer_id: selection.secondLayerId, options: JSON.stringify(options) })
      .where("id", "=", lineId)
      .execute();
  });
}

/** Sets the cart's order time (null: as soon as possible); prices and availability follow it. */
export async function setCartOrderTime(db: Database, uuid: string, orderTime: Date | null): Promise<void> {
  await db.updateTable("carts").set({ order_time: orderTime, updated_at: now() }).where("uuid", "=", uuid).execute();
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
  db: Executor,
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
  const at = cart ? (cart.order_time ? new Date(cart.order_time) : now()) : (newCartTime ?? now());
  for (const id of productIds) {
    const product = products.find((p) => p.id === id);
    if (!product) throw new DomainError("ITEM-NOT-FOUND");
    const problem = availabilityProblem(sellingRules(product), at, outlet?.time_zone ?? constants.defaultTimeZone);
    if (problem) throw availabilityError(problem);
  }
}

const halfKind = (lunchOnly: boolean): HalfKind => (lunchOnly ? "lunch" : "normal");

/** The pizzas that may be halves, with their names and their price per size sku. */
async function loadHalfCandidates(db: Executor, productIds: number[]) {
  const result = new Map<number, { candidate: HalfCandidate; name: I18nText }>();
  if (productIds.length === 0) return result;
  const [products, sizes] = await Promise.all([
    db.selectFrom("products").select(["id", "name", "half_set"]).where("id", "in", productIds).where("active", "=", true).execute(),
    db
      .selectFrom("product_layers")
      .select(["product_id", "sku", "price_cents"])
      .where("product_id", "in", productIds)
      .where("parent_id", "is", null)
      .execute(),
  ]);
  for (const p of products) {
    const sizePrices: Record<string, number> = {};
    for (const size of sizes.filter((l) => l.product_id === p.id)) sizePrices[size.sku] = size.price_cents;
    result.set(p.id, { candidate: { productId: p.id, halfSet: p.half_set, sizePrices }, name: p.name as I18nText });
  }
  return result;
}

/**
 * Checks a half-and-half selection: a size and crust of the half-and-half product, and a valid pair of halves
 * (two different pizzas of its set offered in that size; the lunch half-and-half takes the lunch set).
 */
async function checkedHalves(
  db: Executor,
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
  if (halfPairProblem(halfKind(product.lunch_only), a, b, size.sku)) throw new DomainError("HALF-PAIR");
  return { halves: [a!.productId, b!.productId] };
}

/** The pizzas a half-and-half product offers as halves, by name, with their price per size sku. */
export async function halfChoices(db: Database, productId: number) {
  const product = await db.selectFrom("products").select("lunch_only").where("id", "=", productId).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("products")
    .select(["id", "uuid", "name"])
    .where("half_set", "in", [...halfSetsOf(halfKind(product.lunch_only))])
    .where("active", "=", true)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const candidates = await loadHalfCandidates(db, rows.map((r) => r.id));
  return rows.map((r) => ({ uuid: r.uuid, name: r.name as I18nText, sizePrices: candidates.get(r.id)?.candidate.sizePrices ?? {} }));
}

/** A combo refusal as a DomainError. */
function comboError(problem: ComboProblem): DomainError {
  const { code, ...data } = problem;
  return new DomainError(code, data);
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
  db: Executor,
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
  if (problem) throw comboError(problem);
  return {
    combo: slots.map((slot) => {
      const chosen = choices.find((c) => c.slotId === slot.id)!;
      const option = slot.options.find((o) => o.productId === chosen.productId)!;
      return { slotId: slot.id, productId: option.productId, firstLayerId: option.firstLayerId, secondLayerId: option.secondLayerId };
    }),
  };
}

interface ComboLinePricing {
  slots: ReturnType<typeof ruleSlots>;
  choices: ComboChoice[];
  items: I18nText[];
  /** The combo choice's problem now (slots changed since it was added), else the first chosen item outside its window. */
  problem(at: Date, timeZone: string): LineProblem | null;
}

/**
 * What pricing and showing the combo lines of a cart needs, by line id: the combo's slots now, the line's
 * choice, and the names (with sizes) and selling rules of the chosen items. A combo line's price is always read
 * from the database now (comboPriceCents), like every other line. A combo product that has slots but whose
 * line carries no choice (added before its slots existed) is a line whose choice does not hold.
 */
async function loadComboLines(
  db: Executor,
  rows: { id: number; product_id: number; product_type: number; options: unknown }[],
): Promise<Map<number, ComboLinePricing>> {
  const lines = new Map<number, ComboLinePricing>();
  const comboRows = rows.filter((r) => r.product_type === 1);
  if (comboRows.length === 0) return lines;
  const slotsByCombo = await loadComboSlots(db, [...new Set(comboRows.map((r) => r.product_id))]);
  const stored = (r: { options: unknown }) => (r.options as LineOptions).combo ?? [];
  const itemIds = [...new Set(comboRows.flatMap((r) => stored(r).map((c) => c.productId)))];
  const layerIds = [...new Set(comboRows.flatMap((r) => stored(r).flatMap((c) => (c.firstLayerId ? [c.firstLayerId] : []))))];
  const [items, sizes] = await Promise.all([
    itemIds.length
      ? db.selectFrom("products").select(["id", "name", "lunch_only", "hut_day", "selling_start", "selling_end"]).where("id", "in", itemIds).execute()
      : [],
    layerIds.length ? db.selectFrom("product_layers").select(["id", "name"]).where("id", "in", layerIds).execute() : [],
  ]);
  for (const r of comboRows) {
    const slots = slotsByCombo.get(r.product_id) ?? [];
    const choice = stored(r);
    if (slots.length === 0 && choice.length === 0) continue; // a combo without slots: priced as a product
    const choices = choice.map((c) => ({ slotId: c.slotId, productId: c.productId }));
    const rules = ruleSlots(slots);
    const chosenItems = choice.map((c) => items.find((p) => p.id === c.productId));
    lines.set(r.id, {
      slots: rules,
      choices,
      items: choice.flatMap((c, i) => {
        const item = chosenItems[i];
        if (!item) return [];
        const size = sizes.find((l) => l.id === c.firstLayerId);
        return [comboItemName(item.name as I18nText, (size?.name as I18nText | undefined) ?? null)];
      }),
      problem(at, timeZone) {
        const invalid = comboProblem(rules, choices);
        if (invalid) return invalid;
        for (const item of chosenItems) {
          const late = item ? availabilityProblem(sellingRules(item), at, timeZone) : null;
          if (late) return late;
        }
        return null;
      },
    });
  }
  return lines;
}
