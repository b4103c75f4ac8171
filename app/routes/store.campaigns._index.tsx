import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { ConsoleList } from "~/components/console/ConsoleList";
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
  const when = (iso: string | null) => (iso ? formatDateTime(iso, data.lng, data.timeZone) : "—");
  return (
    <ConsoleList
      className="banners-admin"
      title={data.title}
      create={{ to: "/store/campaigns/new", label: t("campaigns.list.new") }}
      notice={actionData?.notice ?? data.notice}
      items={data.items}
      empty={t("campaigns.list.empty")}
      caption={t("campaigns.list.caption")}
      columns={[t("campaigns.list.campaign"), t("campaigns.list.name"), t("banners.list.order"), t("banners.list.schedule"), t("banners.list.state")]}
      actions={t("banners.list.actions")}
      row={(c) => (
        <>
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
          <td>{c.active || c.state === "ended" ? t(`campaigns.state.${c.state}`) : t("campaigns.state.paused")}</td>
        </>
      )}
      toggle={(c) =>
        c.state === "ended"
          ? null
          : {
              id: c.id,
              active: c.active,
              label: t(`campaigns.list.${c.active ? "pause" : "resume"}`, { name: c.title }),
              short: t(`banners.list.${c.active ? "pause" : "resume"}Short`),
            }
      }
    />
  );
}
