import { env } from "#server/config";
import type { Database } from "#server/db/client";
import { getDb } from "#server/db/client";
import type { Payments } from "#server/payments/attempts";
import { paymentProvider, startPaymentWorker } from "#server/payments";
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

// The payment worker runs in every app process (each round takes what no other process holds): webhooks stored but
// not processed, the provider calls that follow a cancel or a hand-over, attempts past their time.
if (env().NODE_ENV !== "test") {
  void getDb().then((db) => {
    const configured = payments(db);
    if (configured) startPaymentWorker(configured);
  });
}
