import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { storefront } from "~/web/storefront.server";
import { findAttempt, paymentPagePath } from "~/web/payments.server";

/**
 * /credit-payment/:transaction?/:payment_url?: the spec's credit-card payment URL, kept for its links. The card is
 * paid through the configured provider, so this sends the shopper to that provider's page for the attempt (Adyen's:
 * /adyen/checkout/:transaction, with the same sub-path and query, e.g. a return). No attempt: the checkout.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const store = await storefront(request);
  if (!params.transaction) throw redirect("/checkout");
  const attempt = await findAttempt(store.db, params.transaction);
  if (!attempt) throw json({ code: "PAY-NOT-FOUND" }, { status: 404 });
  const search = new URL(request.url).search;
  const sub = params.payment_url === "return" ? "/return" : "";
  return redirect(`${paymentPagePath(attempt.transaction)}${sub}${search}`, { status: 302 });
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

export default function CreditPayment() {
  return null;
}
