import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { PayAtDoorForm } from "~/components/payment/PayAtDoorForm";
import { useMoney } from "~/components/ui/Money";
import { NoticeBanner } from "~/components/ui/Notice";
import { SelfRefreshNotice } from "~/components/ui/SelfRefreshNotice";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { storefront } from "~/web/storefront.server";
import { paymentStatusAction, paymentStatusData, unconfirmedNow, type StatusMessage } from "./status.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /payment-status/:transaction: where an online payment ends (issue 13), whichever way it went (the card form, the
 * hosted page, a return by GET or POST). It says what the provider answered, each of its six result codes with its
 * own message (Authorised, Refused, Cancelled, Error, Pending, Received), and what can be done: follow the order
 * (authorised), try again on the same order or pay at the door instead (a failure: the order and its content are
 * kept), continue paying (not finished). While the outcome is not there yet the page follows it: with JavaScript
 * it re-reads itself, without it reloads itself (with a link to stop that).
 */
export const handle = {
  layout: "simple",
  i18n: ["payment", "checkout", "validation", "tracker"],
  noStore: true,
  noscriptRefresh: (data: unknown) => {
    const d = data as { waiting?: boolean; autoRefresh?: boolean } | undefined;
    return d?.waiting && d.autoRefresh ? REFRESH_SECONDS : null;
  },
};

const REFRESH_SECONDS = 5;

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  // The spec's optional segment: without a payment to show, the page to find an order by its number (as
  // /tracker-order without its uuid).
  if (!params.transaction) throw redirect("/tracking");
  const store = await storefront(request);
  const url = new URL(request.url);
  const data = await paymentStatusData(store, params.transaction, { unconfirmed: unconfirmedNow(url.searchParams.get("unconfirmed")) });
  const t = translator(store.lng, "payment");
  return json({ ...data, title: t("status.title", { number: data.order.number }), autoRefresh: url.searchParams.get("refresh") !== "off" });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const store = await storefront(request);
  if (!params.transaction) throw redirect("/checkout");
  return paymentStatusAction(store, params.transaction, await request.formData());
}

function Message({ message }: { message: StatusMessage }) {
  const { t } = useTranslation("payment");
  return (
    <p className={`notice notice-${message.tone}`} role={message.tone === "error" ? "alert" : "status"}>
      {t(message.key)}
    </p>
  );
}

export default function PaymentStatus() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["payment", "checkout"]);
  const money = useMoney();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  // With JavaScript, a page waiting for the outcome re-reads itself (no reload).
  useEffect(() => {
    if (!data.waiting) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, REFRESH_SECONDS * 1_000);
    return () => clearInterval(timer);
  }, [data.waiting, revalidator]);
  const retryBusy = navigation.state !== "idle" && navigation.formData?.get("intent") === "retry";
  const doorError = actionData && "doorError" in actionData ? actionData.doorError : null;
  return (
    <div className="payment payment-status">
      <h1>{t("status.title", { number: data.order.number })}</h1>
      <p className="payment-amount">{t("amount", { total: money(data.amountCents) })}</p>
      {data.waiting ? <SelfRefreshNotice active={data.autoRefresh} seconds={REFRESH_SECONDS} keys="tracker:autoRefresh" /> : null}
      <div aria-live="polite">
        <Message message={data.message} />
      </div>
      {actionData && "notice" in actionData && actionData.notice ? <NoticeBanner notice={actionData.notice} /> : null}
      {data.canContinue ? (
        <p>
          <Link className="button" to={`/adyen/checkout/${data.transaction}`} reloadDocument>
            {t("status.continue")}
          </Link>
        </p>
      ) : null}
      {data.canRetry ? (
        <section className="panel" aria-labelledby="retry-title">
          <h2 id="retry-title">{t("status.retry")}</h2>
          <p className="hint">{t("status.retryHint")}</p>
          <Form method="post">
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="retry" />
            <button type="submit" className="button" disabled={retryBusy}>
              {t("status.retry")}
            </button>
          </Form>
        </section>
      ) : null}
      {/* After a failed attempt; or the payment page's own door form refused (its answer comes here): said beside it. */}
      {(data.canRetry || doorError) && data.door.methods.length > 0 ? (
        <PayAtDoorForm
          transaction={data.transaction}
          methods={data.door.methods}
          orderType={data.order.orderType}
          cashCapCents={data.door.cashCapCents}
          totalCents={data.amountCents}
          error={doorError}
        />
      ) : null}
      <p>
        <Link to={`/tracker-order/${data.order.uuid}`}>{t("status.track")}</Link>
      </p>
      {data.waiting ? (
        <p>
          <Link to=".">{t("status.autoRefresh")}</Link>
        </p>
      ) : null}
    </div>
  );
}
