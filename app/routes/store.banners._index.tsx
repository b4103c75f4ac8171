import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { NoticeBanner } from "~/components/ui/Notice";
import { formatDateTime } from "~/format";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { bannerListPage, bannerStatusAction } from "~/web/store-banners.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /store/banners (managers only, beyond the spec): every banner with its position, picture, order, schedule and
 * whether it shows now, a link to edit it and a button to pause or resume it (a plain post: 303 back with a notice).
 */
export const handle = { layout: "bare" };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  return bannerListPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return bannerStatusAction(request);
}

export default function StoreBanners() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("store");
  const notice = actionData?.notice ?? data.notice;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, data.lng, data.timeZone) : "—");
  return (
    <div className="console banners-admin">
      <h1>{data.title}</h1>
      <p>
        <Link to="/store/banners/new" className="button">
          {t("banners.list.new")}
        </Link>
      </p>
      {notice ? <NoticeBanner notice={notice} /> : null}
      {data.banners.length === 0 ? (
        <p>{t("banners.list.empty")}</p>
      ) : (
        <div className="coupon-table-scroll">
          <table className="coupon-table">
            <caption className="visually-hidden">{t("banners.list.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("banners.list.banner")}</th>
                <th scope="col">{t("banners.list.position")}</th>
                <th scope="col">{t("banners.list.order")}</th>
                <th scope="col">{t("banners.list.schedule")}</th>
                <th scope="col">{t("banners.list.state")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("banners.list.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.banners.map((b) => {
                const intent = b.active ? "pause" : "resume";
                const name = b.title ?? b.alt;
                return (
                  <tr key={b.id}>
                    <th scope="row">
                      <img src={b.image} alt="" width={96} height={b.position === "menu_top" ? 16 : 38} />{" "}
                      <Link to={`/store/banners/${b.id}`} aria-label={t("banners.list.edit", { name })}>
                        {name}
                      </Link>
                    </th>
                    <td>{t(`banners.positions.${b.position}`)}</td>
                    <td>{b.sortOrder}</td>
                    <td>
                      {when(b.startsAt)} – {when(b.endsAt)}
                    </td>
                    <td>{b.active ? t(`banners.state.${b.state}`) : t("banners.state.paused")}</td>
                    <td>
                      <Form method="post">
                        <AuthenticityTokenInput />
                        <input type="hidden" name="intent" value={intent} />
                        <input type="hidden" name="id" value={b.id} />
                        <button type="submit" className="button button-quiet" aria-label={t(`banners.list.${intent}`, { name })}>
                          {t(`banners.list.${intent}Short`)}
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
