import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CartPanel } from "~/components/cart/CartPanel";
import { CategoryTabs } from "~/components/menu/CategoryTabs";
import { ProductCard } from "~/components/menu/ProductCard";
import { NoticeBanner } from "~/components/ui/Notice";
import { applyCartIntent, cartSummary, parseCartForm } from "~/cart.server";
import { menuPage } from "~/menu.server";
import { pageTitle } from "~/meta";
import { redirectWith, refuse, storefront } from "~/storefront.server";

export const handle = { layout: "main", i18n: ["menu", "cart", "validation"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.category.name, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const store = await storefront(request);
  const page = await menuPage(store, params.slug, params.sub);
  if (page.kind === "redirect") throw redirect(page.to);
  const disposition = store.session.get("disposition");
  return json({
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
  if (!intent) return json({ notice: { tone: "error" as const, key: "validation:quantity" } }, { status: 400 });
  try {
    const notice = await applyCartIntent(store, intent);
    const url = new URL(request.url);
    return redirectWith(store.session, url.pathname + url.search, notice);
  } catch (error) {
    if ((error as { code?: string }).code === "OUTLET-REQUIRED") {
      return redirectWith(store.session, "/home", { tone: "info", key: "errors:outletRequired" });
    }
    return refuse(store, error);
  }
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
        {data.products.length === 0 ? (
          <p>{t(data.category.kind === "coupons" ? "menu:noCoupons" : "menu:empty")}</p>
        ) : (
          <ul className="product-grid">
            {data.products.map((product) => (
              <li key={product.uuid}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {data.hideCart ? null : <CartPanel cart={data.cart} minCartCents={data.minCartCents} />}
    </div>
  );
}
