/**
 * A coupon in plain words (issue 12: /order/coupons and /crm/coupon show what it gives and its main conditions).
 * Pure: the coupon's data becomes a list of terms, each a name and its values (money in centavos, instants as ISO);
 * the page translates them (app/components/coupons/CouponCard.tsx, `coupons:gives.*` and `coupons:terms.*`).
 * The names of the products it gives or wants are the caller's (looked up in the visitor's language).
 */
import { LUNCH_WINDOW } from "../catalog/availability";
import { needsLogin } from "./rules";
import type { Coupon } from "./types";

export type CouponGives =
  | { kind: "item"; name: string; quantity: number }
  | { kind: "amount"; amountCents: number }
  | { kind: "percent"; percent: number; maxCents: number | null }
  | { kind: "freeDelivery" }
  | { kind: "circle"; amountCents: number }
  | { kind: "deal"; name: string; priceCents: number };

export type CouponTerm =
  | { kind: "minAmount"; amountCents: number }
  | { kind: "minItems"; count: number }
  | { kind: "orderType"; orderType: "D" | "C" }
  | { kind: "signedIn" }
  | { kind: "loyaltyCard" }
  | { kind: "usesPerCustomer"; count: number }
  | { kind: "outlets"; count: number }
  | { kind: "menuItems"; names: string; count: number }
  | { kind: "validFrom"; at: string }
  | { kind: "validUntil"; at: string }
  | { kind: "payment"; payment: "cash" | "card" }
  | { kind: "futureOnly" }
  /** weekday numbers joined, 0 = Sunday ("1,2"); the page names them */
  | { kind: "weekdays"; days: string }
  | { kind: "hutDay" }
  | { kind: "lunch"; start: string; end: string };

/** Product and combo names by uuid, in the visitor's language ("" when gone: the term says "a product"). */
export type ProductNames = ReadonlyMap<string, string>;

export function couponGives(coupon: Pick<Coupon, "benefit">, names: ProductNames): CouponGives {
  const b = coupon.benefit;
  switch (b.type) {
    case 1:
      return { kind: "item", name: names.get(b.productUuid) ?? "", quantity: b.quantity };
    case 2:
      return { kind: "amount", amountCents: b.amountCents };
    case 3:
      // basis points to a percent: 1500 is 15, 1250 is 12.5
      return { kind: "percent", percent: b.percentBasisPoints / 100, maxCents: b.maxCents };
    case 4:
      return { kind: "freeDelivery" };
    case 5:
      return { kind: "circle", amountCents: b.amountCents };
    case 6:
      return { kind: "deal", name: names.get(b.comboUuid) ?? "", priceCents: b.priceCents };
  }
}

/** The product uuids whose names the terms of these coupons need. */
export function namedProducts(coupons: readonly Pick<Coupon, "benefit" | "conditions">[]): string[] {
  const uuids = new Set<string>();
  for (const { benefit, conditions } of coupons) {
    if (benefit.type === 1) uuids.add(benefit.productUuid);
    if (benefit.type === 6) uuids.add(benefit.comboUuid);
    for (const uuid of conditions.menuItems ?? []) uuids.add(uuid);
  }
  return [...uuids];
}

/**
 * Its conditions, the ones a customer can act on, in the order a reader needs them: who, what to buy, how, when.
 * Left out: the customer it is for (it is theirs), the sales channels (only web coupons are shown) and the
 * generation limit (a spent one is not shown).
 */
export function couponTerms(coupon: Pick<Coupon, "benefit" | "conditions">, names: ProductNames): CouponTerm[] {
  const c = coupon.conditions;
  const terms: CouponTerm[] = [];
  if (needsLogin(coupon)) terms.push({ kind: "signedIn" });
  if (coupon.benefit.type === 5) terms.push({ kind: "loyaltyCard" });
  if (c.usesPerCustomer !== undefined) terms.push({ kind: "usesPerCustomer", count: c.usesPerCustomer });
  if (c.minAmountCents !== undefined) terms.push({ kind: "minAmount", amountCents: c.minAmountCents });
  if (c.minItems !== undefined) terms.push({ kind: "minItems", count: c.minItems });
  if (c.menuItems?.length) {
    const listed = c.menuItems.map((uuid) => names.get(uuid)).filter((name): name is string => Boolean(name));
    terms.push({ kind: "menuItems", names: listed.join(", "), count: c.menuItemsQuantity ?? 1 });
  }
  const orderType = coupon.benefit.type === 4 ? "D" : c.orderTypes?.length === 1 ? c.orderTypes[0]! : null;
  if (orderType) terms.push({ kind: "orderType", orderType });
  if (c.outletCodes) terms.push({ kind: "outlets", count: c.outletCodes.length });
  if (c.payment) terms.push({ kind: "payment", payment: c.payment });
  if (c.futureOnly) terms.push({ kind: "futureOnly" });
  if (c.weekdays) terms.push({ kind: "weekdays", days: c.weekdays.join(",") });
  if (c.hutDayOnly) terms.push({ kind: "hutDay" });
  if (c.lunchOnly) terms.push({ kind: "lunch", start: LUNCH_WINDOW.start.slice(0, 5), end: LUNCH_WINDOW.end.slice(0, 5) });
  if (c.validFrom) terms.push({ kind: "validFrom", at: c.validFrom });
  if (c.validUntil) terms.push({ kind: "validUntil", at: c.validUntil });
  return terms;
}
