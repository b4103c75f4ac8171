import { describeLine } from "#server/cart/line";
import { getCart } from "#server/cart/rows";
import type { Storefront } from "./storefront.server";

/** The session's cart as pages show it (names in the visitor's language), or null when there is none. */
export function cartSummary(store: Storefront) {
  // Shared by the loaders of one request (root's badge and the page's cart) while the cart is unchanged.
  const uuid = store.session.get("cartUuid");
  const memo = summaries.get(store);
  if (memo && memo.uuid === uuid) return memo.summary;
  const summary = loadSummary(store, uuid);
  summaries.set(store, { uuid, summary });
  return summary;
}

const summaries = new WeakMap<Storefront, { uuid: string | undefined; summary: ReturnType<typeof loadSummary> }>();

async function loadSummary(store: Storefront, uuid: string | undefined) {
  if (!uuid) return null;
  const cart = await getCart(store.db, uuid);
  if (!cart) return null;
  return {
    uuid: cart.uuid,
    count: cart.count,
    pizzas: cart.pizzas,
    /** epoch ms of the cart's slot; null for ASAP */
    orderTime: cart.orderTime ? cart.orderTime.getTime() : null,
    lines: cart.lines.map((line) => describeLine(line, store.lng)),
    totals: cart.totals,
  };
}

export type CartSummary = NonNullable<Awaited<ReturnType<typeof cartSummary>>>;

import { addToCart, deleteCart, removeLine, setLineQuantity, updateLineOptions } from "#server/cart/rows";
import { DomainError } from "#server/errors";
import { cartIntentSchema, type CartIntent } from "./forms";
import type { Notice } from "./session.server";

type Selection = Extract<CartIntent, { intent: "add" | "update" }>;

/** Size, crust and toppings of a builder or menu-card form, in the shape the cart takes. */
function selectionOf(intent: Selection) {
  const [first, second] = intent.option ? intent.option.split(":").map(Number) : [intent.firstLayerId, intent.secondLayerId];
  const extras: Record<number, number> = {};
  for (const id of intent.extra) extras[id] = (extras[id] ?? 0) + 1;
  const halves = intent.half.length === 2 ? ([intent.half[0], intent.half[1]] as [string, string]) : undefined;
  const combo = "combo" in intent && intent.combo.length > 0 ? intent.combo : undefined;
  return { firstLayerId: first ?? null, secondLayerId: second ?? null, toppings: { removed: intent.remove, extras }, halves, combo };
}

/**
 * Applies a cart form to the server cart (the first add creates it and keeps its uuid in the session).
 * Returns the success notice; refusals are DomainErrors.
 */
export async function applyCartIntent(store: Storefront, intent: CartIntent): Promise<Notice> {
  const cartUuid = store.session.get("cartUuid") ?? null;
  if (intent.intent === "add") {
    const disposition = store.session.get("disposition");
    if (!disposition) throw new DomainError("OUTLET-REQUIRED");
    const uuid = await addToCart(store.db, {
      cartUuid,
      outletId: disposition.outletId,
      orderType: disposition.orderType,
      orderTime: disposition.collectionAt ? new Date(disposition.collectionAt) : null,
      productUuid: intent.productUuid,
      quantity: intent.quantity,
      ...selectionOf(intent),
    });
    store.session.set("cartUuid", uuid);
    return { tone: "success", key: "notices.cartAdded" };
  }
  if (!cartUuid) throw new DomainError("CART-01");
  switch (intent.intent) {
    case "update":
      await updateLineOptions(store.db, cartUuid, intent.lineId, selectionOf(intent));
      return { tone: "success", key: "notices.cartUpdated" };
    case "quantity":
      await setLineQuantity(store.db, cartUuid, intent.lineId, intent.quantity);
      return { tone: "success", key: "notices.cartQuantity" };
    case "remove":
      await removeLine(store.db, cartUuid, intent.lineId);
      return { tone: "success", key: "notices.cartRemoved" };
    case "empty":
      await deleteCart(store.db, cartUuid);
      store.session.unset("cartUuid");
      return { tone: "success", key: "notices.cartEmptied" };
  }
}

/** The cart form's intent, or null when the post is not a valid one (the page answers 400). */
export function parseCartForm(form: FormData): CartIntent | null {
  const fields: Record<string, unknown> = Object.fromEntries(form);
  fields.remove = form.getAll("remove");
  fields.half = form.getAll("half").filter((v) => v !== "");
  // Extras come as checkboxes named "extra" (one portion each) or as count selects named "extra-<id>".
  const extra = form.getAll("extra").map(String);
  for (const [name, value] of form) {
    const match = /^extra-(\d+)$/.exec(name);
    const count = Number(value);
    if (match && Number.isInteger(count) && count > 0 && count <= 10) extra.push(...Array(count).fill(match[1]));
  }
  fields.extra = extra;
  // A combo's choice comes as radio groups named "slot-<slotId>", one product uuid each.
  const combo: { slotId: string; productUuid: FormDataEntryValue }[] = [];
  for (const [name, value] of form) {
    const match = /^slot-(\d+)$/.exec(name);
    if (match) combo.push({ slotId: match[1]!, productUuid: value });
  }
  fields.combo = combo;
  const parsed = cartIntentSchema.safeParse(fields);
  return parsed.success ? parsed.data : null;
}

/** A cart line's current choice, to open the builder on it ("change options"). */
export async function cartLineChoice(store: Storefront, lineId: number) {
  const uuid = store.session.get("cartUuid");
  const cart = uuid ? await getCart(store.db, uuid) : undefined;
  const line = cart?.lines.find((l) => l.id === lineId);
  if (!line) return null;
  return {
    productUuid: line.productUuid,
    firstLayerId: line.firstLayerId,
    secondLayerId: line.secondLayerId,
    removed: line.toppings.removed,
    extras: line.toppings.extras,
    quantity: line.quantity,
  };
}
