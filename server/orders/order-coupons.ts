import type { Language } from "../config";
import type { I18nText } from "../db/types";
import { localize } from "../i18n/text";

/** An order's coupon as the order keeps it (spec: order_coupons; the `coupons` column). */
export interface OrderCoupon {
  code: string;
  name: I18nText;
  type: number;
  /** what it gave on this order (centavos): money off the goods, the delivery fee it waived, the price of its items */
  discountCents: number;
}

/** An order's coupons as the tracker and the history show them, named in one language (a malformed entry is skipped). */
export function orderCouponsOf(stored: unknown, lng: Language): { code: string; name: string; discountCents: number }[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((c: Partial<OrderCoupon>) =>
    typeof c?.code === "string" && typeof c.discountCents === "number" && c.name
      ? [{ code: c.code, name: localize(c.name, lng), discountCents: c.discountCents }]
      : [],
  );
}
