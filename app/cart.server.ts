import { describeLine, getCart } from "#server/cart/cart";
import type { Storefront } from "./storefront.server";

/** The session's cart as pages show it (names in the visitor's language), or null when there is none. */
export async function cartSummary(store: Storefront) {
  const uuid = store.session.get("cartUuid");
  if (!uuid) return null;
  const cart = await getCart(store.db, uuid);
  if (!cart) return null;
  return {
    uuid: cart.uuid,
    count: cart.count,
    lines: cart.lines.map((line) => describeLine(line, store.lng)),
    totals: cart.totals,
  };
}

export type CartSummary = NonNullable<Awaited<ReturnType<typeof cartSummary>>>;

import { addToCart, removeLine, setLineQuantity } from "#server/cart/cart";
import { DomainError } from "#server/errors";
import { cartIntentSchema, type CartIntent } from "./forms";
import type { Notice } from "./session.server";

/**
 * Applies a cart form to the server cart (the first add creates it and keeps its uuid in the session).
 * Returns the success notice; refusals are DomainErrors.
 */
export async function applyCartIntent(store: Storefront, intent: CartIntent): Promise<Notice> {
  const cartUuid = store.session.get("cartUuid") ?? null;
  if (intent.intent === "add") {
    const disposition = store.session.get("disposition");
    if (!disposition) throw new DomainError("OUTLET-REQUIRED");
    const [first, second] = intent.option ? intent.option.split(":").map(Number) : [];
    const uuid = await addToCart(store.db, {
      cartUuid,
      outletId: disposition.outletId,
      orderType: disposition.orderType,
      productUuid: intent.productUuid,
      firstLayerId: first ?? null,
      secondLayerId: second ?? null,
      quantity: intent.quantity,
    });
    store.session.set("cartUuid", uuid);
    return { tone: "success", key: "notices.cartAdded" };
  }
  if (!cartUuid) throw new DomainError("CART-01");
  if (intent.intent === "quantity") {
    await setLineQuantity(store.db, cartUuid, intent.lineId, intent.quantity);
    return { tone: "success", key: "notices.cartQuantity" };
  }
  await removeLine(store.db, cartUuid, intent.lineId);
  return { tone: "success", key: "notices.cartRemoved" };
}

/** The cart form's intent, or null when the post is not a valid one (the page answers 400). */
export function parseCartForm(form: FormData): CartIntent | null {
  const parsed = cartIntentSchema.safeParse(Object.fromEntries(form));
  return parsed.success ? parsed.data : null;
}
