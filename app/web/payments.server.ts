import { now } from "#server/clock";
import { env } from "#server/config";
import type { Database } from "#server/db/client";
import { getDb, whenDatabaseReady } from "#server/db/client";
import { orderAwaitingPayment, type Payments } from "#server/payments/attempts";
import { paymentProvider, startPaymentWorker } from "#server/payments";
import { isDomainError } from "#server/errors";
import { InvalidPaymentData, ProviderUnavailable } from "#server/payments/provider";
import { errorMessageKey } from "~/errors";
import type { Notice } from "~/web/session.server";
import type { Storefront } from "~/web/storefront.server";
import { deliverMail, publicUrl, queueOrderConfirmation } from "~/web/mail.server";

/**
 * The web's handle on online payment (issue 13): the configured provider with the database and what an order that
 * reaches the store writes with it (its confirmation mail, sent once committed). Null without a provider.
 */
export function payments(db: Database): Payments | null {
  const provider = paymentProvider();
  if (!provider) return null;
  return {
    db,
    provider,
    onOrderReceived: async (trx, uuid) => {
      await queueOrderConfirmation(trx, uuid);
      // With SMTP_URL: sent as soon as the transaction that wrote it has committed.
      setImmediate(() => void deliverMail(db));
    },
  };
}

/** The URLs the provider sends the shopper back to (absolute: the provider redirects a browser to them). */
export function returnUrl(transaction: string): string {
  return `${publicUrl()}/adyen/checkout/${transaction}/return`;
}

/** The page where an attempt is paid, by its provider (the one provider is Adyen). */
export function paymentPagePath(transaction: string): string {
  return `/adyen/checkout/${transaction}`;
}

export const statusPath = (transaction: string) => `/payment-status/${transaction}`;

/** The status page after a return that could not be confirmed: stamped with when (it waits a minute, not for ever). */
export const unconfirmedStatusPath = (transaction: string) => `${statusPath(transaction)}?unconfirmed=${now().getTime()}`;

/**
 * What the payment page's CSP opens (and only that page's: entry.server.tsx): where Adyen Web's secured fields,
 * calls and card logos come from, and the hosted payment page a form is redirected to. Adyen's own domains for its
 * environment, or the stand-in's origin.
 */
export function paymentCspSources(): string[] {
  const settings = env();
  if (!paymentProvider()) return [];
  if (settings.ADYEN_SHOPPER_URL) return [new URL(settings.ADYEN_SHOPPER_URL).origin];
  const live = settings.ADYEN_ENVIRONMENT === "live" ? "live" : "test";
  return [`https://checkoutshopper-${live}.adyen.com`, `https://checkoutshopper-${live}.cdn.adyen.com`];
}

/** The storefront's origin (PUBLIC_URL's), which the provider's 3-D Secure pages post back to. */
export function publicOrigin(): string {
  return new URL(publicUrl()).origin;
}

// The payment worker runs in every app process (each round takes what no other process holds): webhooks stored but
// not processed, the provider calls that follow a cancel or a hand-over, attempts past their time.
if (env().NODE_ENV !== "test") {
  whenDatabaseReady((db) => {
    const configured = payments(db);
    if (configured) startPaymentWorker(configured);
  });
}

/** How a payment refusal or failure is answered: its status and the translated message's key (namespace errors). */
export function paymentFailure(error: unknown): { status: number; key: string; values?: Record<string, string | number> } {
  if (error instanceof InvalidPaymentData) return { status: 400, key: errorMessageKey["PAY-DATA"] };
  if (error instanceof ProviderUnavailable) {
    console.warn(`[payments] ${error.message}`);
    return { status: 502, key: errorMessageKey["PAY-PROVIDER"] };
  }
  if (isDomainError(error)) {
    const status = error.code === "PAY-NOT-FOUND" ? 404 : error.code === "PAY-PROVIDER" ? 502 : error.code === "PAY-DATA" ? 400 : 409;
    return { status, key: errorMessageKey[error.code], values: error.data as Record<string, string | number> };
  }
  throw error;
}

// The payment routes reach the business through this module only (a route importing server/ directly would pull it
// into the browser's bundle).
/**
 * The order this browser placed to pay online, while it still waits for its payment (STARTING_STATUSES, a card
 * order), as a notice with the way to pay it: the checkout the back button returns to, its cart gone into the order,
 * says this instead of "your cart is empty" (a guest has no history to find it in). Forgotten once it no longer waits.
 */
export async function awaitingPaymentNotice(store: Storefront): Promise<Notice | null> {
  const uuid = store.session.get("awaitingPayment");
  if (!uuid) return null;
  const order = await orderAwaitingPayment(store.db, uuid);
  if (!order) {
    store.session.unset("awaitingPayment");
    return null;
  }
  return { tone: "info", key: "notices.orderAwaitsPayment", values: { number: order.number }, link: { to: paymentPagePath(order.transaction), key: "notices.payNow" } };
}

export { confirmReturn, findAttempt, payWithComponent, submitDetails, type ReturnParams } from "#server/payments/attempts";
export { processAfterAnswer, receiveWebhook } from "#server/payments/webhook";
export { fitsPostgres } from "#server/json";
export { getDb };
