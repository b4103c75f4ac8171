import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { useMoney } from "~/components/ui/Money";
import { trackOrder } from "~/checkout.server";
import { formatDateTime } from "~/format";
import { fixedT } from "~/i18next.server";
import { pageTitle } from "~/meta";
import { storefront } from "~/storefront.server";

/**
 * Without JavaScript the tracker reloads itself (a refresh inside <noscript>, which script-running browsers
 * ignore), and offers a link that stops it (WCAG 2.2.1: a timed change the user can turn off). With JavaScript
 * it re-reads the order in the background instead, without reloading the page; the stage is a polite live region.
 */
export const handle = {
  layout: "simple",
  i18n: ["tracker", "cart"],
  noscriptRefresh: (data: unknown) => {
    const d = data as { order?: { stage: string }; autoRefresh?: boolean } | undefined;
    return d?.order && d.autoRefresh && !FINAL.has(d.order.stage) ? REFRESH_SECONDS : null;
  },
};

const TRACKER_STAGES = ["received", "cooking", "delivering", "completed"] as const;
const FINAL = new Set(["completed", "canceled"]);
/** Without JavaScript the tracker refreshes itself this often while the order is under way. */
const REFRESH_SECONDS = 30;

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!params.uuid || !/^[0-9a-f-]{36}$/i.test(params.uuid)) throw redirect("/tracking");
  const store = await storefront(request);
  const order = await trackOrder(store.db, params.uuid, store.lng);
  if (!order) throw json({ code: "ORDER-1" }, { status: 404 });
  const t = await fixedT(store.lng, "tracker");
  const autoRefresh = new URL(request.url).searchParams.get("refresh") !== "off";
  return json({ order, title: t("title", { number: order.number }), lng: store.lng, autoRefresh });
}

export default function Tracker() {
  const { order, lng, autoRefresh } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const live = !FINAL.has(order.stage);
  // The auto-refresh notice is for browsers without script: it is server-rendered and dropped on hydration.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!live) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") revalidator.revalidate();
    }, REFRESH_SECONDS * 1_000);
    return () => window.clearInterval(timer);
  }, [live, revalidator]);
  const { t } = useTranslation(["tracker", "cart"]);
  const money = useMoney();
  const stages: readonly string[] =
    order.orderType === "C" ? TRACKER_STAGES.map((s) => (s === "delivering" ? "ready" : s)) : TRACKER_STAGES;
  const reached = stages.indexOf(order.stage);
  return (
    <div className="tracker">
      <h1>{t("title", { number: order.number })}</h1>
      {live && !hydrated ? (
        <p className="hint">
          {autoRefresh ? (
            <>
              {t("autoRefresh.on", { seconds: REFRESH_SECONDS })} <Link to="?refresh=off">{t("autoRefresh.stop")}</Link>
            </>
          ) : (
            <>
              {t("autoRefresh.off")} <Link to=".">{t("autoRefresh.start")}</Link>
            </>
          )}
        </p>
      ) : null}
      <section aria-labelledby="stage-title" className={`stage stage-${order.stage}`}>
        <img src={`/images/tracker/${order.stage}.svg`} alt="" width={160} height={160} />
        <h2 id="stage-title" aria-live="polite">
          {t(`stage.${order.stage}`)}
        </h2>
        <p>{t(`stageHelp.${order.stage}`, { outlet: order.outletName })}</p>
        {order.needsCall ? (
          <p className="notice notice-error" role="alert">
            {t("callStore", { phone: order.outletPhone })}
          </p>
        ) : null}
      </section>
      <ol className="stage-steps" aria-label={t("progress")}>
        {stages.map((stage, i) => (
          <li key={stage} className={i <= reached ? "done" : undefined} aria-current={stage === order.stage ? "step" : undefined}>
            {t(`stage.${stage}`)}
          </li>
        ))}
      </ol>
      <section aria-labelledby="order-title" className="panel">
        <h2 id="order-title">{t("details")}</h2>
        <dl className="facts">
          <div>
            <dt>{t("placedAt")}</dt>
            <dd>{formatDateTime(order.createdAt, lng, order.timeZone)}</dd>
          </div>
          <div>
            <dt>{t("outlet")}</dt>
            <dd>{order.outletName}</dd>
          </div>
          <div>
            <dt>{t("payment")}</dt>
            <dd>{t(`paymentMethod.${order.paymentMethod}`)}</dd>
          </div>
        </dl>
        <ul className="summary-lines">
          {order.items.map((item, i) => (
            <li key={i}>
              {t("cart:lineSummary", { quantity: item.quantity, name: item.name })}
              {item.size ? <span className="muted"> {[item.size, item.crust].filter(Boolean).join(" · ")}</span> : null}{" "}
              {money(item.totalCents)}
            </li>
          ))}
        </ul>
        <p className="total">
          {t("cart:total")}: <strong>{money(order.totalCents)}</strong>
        </p>
      </section>
    </div>
  );
}
