import { sellingInstant } from "#server/catalog/availability";
import { getMenuPage } from "#server/catalog/menu";
import { getProductDetail } from "#server/catalog/product";
import { halfChoices as loadHalfChoices } from "#server/catalog/halves";
import { localize } from "#server/i18n/text";
import type { Storefront } from "~/web/storefront.server";
import { constants } from "#server/constants";
import { now } from "#server/clock";
import { orderTimeOf } from "~/web/order-time.server";
import { withMessageKey } from "~/errors";

/** When the menu is for: the disposition's order time (now for ASAP), in its outlet's zone (the chain's without one). */
export function menuTime(store: Storefront) {
  const disposition = store.session.get("disposition");
  return { at: sellingInstant(orderTimeOf(disposition), now()), timeZone: disposition?.timezone ?? constants.defaultTimeZone };
}

/** The menu at the disposition's order time (now for ASAP), in its outlet's zone: availability follows the time. */
export async function menuPage(store: Storefront, slug: string | undefined, sub: string | undefined) {
  const page = await getMenuPage(store.db, store.lng, slug, sub, menuTime(store));
  if (page.kind === "redirect") return page;
  return { ...page, products: page.products.map((product) => ({ ...product, unavailable: withMessageKey(product.unavailable) })) };
}


import type { ProductDetail } from "#server/catalog/product";

/**
 * A builder's product as its page carries it: what the builder shows and prices, without the server's own fields
 * (its row id, the toppings' codes), since the loaders' data is part of the page's first load (issue 15's budgets).
 */
export function builderProduct({ id: _id, toppings, ...product }: ProductDetail) {
  return { ...product, toppings: toppings.map(({ code: _code, ...topping }) => topping) };
}

export type BuilderProduct = ReturnType<typeof builderProduct>;

/** The product a builder page opens, or undefined for an unknown or inactive uuid. */
export function productDetail(store: Storefront, uuid: string) {
  return getProductDetail(store.db, store.lng, uuid);
}

/** The pizzas a half-and-half product offers as halves, named in the visitor's language. */
export async function halfChoices(store: Storefront, productId: number) {
  const choices = await loadHalfChoices(store.db, productId);
  return choices.map((c) => ({ uuid: c.uuid, name: localize(c.name, store.lng), sizePrices: c.sizePrices }));
}
