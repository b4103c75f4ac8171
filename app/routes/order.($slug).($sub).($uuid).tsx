import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CartPanel } from "~/components/cart/CartPanel";
import { CategoryTabs } from "~/components/menu/CategoryTabs";
import { ProductCard } from "~/components/menu/ProductCard";
import { cartLineChoice, cartSummary } from "~/web/cart.server";
import { ProductBuilder, type BuilderDefaults } from "~/components/menu/ProductBuilder";
import { halfChoices, menuPage, productDetail } from "~/web/menu.server";
import { pageTitle } from "~/meta";
import { storefront } from "~/web/storefront.server";
import { useRootData } from "~/root-data";
import { rowIdOf } from "~/ids";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

export const handle = { layout: "main", i18n: ["menu", "cart"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.category.name, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const store = await storefront(request);
  const page = await menuPage(store, params.slug, params.sub);
  if (page.kind === "redirect") throw redirect(page.to);
  const disposition = store.session.get("disposition");
  const url = new URL(request.url);
  let builder: {
    product: NonNullable<Awaited<ReturnType<typeof productDetail>>>;
    halves: Awaited<ReturnType<typeof halfChoices>>;
    sizeId: number | null;
    lineId: number | null;
    defaults: BuilderDefaults;
  } | null = null;
  if (params.uuid) {
    const product = await productDetail(store, params.uuid);
    if (!product) throw redirect(url.pathname.replace(/\/[^/]+$/, ""));
    const lineId = rowIdOf(url.searchParams.get("line"));
    const line = lineId ? await cartLineChoice(store, lineId) : null;
    const editing = line && line.productUuid === product.uuid ? line : null;
    builder = {
      product,
      halves: product.productType === 2 ? await halfChoices(store, product.id) : [],
      sizeId: rowIdOf(url.searchParams.get("size")) ?? editing?.firstLayerId ?? null,
      lineId: editing ? lineId : null,
      defaults: editing
        ? { secondLayerId: editing.secondLayerId, removed: editing.removed, extras: editing.extras, quantity: editing.quantity }
        : { removed: [], extras: {}, quantity: 1 },
    };
  }
  return json({
    builder,
    categoryPath: `/order/${page.category.slug}${page.sub ? `/${page.sub}` : ""}`,
    categories: page.categories,
    category: page.category,
    sub: page.sub,
    products: page.products,
    hideCart: page.category.kind === "coupons",
    cart: await cartSummary(store),
    minCartCents: disposition?.orderType === "D" ? disposition.minCart : 0,
    hasDisposition: Boolean(disposition),
  });
}

export default function OrderPage() {
  const data = useLoaderData<typeof loader>();
  const root = useRootData();
  const { t } = useTranslation(["menu", "cart"]);
  const builder = data.builder;
  // A builder post the cart refused comes back here with what was chosen (routes/cart.tsx): shown again as it was.
  const refused = root?.cartChoice;
  const kept =
    builder && refused && (builder.lineId ? refused.lineId === builder.lineId : refused.productUuid === builder.product.uuid) ? refused : null;
  return (
    <div className={data.hideCart ? "menu-page" : "menu-page with-cart"}>
      <div className="menu-main">
        <h1>{data.category.name}</h1>
        <CategoryTabs categories={data.categories} current={data.category.slug} sub={data.sub} />
        {!data.hasDisposition ? (
          <p className="hint">
            {t("menu:chooseFirst")} <Link to="/home">{t("menu:chooseLink")}</Link>
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
          <p>{t(data.category.kind === "coupons" ? "menu:noCoupons" : "menu:empty")}</p>
        ) : (
          <ul className="product-grid">
            {data.products.map((product) => (
              <li key={product.uuid}>
                <ProductCard product={product} href={`${data.categoryPath}/${product.uuid}`} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {data.hideCart ? null : <CartPanel cart={data.cart} minCartCents={data.minCartCents} />}
    </div>
  );
}
