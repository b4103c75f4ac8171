import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { SelfRefreshNotice } from "~/components/ui/SelfRefreshNotice";
import { useEffect, useRef, useState } from "react";
import { ConsoleOrderCard } from "~/components/store/ConsoleOrderCard";
import { NoticeBanner } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n/react";
import { LIVE_SECONDS, REFRESH_SECONDS } from "~/components/store/live";
import { consoleAction, consolePage } from "./console.server";
import { formatTime } from "~/format";
import { pageTitle } from "~/meta";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * The store console: today's orders of the signed-in staff member's outlets, newest first, each with a button per
 * allowed next status and a cancel form. With JavaScript the list re-reads itself in the background every
 * LIVE_SECONDS (no reload); without it the page reloads every REFRESH_SECONDS (a refresh inside <noscript>) and
 * offers a link that stops it (WCAG 2.2.1), as the tracker does.
 */
export const handle = {
  layout: "bare",
  // cart and checkout: an item's choices and a CFDI's use are worded as the cart and the checkout word them
  // (app/components/order/choice-texts.ts)
  i18n: ["validation", "cart", "checkout"],
  noscriptRefresh: (data: unknown) => ((data as { autoRefresh?: boolean } | undefined)?.autoRefresh ? REFRESH_SECONDS : null),
};

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  return consolePage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return consoleAction(request);
}

/**
 * With JavaScript, a move replaces the pressed button (the order's next steps are other buttons), and the browser
 * would leave focus on the page's body: a keyboard or screen-reader user would start again from the top. Once the
 * post is answered, focus goes to the same order's next step, or to its heading when nothing is left to do; only
 * when focus was lost, never taken from where the staff member went meanwhile.
 */
function useFocusAfterMove(navigation: ReturnType<typeof useNavigation>) {
  const posted = useRef<string | null>(null);
  useEffect(() => {
    if (navigation.state === "submitting") {
      const order = navigation.formData?.get("order");
      posted.current = typeof order === "string" ? order : null;
      return;
    }
    if (navigation.state !== "idle" || !posted.current) return;
    const heading = document.getElementById(`order-${posted.current}`);
    posted.current = null;
    const active = document.activeElement;
    if (!heading || (active && active !== document.body && active.isConnected)) return;
    const next = heading.closest("article")?.querySelector<HTMLButtonElement>(".console-actions button:not([disabled])");
    (next ?? heading).focus();
  }, [navigation.state, navigation.formData]);
}

export default function StoreConsole() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { t } = useTranslation(["store", "common"]);
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle" && navigation.state === "idle") {
        revalidator.revalidate();
      }
    }, LIVE_SECONDS * 1_000);
    return () => window.clearInterval(timer);
  }, [revalidator, navigation.state]);
  // A notice stays until the next one or the next post: the background re-reads (which bring none) keep it.
  const incoming = actionData?.notice ?? data.notice;
  const [notice, setNotice] = useState(incoming);
  useEffect(() => {
    if (incoming) setNotice(incoming);
  }, [incoming]);
  useEffect(() => {
    if (navigation.state === "submitting") setNotice(null);
  }, [navigation.state]);
  useFocusAfterMove(navigation);
  return (
    <div className="console">
      <h1>{t("console.title")}</h1>
      <p className="muted">
        {t("console.summary", { outlets: data.outlets.join(", "), time: formatTime(data.updatedAt, data.lng, data.timeZone) })}
      </p>
      <SelfRefreshNotice active={data.autoRefresh} seconds={REFRESH_SECONDS} keys="store:console.autoRefresh" />
      {notice ? <NoticeBanner notice={notice} /> : null}
      {data.orders.length === 0 ? (
        <p>{t("console.empty")}</p>
      ) : (
        <ol className="console-orders" aria-label={t("console.listLabel", { count: data.orders.length })}>
          {data.orders.map((order) => (
            <li key={order.uuid}>
              <ConsoleOrderCard
                order={order}
                lng={data.lng}
                result={actionData && actionData.order === order.uuid ? actionData.result : undefined}
                busy={navigation.state !== "idle" && navigation.formData?.get("order") === order.uuid}
                cancelling={data.cancelling === order.uuid}
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
