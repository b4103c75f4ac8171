import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { NoticeBanner } from "~/components/ui/Notice";
import { formatDateTime } from "~/format";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { couponListPage, couponStatusAction } from "~/web/store-coupons.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /store/coupons (managers only, beyond the spec): every coupon of the chain with its type, group, state, uses so far
 * against its generation limit and its validity, a link to edit it, and a button to pause or resume it (a plain
 * post: 303 back here with a notice). Other staff get a 403.
 */
export const handle = { layout: "bare" };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  return couponListPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return couponStatusAction(request);
}

export default function StoreCoupons() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("store");
  const notice = actionData?.notice ?? data.notice;
  const when = (iso: string) => formatDateTime(iso, data.lng, data.timeZone);
  const validity = (from: string | null, until: string | null) =>
    from && until
      ? t("coupons.list.between", { from: when(from), until: when(until) })
      : from
        ? t("coupons.list.from", { from: when(from) })
        : until
          ? t("coupons.list.until", { until: when(until) })
          : t("coupons.list.always");
  return (
    <div className="console coupons-admin">
      <h1>{data.title}</h1>
      <p>
        <Link to="/store/coupons/new" className="button">
          {t("coupons.list.new")}
        </Link>
      </p>
      {notice ? <NoticeBanner notice={notice} /> : null}
      {data.coupons.length === 0 ? (
        <p>{t("coupons.list.empty")}</p>
      ) : (
        <div className="coupon-table-scroll">
          <table className="coupon-table">
            <caption className="visually-hidden">{t("coupons.list.caption", { count: data.coupons.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("coupons.list.code")}</th>
                <th scope="col">{t("coupons.list.name")}</th>
                <th scope="col">{t("coupons.list.type")}</th>
                <th scope="col">{t("coupons.list.group")}</th>
                <th scope="col">{t("coupons.list.state")}</th>
                <th scope="col">{t("coupons.list.uses")}</th>
                <th scope="col">{t("coupons.list.validity")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("coupons.list.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.coupons.map((c) => {
                const intent = c.active ? "pause" : "resume";
                const busy = navigation.state !== "idle" && navigation.formData?.get("id") === String(c.id);
                return (
                  <tr key={c.id}>
                    <th scope="row">
                      <Link to={`/store/coupons/${c.id}`} aria-label={t("coupons.list.edit", { code: c.code })}>
                        {c.code}
                      </Link>
                    </th>
                    <td>{c.name}</td>
                    <td>{t(`coupons.type.${c.type}`)}</td>
                    <td>{t(`coupons.group.${c.group}`)}</td>
                    <td>{c.active ? t("coupons.list.active") : t("coupons.list.paused")}</td>
                    <td>
                      {c.generationLimit === null
                        ? t("coupons.list.usesUnlimited", { uses: c.uses })
                        : t("coupons.list.usesOfLimit", { uses: c.uses, limit: c.generationLimit })}
                    </td>
                    <td>{validity(c.validFrom, c.validUntil)}</td>
                    <td>
                      <Form method="post">
                        <AuthenticityTokenInput />
                        <input type="hidden" name="intent" value={intent} />
                        <input type="hidden" name="id" value={c.id} />
                        <button type="submit" className="button button-quiet" disabled={busy} aria-label={t(`coupons.list.${intent}`, { code: c.code })}>
                          {t(`coupons.list.${intent}Short`)}
                        </button>
                      </Form>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
