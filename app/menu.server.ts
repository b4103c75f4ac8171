import { getMenuPage } from "#server/catalog/menu";
import type { Storefront } from "./storefront.server";

export function menuPage(store: Storefront, slug: string | undefined, sub: string | undefined) {
  return getMenuPage(store.db, store.lng, slug, sub);
}
