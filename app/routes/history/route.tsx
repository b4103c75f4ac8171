import { stageLabel } from "~/components/tracker/stages";
import { parseWithZod } from "~/web/forms.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { NoticeBanner } from "~/components/ui/Notice";
import { formatDateTime, formatMoney } from "~/format";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { useRootData } from "~/root-data";
import { requireCustomer } from "~/web/customer.server";
import { refused, redirectWith } from "~/web/storefront.server";
import { reorder } from "~/web/reorder.server";
import { historyIntentSchema, historyOf, pageOf } from "./history.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /history (spec: login required; "history shows saved orders"): the signed-in customer's orders, newest first, ten
 * a page (`?page=`), each with its number, date (in the outlet's zone), stage, outlet, total, a link to its tracker
 * and a reorder button. The reorder posts here (app/web/reorder.server.ts `reorder`): with JavaScript off a plain post and
 * a 303; with it the same form, with its button pending. Lines a reorder left out are listed on this page.
 */
export const handle = { layout: "simple", i18n: ["history", "tracker"], noStore: true };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  const store = await requireCustomer(request);
  const history = await historyOf(store, store.customer, pageOf(new URL(request.url)));
  return json({ title: translator(store.lng, "history")("title"), lng: store.lng, history });
}

export async function action({ request }: ActionFunctionArgs) {
  const store = await requireCustomer(request);
  const submission = parseWithZod(await request.formData(), { schema: historyIntentSchema });
  if (submission.status !== "success") {
    return json({ notice: { tone: "error" as const, key: "errors:orderNotFound" } }, { status: 400 });
  }
  try {
    return await reorder(store, store.customer, submission.value.order);
  } catch (error) {
    if (error instanceof Response) throw error;
    return refused(store, error, (notice) => redirectWith(store.session, "/history", notice));
  }
}

export default function History() {
  const { history, lng } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const leftOut = useRootData()?.reorderLeftOut ?? null;
  const navigation = useNavigation();
  const { t } = useTranslation(["history", "tracker"]);
  const pending = navigation.state !== "idle" && navigation.formAction === "/history" ? navigation.formData?.get("order") : null;
  return (
    <div className="history">
      <h1>{t("title")}</h1>
      {actionData && "notice" in actionData ? <NoticeBanner notice={actionData.notice} /> : null}
      {leftOut?.length ? (
        <section className="panel history-left-out" aria-labelledby="left-out-title">
          <h2 id="left-out-title">{t("leftOut.title")}</h2>
          <ul>
            {leftOut.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a flashed list, shown once, never reordered
              <li key={index}>{t("leftOut.line", { quantity: line.quantity, name: line.name, reason: t(line.reason.key, line.reason.values) })}</li>
            ))}
          </ul>
          <p>
            <Link to="/cart">{t("goToCart")}</Link>
          </p>
        </section>
      ) : null}
      {history.total === 0 ? (
        <p>
          {t("empty")} <Link to="/order">{t("browseMenu")}</Link>
        </p>
      ) : (
        <ol className="history-orders">
          {history.orders.map((order) => (
            <li key={order.uuid}>
              <article className="panel history-order" aria-labelledby={`order-${order.uuid}`}>
                <h2 id={`order-${order.uuid}`}>{t("order", { number: order.number })}</h2>
                <dl>
                  <dt>{t("placedAt")}</dt>
                  <dd>{formatDateTime(order.createdAt, lng, order.timeZone)}</dd>
                  <dt>{t("stage")}</dt>
                  <dd>{t(`tracker:${stageLabel(order.stage, order.orderType)}`)}</dd>
                  <dt>{t("outlet")}</dt>
                  <dd>{t("outletLine", { outlet: order.outletName, orderType: t(`tracker:orderType.${order.orderType}`) })}</dd>
                  <dt>{t("total")}</dt>
                  <dd>{formatMoney(order.totalCents, lng)}</dd>
                  {order.coupons.length > 0 ? (
                    <>
                      <dt>{t("coupons")}</dt>
                      <dd>{order.coupons.map((coupon) => t("couponLine", { code: coupon.code, amount: formatMoney(coupon.discountCents, lng, "\u2212") })).join(", ")}</dd>
                    </>
                  ) : null}
                </dl>
                <ul className="history-items">
                  {order.items.map((item, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: an order's items in their order, never reordered
                    <li key={index}>{t("itemLine", { quantity: item.quantity, name: item.name })}</li>
                  ))}
                </ul>
                <div className="history-actions">
                  <Link to={`/tracker-order/${order.uuid}`} aria-label={t("trackLabel", { number: order.number })}>
                    {t("track")}
                  </Link>
                  <Form method="post" action="/history">
                    <AuthenticityTokenInput />
                    <input type="hidden" name="intent" value="reorder" />
                    <input type="hidden" name="order" value={order.uuid} />
                    <button type="submit" className="button" disabled={pending === order.uuid} aria-label={t("reorderLabel", { number: order.number })}>
                      {pending === order.uuid ? t("reordering") : t("reorder")}
                    </button>
                  </Form>
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}
      {history.pages > 1 ? (
        <nav aria-label={t("pagesLabel")} className="history-pages">
          {history.page > 1 ? <Link to={`/history?page=${history.page - 1}`}>{t("previous")}</Link> : null}
          <span>{t("pageOf", { page: history.page, pages: history.pages })}</span>
          {history.page < history.pages ? <Link to={`/history?page=${history.page + 1}`}>{t("next")}</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
