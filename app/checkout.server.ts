import { randomUUID } from "node:crypto";
import { placeOrder } from "#server/orders/place";
import type { CheckoutInput } from "#server/orders/checkout-schema";
import { DomainError } from "#server/errors";
import type { Storefront } from "./storefront.server";

/** Places the session's cart as an order; prices come from the database, never from the form. */
export async function checkout(store: Storefront, input: CheckoutInput) {
  const disposition = store.session.get("disposition");
  if (!disposition) throw new DomainError("OUTLET-REQUIRED");
  const cartUuid = store.session.get("cartUuid");
  if (!cartUuid) throw new DomainError("CART-04");
  const order = await placeOrder(store.db, {
    cartUuid,
    outletId: disposition.outletId,
    orderType: disposition.orderType,
    postalCode: disposition.postalCode,
    address: Object.fromEntries(
      (["st", "houseNo", "interiorNo", "villeageName", "cityName", "prefectureName", "landmark"] as const).flatMap((key) =>
        disposition[key] ? [[key, disposition[key]!]] : [],
      ),
    ),
    checkout: input,
    locale: store.lng,
  });
  store.session.unset("cartUuid");
  return order;
}

/** The key a checkout form carries so that a doubled or retried post makes one order. */
export function newCheckoutKey(): string {
  return randomUUID();
}

export { trackOrder } from "#server/orders/tracker";
