import { getMenuPage } from "#server/catalog/menu";
import type { Storefront } from "./storefront.server";

export function menuPage(store: Storefront, slug: string | undefined, sub: string | undefined) {
  return getMenuPage(store.db, store.lng, slug, sub);
}

import { getProductDetail } from "#server/catalog/product";
export type { ProductDetail } from "#server/catalog/product";

/** The product a builder page opens, or undefined for an unknown or inactive uuid. */
export function productDetail(store: Storefront, uuid: string) {
  return getProductDetail(store.db, store.lng, uuid);
}

import { halfChoices as loadHalfChoices } from "#server/cart/cart";
import { localize } from "#server/i18n/text";

/** The pizzas a half-and-half product offers as halves, named in the visitor's language. */
export async function halfChoices(store: Storefront, productId: number) {
  const choices = await loadHalfChoices(store.db, productId);
  return choices.map((c) => ({ uuid: c.uuid, name: localize(c.name, store.lng), sizePrices: c.sizePrices }));
}
