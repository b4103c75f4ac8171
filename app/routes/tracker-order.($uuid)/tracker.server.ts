import { redirect } from "@remix-run/node";
import { isUuid } from "#server/ids";
import { trackOrder } from "#server/orders/tracker";
import type { Storefront } from "~/web/storefront.server";

/**
 * The tracker page's order (its stages, lines and totals, named in the visitor's language), or null when unknown.
 * A path segment that is not a uuid goes to the lookup page before any query.
 */
export function trackedOrder(store: Storefront, uuid: string | undefined) {
  if (!isUuid(uuid)) throw redirect("/tracking");
  return trackOrder(store.db, uuid, store.lng);
}
