import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { ConsoleList } from "~/components/console/ConsoleList";
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
  const { t } = useTranslation("store");
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
    <ConsoleList
      className="coupons-admin"
      title={data.title}
      create={{ to: "/store/coupons/new", label: t("coupons.list.new") }}
      notice={actionData?.notice ?? data.notice}
      items={data.items}
      empty={t("coupons.list.empty")}
      caption={t("coupons.list.caption", { count: data.items.length })}
      columns={[
        t("coupons.list.code"),
        t("coupons.list.name"),
        t("coupons.list.type"),
        t("coupons.list.group"),
        t("coupons.list.state"),
        t("coupons.list.uses"),
        t("coupons.list.validity"),
      ]}
      actions={t("coupons.list.actions")}
      row={(c) => (
        <>
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
        </>
      )}
      toggle={(c) => ({
        id: c.id,
        active: c.active,
        label: t(`coupons.list.${c.active ? "pause" : "resume"}`, { code: c.code }),
        short: t(`coupons.list.${c.active ? "pause" : "resume"}Short`),
      })}
    />
  );
}
