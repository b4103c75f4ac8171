import { couponGives, couponTerms, namedProducts } from "./terms";
import type { Coupon, CouponBenefit, CouponConditions } from "./types";

const coupon = (benefit: CouponBenefit, conditions: CouponConditions = {}): Pick<Coupon, "benefit" | "conditions"> => ({ benefit, conditions });
const names = new Map([
  ["00000000-0000-4000-8000-000000000001", "Refresco 600 ml"],
  ["00000000-0000-4000-8000-000000000002", "Combo pareja"],
  ["00000000-0000-4000-8000-000000000003", "Pepperoni"],
]);
const [soda, combo, pepperoni] = [...names.keys()] as [string, string, string];

describe("a coupon in plain words", () => {
  it("what each type gives", () => {
    expect(couponGives(coupon({ type: 1, productUuid: soda, secondLayerId: null, quantity: 2 }), names)).toEqual({ kind: "item", name: "Refresco 600 ml", quantity: 2 });
    expect(couponGives(coupon({ type: 2, amountCents: 5_000 }), names)).toEqual({ kind: "amount", amountCents: 5_000 });
    expect(couponGives(coupon({ type: 3, percentBasisPoints: 1_250, maxCents: 10_000 }), names)).toEqual({ kind: "percent", percent: 12.5, maxCents: 10_000 });
    expect(couponGives(coupon({ type: 4 }), names)).toEqual({ kind: "freeDelivery" });
    expect(couponGives(coupon({ type: 5, amountCents: 3_000 }), names)).toEqual({ kind: "circle", amountCents: 3_000 });
    expect(couponGives(coupon({ type: 6, comboUuid: combo, priceCents: 29_900 }), names)).toEqual({ kind: "deal", name: "Combo pareja", priceCents: 29_900 });
  });

  it("the products whose names are needed: a free item, a deal's combo, the menu items", () => {
    const wanted = namedProducts([
      coupon({ type: 1, productUuid: soda, secondLayerId: null, quantity: 1 }),
      coupon({ type: 6, comboUuid: combo, priceCents: 1 }, { menuItems: [pepperoni, soda] }),
      coupon({ type: 4 }),
    ]);
    expect(wanted.sort()).toEqual([soda, combo, pepperoni].sort());
  });

  it("a coupon without conditions has no terms", () => {
    expect(couponTerms(coupon({ type: 2, amountCents: 100 }), names)).toEqual([]);
  });

  it("every condition a customer can act on, in order: who, what to buy, how, when", () => {
    const terms = couponTerms(
      coupon(
        { type: 2, amountCents: 100 },
        {
          loginRequired: true,
          usesPerCustomer: 1,
          minAmountCents: 30_000,
          minItems: 2,
          menuItems: [pepperoni],
          menuItemsQuantity: 2,
          orderTypes: ["C"],
          outletCodes: ["MX-ROM-01", "MX-POL-01"],
          payment: "cash",
          futureOnly: true,
          weekdays: [1, 2],
          hutDayOnly: true,
          lunchOnly: true,
          validFrom: "2026-11-01T06:00:00Z",
          validUntil: "2026-12-01T06:00:00Z",
          customerId: 7,
          channels: ["web"],
          generationLimit: 10,
        },
      ),
      names,
    );
    expect(terms).toEqual([
      { kind: "signedIn" },
      { kind: "usesPerCustomer", count: 1 },
      { kind: "minAmount", amountCents: 30_000 },
      { kind: "minItems", count: 2 },
      { kind: "menuItems", names: "Pepperoni", count: 2 },
      { kind: "orderType", orderType: "C" },
      { kind: "outlets", count: 2 },
      { kind: "payment", payment: "cash" },
      { kind: "futureOnly" },
      { kind: "weekdays", days: "1,2" },
      { kind: "hutDay" },
      { kind: "lunch", start: "12:00", end: "17:00" },
      { kind: "validFrom", at: "2026-11-01T06:00:00Z" },
      { kind: "validUntil", at: "2026-12-01T06:00:00Z" },
    ]);
  });

  it("implied terms: a circle discount needs an account and a loyalty card; free delivery is for delivery orders", () => {
    expect(couponTerms(coupon({ type: 5, amountCents: 100 }), names)).toEqual([{ kind: "signedIn" }, { kind: "loyaltyCard" }]);
    expect(couponTerms(coupon({ type: 4 }), names)).toEqual([{ kind: "orderType", orderType: "D" }]);
    // Both order types allowed is no condition at all.
    expect(couponTerms(coupon({ type: 2, amountCents: 1 }, { orderTypes: ["D", "C"] }), names)).toEqual([]);
  });
});
