import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { ConsoleList } from "~/components/console/ConsoleList";
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
  const when = (iso: string | null) => (iso ? formatDateTime(iso, data.lng, data.timeZone) : "—");
  const name = (b: (typeof data.items)[number]) => b.title ?? b.alt;
  return (
    <ConsoleList
      className="banners-admin"
      title={data.title}
      create={{ to: "/store/banners/new", label: t("banners.list.new") }}
      notice={actionData?.notice ?? data.notice}
      items={data.items}
      empty={t("banners.list.empty")}
      caption={t("banners.list.caption")}
      columns={[t("banners.list.banner"), t("banners.list.position"), t("banners.list.order"), t("banners.list.schedule"), t("banners.list.state")]}
      actions={t("banners.list.actions")}
      row={(b) => (
        <>
          <th scope="row">
            <img src={b.image} alt="" width={96} height={b.position === "menu_top" ? 16 : 38} />{" "}
            <Link to={`/store/banners/${b.id}`} aria-label={t("banners.list.edit", { name: name(b) })}>
              {name(b)}
            </Link>
          </th>
          <td>{t(`banners.positions.${b.position}`)}</td>
          <td>{b.sortOrder}</td>
          <td>
            {when(b.startsAt)} – {when(b.endsAt)}
          </td>
          <td>{b.active || b.state === "ended" ? t(`banners.state.${b.state}`) : t("banners.state.paused")}</td>
        </>
      )}
      toggle={(b) =>
        b.state === "ended"
          ? null
          : {
              id: b.id,
              active: b.active,
              label: t(`banners.list.${b.active ? "pause" : "resume"}`, { name: name(b) }),
              short: t(`banners.list.${b.active ? "pause" : "resume"}Short`),
            }
      }
    />
  );
}
