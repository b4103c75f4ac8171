import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CategoryTabs } from "~/components/menu/CategoryTabs";
import { CampaignCards } from "~/components/promotions/Promotions";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { campaignsMenuData } from "~/web/promotions.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /order/campaigns: the menu's campaigns category (spec: menu slugs), on a page of its own like the coupons': the
 * campaigns running now as cards, each leading to its page (/campaign/:campaignName).
 */
export const handle = { layout: "main", i18n: ["menu", "campaigns"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await campaignsMenuData(request));
}

export default function CampaignsPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("campaigns");
  return (
    <div className="menu-page">
      <div className="menu-main">
        <h1>{data.title}</h1>
        <CategoryTabs categories={data.categories} current={data.slug} sub={null} />
        {data.campaigns.length === 0 ? <p>{t("empty")}</p> : <CampaignCards campaigns={data.campaigns} lng={data.lng} />}
      </div>
    </div>
  );
}
