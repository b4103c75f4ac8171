import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { CouponList } from "~/components/coupons/CouponList";
import { CategoryTabs } from "~/components/menu/CategoryTabs";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { couponsPageData } from "./coupons.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /order/coupons: the menu's coupons category (spec: "the special coupons slug shows the coupon category and hides
 * the cart"), on a page of its own so that the menu's pages do not carry its code. The coupon games to play, and the
 * coupons this visitor may use, each with its apply form (a post to the cart); login required while the spec's flag
 * is on.
 */
export const handle = { layout: "main", i18n: ["menu", "coupons"], noStore: true };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.category.name, args);

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await couponsPageData(request));
}

export default function CouponsPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("menu");
  return (
    <div className="menu-page">
      <div className="menu-main">
        <h1>{data.category.name}</h1>
        <CategoryTabs categories={data.categories} current={data.category.slug} sub={null} />
        {data.games.length > 0 ? (
          <ul className="game-links">
            {data.games.map((game) => (
              <li key={game.href}>
                <Link to={game.href}>{t("playGame", { name: game.name })}</Link>
              </li>
            ))}
          </ul>
        ) : null}
        <CouponList coupons={data.coupons} lng={data.lng} timeZone={data.timeZone} signInPath={data.signInPath} />
      </div>
    </div>
  );
}
