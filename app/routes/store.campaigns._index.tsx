import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { NoticeBanner } from "~/components/ui/Notice";
import { formatDateTime } from "~/format";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { campaignListPage, campaignStatusAction } from "~/web/store-campaigns.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /store/campaigns (managers only, beyond the spec): every campaign with its name, picture, order, schedule and
 * whether it runs now, a link to edit it and a button to pause or resume it (a plain post: 303 back with a notice).
 */
export const handle = { layout: "bare" };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  return campaignListPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return campaignStatusAction(request);
}

export default function StoreCampaigns() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("store");
  const notice = actionData?.notice ?? data.notice;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, data.lng, data.timeZone) : "—");
  return (
    <div className="console banners-admin">
      <h1>{data.title}</h1>
      <p>
        <Link to="/store/campaigns/new" className="button">
          {t("campaigns.list.new")}
        </Link>
      </p>
      {notice ? <NoticeBanner notice={notice} /> : null}
      {data.campaigns.length === 0 ? (
        <p>{t("campaigns.list.empty")}</p>
      ) : (
        <div className="coupon-table-scroll">
          <table className="coupon-table">
            <caption className="visually-hidden">{t("campaigns.list.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("campaigns.list.campaign")}</th>
                <th scope="col">{t("campaigns.list.name")}</th>
                <th scope="col">{t("banners.list.order")}</th>
                <th scope="col">{t("banners.list.schedule")}</th>
                <th scope="col">{t("banners.list.state")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("banners.list.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.campaigns.map((c) => {
                const intent = c.active ? "pause" : "resume";
                return (
                  <tr key={c.id}>
                    <th scope="row">
                      <img src={c.image} alt="" width={96} height={38} />{" "}
                      <Link to={`/store/campaigns/${c.id}`} aria-label={t("campaigns.list.edit", { name: c.title })}>
                        {c.title}
                      </Link>
                    </th>
                    <td dir="ltr">{c.name}</td>
                    <td>{c.sortOrder}</td>
                    <td>
                      {when(c.startsAt)} – {when(c.endsAt)}
                    </td>
                    <td>{c.active ? t(`campaigns.state.${c.state}`) : t("campaigns.state.paused")}</td>
                    <td>
                      <Form method="post">
                        <AuthenticityTokenInput />
                        <input type="hidden" name="intent" value={intent} />
                        <input type="hidden" name="id" value={c.id} />
                        <button type="submit" className="button button-quiet" aria-label={t(`campaigns.list.${intent}`, { name: c.title })}>
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
