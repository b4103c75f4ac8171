/**
 * Coupons as data (issue 12; spec sections 3 and 8). A coupon is a row (`coupons`, migration 0010): its type, its
 * group, what it takes off, and the conditions that the spec's CP codes name. The pure rules
 * (server/coupons/rules.ts) decide from these and a cart whether it applies and what it takes off.
 */
import type { I18nText } from "../db/types";

/** Spec: item 1, unit 2, percent 3, free delivery 4; and 5, 6 of the spec's groups (below). */
export const COUPON_TYPES = { item: 1, unit: 2, percent: 3, freeDelivery: 4, circleDiscount: 5, deal: 6 } as const;
export type CouponType = (typeof COUPON_TYPES)[keyof typeof COUPON_TYPES];

/**
 * Spec groups: promotion [4, 5, 6], discount [2, 3], free gift [1], circle discount [5]. The numbers are coupon
 * types; 5 and 6 are not among the spec's four types. We read them as: 5 a "circle" (loyalty-card holders')
 * discount, an amount off that only customers with a loyalty card get, and 6 a deal that opens a combo at its
 * coupon price (docs/coupons.md). So a coupon's group follows from its type.
 */
export const COUPON_GROUPS = ["promotion", "discount", "freeGift", "circleDiscount"] as const;
export type CouponGroup = (typeof COUPON_GROUPS)[number];

/** The sales channels a coupon may be limited to ("web" is this storefront). */
export type SalesChannel = "web" | "app" | "phone" | "store";
export type PaymentKind = "cash" | "card";

/** What a coupon takes off (by type). Money in integer centavos. */
export type CouponBenefit =
  /** type 1: a free item (the product uuid and its size/crust option), added to the cart at no cost */
  | { type: 1; productUuid: string; secondLayerId: number | null; quantity: number }
  /** type 2: a fixed amount off the goods */
  | { type: 2; amountCents: number }
  /** type 3: a percent off the goods (basis points: 1500 = 15 %), optionally capped */
  | { type: 3; percentBasisPoints: number; maxCents: number | null }
  /** type 4: no delivery fee */
  | { type: 4 }
  /** 5 (circle discount): a fixed amount off for loyalty-card holders */
  | { type: 5; amountCents: number }
  /** 6 (deal): a combo at the coupon's price (the combo opens at /combo-detail/:id/:ssid/:coupon) */
  | { type: 6; comboUuid: string; priceCents: number };

/** The conditions the spec's CP codes name; an absent one does not limit. */
export interface CouponConditions {
  /** CP-02: the goods (lines, before discounts) must reach this */
  minAmountCents?: number;
  /** CP-03: at least this many items (quantities summed) */
  minItems?: number;
  orderTypes?: ("D" | "C")[];
  channels?: SalesChannel[];
  /** CP-07: only a signed-in customer */
  loginRequired?: boolean;
  /** CP-08: only this customer (an attached/awarded coupon) */
  customerId?: number;
  /** CP-08: only customers who hold it in their account (a prize of the game, a campaign's attached coupon) */
  attachedOnly?: boolean;
  /** CP-09: only at these outlets (codes) */
  outletCodes?: string[];
  /** CP-10: uses per customer */
  usesPerCustomer?: number;
  /** CP-11: the cart must hold one of these products (uuids) */
  menuItems?: string[];
  /** CP-16: ... at least this many of them */
  menuItemsQuantity?: number;
  /** CP-13: the order's time (ASAP: now) within [validFrom, validUntil) */
  validFrom?: string;
  validUntil?: string;
  /** CP-14 / CP-15 */
  payment?: PaymentKind;
  /** CP-17: scheduled orders only */
  futureOnly?: boolean;
  /** CP-18: weekdays of the order's time in the outlet's zone, 0 = Sunday (Monday and Tuesday: [1, 2]) */
  weekdays?: number[];
  /** CP-19: hut day only (the menu's hut day: Tuesday) */
  hutDayOnly?: boolean;
  /** CP-20: lunch time only (the menu's lunch window) */
  lunchOnly?: boolean;
  /** CP-21: total uses of the coupon */
  generationLimit?: number;
}

export interface Coupon {
  id: number;
  code: string;
  name: I18nText;
  type: CouponType;
  group: CouponGroup;
  benefit: CouponBenefit;
  conditions: CouponConditions;
  active: boolean;
}
