import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CampaignArticle } from "~/components/promotions/CampaignArticle";
import { pageTitle } from "~/meta";
import { campaignPageData } from "~/web/promotions.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /campaign/:campaignName (spec: campaign; the home page's layout): the campaign's picture and title, its products
 * (the catalogue's, each leading to the builder or the combo's page), its coupons (each with the cart's apply form, a
 * plain post that comes back here with the outcome) and its terms (its own, and the campaigns' terms page). An
 * unknown, paused, not yet started or ended campaign is a 404. The markup is CampaignArticle (the managers' preview too).
 */
export const handle = { layout: "home", i18n: ["campaigns", "coupons"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await campaignPageData(request, params.campaignName));
}

export default function CampaignPage() {
  return <CampaignArticle page={useLoaderData<typeof loader>()} />;
}
