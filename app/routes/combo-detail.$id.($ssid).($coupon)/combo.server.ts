import { getComboDetail } from "#server/catalog/combo";
import { findCouponByCode } from "#server/coupons/store";
import { localize } from "#server/i18n/text";
import { DomainError } from "#server/errors";
import { withCouponLink } from "~/web/cart.server";
import { noticeForError } from "~/web/storefront.server";
import type { Storefront } from "~/web/storefront.server";

/**
 * The combo a combo page opens (its slots and their options, named in the visitor's language), or undefined
 * for anything that is not an active combo with slots.
 */
export function comboDetail(store: Storefront, uuid: string) {
  return getComboDetail(store.db, store.lng, uuid);
}

/**
 * The deal a combo page was opened with (/combo-detail/:id/deal/:coupon): an active deal coupon (type 6) for this
 * combo, with its name and price; undefined for anything else (the page then opens the combo at its own price).
 * Whether the deal applies to this customer's cart is the cart's check when the combo is added.
 */
export async function dealOnCombo(store: Storefront, comboUuid: string, code: string | undefined) {
  const coupon = code ? await findCouponByCode(store.db, code) : undefined;
  if (!coupon?.active || coupon.benefit.type !== 6 || coupon.benefit.comboUuid !== comboUuid) return undefined;
  return { code: coupon.code, name: localize(coupon.name, store.lng), priceCents: coupon.benefit.priceCents };
}

/** A coupon segment that is not a deal for this combo: the coupon-not-found message, with its link to the deals. */
export function noDealNotice(store: Storefront) {
  return withCouponLink(noticeForError(new DomainError("CP-12"), store.lng));
}
