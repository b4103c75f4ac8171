import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { Link } from "~/components/link";
import { SelfRefreshNotice } from "~/components/ui/SelfRefreshNotice";
import { useTranslation } from "~/i18n/react";
import { OrderSummary } from "~/components/tracker/OrderSummary";
import { PaymentNote } from "~/components/tracker/PaymentNote";
import { StagePicture } from "~/components/tracker/StagePicture";
import { Timeline } from "~/components/tracker/Timeline";
import { isFinalStage, stageLabel, timeline } from "~/components/tracker/stages";
import { useOrderEvents } from "~/components/tracker/useOrderEvents";
import { formatPhone, phoneHref } from "~/format";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { storefront } from "~/web/storefront.server";
import { trackedOrder } from "./tracker.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";

/**
 * The order's tracker, and its summary: checkout leads here after placing, so this is also the confirmation page.
 *
 * Kept current until the order is final. With JavaScript it listens to the order's server-sent events
 * (/tracker-order/:uuid/events) and re-reads the order when it changes, without reloading the page; the stage is a
 * polite live region. Should the event stream fail, it re-reads the order every 30 s instead. Without JavaScript
 * the page reloads itself (a refresh inside <noscript>, which script-running browsers ignore), and offers a link
 * that stops it (WCAG 2.2.1: a timed change the user can turn off).
 */
export const handle = {
  layout: "simple",
  i18n: ["tracker", "cart", "checkout"],
  // The order's name, address and payment: never kept by any cache.
  noStore: true,
  noscriptRefresh: (data: unknown) => {
    const d = data as { order?: { stage: string }; autoRefresh?: boolean } | undefined;
    return d?.order && d.autoRefresh && !isFinalStage(d.order.stage as never) ? REFRESH_SECONDS : null;
  },
};

/** Without JavaScript (or without a working event stream) the tracker refreshes itself this often. */
const REFRESH_SECONDS = 30;

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const store = await storefront(request);
  const order = await trackedOrder(store, params.uuid);
  if (!order) throw json({ code: "ORDER-1" }, { status: 404 });
  const t = translator(store.lng, "tracker");
  const autoRefresh = new URL(request.url).searchParams.get("refresh") !== "off";
  return json({ order, title: t("title", { number: order.number }), lng: store.lng, autoRefresh });
}

export default function Tracker() {
  const { order, lng, autoRefresh } = useLoaderData<typeof loader>();
  const live = !isFinalStage(order.stage);
  useOrderEvents(order.uuid, order.version, live, REFRESH_SECONDS);
  const { t } = useTranslation(["tracker", "cart"]);
  return (
    <div className="tracker">
      <h1>{t("title", { number: order.number })}</h1>
      {live ? <SelfRefreshNotice active={autoRefresh} seconds={REFRESH_SECONDS} keys="tracker:autoRefresh" /> : null}
      <section aria-labelledby="stage-title" className={`stage stage-${order.stage}`}>
        <StagePicture stage={order.stage} />
        <div aria-live="polite">
          <h2 id="stage-title">{t(stageLabel(order.stage, order.orderType))}</h2>
          {order.cancelReason ? <p>{t("cancelReason", { outlet: order.outletName, reason: order.cancelReason })}</p> : null}
          <p>{t(`stageHelp.${order.stage}`, { outlet: order.outletName })}</p>
        </div>
        <PaymentNote order={order} />
        {order.needsCall ? (
          <p className="notice notice-error" role="alert">
            {t("callStore", { outlet: order.outletName })} <a href={phoneHref(order.outletPhone)} dir="ltr">
              {formatPhone(order.outletPhone)}
            </a>
          </p>
        ) : null}
        {order.stage === "completed" ? (
          <p className="survey-invite">
            {/* The satisfaction survey (/crs, docs/design.md): once per order, open once it is delivered or picked up. */}
            {order.surveyed ? t("surveyThanks") : <Link to={`/crs/order/${order.uuid}`}>{t("survey")}</Link>}
          </p>
        ) : null}
      </section>
      <Timeline steps={timeline(order)} lng={lng} timeZone={order.timeZone} orderType={order.orderType} />
      <OrderSummary order={order} lng={lng} />
      <p>
        <Link to="/tracking">{t("lookup")}</Link>
      </p>
    </div>
  );
}

/** An unknown order: say so, and offer the lookup by number and email. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("tracker");
  if (!isRouteErrorResponse(error) || error.status !== 404) return <RouteErrorBoundary />;
  return (
    <div className="tracker">
      <h1>{t("notFound")}</h1>
      <p>
        <Link to="/tracking">{t("lookup")}</Link>
      </p>
    </div>
  );
}
