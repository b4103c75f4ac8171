import { redirect } from "@remix-run/node";
import { constants } from "#server/config";
import { listCoupons } from "#server/coupons/listing";
import { COUPONS_PATH } from "~/components/coupons/paths";
import { couponVisitor, namedDays } from "~/web/coupons.server";
import { gameLinks } from "~/web/games.server";
import { loginPathFor, requireCustomer } from "~/web/customer.server";
import { menuPage } from "~/web/menu.server";
import { storefront } from "~/web/storefront.server";

/**
 * The coupons page's data (/order/coupons, the menu's coupons category; issue 12 point 3): the menu's categories
 * (its tabs), the coupons this visitor may use (server/coupons/listing.ts) and the coupon games to play. With the spec's "coupon page login
 * required" flag on (constants, spec section 9) a guest is sent to sign in first, and comes back here.
 */
export async function couponsPageData(request: Request) {
  const store = await storefront(request);
  if (constants.couponPageLoginRequired && !store.customer) await requireCustomer(request);
  const page = await menuPage(store, "coupons", undefined);
  if (page.kind === "redirect") throw redirect(page.to);
  const visitor = couponVisitor(store);
  return {
    category: page.category,
    categories: page.categories,
    coupons: (await listCoupons(store.db, visitor)).map((card) => namedDays(card, store.lng)),
    /** the coupon games, linked from the coupons category */
    games: await gameLinks(store),
    lng: store.lng,
    timeZone: visitor.timeZone,
    signInPath: loginPathFor(COUPONS_PATH),
  };
}
