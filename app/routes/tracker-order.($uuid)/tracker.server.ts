import { trackOrder } from "#server/orders/tracker";
import type { Storefront } from "~/web/storefront.server";

/** The tracker page's order (its stages, lines and totals, named in the visitor's language), or null when unknown. */
export function trackedOrder(store: Storefront, uuid: string) {
  return trackOrder(store.db, uuid, store.lng);
}
