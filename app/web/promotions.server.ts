import { json } from "@remix-run/node";
import { currentBanners } from "#server/content/banners";
import { type CampaignPage, campaignPage, currentCampaigns } from "#server/content/campaigns";
import { listCategories, pickedProducts, type PickedProduct } from "#server/catalog/menu";
import { now } from "#server/clock";
import { constants, PRODUCT_TYPE } from "#server/constants";
import { withMessageKey } from "~/errors";
import type { Lng } from "~/i18n/config";
import { translator } from "~/i18n/translator.server";
import { menuTime } from "~/web/menu.server";
import type { Storefront } from "~/web/storefront.server";
import { storefront } from "~/web/storefront.server";

/**
 * The customers' side of banners and campaigns (issue 14 points 3 and 9): what the home page leads with (its hero
 * banners, the current campaigns, the favourite products), the menu's top banner, a campaign's page
 * (/campaign/:campaignName; unknown, paused, not started or ended: a 404) and the campaigns' menu page
 * (/order/campaigns). Schedules are read at the clock's now; the products' availability at the menu's time.
 */

/** How many favourite products the home page shows. */
export const FAVOURITES = 4;

/** A product's card outside the menu: its picture, name, price, and where it is ordered (the builder, or the combo's page). */
export function productLink(product: PickedProduct) {
  const href = product.hasSlots
    ? `/combo-detail/${product.uuid}`
    : product.sizes.length > 0 || product.productType === PRODUCT_TYPE.halfAndHalf
      ? `${product.categoryPath}/${product.uuid}`
      : product.categoryPath;
  return {
    uuid: product.uuid,
    name: product.name,
    description: product.description,
    image: product.image,
    fromPriceCents: product.fromPriceCents,
    hasSizes: product.sizes.length > 0,
    href,
    unavailable: withMessageKey(product.unavailable),
  };
}
export type PromoProduct = ReturnType<typeof productLink>;

export async function homePromotions(store: Storefront) {
  const at = now();
  const [heroes, campaigns, favourites] = await Promise.all([
    currentBanners(store.db, "home_hero", store.lng, at),
    currentCampaigns(store.db, store.lng, at),
    pickedProducts(store.db, store.lng, { featured: FAVOURITES }, menuTime(store)),
  ]);
  return { heroes, campaigns, favourites: favourites.map(productLink), timeZone: constants.defaultTimeZone };
}

/**
 * The menu's top banner (the first showing), or null, shaped as the menu's markup takes it (the picture's attributes
 * in one object: the menu page's script is at its budget). A banner without a link is a link to the page's content.
 */
export async function menuBanner(store: Storefront) {
  const banner = (await currentBanners(store.db, "menu_top", store.lng))[0];
  if (!banner) return null;
  return {
    link: { href: banner.href ?? "#main", className: "menu-banner", lang: banner.lang },
    title: banner.title,
    img: { src: banner.image, alt: banner.alt, width: banner.width, height: banner.height },
  };
}

export async function campaignPageData(request: Request, name: string | undefined) {
  const store = await storefront(request);
  const page = await campaignPage(store.db, name ?? "", store.lng, menuTime(store));
  if (!page) throw json(null, { status: 404 });
  return campaignView(page, store.lng);
}

/** A campaign's page as its component takes it (/campaign/:campaignName, and the managers' preview). */
export function campaignView(page: CampaignPage, lng: Lng) {
  return { ...page, products: page.products.map(productLink), lng, timeZone: constants.defaultTimeZone };
}
export type CampaignView = ReturnType<typeof campaignView>;

/** /order/campaigns: the menu's tabs and the current campaigns as cards. */
export async function campaignsMenuData(request: Request) {
  const store = await storefront(request);
  const categories = await listCategories(store.db, store.lng);
  const category = categories.find((c) => c.kind === "campaigns") ?? null;
  return {
    categories,
    title: category?.name ?? translator(store.lng, "campaigns")("promotions"),
    slug: category?.slug ?? "campaigns",
    campaigns: await currentCampaigns(store.db, store.lng),
    lng: store.lng,
    timeZone: constants.defaultTimeZone,
  };
}
