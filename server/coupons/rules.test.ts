import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { cartTotals } from "../cart/pricing";
import { CP_CODES, checkCoupon, combineCoupons, combinedEffect, couponGoodsCents, type CouponCheckInput, type CouponLine } from "./rules";
import type { Coupon, CouponBenefit, CouponConditions, CouponGroup } from "./types";

/**
 * Every instant is worked by hand as a UTC ISO string, with the local time beside it.
 * America/Mexico_City: UTC-6 all year. 2026-11-23 is a Monday, 2026-11-24 a Tuesday (the hut day).
 * The passing input orders ASAP on Tuesday 2026-11-24 at 13:00 local: hut day and lunch time both hold.
 */
const MX = "America/Mexico_City";
const NOW = new Date("2026-11-24T19:00:00Z"); // Tuesday 13:00
const MONDAY_LUNCH = new Date("2026-11-23T19:00:00Z"); // Monday 13:00
const TUESDAY_EVENING = new Date("2026-11-25T00:00:00Z"); // Tuesday 18:00

const pizza: CouponLine = { productUuid: "p-pizza", quantity: 2, totalCents: 30_001, couponCode: null };

function coupon(conditions: CouponConditions = {}, benefit: CouponBenefit = { type: 3, percentBasisPoints: 1_000, maxCents: null }, group?: CouponGroup): Coupon {
  const groups: Record<CouponBenefit["type"], CouponGroup> = { 1: "freeGift", 2: "discount", 3: "discount", 4: "promotion", 5: "circleDiscount", 6: "promotion" };
  return {
    id: 1,
    code: "PIZZA10",
    name: { es: "Pizza 10", en: "Pizza 10", ar: "Pizza 10" },
    type: benefit.type <= 4 ? (benefit.type as Coupon["type"]) : 2,
    group: group ?? groups[benefit.type],
    benefit,
    conditions,
    active: true,
  };
}

function input(changes: Partial<CouponCheckInput> = {}): CouponCheckInput {
  return {
    lines: [pizza],
    deliveryFeeCents: 3_900,
    orderType: "D",
    outlet: { code: "MX001", timeZone: MX, openAtOrderTime: true },
    orderTime: null,
    now: NOW,
    channel: "web",
    customer: { id: 7, hasLoyaltyCard: true, emailConfirmed: true },
    payment: null,
    uses: { byCustomer: 0, total: 0 },
    applied: [],
    ...changes,
  };
}

const refusal = (c: Coupon | null, i: CouponCheckInput) => {
  const result = checkCoupon(c, i);
  return result.ok ? { ok: true } : { code: result.code, data: result.data };
};
const applies = (c: Coupon, i: CouponCheckInput = input()) => expect(checkCoupon(c, i).ok).toBe(true);
const discountOf = (c: Coupon, i: CouponCheckInput = input()) => {
  const result = checkCoupon(c, i);
  if (!result.ok) throw new Error(`refused with ${result.code}`);
  return result.effect;
};

const freeDelivery: CouponBenefit = { type: 4 };
const circle: CouponBenefit = { type: 5, amountCents: 5_000 };
const freeWings: CouponBenefit = { type: 1, productUuid: "p-wings", secondLayerId: null, quantity: 1 };
const deal: CouponBenefit = { type: 6, comboUuid: "c-duo", priceCents: 19_900 };
const lunchOnly = { lunchOnly: true, hutDay: null, sellingStart: null, sellingEnd: null };

describe("checkCoupon: the passing case", () => {
  it("a 10 % coupon without conditions applies to the passing input: 10 % of 300.01 is 30.00", () => {
    expect(checkCoupon(coupon(), input())).toEqual({
      ok: true,
      effect: { discountCents: 3_000, deliveryFeeWaived: false, freeItem: null, combo: null },
    });
  });
});

describe("checkCoupon: one test per CP code (the passing input, with exactly that condition broken)", () => {
  it("CP-01: the same coupon, or another of its group, or a second discount is already applied", () => {
    expect(refusal(coupon(), input({ applied: [coupon()] }))).toEqual({ code: "CP-01", data: { code: "PIZZA10" } });
    expect(refusal(coupon(), input({ applied: [{ ...coupon(), code: "pizza10 " }] }))).toEqual({ code: "CP-01", data: { code: "pizza10 " } });
    const otherDiscount = { ...coupon({}, { type: 2, amountCents: 1_000 }), code: "MENOS10" };
    expect(refusal(coupon(), input({ applied: [otherDiscount] }))).toEqual({ code: "CP-01", data: { code: "MENOS10" } });
    const circleCoupon = { ...coupon({}, circle), code: "CIRCULO" };
    expect(refusal(coupon(), input({ applied: [circleCoupon] }))).toEqual({ code: "CP-01", data: { code: "CIRCULO" } });
    applies(coupon(), input({ applied: [{ ...coupon({}, freeDelivery), code: "ENVIO" }] }));
  });

  it("CP-02: the goods are under the minimum amount (a coupon's own lines do not count)", () => {
    expect(refusal(coupon({ minAmountCents: 30_002 }), input())).toEqual({ code: "CP-02", data: { amount: 30_002 } });
    const gift: CouponLine = { productUuid: "p-wings", quantity: 1, totalCents: 5_000, couponCode: "ALITAS" };
    expect(refusal(coupon({ minAmountCents: 30_002 }), input({ lines: [pizza, gift] }))).toEqual({ code: "CP-02", data: { amount: 30_002 } });
    applies(coupon({ minAmountCents: 30_001 }));
  });

  it("CP-03: fewer items than the minimum count (quantities summed); courtesy items at $0 are not counted", () => {
    expect(refusal(coupon({ minItems: 3 }), input())).toEqual({ code: "CP-03", data: { count: 3 } });
    applies(coupon({ minItems: 2 }));
    const sauces: CouponLine = { productUuid: "p-salsas", quantity: 2, totalCents: 0, couponCode: null };
    const drink: CouponLine = { productUuid: "p-refresco", quantity: 1, totalCents: 3_900, couponCode: null };
    expect(refusal(coupon({ minItems: 2 }), input({ lines: [drink, sauces] }))).toEqual({ code: "CP-03", data: { count: 2 } });
  });

  it("CP-04: the outlet is not open at the order time", () => {
    expect(refusal(coupon(), input({ outlet: { code: "MX001", timeZone: MX, openAtOrderTime: false } }))).toEqual({ code: "CP-04", data: {} });
  });

  it("CP-05: another order type (and free delivery on a carry-out order)", () => {
    expect(refusal(coupon({ orderTypes: ["C"] }), input())).toEqual({ code: "CP-05", data: { orderType: "C" } });
    applies(coupon({ orderTypes: ["C"] }), input({ orderType: "C" }));
    expect(refusal(coupon({}, freeDelivery), input({ orderType: "C" }))).toEqual({ code: "CP-05", data: { orderType: "D" } });
  });

  it("CP-06: another sales channel", () => {
    expect(refusal(coupon({ channels: ["app", "phone"] }), input())).toEqual({ code: "CP-06", data: { channel: "web" } });
    applies(coupon({ channels: ["app", "web"] }));
  });

  it("CP-07: login needed (flagged, or implied by a customer, a per-customer limit or a circle discount)", () => {
    const guest = input({ customer: null, uses: { byCustomer: 0, total: 0 } });
    expect(refusal(coupon({ loginRequired: true }), guest)).toEqual({ code: "CP-07", data: {} });
    expect(refusal(coupon({ customerId: 7 }), guest)).toEqual({ code: "CP-07", data: {} });
    expect(refusal(coupon({ usesPerCustomer: 3 }), guest)).toEqual({ code: "CP-07", data: {} });
    expect(refusal(coupon({}, circle), guest)).toEqual({ code: "CP-07", data: {} });
    applies(coupon(), guest);
    applies(coupon({ loginRequired: true }));
  });

  it("CP-08: a coupon for another customer", () => {
    expect(refusal(coupon({ customerId: 8 }), input())).toEqual({ code: "CP-08", data: {} });
    applies(coupon({ customerId: 7 }));
  });

  it("CP-09: another outlet", () => {
    expect(refusal(coupon({ outletCodes: ["MX002"] }), input())).toEqual({ code: "CP-09", data: { outlet: "MX001" } });
    applies(coupon({ outletCodes: ["MX002", "MX001"] }));
  });

  it("CP-10: the customer has spent the uses per customer", () => {
    expect(refusal(coupon({ usesPerCustomer: 2 }), input({ uses: { byCustomer: 2, total: 2 } }))).toEqual({ code: "CP-10", data: { uses: 2 } });
    applies(coupon({ usesPerCustomer: 2 }), input({ uses: { byCustomer: 1, total: 40 } }));
  });

  it("CP-11: the cart lacks the coupon's menu items", () => {
    expect(refusal(coupon({ menuItems: ["p-wings", "p-bread"] }), input())).toEqual({ code: "CP-11", data: {} });
    const broughtByCoupon: CouponLine = { productUuid: "p-wings", quantity: 1, totalCents: 0, couponCode: "ALITAS" };
    expect(refusal(coupon({ menuItems: ["p-wings"] }), input({ lines: [pizza, broughtByCoupon] }))).toEqual({ code: "CP-11", data: {} });
    applies(coupon({ menuItems: ["p-wings", "p-pizza"] }));
  });

  it("CP-12: no coupon has the code, or it is inactive", () => {
    expect(refusal(null, input())).toEqual({ code: "CP-12", data: {} });
    expect(refusal({ ...coupon(), active: false }, input())).toEqual({ code: "CP-12", data: {} });
  });

  it("CP-13: the order time is outside the validity window [from, until), given in the outlet's zone", () => {
    // from Wednesday 00:00 local: the ASAP order on Tuesday 13:00 is before it
    expect(refusal(coupon({ validFrom: "2026-11-25T06:00:00Z" }), input())).toEqual({ code: "CP-13", data: { from: "2026-11-25 00:00", until: "" } });
    // until Tuesday 13:00 local, exactly the order time: the end is outside
    const until = coupon({ validFrom: "2026-11-01T06:00:00Z", validUntil: "2026-11-24T19:00:00Z" });
    expect(refusal(until, input())).toEqual({ code: "CP-13", data: { from: "2026-11-01 00:00", until: "2026-11-24 13:00" } });
    // a scheduled order is judged at its slot, not now
    expect(refusal(until, input({ orderTime: new Date("2026-11-24T18:59:59Z") }))).toEqual({ ok: true });
    applies(coupon({ validFrom: "2026-11-24T19:00:00Z", validUntil: "2026-11-24T19:00:01Z" }));
  });

  it("CP-14: a cash-only coupon with card payment chosen (not checked before a payment is chosen)", () => {
    expect(refusal(coupon({ payment: "cash" }), input({ payment: "card" }))).toEqual({ code: "CP-14", data: {} });
    applies(coupon({ payment: "cash" }), input({ payment: null }));
    applies(coupon({ payment: "cash" }), input({ payment: "cash" }));
  });

  it("CP-15: a card-only coupon with cash chosen", () => {
    expect(refusal(coupon({ payment: "card" }), input({ payment: "cash" }))).toEqual({ code: "CP-15", data: {} });
    applies(coupon({ payment: "card" }), input({ payment: "card" }));
  });

  it("CP-16: the menu items are there, but fewer than the quantity needed", () => {
    const wings: CouponLine = { productUuid: "p-wings", quantity: 1, totalCents: 9_900, couponCode: null };
    const conditions = { menuItems: ["p-pizza", "p-wings"], menuItemsQuantity: 4 };
    expect(refusal(coupon(conditions), input({ lines: [pizza, wings] }))).toEqual({ code: "CP-16", data: { quantity: 4 } });
    applies(coupon(conditions), input({ lines: [pizza, { ...wings, quantity: 2 }] }));
  });

  it("CP-17: future (scheduled) orders only: ASAP, or a slot not after now, is refused", () => {
    expect(refusal(coupon({ futureOnly: true }), input())).toEqual({ code: "CP-17", data: {} });
    expect(refusal(coupon({ futureOnly: true }), input({ orderTime: NOW }))).toEqual({ code: "CP-17", data: {} });
    applies(coupon({ futureOnly: true }), input({ orderTime: new Date("2026-11-24T20:00:00Z") }));
  });

  it("CP-18: weekdays only, by the order time's weekday in the outlet's zone", () => {
    expect(refusal(coupon({ weekdays: [1, 3] }), input())).toEqual({ code: "CP-18", data: { days: "1,3" } });
    applies(coupon({ weekdays: [1, 3] }), input({ orderTime: MONDAY_LUNCH, now: new Date("2026-11-23T18:00:00Z") }));
    // Monday 23:30 in Mexico City is already Tuesday in UTC: the outlet's zone decides
    expect(refusal(coupon({ weekdays: [1] }), input({ orderTime: new Date("2026-11-24T05:30:00Z"), now: new Date("2026-11-24T05:00:00Z") }))).toEqual({ ok: true });
  });

  it("CP-19: hut day (Tuesday) only", () => {
    const monday = input({ orderTime: MONDAY_LUNCH, now: new Date("2026-11-23T18:00:00Z") });
    expect(refusal(coupon({ hutDayOnly: true }), monday)).toEqual({ code: "CP-19", data: { weekday: 2 } });
    applies(coupon({ hutDayOnly: true }));
  });

  it("CP-20: lunch time only (12:00 to 17:00 local)", () => {
    const evening = input({ orderTime: TUESDAY_EVENING });
    expect(refusal(coupon({ lunchOnly: true }), evening)).toEqual({ code: "CP-20", data: { start: "12:00", end: "17:00" } });
    applies(coupon({ lunchOnly: true }));
  });

  it("CP-21: the generation (total use) limit is reached", () => {
    expect(refusal(coupon({ generationLimit: 10 }), input({ uses: { byCustomer: 0, total: 10 } }))).toEqual({ code: "CP-21", data: {} });
    applies(coupon({ generationLimit: 10 }), input({ uses: { byCustomer: 0, total: 9 } }));
  });

  it("CP-22: a circle discount needs a loyalty card", () => {
    const noCard = input({ customer: { id: 7, hasLoyaltyCard: false, emailConfirmed: true } });
    expect(refusal(coupon({}, circle), noCard)).toEqual({ code: "CP-22", data: {} });
    applies(coupon(), noCard);
    expect(discountOf(coupon({}, circle)).discountCents).toBe(5_000);
  });

  it("CP-08: a coupon for the accounts that hold it (a game's prize) refuses a customer who does not", () => {
    const holder = input({ customer: { id: 7, hasLoyaltyCard: false, emailConfirmed: true, holdsCoupon: true } });
    const other = input({ customer: { id: 8, hasLoyaltyCard: false, emailConfirmed: true, holdsCoupon: false } });
    expect(refusal(coupon({ attachedOnly: true }), other)).toEqual({ code: "CP-08", data: {} });
    expect(refusal(coupon({ attachedOnly: true }), input({ customer: null }))).toEqual({ code: "CP-07", data: {} });
    expect(refusal(coupon({ attachedOnly: true }), input({ customer: { id: 7, hasLoyaltyCard: false, emailConfirmed: false, holdsCoupon: true } }))).toEqual({ code: "CP-23", data: {} });
    applies(coupon({ attachedOnly: true }), holder);
  });

  it("CP-23: a coupon attached to the account needs the email confirmed", () => {
    const unconfirmed = input({ customer: { id: 7, hasLoyaltyCard: true, emailConfirmed: false } });
    expect(refusal(coupon({ customerId: 7 }), unconfirmed)).toEqual({ code: "CP-23", data: {} });
    applies(coupon(), unconfirmed);
  });

  it("CP-24: the free item or the deal's combo is not sold at the order time (or no longer at all)", () => {
    expect(refusal(coupon({}, freeWings), input({ benefitRules: null }))).toEqual({ code: "CP-24", data: {} });
    expect(refusal(coupon({}, deal), input())).toEqual({ code: "CP-24", data: {} });
    expect(refusal(coupon({}, freeWings), input({ benefitRules: lunchOnly, orderTime: TUESDAY_EVENING }))).toEqual({
      code: "CP-24",
      data: { reason: "ITEM-03", start: "12:00", end: "17:00" },
    });
    expect(discountOf(coupon({}, freeWings), input({ benefitRules: lunchOnly }))).toEqual({
      discountCents: 0,
      deliveryFeeWaived: false,
      freeItem: { productUuid: "p-wings", secondLayerId: null, quantity: 1 },
      combo: null,
    });
    expect(discountOf(coupon({}, deal), input({ benefitRules: lunchOnly })).combo).toEqual({ comboUuid: "c-duo", priceCents: 19_900 });
  });

  it("CP-25: the coupon is worth nothing on this cart (a discount that rounds to 0, free delivery without a fee)", () => {
    const tiny: CouponLine = { productUuid: "p-dip", quantity: 1, totalCents: 4, couponCode: null };
    expect(refusal(coupon(), input({ lines: [tiny] }))).toEqual({ code: "CP-25", data: {} }); // 0.4 -> 0
    expect(refusal(coupon({}, { type: 2, amountCents: 1_000 }), input({ lines: [] }))).toEqual({ code: "CP-25", data: {} });
    expect(refusal(coupon({}, freeDelivery), input({ deliveryFeeCents: 0 }))).toEqual({ code: "CP-25", data: {} });
    expect(refusal(coupon({}, freeDelivery), input({ lines: [] }))).toEqual({ code: "CP-25", data: {} });
    applies(coupon(), input({ lines: [{ ...tiny, totalCents: 5 }] })); // 0.5 -> 1
  });

  it("the table has 25 codes, each with its test above", () => {
    const source = readFileSync(fileURLToPath(import.meta.url), "utf8");
    expect(CP_CODES).toHaveLength(25);
    expect(CP_CODES.filter((code) => !source.includes(`it("${code}: `))).toEqual([]);
  });
});

describe("checkCoupon: the order of the checks", () => {
  it("not found first, then the coupon's limits, then who, where, when, the cart, the payment and the benefit", () => {
    const everything = coupon({
      generationLimit: 1,
      loginRequired: true,
      channels: ["app"],
      weekdays: [0],
      minAmountCents: 1_000_000,
      payment: "card",
    });
    const bad = input({ customer: null, uses: { byCustomer: 0, total: 1 }, payment: "cash" });
    const codes: string[] = [];
    let current = everything;
    let currentInput = bad;
    codes.push(refusal({ ...current, active: false }, currentInput).code as string);
    for (const fix of [
      () => (currentInput = { ...currentInput, uses: { byCustomer: 0, total: 0 } }),
      () => (currentInput = { ...currentInput, customer: { id: 7, hasLoyaltyCard: true, emailConfirmed: true } }),
      () => (currentInput = { ...currentInput, channel: "app" }),
      () => (current = { ...current, conditions: { ...current.conditions, weekdays: [2] } }),
      () => (current = { ...current, conditions: { ...current.conditions, minAmountCents: 100 } }),
      () => (currentInput = { ...currentInput, payment: "card" }),
    ]) {
      codes.push(refusal(current, currentInput).code as string);
      fix();
    }
    expect(codes).toEqual(["CP-12", "CP-21", "CP-07", "CP-06", "CP-18", "CP-02", "CP-15"]);
    applies(current, currentInput);
  });
});

describe("checkCoupon: what a coupon takes off", () => {
  it("percent rounds half up on integer centavos: 10 % of 300.05 is 30.01, of 300.04 is 30.00", () => {
    expect(discountOf(coupon(), input({ lines: [{ ...pizza, totalCents: 30_005 }] })).discountCents).toBe(3_001);
    expect(discountOf(coupon(), input({ lines: [{ ...pizza, totalCents: 30_004 }] })).discountCents).toBe(3_000);
    // 12.5 % of 0.99 = 0.12375 -> 0.12
    expect(discountOf(coupon({}, { type: 3, percentBasisPoints: 1_250, maxCents: null }), input({ lines: [{ ...pizza, totalCents: 99 }] })).discountCents).toBe(12);
  });

  it("percent is capped by its maximum", () => {
    const capped = coupon({}, { type: 3, percentBasisPoints: 1_500, maxCents: 2_000 });
    expect(discountOf(capped).discountCents).toBe(2_000); // 15 % of 300.01 = 45.00, capped at 20.00
    expect(discountOf(capped, input({ lines: [{ ...pizza, totalCents: 10_000 }] })).discountCents).toBe(1_500);
  });

  it("100 % takes off exactly the goods; the goods are the lines no coupon brought", () => {
    const all = coupon({}, { type: 3, percentBasisPoints: 10_000, maxCents: null });
    const combo: CouponLine = { productUuid: "c-duo", quantity: 1, totalCents: 19_900, couponCode: "DUO" };
    expect(discountOf(all, input({ lines: [pizza, combo] })).discountCents).toBe(30_001);
  });

  it("a fixed amount larger than the goods takes off the goods", () => {
    expect(discountOf(coupon({}, { type: 2, amountCents: 50_000 })).discountCents).toBe(30_001);
    expect(discountOf(coupon({}, { type: 2, amountCents: 5_000 })).discountCents).toBe(5_000);
    expect(discountOf(coupon({}, { type: 5, amountCents: 99_999 })).discountCents).toBe(30_001);
  });

  it("free delivery waives the fee on delivery orders and takes nothing off the goods", () => {
    expect(discountOf(coupon({}, freeDelivery))).toEqual({ discountCents: 0, deliveryFeeWaived: true, freeItem: null, combo: null });
  });
});

describe("combining coupons (at most one per group, at most one discount in all, the first applied wins)", () => {
  const percent = { ...coupon(), code: "PCT" };
  const unit = { ...coupon({}, { type: 2, amountCents: 1_000 }), code: "UNIT" };
  const circleCoupon = { ...coupon({}, circle), code: "CIRCLE" };
  const delivery = { ...coupon({}, freeDelivery), code: "SHIP" };
  const gift = { ...coupon({}, freeWings), code: "GIFT" };
  const dealCoupon = { ...coupon({}, deal), code: "DEAL" };

  it("free delivery and a free gift combine with one discount", () => {
    expect(combineCoupons([delivery, gift, percent])).toEqual({ kept: [delivery, gift, percent], refused: [] });
  });

  it("a second discount (another group too: circle) is refused with CP-01 naming the first", () => {
    expect(combineCoupons([percent, unit, circleCoupon]).refused.map((r) => [r.coupon.code, r.code, r.data.code])).toEqual([
      ["UNIT", "CP-01", "PCT"],
      ["CIRCLE", "CP-01", "PCT"],
    ]);
    expect(combineCoupons([circleCoupon, percent]).kept).toEqual([circleCoupon]);
  });

  it("two of one group do not combine: a deal and free delivery are both promotions", () => {
    expect(combineCoupons([dealCoupon, delivery])).toEqual({ kept: [dealCoupon], refused: [{ coupon: delivery, code: "CP-01", data: { code: "DEAL" } }] });
  });

  it("the combined discount never exceeds the goods", () => {
    const effect = (discountCents: number, deliveryFeeWaived = false) => ({ discountCents, deliveryFeeWaived, freeItem: null, combo: null });
    expect(combinedEffect([effect(20_000), effect(15_000), effect(0, true)], 30_001)).toEqual({ discountCents: 30_001, deliveryFeeWaived: true });
    expect(combinedEffect([], 30_001)).toEqual({ discountCents: 0, deliveryFeeWaived: false });
  });
});

describe("property: any cart and coupon", () => {
  const lineArb = fc.record({
    productUuid: fc.constantFrom("p-pizza", "p-wings", "p-dip"),
    quantity: fc.integer({ min: 1, max: 20 }),
    totalCents: fc.integer({ min: 0, max: 200_000 }),
    couponCode: fc.option(fc.constant("OTHER"), { freq: 4 }),
  });
  const benefitArb: fc.Arbitrary<CouponBenefit> = fc.oneof(
    fc.record({ type: fc.constant(2 as const), amountCents: fc.integer({ min: 0, max: 500_000 }) }),
    fc.record({
      type: fc.constant(3 as const),
      percentBasisPoints: fc.integer({ min: 0, max: 10_000 }),
      maxCents: fc.option(fc.integer({ min: 0, max: 100_000 })),
    }),
    fc.constant({ type: 4 as const }),
    fc.record({ type: fc.constant(5 as const), amountCents: fc.integer({ min: 0, max: 500_000 }) }),
  );

  it("the discount is an integer in [0, goods], and the total with it is never negative", () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 8 }),
        benefitArb,
        fc.constantFrom("D" as const, "C" as const),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, benefit, orderType, fee) => {
          const result = checkCoupon(coupon({}, benefit), input({ lines, orderType, deliveryFeeCents: fee }));
          if (!result.ok) return;
          const goods = couponGoodsCents(lines);
          const { discountCents, deliveryFeeWaived } = result.effect;
          expect(Number.isInteger(discountCents)).toBe(true);
          expect(discountCents).toBeGreaterThanOrEqual(0);
          expect(discountCents).toBeLessThanOrEqual(goods);
          if (deliveryFeeWaived) expect(orderType).toBe("D");
          const totals = cartTotals({
            lineTotalsCents: lines.map((l) => l.totalCents),
            orderType,
            deliveryFeeCents: deliveryFeeWaived ? 0 : fee,
            taxPercent: 16,
            discountCents,
          });
          expect(totals.discountCents).toBe(discountCents);
          expect(totals.totalCents).toBeGreaterThanOrEqual(0);
          expect(totals.taxCents).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});
