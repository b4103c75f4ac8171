import type { Customer } from "#server/customers/accounts";
import { checkCouponCode, redeemCoupon, type CodeLookup } from "#server/coupons/attach";
import { isDomainError } from "#server/errors";
import { couponVisitor } from "~/web/coupons.server";
import { clientAddress } from "~/web/edge.server";
import type { Notice } from "~/web/session.server";
import type { Storefront } from "~/web/storefront.server";

/**
 * /crm/coupon's glue (issue 12 point 6): the spec's check-existed-coupon (`checkCoupon`, the page's GET: shows the
 * coupon, writes nothing but the guess count) and crm-redeem-coupon (`attachCoupon`, the POST), over
 * server/coupons/attach.ts.
 */
function lookup(store: Storefront, customer: Customer, code: string, context: unknown): CodeLookup {
  const visitor = couponVisitor(store);
  return {
    code,
    customer: { id: customer.id, emailConfirmed: customer.emailConfirmed },
    address: clientAddress(context),
    lng: visitor.lng,
    now: visitor.now,
    timeZone: visitor.timeZone,
  };
}

export const checkCoupon = (store: Storefront, customer: Customer, code: string, context: unknown) =>
  checkCouponCode(store.db, lookup(store, customer, code, context));

/** Attaches it; the notice for the coupons page: attached, or it was already there. */
export async function attachCoupon(store: Storefront, customer: Customer, code: string, context: unknown): Promise<Notice> {
  const { card, already } = await redeemCoupon(store.db, lookup(store, customer, code, context));
  return already
    ? { tone: "info", key: "notices.coupons.alreadyAttached", values: { name: card.name } }
    : { tone: "success", key: "notices.coupons.attached", values: { name: card.name } };
}

/** The HTTP status of a refusal: unknown 404, another customer's 403, too many guesses 429, no longer usable 409. */
export function refusalStatus(error: unknown): number {
  const code = isDomainError(error) ? error.code : undefined;
  if (code === "CP-12") return 404;
  if (code === "CP-08") return 403;
  if (code === "CUS-100016") return 429;
  return 409;
}
