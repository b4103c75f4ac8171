import { describeLine } from "#server/cart/line";
import { addToCart, deleteCart, getCart, removeLine, setLineQuantity, updateLineOptions } from "#server/cart/rows";
import { DomainError } from "#server/errors";
import { withMessageKey } from "~/errors";
import type { CartIntent } from "~/forms";
import type { CartChoice, Notice } from "~/web/session.server";
import type { Storefront } from "~/web/storefront.server";

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
    lines: cart.lines.map((line) => {
      const described = describeLine(line, store.lng);
      return { ...described, unavailable: withMessageKey(described.unavailable) };
    }),
    totals: cart.totals,
  };
}

export type CartSummary = NonNullable<Awaited<ReturnType<typeof cartSummary>>>;

type Selection = Extract<CartIntent, { intent: "add" | "update" }>;

/** Size, crust and toppings of a builder or menu-card form, in the shape the cart takes. */
function selectionOf(intent: Selection) {
  const [first, second] = intent.option ? intent.option.split(":").map(Number) : [intent.firstLayerId, intent.secondLayerId];
  const halves = intent.half.length === 2 ? ([intent.half[0], intent.half[1]] as [string, string]) : undefined;
  const combo = "combo" in intent && intent.combo.length > 0 ? intent.combo : undefined;
  return { firstLayerId: first ?? null, secondLayerId: second ?? null, toppings: { removed: intent.remove, extras: extrasOf(intent) }, halves, combo };
}

/** Portions per topping id (a topping named twice adds up; a count of 0 is no extra). */
function extrasOf(intent: Selection): Record<number, number> {
  const extras: Record<number, number> = {};
  for (const { toppingId, count } of intent.extra) if (count > 0) extras[toppingId] = (extras[toppingId] ?? 0) + count;
  return extras;
}

/** What a builder or combo form had chosen, kept for the page when the cart refuses it (null for other intents). */
export function choiceOf(intent: CartIntent): CartChoice | null {
  if (intent.intent !== "add" && intent.intent !== "update") return null;
  return {
    productUuid: intent.intent === "add" ? intent.productUuid : null,
    lineId: intent.intent === "update" ? intent.lineId : null,
    secondLayerId: intent.secondLayerId ?? null,
    removed: intent.remove,
    extras: extrasOf(intent),
    halves: intent.half,
    quantity: intent.intent === "add" ? intent.quantity : 1,
    combo: intent.intent === "add" ? Object.fromEntries(intent.combo.map((c) => [c.slotId, c.productUuid])) : {},
  };
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
