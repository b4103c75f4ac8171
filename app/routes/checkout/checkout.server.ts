import { cartIntentSchema, parseWithZod } from "~/web/forms.server";
import { randomBytes, randomUUID } from "node:crypto";
import { cartLimitError, outletPayment, placeOrder } from "#server/orders/place";
import { cartLimitProblem } from "#server/cart/pricing";
import { constants } from "#server/constants";
import { isPaymentRefusal, paymentMethods, type PaymentContext } from "#server/orders/payment-methods";
import { paymentProvider } from "#server/payments";
import { STARTING_STATUSES } from "#server/orders/status";
import { DomainError } from "#server/errors";
import type { Disposition } from "#server/outlets/outlets";
import { withOrderTime } from "#server/outlets/disposition";
import { applyCartIntent, cartSummary, withCouponLink } from "~/web/cart.server";
import type { SubmissionResult } from "@conform-to/react";
import type { Notice } from "~/web/session.server";
import { deliverMail, queueConfirmationOf } from "~/web/mail.server";
import { checkoutAddressFields, checkoutFormSchema, type CheckoutAddress, type CheckoutFormValue } from "~/components/checkout/schema";
import { noticeForError, redirectWith, refused, type Storefront } from "~/web/storefront.server";

/**
 * The order's payment context: its total as the server prices the session's cart now and what the outlet takes.
 * Undefined without a cart (a retried post after the order was placed: the placement finds that order by its key).
 */
export async function paymentContext(store: Storefront, disposition: Disposition): Promise<PaymentContext | undefined> {
  const [cart, settings] = await Promise.all([cartSummary(store), outletPayment(store.db, disposition.outletId)]);
  if (!cart || !settings) return undefined;
  // The online card is offered only with a payment provider configured (issue 13).
  const methods = paymentProvider() ? settings.methods : settings.methods.filter((id) => paymentMethods[id].paidAtDoor);
  return { orderType: disposition.orderType, totalCents: cart.totals.totalCents, settings: { ...settings, methods } };
}

/**
 * What the placement would refuse this cart for whatever is typed (under a delivery's minimum, over the maximum,
 * only free items), said on the page before the customer fills the form in (spec section 5: the minimum's message
 * shows its amount, delivery excluded); the header's cart badge leads here, past the cart that says it. Null when
 * the cart may be placed. The placement checks it again under the cart's lock.
 */
export function cartLimitNotice(store: Storefront, disposition: Disposition, subtotalCents: number): Notice | null {
  const problem = cartLimitProblem({
    subtotalCents,
    orderType: disposition.orderType,
    minCartCents: disposition.orderType === "D" ? disposition.minCart : 0,
    maxCartCents: constants.maxCartCents,
  });
  return problem ? noticeForError(cartLimitError(problem), store.lng) : null;
}

/**
 * The checkout form as posted, checked with the schema the page uses. A well-formed form goes on to the placement,
 * which applies the payment rules to the total it prices under the cart's lock (a refusal comes back beside its
 * field, as the schema would put it); only a form with mistakes is checked again with this order's total and the
 * outlet's payments, so that every mistake shows at once. The cart is then read once per order, not twice (issue 15).
 */
export async function readCheckoutForm(store: Storefront, disposition: Disposition, formData: FormData) {
  const { orderType } = disposition;
  const formats = parseWithZod(formData, { schema: checkoutFormSchema({ orderType }) });
  if (formats.status === "success") return formats;
  const payment = await paymentContext(store, disposition);
  return parseWithZod(formData, { schema: checkoutFormSchema({ orderType, payment }) });
}

/** The delivery address the disposition holds, as the checkout form's fields start. */
export function dispositionAddress(disposition: Disposition): Partial<CheckoutAddress> {
  return Object.fromEntries(checkoutAddressFields.flatMap((key) => (disposition[key] ? [[key, disposition[key]]] : [])));
}

/** The total the checkout page showed, as its form posts it (hidden), or undefined: see `PlaceOrder.expectedTotalCents`. */
export function shownTotal(formData: FormData): number | undefined {
  const value = formData.get("shownTotalCents");
  return typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

/**
 * Places the session's cart as an order; prices and totals come from the database, never from the form. A
 * delivery takes the address as confirmed (or corrected) on the form, and the disposition keeps it for next time;
 * the postal code stays the disposition's (it chose the outlet). Placed only at the total the page showed (`shown`).
 */
export async function checkout(store: Storefront, input: CheckoutFormValue, shown?: { totalCents?: number }) {
  const disposition = store.session.get("disposition");
  if (!disposition) throw new DomainError("OUTLET-REQUIRED");
  const address =
    disposition.orderType === "D"
      ? Object.fromEntries(checkoutAddressFields.flatMap((key) => (input[key] ? [[key, input[key]!]] : [])))
      : undefined;
  const order = await placeOrder(store.db, {
    cartUuid: store.session.get("cartUuid") ?? null,
    outletId: disposition.outletId,
    orderType: disposition.orderType,
    postalCode: disposition.postalCode,
    address,
    checkout: { ...input, idempotencyKey: scopedKey(store, input.idempotencyKey) },
    locale: store.lng,
    customerId: store.customer?.id,
    paymentProvider: paymentProvider()?.id,
    expectedTotalCents: shown?.totalCents,
    // Paid at the door, the order goes to the store now and its confirmation mail is written with it; paid online,
    // both wait for the payment (server/payments/attempts.ts).
  }, { withOrder: (trx, placed, written) => (placed.paymentTransaction ? Promise.resolve() : queueConfirmationOf(trx, written).then(() => {})) });
  void deliverMail(store.db); // with SMTP_URL: send the confirmation now that its order is committed
  store.session.unset("cartUuid");
  // An order paid online waits for its payment: the checkout the back button returns to says so (its way to pay).
  if (STARTING_STATUSES.includes(order.status)) store.session.set("awaitingPayment", order.uuid);
  else store.session.unset("awaitingPayment");
  const kept = address
    ? { ...(Object.fromEntries(Object.entries(disposition).filter(([key]) => !(checkoutAddressFields as string[]).includes(key))) as Disposition), ...address }
    : disposition;
  // The slot was this order's: the next order starts as soon as possible (spec silent). Kept, the header went on
  // showing a time that passed, which only the next checkout refused.
  store.session.set("disposition", withOrderTime(kept, undefined));
  // An order paid online waits for its payment (a retried post finds it paid, or still waiting).
  return { ...order, awaitsPayment: STARTING_STATUSES.includes(order.status) };
}

/** A payment the placement refused, as the form field errors to show beside the field; null for other errors. */
export function paymentFieldErrors(error: unknown): Record<string, string[]> | null {
  return isPaymentRefusal(error) ? { [error.problem.field]: [error.problem.key] } : null;
}

/** The key a checkout form carries so that a doubled or retried post makes one order. */
export function newCheckoutKey(): string {
  return randomUUID();
}

/**
 * Makes sure the session has its id (the checkout page's loader calls it, so the id is in the browser before the
 * form can be posted: a double submit carries it twice). Answers whether the session changed (commit it).
 */
export function ensureSessionId(store: Storefront): boolean {
  if (store.session.get("sid")) return false;
  store.session.set("sid", randomBytes(16).toString("base64url"));
  return true;
}

/**
 * The order's idempotency key: the form's key scoped to this browser's session id. A double submit or a retry from
 * this browser finds its order; the same form key posted from another session is another key, so it can never
 * return someone else's order (or its tracker link).
 */
function scopedKey(store: Storefront, formKey: string): string {
  ensureSessionId(store);
  return `${store.session.get("sid")}:${formKey}`;
}

export { trackOrder } from "#server/orders/tracker";

/**
 * The coupon field's apply without JavaScript: its button posts the checkout form (`form="checkout"`), so whatever was
 * typed comes back with the answer instead of being lost to a post of the coupon's own form. The coupon goes on the
 * cart through the cart's own intent; the answer is the checkout form's values, untouched and unchecked (nothing was
 * submitted to be placed), with the cart's notice, or the refusal to show under the coupon field. The same for a code
 * posted with the place button (`beforePlacing`): the order is not placed, and the notice says so.
 */
export async function applyCheckoutCoupon(store: Storefront, formData: FormData, { beforePlacing = false } = {}) {
  const kept: SubmissionResult<string[]> = {
    initialValue: Object.fromEntries([...formData.entries()].filter(([key, value]) => typeof value === "string" && !["csrf", "intent", "code"].includes(key))) as Record<string, string>,
  };
  const parsed = parseWithZod(new URLSearchParams({ intent: "apply-coupon", source: "typed", code: String(formData.get("code") ?? "") }), { schema: cartIntentSchema });
  if (parsed.status !== "success") {
    const key = parsed.error?.code?.[0] ?? "cartForm";
    return { status: 400, body: { result: kept, notice: null, couponMessage: { tone: "error", key: `validation:${key}` } satisfies Notice } };
  }
  try {
    const outcome = await applyCartIntent(store, parsed.value);
    // A deal's code opens its combo's page (to choose the combo), as from the cart.
    if (outcome.to) throw await redirectWith(store.session, outcome.to, outcome.notice);
    // Posted to place the order, it was not placed: the notice says so, with the new total to look at first.
    const notice: Notice = beforePlacing ? { ...outcome.notice, also: { tone: "info", key: "notices.couponNotPlacedYet" } } : outcome.notice;
    return { status: 200, body: { result: kept, notice, couponMessage: null } };
  } catch (error) {
    const answer = await refused(store, error, (notice) => ({ status: 422, body: { result: kept, notice: null, couponMessage: withCouponLink(notice) } }));
    if (answer instanceof Response) throw answer;
    return answer;
  }
}
