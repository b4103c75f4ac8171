import { pendingEmail } from "#server/customers/email-change";
import { now } from "#server/clock";
import type { Database } from "#server/db/client";
import { couponHistory, type CouponHistory } from "#server/coupons/history";
import type { Customer } from "#server/customers/accounts";
import { DomainError } from "#server/errors";
import { couponVisitor } from "~/web/coupons.server";
import { requestId } from "~/web/request.server";
import type { Notice } from "~/web/session.server";
import { noticeForError, type Storefront } from "~/web/storefront.server";

/** The address an email change waits on (a live link went to it), or null: the profile says it is pending. */
export async function pendingEmailOf(db: Database, customerId: number): Promise<string | null> {
  return (await pendingEmail(db, customerId, now())) ?? null;
}

/** The attached card as the profile shows it: its last four digits only (the whole number never leaves the server). */
export { maskCardNumber } from "#server/customers/loyalty-card";

/**
 * The customer's coupon history (server/coupons/history.ts), or, when it cannot be read, CPH-01's notice: the rest of
 * the profile still shows (the failure is logged with the request's id).
 */
export async function couponHistoryOf(store: Storefront, customer: Customer, request: Request): Promise<{ history: CouponHistory | null; notice: Notice | null }> {
  const visitor = couponVisitor(store);
  try {
    return { history: await couponHistory(store.db, customer.id, visitor), notice: null };
  } catch (error) {
    console.error(`[${requestId(request)}] coupon history of customer ${customer.id}`, error);
    return { history: null, notice: noticeForError(new DomainError("CPH-01"), store.lng) };
  }
}
