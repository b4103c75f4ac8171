import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { ConsoleList } from "~/components/console/ConsoleList";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { openingListPage, openingStatusAction } from "~/web/store-openings.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /store/openings (managers only, beyond the spec): every job opening by outlet, open or closed, a link to edit it
 * and a button to close it or open it again (a plain post: 303 back with a notice). /careers shows the open ones.
 */
export const handle = { layout: "bare" };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  return openingListPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return openingStatusAction(request);
}

export default function StoreOpenings() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("store");
  return (
    <ConsoleList
      className="openings-admin"
      title={data.title}
      create={{ to: "/store/openings/new", label: t("openings.list.new") }}
      notice={actionData?.notice ?? data.notice}
      items={data.items}
      empty={t("openings.list.empty")}
      caption={t("openings.list.caption")}
      columns={[t("openings.list.opening"), t("openings.list.code"), t("openings.list.outlet"), t("banners.list.order"), t("banners.list.state")]}
      actions={t("banners.list.actions")}
      row={(o) => (
        <>
          <th scope="row">
            <Link to={`/store/openings/${o.id}`} aria-label={t("openings.list.edit", { name: o.title, outlet: o.outlet })}>
              {o.title}
            </Link>
          </th>
          <td dir="ltr">{o.code}</td>
          <td>{o.outlet}</td>
          <td>{o.position}</td>
          <td>{o.open ? t("openings.state.open") : t("openings.state.closed")}</td>
        </>
      )}
      toggle={(o) => ({
        id: o.id,
        active: o.open,
        label: t(`openings.list.${o.open ? "pause" : "resume"}`, { name: o.title, outlet: o.outlet }),
        short: t(`openings.list.${o.open ? "pause" : "resume"}Short`),
      })}
    />
  );
}
