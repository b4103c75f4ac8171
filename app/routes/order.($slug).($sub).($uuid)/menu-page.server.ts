import { redirect } from "@remix-run/node";
import { pageData } from "~/web/page-data.server";
import type { BuilderDefaults } from "~/components/menu/ProductBuilder";
import { rowIdOf } from "#server/ids";
import { cartLineChoice, cartSummary } from "~/web/cart.server";
import { builderProduct, halfChoices, menuPage, productDetail, type BuilderProduct } from "~/web/menu.server";
import { storefront } from "~/web/storefront.server";
import { translator } from "~/i18n/translator.server";
import { COUPONS_PATH } from "~/components/coupons/paths";
import { menuBanner } from "~/web/promotions.server";
import { PRODUCT_TYPE } from "#server/constants";

const CAMPAIGNS_PATH = "/order/campaigns";

/**
 * The menu page's data: the category (or a redirect to the one `/order` means), its products at the order's time,
 * the cart, and with a product uuid the builder (on a cart line with `?line=`, at a size with `?size=`).
 */
export async function menuPageData(request: Request, params: { slug?: string; sub?: string; uuid?: string }) {
  const store = await storefront(request);
  const page = await menuPage(store, params.slug, params.sub);
  if (page.kind === "redirect") throw redirect(page.to);
  // The coupons category has its own page (routes/order.coupons): the menu's code does not carry the coupons'.
  if (page.category.kind === "coupons") throw redirect(COUPONS_PATH);
  // So has the campaigns category (routes/order.campaigns); a static route, so only a renamed category lands here.
  if (page.category.kind === "campaigns") throw redirect(CAMPAIGNS_PATH);
  const disposition = store.session.get("disposition");
  const url = new URL(request.url);
  let builder: {
    product: BuilderProduct;
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
      product: builderProduct(product),
      halves: product.productType === PRODUCT_TYPE.halfAndHalf ? await halfChoices(store, product.id) : [],
      sizeId: rowIdOf(url.searchParams.get("size")) ?? editing?.firstLayerId ?? null,
      lineId: editing ? lineId : null,
      defaults: editing
        ? { secondLayerId: editing.secondLayerId, removed: editing.removed, extras: editing.extras, quantity: editing.quantity }
        : { removed: [], extras: {}, quantity: 1 },
    };
  }
  return {
    builder,
    categoryPath: `/order/${page.category.slug}${page.sub ? `/${page.sub}` : ""}`,
    // What the tabs use: every category's name and first sub-category (its link), the current one's subs (a row of
    // their own). The loaders' data is in the builder page's first load (issue 15's budget).
    categories: page.categories.map(({ slug, name, subs }) => ({ slug, name, subs: slug === page.category.slug ? subs : subs.slice(0, 1) })),
    category: page.category,
    /** the page's meta description (app/meta.ts), in the visitor's language */
    description: translator(store.lng, "menu")("description", { category: page.category.name }),
    sub: page.sub,
    products: page.products,
    cart: await cartSummary(store),
    /** the menu_top banner showing now (server/content/banners.ts) as its link and picture, or null */
    banner: await menuBanner(store),
    minCartCents: disposition?.orderType === "D" ? disposition.minCart : 0,
    hasDisposition: Boolean(disposition),
  };
}

/**
 * The loader's answer, without a JSON round trip on a document (`pageData`). Made here, not in the route: a route
 * that imports a value from @remix-run/node keeps an (empty) import of it in the browser's bundle, bytes the menu's
 * first load has no room for.
 */
export async function menuPageAnswer(request: Request, params: { slug?: string; sub?: string; uuid?: string }) {
  return pageData(await menuPageData(request, params));
}
