import { now } from "#server/clock";
import { constants } from "#server/config";
import type { CouponCard, Visitor } from "#server/coupons/listing";
import { weekdayNames } from "~/format";
import type { Lng } from "~/i18n/config";
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

/**
 * Cards as the pages show them: a weekdays term's numbers ("1,2") become the language's day names ("lunes y
 * martes") here, on the server, so the coupons' pages do not ship the day-naming code to the browser.
 */
export function namedDays<C extends Pick<CouponCard, "terms">>(card: C, lng: Lng): C {
  return { ...card, terms: card.terms.map((term) => (term.kind === "weekdays" ? { ...term, days: weekdayNames(term.days, lng) } : term)) };
}
