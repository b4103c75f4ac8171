import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CartPanel } from "~/components/cart/CartPanel";
import { CategoryTabs } from "~/components/menu/CategoryTabs";
import { ProductCard } from "~/components/menu/ProductCard";
import { NoticeBanner } from "~/components/ui/Notice";
import { applyCartIntent, cartLineChoice, cartSummary, parseCartForm } from "~/cart.server";
import { ProductBuilder, type BuilderDefaults } from "~/components/menu/ProductBuilder";
import { halfChoices, menuPage, productDetail } from "~/menu.server";
import { pageTitle } from "~/meta";
import { cartLost, redirectWith, refusalNotice, storefront } from "~/storefront.server";
import { rowIdOf } from "~/ids";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

export const handle = { layout: "main", i18n: ["menu", "cart", "validation"] };

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

export async function action({ request }: ActionFunctionArgs) {
  const store = await storefront(request);
  const intent = parseCartForm(await request.formData());
  if (!intent) {
    return json({ notice: { tone: "error" as const, key: "validation:cartForm" }, selection: null }, { status: 400 });
  }
  try {
    const notice = await applyCartIntent(store, intent);
    const url = new URL(request.url);
    // After changing a line's options, the builder closes: back to the category.
    const back = intent.intent === "update" ? url.pathname.replace(/\/[^/]+$/, "") : url.pathname + url.search;
    return redirectWith(store.session, back, notice);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "OUTLET-REQUIRED") return redirectWith(store.session, "/home", { tone: "info", key: "errors:outletRequired" });
    if (code === "CART-01") return cartLost(store);
    // The page again with the reason and, for the builder, what the customer had chosen.
    const selection =
      intent.intent === "add" || intent.intent === "update"
        ? {
            secondLayerId: intent.secondLayerId ?? null,
            removed: intent.remove,
            extras: countExtras(intent.extra),
            halves: intent.half,
            quantity: intent.intent === "add" ? intent.quantity : 1,
          }
        : null;
    return json({ notice: refusalNotice(store, error), selection }, { status: 422 });
  }
}

function countExtras(ids: number[]): Record<number, number> {
  const extras: Record<number, number> = {};
  for (const id of ids) extras[id] = (extras[id] ?? 0) + 1;
  return extras;
}

export default function OrderPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["menu", "cart"]);
  return (
    <div className={data.hideCart ? "menu-page" : "menu-page with-cart"}>
      <div className="menu-main">
        <h1>{data.category.name}</h1>
        <CategoryTabs categories={data.categories} current={data.category.slug} sub={data.sub} />
        {actionData?.notice ? <NoticeBanner notice={actionData.notice} /> : null}
        {!data.hasDisposition ? (
          <p className="hint">
            {t("menu:chooseFirst")} <Link to="/home">{t("menu:chooseLink")}</Link>
          </p>
        ) : null}
        {data.builder ? (
          <ProductBuilder
            key={`${data.builder.product.uuid}:${data.builder.sizeId}:${data.builder.lineId}`}
            product={data.builder.product}
            halves={data.builder.halves}
            sizeId={data.builder.sizeId}
            lineId={data.builder.lineId}
            defaults={actionData?.selection ?? data.builder.defaults}
          />
        ) : null}
        {data.products.length === 0 ? (
          <p>{t(data.category.kind === "coupons" ? "menu:noCoupons" : "menu:empty")}</p>
        ) : (
          <ul className="product-grid">
            {data.products.map((product) => (
              <li key={product.uuid}>
                <ProductCard product={product} href={`/order/${data.category.slug}/${data.sub ? `${data.sub}/` : ""}${product.uuid}`} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {data.hideCart ? null : <CartPanel cart={data.cart} minCartCents={data.minCartCents} />}
    </div>
  );
}
