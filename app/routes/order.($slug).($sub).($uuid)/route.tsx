import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/i18n/react";
import { CartBar, CartPanel } from "~/components/cart/CartPanel";
import { CategoryTabs } from "~/components/menu/CategoryTabs";
import { ProductCard } from "~/components/menu/ProductCard";
import { lazyForm, preloadForms } from "~/lazy-form";
import { pageTitle } from "~/meta";
import { useRootData } from "~/root-data";
import { menuPageAnswer } from "./menu-page.server";
import { HIGH_PRIORITY } from "~/components/ui/priority";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * The product list answers as a document without scripts (root.tsx, `scripts`): it is links and plain forms, its
 * adds post as without JavaScript and come back to the product's card (CartForm's `at`), and its first load carries no
 * JavaScript (issue 15's 90 KiB). A product's builder (the URL names one) has its scripts: its price follows the
 * choices as they are made. A client navigation to the list, from a page that has them, renders it with React as before.
 */
export const handle = {
  layout: "main",
  i18n: ["menu", "cart"],
  scripts: (data: unknown) => !data || Boolean((data as { builder?: unknown }).builder),
};

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.category.name, args);

// The product builder (a product's sizes, crusts, halves and toppings) is not on the menu's first load: its code comes
// after it (app/lazy-form.tsx), and before a client navigation shows a builder.
const ProductBuilder = lazyForm(() => import("~/components/menu/ProductBuilder").then((m) => m.ProductBuilder));

export async function clientLoader({ params, serverLoader }: ClientLoaderFunctionArgs) {
  const [data] = await Promise.all([serverLoader<typeof loader>(), preloadForms(...(params.uuid ? [ProductBuilder] : []))]);
  return data;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return menuPageAnswer(request, params);
}

export default function OrderPage() {
  const data = useLoaderData<typeof loader>();
  const root = useRootData();
  const { t } = useTranslation("menu");
  const builder = data.builder;
  // A builder post the cart refused comes back here with what was chosen (routes/cart.tsx): shown again as it was.
  const refused = root?.cartChoice;
  const kept =
    builder && refused && (builder.lineId ? refused.lineId === builder.lineId : refused.productUuid === builder.product.uuid) ? refused : null;
  return (
    <div className="menu-page with-cart">
      <div className="menu-main">
        <h1>{data.category.name}</h1>
        <CategoryTabs categories={data.categories} current={data.category.slug} sub={data.sub} />
        {data.banner ? (
          <a {...data.banner.link}>
            {/* biome-ignore lint/a11y/useAltText: the spread object carries the banner's alt text (app/web/promotions.server.ts) */}
            <img {...data.banner.img} {...HIGH_PRIORITY} />
            {data.banner.title}
          </a>
        ) : null}
        {!data.hasDisposition ? (
          <p className="hint">
            {t("chooseFirst")} <Link to="/home">{t("chooseLink")}</Link>
          </p>
        ) : null}
        {builder ? (
          <ProductBuilder
            key={`${builder.product.uuid}:${builder.sizeId}:${builder.lineId}`}
            product={builder.product}
            halves={builder.halves}
            sizeId={builder.sizeId}
            lineId={builder.lineId}
            defaults={kept ?? builder.defaults}
            closeTo={data.categoryPath}
          />
        ) : null}
        {data.products.length === 0 ? (
          <p>{t("empty")}</p>
        ) : (
          <ul className="product-grid">
            {data.products.map((product) => (
              <li key={product.uuid}>
                <ProductCard product={product} href={`${data.categoryPath}/${product.uuid}`} />
              </li>
            ))}
          </ul>
        )}
        <CartBar cart={data.cart} />
      </div>
      <CartPanel cart={data.cart} minCartCents={data.minCartCents} anchored />
    </div>
  );
}
