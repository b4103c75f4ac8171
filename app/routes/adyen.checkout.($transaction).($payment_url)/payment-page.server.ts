import { json, redirect, redirectDocument } from "@remix-run/node";
import { findAttempt, openHostedPage, retryPayment } from "#server/payments/attempts";
import type { BrowserConfig } from "#server/payments/provider";
import { adyenLocale as cardFormLocale } from "~/components/payment/adyen-config";
import { isDomainError } from "#server/errors";
import { OPEN_STATES } from "#server/payments/state";
import { paymentFailure, paymentPagePath, payments, returnUrl, statusPath } from "~/web/payments.server";
import type { Notice } from "~/web/session.server";
import type { Storefront } from "~/web/storefront.server";

/**
 * The payment page's data: the attempt (only one still payable: else its status page), the card form's settings
 * from the provider (null when the provider cannot be reached now: the hosted page's button stays, and says so),
 * and what the outlet takes at the door.
 */
export async function loadPaymentPage(store: Storefront, transaction: string) {
  const configured = payments(store.db);
  const view = configured ? await findAttempt(store.db, transaction) : undefined;
  if (!configured || !view) throw json({ code: "PAY-NOT-FOUND" }, { status: 404 });
  if (!view.current || !view.order.awaitingPayment || !OPEN_STATES.includes(view.state) || view.state === "pending") {
    throw redirect(statusPath(transaction));
  }
  // Back on the page of an attempt already sent to the card form (a 3-D Secure left unfinished): a new attempt
  // replaces it, so one attempt is never paid twice. Back from the provider's hosted page, the page shows the same
  // attempt: its session is still open, and the shopper may go forward to it and pay there (its button reopens that
  // session); paying with the card form instead makes the new attempt then (payWithComponent), and gives up the
  // session. Replacing it on the way back would refund a payment made on that session afterwards.
  if (view.sent && !view.hosted) {
    const next = await retryPayment(configured, transaction).catch((error) => {
      if (isDomainError(error)) return null; // no more attempts, or the order moved on: its status page says so
      throw error;
    });
    throw next ? redirectDocument(paymentPagePath(next)) : redirect(statusPath(transaction));
  }
  let card: BrowserConfig | null = null;
  let notice: Notice | null = null;
  try {
    const config = await configured.provider.browserConfig({ amountCents: view.amountCents, currency: view.currency, locale: store.lng });
    // The card form's texts in the page's language: Adyen Web has Arabic of its own, which the API's shopper locale
    // (es-MX or en-US, what the hosted page and Adyen's mails take) has not.
    card = { ...config, locale: cardFormLocale(store.lng) };
  } catch (error) {
    const failure = paymentFailure(error);
    notice = { tone: "error", key: failure.key, values: failure.values };
  }
  return {
    transaction,
    card,
    notice,
    order: { number: view.order.number, uuid: view.order.uuid, totalCents: view.amountCents, orderType: view.order.orderType },
    door: { methods: view.order.doorMethods, cashCapCents: view.order.cashCapCents },
  };
}

/** The provider's hosted payment page for the attempt: a 303 there, or the page again with why not (a 4xx or 502). */
export async function startHostedPage(store: Storefront, transaction: string) {
  const configured = payments(store.db);
  if (!configured) throw json({ code: "PAY-NOT-FOUND" }, { status: 404 });
  try {
    const url = await openHostedPage(configured, transaction, { returnUrl, locale: store.lng });
    // The provider's own address (it answered it): the one redirect that leaves the site.
    return redirect(url, { status: 303 });
  } catch (error) {
    const failure = paymentFailure(error);
    if (failure.status === 409) return redirect(statusPath(transaction), { status: 303 });
    const notice: Notice = { tone: "error", key: failure.key, values: failure.values };
    return json({ notice }, { status: failure.status });
  }
}
