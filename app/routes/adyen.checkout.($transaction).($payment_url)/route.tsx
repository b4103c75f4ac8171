import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { AuthenticityTokenInput, useAuthenticityToken } from "remix-utils/csrf/react";
import { AdyenCard, adyenCardLinks, type AdyenCardConfig } from "~/components/payment/AdyenCard";
import { PayAtDoorForm } from "~/components/payment/PayAtDoorForm";
import { useMoney } from "~/components/ui/Money";
import { NoticeBanner } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { storefront } from "~/web/storefront.server";
import { loadPaymentPage, startHostedPage } from "./payment-page.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /adyen/checkout/:transaction: paying an order's attempt by card (issue 13), the one page of the provider Adyen.
 * With JavaScript, Adyen Web's card form (its own chunk and style sheet, loaded only here) posts its opaque data to
 * /adyen/checkout/:transaction/pay and handles 3-D Secure; without it, a form sends the shopper to Adyen's hosted
 * payment page. Both come back through /adyen/checkout/:transaction/return and end on /payment-status/:transaction.
 * The customer may instead pay at the door (the form posts to /payment-status/:transaction). An attempt that is
 * no longer payable (paid, failed, replaced, or its order no longer waits) goes to its status page.
 * The page's CSP opens Adyen's domains (or the stand-in's), and only this page's (entry.server.tsx, `handle.csp`).
 */
export const handle = { layout: "simple", i18n: ["payment", "checkout", "validation"], noStore: true, csp: "payment" };

export const links = adyenCardLinks;

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const store = await storefront(request);
  if (!params.transaction) throw redirect("/checkout");
  if (params.payment_url) throw redirect(`/adyen/checkout/${params.transaction}`);
  const page = await loadPaymentPage(store, params.transaction);
  const t = translator(store.lng, "payment");
  return json({ ...page, title: t("title", { number: page.order.number }) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const store = await storefront(request);
  if (!params.transaction || params.payment_url) throw json({ code: "PAY-NOT-FOUND" }, { status: 404 });
  // The one post of this page: the way to the provider's hosted page (without JavaScript).
  return startHostedPage(store, params.transaction);
}

export default function PaymentPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const notice = actionData && "notice" in actionData ? actionData.notice : data.notice;
  const { t } = useTranslation(["payment", "errors"]);
  const money = useMoney();
  const total = money(data.order.totalCents);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const csrf = useAuthenticityToken();
  const [hydrated, setHydrated] = useState(false);
  const [failure, setFailure] = useState<"load" | "network" | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => setHydrated(true), []);

  /** Posts the card form's data to the page's action and hands its answer back to Adyen Web. */
  const post = useCallback(
    async (intent: "pay" | "details", payload: Record<string, unknown>) => {
      setMessage(null);
      const body = new FormData();
      body.set("csrf", csrf);
      body.set("intent", intent);
      body.set("data", JSON.stringify(payload));
      const response = await fetch(`/adyen/checkout/${data.transaction}/pay`, { method: "POST", body, credentials: "same-origin" });
      const answer = (await response.json().catch(() => ({}))) as { action?: Record<string, unknown>; redirect?: string; message?: string };
      if (answer.action) return { action: answer.action };
      if (answer.redirect) {
        navigate(answer.redirect);
        return null;
      }
      setMessage(answer.message ?? t("card.network"));
      throw new Error(answer.message ?? "payment failed");
    },
    [csrf, data.transaction, navigate, t],
  );

  const hostedBusy = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.startsWith(`/adyen/checkout/${data.transaction}`);
  const showHosted = !hydrated || failure === "load" || !data.card;
  return (
    <div className="payment">
      <h1>{t("title", { number: data.order.number })}</h1>
      <p className="payment-amount">{t("amount", { total })}</p>
      {notice ? <NoticeBanner notice={notice} /> : null}
      <p className="muted">{t("captureNote")}</p>

      {hydrated && data.card ? (
        <section className="panel" aria-labelledby="card-title">
          <h2 id="card-title">{t("card.legend")}</h2>
          {message ? (
            <p className="notice notice-error" role="alert">
              {message}
            </p>
          ) : null}
          {failure === "load" ? <p className="notice notice-error">{t("card.failed")}</p> : null}
          {failure !== "load" ? (
            <AdyenCard
              config={data.card as AdyenCardConfig}
              payLabel={t("card.pay", { total })}
              onPay={(payload) => post("pay", payload)}
              onAdditionalDetails={(payload) => post("details", payload)}
              onFailure={(reason) => {
                setFailure(reason);
                if (reason === "network") setMessage(t("card.network"));
              }}
            />
          ) : null}
        </section>
      ) : null}

      {showHosted ? (
        <section className="panel" aria-labelledby="hosted-title">
          <h2 id="hosted-title">{t("hosted.legend")}</h2>
          <p className="hint">{t("hosted.hint")}</p>
          <Form method="post" action={`/adyen/checkout/${data.transaction}`}>
            <AuthenticityTokenInput />
            <button type="submit" className="button" disabled={hostedBusy}>
              {hostedBusy ? t("hosted.busy") : t("hosted.submit", { total })}
            </button>
          </Form>
        </section>
      ) : null}

      {data.door.methods.length > 0 ? (
        <PayAtDoorForm transaction={data.transaction} methods={data.door.methods} orderType={data.order.orderType} cashCapCents={data.door.cashCapCents} totalCents={data.order.totalCents} />
      ) : null}
      <p className="muted">{t("secure")}</p>
    </div>
  );
}
