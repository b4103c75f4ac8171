import { now } from "#server/clock";
import { constants } from "#server/config";
import type { Visitor } from "#server/coupons/listing";
import type { Storefront } from "~/web/storefront.server";

/**
 * The visitor as the coupon modules need them (server/coupons/listing.ts, attach.ts, history.ts): the signed-in
 * customer (or a guest), the language, now, and the zone validity bounds are told in (the chosen outlet's, else the
 * chain's).
 */
export function couponVisitor(store: Storefront): Visitor {
  const customer = store.customer ? { id: store.customer.id, emailConfirmed: store.customer.emailConfirmed } : null;
  return { customer, lng: store.lng, now: now(), timeZone: store.session.get("disposition")?.timezone ?? constants.defaultTimeZone };
}
