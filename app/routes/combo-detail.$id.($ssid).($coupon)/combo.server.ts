import { getComboDetail } from "#server/catalog/combo";
import type { Storefront } from "~/web/storefront.server";

/**
 * The combo a combo page opens (its slots and their options, named in the visitor's language), or undefined
 * for anything that is not an active combo with slots.
 */
export function comboDetail(store: Storefront, uuid: string) {
  return getComboDetail(store.db, store.lng, uuid);
}
