/**
 * The coupon rules, pure (issue 12 point 2; spec sections 3 and 8): whether a coupon applies to a cart at an order
 * time, and what it takes off, or the CP code (with its data) that refuses it. No database and no clock: the caller
 * loads the coupon, its uses and the cart, and passes `now` (server/clock.ts) in. docs/coupons.md has the CP table.
 *
 * Order of the checks (the first refusal wins):
 *   1. the coupon itself: CP-12 not found (unknown or inactive), CP-21 generation limit reached, CP-01 already
 *      applied (or does not combine with one that is: see below);
 *   2. who: CP-07 login needed, CP-08 another customer's coupon, CP-23 email not confirmed (a coupon attached to an
 *      account), CP-22 no loyalty card (circle discount), CP-10 uses per customer spent;
 *   3. where: CP-06 sales channel, CP-09 outlet, CP-05 order type;
 *   4. when (the order time: the chosen slot, or `now` for ASAP, read in the outlet's zone): CP-13 validity window,
 *      CP-17 future orders only, CP-18 weekdays, CP-19 hut day, CP-20 lunch time, CP-04 outlet not open then;
 *   5. the cart: CP-02 minimum amount, CP-03 minimum item count, CP-11 menu items missing, CP-16 too few of them;
 *   6. the payment (only once one is chosen: `payment` null skips it, checkout checks it): CP-14 cash only,
 *      CP-15 card only;
 *   7. the benefit: CP-24 the free item or the deal's combo is not sold at the order time, CP-25 the coupon is worth
 *      nothing on this cart (a discount of 0, a free delivery without a fee).
 * Coarse before fine: a coupon nobody may use says so before the cart is talked about, and the cart before the
 * benefit, so the message names what the customer can change.
 *
 * Implied conditions (not in the coupon's data, but following from it):
 * - a coupon for one customer (`customerId`), a per-customer limit (`usesPerCustomer`, a guest cannot be counted)
 *   and a circle discount (type 5, the loyalty card is an account's) all need a signed-in customer (CP-07);
 * - a coupon for one customer (attached or awarded) needs that customer's email confirmed (CP-23);
 * - free delivery (type 4) is for delivery orders only: on a carry-out order it is CP-05 with orderType "D".
 *
 * Combining (decision): at most one coupon per group, and at most one coupon that takes money off the goods
 * (types 2 unit, 3 percent, 5 circle discount) in all. So free delivery (4, promotion) and a free gift (1) combine
 * with one discount; a deal (6, promotion) and free delivery (also promotion) do not. The coupon applied first
 * wins: a second that clashes is refused with CP-01, naming the applied coupon's code.
 *
 * Money is integer centavos. The goods a coupon works on are the cart's lines that no coupon brought (a free item
 * or a deal's combo is not discounted again and does not count towards a minimum). A percent discount is
 * goods × percent, rounded half up to the centavo on integers (divideRoundHalfUp, like the tax), then capped by
 * its maximum; a fixed amount (2, 5) is at most the goods. So a discount is an integer in [0, goods] and nothing
 * makes a total negative; `combinedEffect` keeps that true for several coupons together.
 */
import { availabilityProblem, LUNCH_WINDOW, sellingInstant, type LunchWindow, type SellingRules } from "../catalog/availability";
import { divideRoundHalfUp, type OrderType } from "../cart/pricing";
import { wallClock } from "../clock";
import { errorCodes, type ErrorCode } from "../errors";
import type { Coupon, PaymentKind, SalesChannel } from "./types";

/** The menu's hut day (the hut-day menu's items sell on Tuesdays, 0 = Sunday). */
export const HUT_DAY = 2;

/** The coupon refusals: CP-01..25 of the error catalogue (server/errors.ts; docs/coupons.md numbers them). */
export type CpCode = Extract<ErrorCode, `CP-${string}`>;
export const CP_CODES: readonly CpCode[] = errorCodes.filter((code): code is CpCode => code.startsWith("CP-"));

/** A cart line as the rules need it. */
export interface CouponLine {
  productUuid: string;
  quantity: number;
  /** the line's total (unit × quantity), integer centavos */
  totalCents: number;
  /** the code of the coupon that brought this line (a free item, a deal's combo), else null */
  couponCode: string | null;
}

/** A coupon already on the cart, as far as combining needs it. */
/** (Combining reads the benefit's type only.) */
export type AppliedCoupon = Pick<Coupon, "code" | "group"> & { benefit: Pick<Coupon["benefit"], "type"> };

export interface CouponCheckInput {
  lines: CouponLine[];
  /** the outlet's delivery fee for this cart (counted on delivery orders with goods only, as cartTotals does) */
  deliveryFeeCents: number;
  orderType: OrderType;
  outlet: { code: string; timeZone: string; /** whether it takes orders at the order time */ openAtOrderTime: boolean };
  /** the chosen slot; null is ASAP, judged at `now` */
  orderTime: Date | null;
  now: Date;
  channel: SalesChannel;
  /** the signed-in customer, or null for a guest */
  customer: { id: number; hasLoyaltyCard: boolean; emailConfirmed: boolean; /** the coupon is in the account (customer_coupons) */ holdsCoupon?: boolean } | null;
  /** the payment method, or null while none is chosen (then CP-14 and CP-15 are not checked) */
  payment: PaymentKind | null;
  /** the coupon's uses so far: by this customer (0 for a guest) and by everybody */
  uses: { byCustomer: number; total: number };
  /** the OTHER coupons on the cart (when re-checking an applied coupon, leave it out) */
  applied: AppliedCoupon[];
  /**
   * For a free item (type 1) or a deal (type 6): the selling rules of the item or combo it gives, or null when it
   * is no longer sold (gone or inactive). Not read for other types.
   */
  benefitRules?: SellingRules | null;
  /** the lunch window (CP-20); the menu's by default */
  lunch?: LunchWindow;
}

/** What an applicable coupon does to the cart. Money in integer centavos. */
export interface CouponEffect {
  /** off the goods: 0 ≤ discount ≤ the goods no coupon brought */
  discountCents: number;
  /** the delivery fee is not charged (type 4, delivery orders) */
  deliveryFeeWaived: boolean;
  /** type 1: the item to add at no cost */
  freeItem: { productUuid: string; secondLayerId: number | null; quantity: number } | null;
  /** type 6: the combo the deal opens, at this price */
  combo: { comboUuid: string; priceCents: number } | null;
}

export type CouponData = Record<string, string | number>;
export type CouponRefusal = { ok: false; code: CpCode; data: CouponData };
export type CouponCheck = { ok: true; effect: CouponEffect } | CouponRefusal;

const refuse = (code: CpCode, data: CouponData = {}): CouponRefusal => ({ ok: false, code, data });

/** Types that take money off the goods: unit (2), percent (3), circle discount (5). */
export function takesOffGoods(coupon: { benefit: Pick<Coupon["benefit"], "type"> }): boolean {
  return coupon.benefit.type === 2 || coupon.benefit.type === 3 || coupon.benefit.type === 5;
}

/** Codes compare ignoring case and surrounding spaces ("pizza10 " is PIZZA10). */
export const sameCode = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** Whether two coupons may not be on one cart together: the same code, the same group, or two discounts. */
export function clashes(a: AppliedCoupon, b: AppliedCoupon): boolean {
  return sameCode(a.code, b.code) || a.group === b.group || (takesOffGoods(a) && takesOffGoods(b));
}

/**
 * The coupons of a list that stay together, in order: each is kept unless it clashes with one kept before it (the
 * earlier wins); the others are refused with CP-01 naming the kept coupon they clash with.
 */
export function combineCoupons<C extends AppliedCoupon>(coupons: C[]): { kept: C[]; refused: { coupon: C; code: "CP-01"; data: { code: string } }[] } {
  const kept: C[] = [];
  const refused: { coupon: C; code: "CP-01"; data: { code: string } }[] = [];
  for (const coupon of coupons) {
    const winner = kept.find((k) => clashes(k, coupon));
    if (winner) refused.push({ coupon, code: "CP-01", data: { code: winner.code } });
    else kept.push(coupon);
  }
  return { kept, refused };
}

/** The goods a coupon works on: the lines no coupon brought, in centavos. */
export function couponGoodsCents(lines: CouponLine[]): number {
  return lines.reduce((sum, line) => (line.couponCode === null ? sum + line.totalCents : sum), 0);
}

/** The effects of several applicable coupons together: the discounts summed but never more than the goods. */
export function combinedEffect(effects: CouponEffect[], goodsCents: number): { discountCents: number; deliveryFeeWaived: boolean } {
  const sum = effects.reduce((total, effect) => total + effect.discountCents, 0);
  return { discountCents: Math.max(0, Math.min(sum, goodsCents)), deliveryFeeWaived: effects.some((e) => e.deliveryFeeWaived) };
}

/** "YYYY-MM-DD HH:MM" in the zone, for a validity bound; "" for an absent one. */
export function localStamp(iso: string | undefined, timeZone: string): string {
  if (!iso) return "";
  const clock = wallClock(instant(iso), timeZone);
  return `${clock.date} ${clock.time.slice(0, 5)}`;
}

function instant(iso: string): Date {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) throw new RangeError(`not an instant: ${JSON.stringify(iso)}`);
  return at;
}

const noSelling: SellingRules = { lunchOnly: false, hutDay: null, sellingStart: null, sellingEnd: null };

/**
 * Whether only a signed-in customer may use it (CP-07): said so, or implied by a coupon for one customer, a limit of
 * uses per customer (a guest cannot be counted) or a circle discount (the loyalty card is an account's).
 */
export function needsLogin(coupon: Pick<Coupon, "conditions" | "benefit">): boolean {
  const c = coupon.conditions;
  return Boolean(c.loginRequired) || c.customerId !== undefined || Boolean(c.attachedOnly) || c.usesPerCustomer !== undefined || coupon.benefit.type === 5;
}

/** Who may use it: CP-07, CP-08, CP-23, CP-22, CP-10. */
function whoProblem(coupon: Coupon, input: CouponCheckInput): CouponRefusal | null {
  const c = coupon.conditions;
  const circle = coupon.benefit.type === 5;
  const customer = input.customer;
  if (!customer) return needsLogin(coupon) ? refuse("CP-07") : null;
  if (c.customerId !== undefined && c.customerId !== customer.id) return refuse("CP-08");
  // A prize or campaign coupon is for the accounts that hold it: another customer typing its code is CP-08.
  if (c.attachedOnly && !customer.holdsCoupon) return refuse("CP-08");
  if ((c.customerId !== undefined || c.attachedOnly) && !customer.emailConfirmed) return refuse("CP-23");
  if (circle && !customer.hasLoyaltyCard) return refuse("CP-22");
  if (c.usesPerCustomer !== undefined && input.uses.byCustomer >= c.usesPerCustomer) return refuse("CP-10", { uses: c.usesPerCustomer });
  return null;
}

/** Where: CP-06, CP-09, CP-05. */
function whereProblem(coupon: Coupon, input: CouponCheckInput): CouponRefusal | null {
  const c = coupon.conditions;
  if (c.channels && !c.channels.includes(input.channel)) return refuse("CP-06", { channel: input.channel });
  if (c.outletCodes && !c.outletCodes.includes(input.outlet.code)) return refuse("CP-09", { outlet: input.outlet.code });
  if (coupon.benefit.type === 4 && input.orderType !== "D") return refuse("CP-05", { orderType: "D" });
  if (c.orderTypes && !c.orderTypes.includes(input.orderType)) {
    return refuse("CP-05", { orderType: c.orderTypes.join(",") });
  }
  return null;
}

/** When, at the order time in the outlet's zone: CP-13, CP-17, CP-18, CP-19, CP-20, CP-04. */
function whenProblem(coupon: Coupon, input: CouponCheckInput, at: Date): CouponRefusal | null {
  const c = coupon.conditions;
  const zone = input.outlet.timeZone;
  const before = c.validFrom !== undefined && at.getTime() < instant(c.validFrom).getTime();
  const after = c.validUntil !== undefined && at.getTime() >= instant(c.validUntil).getTime();
  if (before || after) return refuse("CP-13", { from: localStamp(c.validFrom, zone), until: localStamp(c.validUntil, zone) });
  if (c.futureOnly && (input.orderTime === null || input.orderTime.getTime() <= input.now.getTime())) return refuse("CP-17");
  if (c.weekdays && !c.weekdays.includes(wallClock(at, zone).weekday)) return refuse("CP-18", { days: c.weekdays.join(",") });
  const lunch = input.lunch ?? LUNCH_WINDOW;
  if (c.hutDayOnly) {
    const problem = availabilityProblem({ ...noSelling, hutDay: HUT_DAY }, at, zone, lunch);
    if (problem?.code === "ITEM-02") return refuse("CP-19", { weekday: problem.weekday });
  }
  if (c.lunchOnly) {
    const problem = availabilityProblem({ ...noSelling, lunchOnly: true }, at, zone, lunch);
    if (problem?.code === "ITEM-03") return refuse("CP-20", { start: problem.start, end: problem.end });
  }
  if (!input.outlet.openAtOrderTime) return refuse("CP-04");
  return null;
}

/**
 * Refusals that only say the cart is not there yet (too little in it, the promotion's products not in it yet, nothing
 * for the coupon to take off): a coupon waiting for the cart (app/web/cart.server.ts, `pendingCoupon`) waits on.
 */
export const CART_NOT_READY: ReadonlySet<string> = new Set<CpCode>(["CP-02", "CP-03", "CP-11", "CP-16", "CP-25"]);

/** The cart: CP-02, CP-03, CP-11, CP-16. */
function cartProblem(coupon: Coupon, input: CouponCheckInput, goodsCents: number): CouponRefusal | null {
  const c = coupon.conditions;
  const own = input.lines.filter((line) => line.couponCode === null);
  if (c.minAmountCents !== undefined && goodsCents < c.minAmountCents) return refuse("CP-02", { amount: c.minAmountCents });
  // Products bought: a courtesy item at $0 (the sauces) is not one, or two free sauces and a coupon's drink made a
  // free order (coupon review, 2026-11-29).
  const items = own.reduce((sum, line) => (line.totalCents > 0 ? sum + line.quantity : sum), 0);
  if (c.minItems !== undefined && items < c.minItems) return refuse("CP-03", { count: c.minItems });
  if (c.menuItems && c.menuItems.length > 0) {
    const wanted = new Set(c.menuItems);
    const matching = own.filter((line) => wanted.has(line.productUuid));
    if (matching.length === 0) return refuse("CP-11");
    const quantity = matching.reduce((sum, line) => sum + line.quantity, 0);
    if (c.menuItemsQuantity !== undefined && quantity < c.menuItemsQuantity) return refuse("CP-16", { quantity: c.menuItemsQuantity });
  }
  return null;
}

/** The payment, once chosen: CP-14 cash only, CP-15 card only. */
function paymentProblem(coupon: Coupon, input: CouponCheckInput): CouponRefusal | null {
  const wanted = coupon.conditions.payment;
  if (!wanted || input.payment === null || input.payment === wanted) return null;
  return refuse(wanted === "cash" ? "CP-14" : "CP-15");
}

/** What the coupon does, or CP-24 (its item or combo is not sold then) or CP-25 (it is worth nothing here). */
function effectOf(coupon: Coupon, input: CouponCheckInput, at: Date, goodsCents: number): CouponCheck {
  const none: CouponEffect = { discountCents: 0, deliveryFeeWaived: false, freeItem: null, combo: null };
  const benefit = coupon.benefit;
  const discount = (cents: number): CouponCheck => (cents > 0 ? { ok: true, effect: { ...none, discountCents: cents } } : refuse("CP-25"));
  switch (benefit.type) {
    case 1:
    case 6: {
      const rules = input.benefitRules ?? null;
      if (rules === null) return refuse("CP-24");
      const problem = availabilityProblem(rules, at, input.outlet.timeZone, input.lunch ?? LUNCH_WINDOW);
      if (problem) {
        const { code, ...details } = problem;
        return refuse("CP-24", { reason: code, ...details });
      }
      return benefit.type === 1
        ? { ok: true, effect: { ...none, freeItem: { productUuid: benefit.productUuid, secondLayerId: benefit.secondLayerId, quantity: benefit.quantity } } }
        : { ok: true, effect: { ...none, combo: { comboUuid: benefit.comboUuid, priceCents: benefit.priceCents } } };
    }
    case 2:
    case 5:
      return discount(Math.min(benefit.amountCents, goodsCents));
    case 3: {
      // goods × basis points / 10,000, half up on integer centavos; then the cap; never more than the goods.
      const raw = divideRoundHalfUp(goodsCents * benefit.percentBasisPoints, 10_000);
      return discount(Math.min(raw, benefit.maxCents ?? raw, goodsCents));
    }
    case 4: {
      // As cartTotals: a fee is charged only on a cart with goods.
      const fee = input.lines.some((line) => line.totalCents > 0) ? input.deliveryFeeCents : 0;
      return fee > 0 ? { ok: true, effect: { ...none, deliveryFeeWaived: true } } : refuse("CP-25");
    }
  }
}

/**
 * Whether `coupon` (null: no coupon has the typed code) applies to the cart and order in `input`, and what it
 * does; else the first refusal in the order of the module's comment, with its data.
 */
export function checkCoupon(coupon: Coupon | null | undefined, input: CouponCheckInput): CouponCheck {
  if (!coupon?.active) return refuse("CP-12");
  const c = coupon.conditions;
  if (c.generationLimit !== undefined && input.uses.total >= c.generationLimit) return refuse("CP-21");
  const clash = input.applied.find((other) => clashes(other, coupon));
  if (clash) return refuse("CP-01", { code: clash.code });
  const at = sellingInstant(input.orderTime ?? null, input.now);
  const goodsCents = couponGoodsCents(input.lines);
  return (
    whoProblem(coupon, input) ??
    whereProblem(coupon, input) ??
    whenProblem(coupon, input, at) ??
    cartProblem(coupon, input, goodsCents) ??
    paymentProblem(coupon, input) ??
    effectOf(coupon, input, at, goodsCents)
  );
}
