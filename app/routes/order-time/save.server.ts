import { setCartOrderTime } from "#server/cart/rows";
import { instantAt, now } from "#server/clock";
import { DomainError } from "#server/errors";
import { withOrderTime } from "#server/outlets/disposition";
import { checkOrderTime, orderTimeOptions } from "#server/outlets/order-time";
import { getOutlet } from "#server/outlets/outlets";
import { findSlot } from "#server/outlets/slots";
import { cartPizzas } from "~/web/order-time.server";
import type { Storefront } from "~/web/storefront.server";

/**
 * Saves the customer's order time: ASAP or one of the offered slots (anything else is refused with the order-time
 * codes). Sets the disposition's advanceOrder, collectionTime, its text and value, and the cart's order time on
 * the server; the caller's redirect reloads the categories, whose availability follows the time.
 */
export async function saveOrderTime(store: Storefront, value: string): Promise<void> {
  const disposition = store.session.get("disposition");
  if (!disposition) throw new DomainError("OUTLET-REQUIRED");
  const outlet = await getOutlet(store.db, disposition.outletId);
  const at = now();
  const pizzas = await cartPizzas(store);
  let orderTime: Date | null = null;
  let slot: ReturnType<typeof findSlot>;
  if (value !== "asap") {
    if (!outlet) throw new DomainError("HUTFE-0");
    slot = findSlot((await orderTimeOptions(store.db, outlet, disposition.orderType, at, pizzas)).days, value);
    orderTime = slot ? new Date(slot.at) : instantAt(value.slice(0, 10), `${value.slice(11, 16)}:00`, outlet.time_zone);
  }
  await checkOrderTime(store.db, { outlet, orderType: disposition.orderType, orderTime, now: at, cartPizzas: pizzas, stage: "choose" });
  store.session.set("disposition", withOrderTime(disposition, slot));
  const cartUuid = store.session.get("cartUuid");
  if (cartUuid) await setCartOrderTime(store.db, cartUuid, orderTime);
}
