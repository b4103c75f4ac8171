import { cartLimitProblem, cartTotals, divideRoundHalfUp, includedTaxCents, lineTotalCents } from "./pricing";

describe("divideRoundHalfUp", () => {
  it.each([
    [5, 2, 3],
    [1, 2, 1],
    [4, 2, 2],
    [3, 2, 2],
    [7, 2, 4],
    [0, 7, 0],
    [1, 3, 0], // 0.333…
    [2, 3, 1], // 0.666…
    [10, 4, 3], // 2.5
    [9, 4, 2], // 2.25
    [11, 4, 3], // 2.75
    [15, 10, 2], // 1.5
    [14, 10, 1], // 1.4
    [25, 10, 3], // 2.5
    [1_000_000_005, 10, 100_000_001], // 100000000.5
  ])("%i / %i = %i", (numerator, denominator, expected) => {
    expect(divideRoundHalfUp(numerator, denominator)).toBe(expected);
  });

  it("stays exact on large integer products (no float rounding drift)", () => {
    // 199,999,999 × 600 / 10,600: 11,320,754.66… -> 11,320,755
    expect(divideRoundHalfUp(199_999_999 * 600, 10_600)).toBe(11_320_755);
  });

  it.each([
    [-1, 2],
    [-5, 2],
    [1.5, 2],
    [1, 2.5],
    [1, 0],
    [1, -2],
    [Number.NaN, 2],
    [1, Number.POSITIVE_INFINITY],
  ])("refuses %s / %s", (numerator, denominator) => {
    expect(() => divideRoundHalfUp(numerator, denominator)).toThrow(RangeError);
  });
});

describe("includedTaxCents (tax contained in a tax-inclusive amount)", () => {
  it("6 % of 10,600 is 600", () => {
    expect(includedTaxCents(10_600, 6)).toBe(600);
  });

  it.each([
    // amount, percent, tax: worked by hand as amount × rate / (100 + rate), half-up to the centavo
    [0, 6, 0],
    [1, 6, 0], // 0.0566…
    [9, 6, 1], // 0.509… -> 1
    [100, 6, 6], // 5.660… -> 6
    [5_300, 6, 300], // exactly 300
    [10_000, 6, 566], // 566.03…
    [26_800, 6, 1_517], // 1,516.98… -> 1,517
    [30_700, 6, 1_738], // 1,737.73… -> 1,738
    [200_000, 6, 11_321], // 11,320.75… -> 11,321
    [10_000, 0, 0],
    [10_000, 16, 1_379], // 1,379.31…
  ])("%i at %s %% contains %i", (amount, percent, tax) => {
    expect(includedTaxCents(amount, percent)).toBe(tax);
  });

  it("rounds an exact half centavo up", () => {
    // At 6 % no integer amount holds an exact half centavo of tax (a × 6 / 106 = n + ½ needs 6a = 53 × odd),
    // and neither does 8.25 % (a × 33 / 433); 20 % does: a × 20 / 120 = a / 6.
    expect(includedTaxCents(3, 20)).toBe(1); // 0.5 -> 1
    expect(includedTaxCents(9, 20)).toBe(2); // 1.5 -> 2
    expect(includedTaxCents(15, 20)).toBe(3); // 2.5 -> 3
    expect(includedTaxCents(2_103, 20)).toBe(351); // 350.5 -> 351
    expect(includedTaxCents(2_100, 20)).toBe(350); // exact
    // 100 %: half of the amount is tax.
    expect(includedTaxCents(1, 100)).toBe(1); // 0.5
    expect(includedTaxCents(5, 100)).toBe(3); // 2.5
  });

  it("at 6 %, amounts on either side of a half centavo", () => {
    expect(includedTaxCents(9, 6)).toBe(1); // 0.5094… -> 1
    expect(includedTaxCents(8, 6)).toBe(0); // 0.4528… -> 0
    expect(includedTaxCents(4_496, 6)).toBe(254); // 254.4905… -> 254
    expect(includedTaxCents(4_497, 6)).toBe(255); // 254.5471… -> 255
    expect(includedTaxCents(4_505, 6)).toBe(255); // exact
    expect(includedTaxCents(883, 6)).toBe(50); // 49.98… -> 50
  });

  it("a fractional rate (8.25 %) is computed in basis points, not floats", () => {
    expect(includedTaxCents(10_825, 8.25)).toBe(825); // exact
    expect(includedTaxCents(10_000, 8.25)).toBe(762); // 762.12…
    expect(includedTaxCents(1_000, 8.25)).toBe(76); // 76.21…
    // 4.35 × 100 is 434.99999999999994 in floating point and 16.1 × 100 is 1610.0000000000002: still 435 and
    // 1,610 basis points.
    expect(includedTaxCents(10_435, 4.35)).toBe(435);
    expect(includedTaxCents(11_610, 16.1)).toBe(1_610);
  });
});

describe("lineTotalCents", () => {
  it("multiplies unit price by quantity", () => {
    expect(lineTotalCents(18_900, 1)).toBe(18_900);
    expect(lineTotalCents(18_900, 3)).toBe(56_700);
    expect(lineTotalCents(0, 5)).toBe(0);
    expect(lineTotalCents(3_900, 99)).toBe(386_100);
  });

  it.each([
    [-1, 1],
    [10.5, 1],
    [100, 0],
    [100, -1],
    [100, 1.5],
  ])("refuses unit %s × quantity %s", (unit, quantity) => {
    expect(() => lineTotalCents(unit, quantity)).toThrow(RangeError);
  });
});

describe("cartTotals", () => {
  const base = { deliveryFeeCents: 3_900, taxPercent: 6 };

  it("adds the delivery fee for delivery ('D')", () => {
    const totals = cartTotals({ ...base, lineTotalsCents: [18_900, 3_900], orderType: "D" });
    expect(totals).toEqual({
      subtotalCents: 22_800,
      discountCents: 0,
      deliveryFeeCents: 3_900,
      taxPercent: 6,
      taxCents: includedTaxCents(26_700, 6),
      totalCents: 26_700,
    });
    expect(totals.taxCents).toBe(1_511); // 26,700 × 6 / 106 = 1,511.32…
  });

  it("charges no delivery fee for carry-out ('C') nor without an order type", () => {
    for (const orderType of ["C", null] as const) {
      const totals = cartTotals({ ...base, lineTotalsCents: [18_900, 3_900], orderType });
      expect(totals.deliveryFeeCents).toBe(0);
      expect(totals.totalCents).toBe(22_800);
      expect(totals.taxCents).toBe(includedTaxCents(22_800, 6)); // 1,290.56… -> 1,291
      expect(totals.taxCents).toBe(1_291);
    }
  });

  it("charges no delivery fee on an empty cart", () => {
    const totals = cartTotals({ ...base, lineTotalsCents: [], orderType: "D" });
    expect(totals).toMatchObject({ subtotalCents: 0, deliveryFeeCents: 0, taxCents: 0, totalCents: 0 });
  });

  it("total = subtotal - discount + fee, and the tax is the part of that total that is tax", () => {
    const totals = cartTotals({ ...base, lineTotalsCents: [20_000, 10_000], orderType: "D", discountCents: 5_000 });
    expect(totals.subtotalCents).toBe(30_000);
    expect(totals.discountCents).toBe(5_000);
    expect(totals.totalCents).toBe(30_000 - 5_000 + 3_900);
    expect(totals.taxCents).toBe(includedTaxCents(28_900, 6)); // 1,635.84… -> 1,636
    expect(totals.taxCents).toBe(1_636);
  });

  it("caps the discount at the subtotal (the fee is still owed)", () => {
    const totals = cartTotals({ ...base, lineTotalsCents: [3_000], orderType: "D", discountCents: 10_000 });
    expect(totals.discountCents).toBe(3_000);
    expect(totals.totalCents).toBe(3_900);
    expect(totals.taxCents).toBe(includedTaxCents(3_900, 6));
  });

  it("keeps the tax rate it was given", () => {
    const totals = cartTotals({ lineTotalsCents: [10_825], orderType: "C", deliveryFeeCents: 0, taxPercent: 8.25 });
    expect(totals.taxPercent).toBe(8.25);
    expect(totals.taxCents).toBe(825);
  });
});

describe("cartLimitProblem", () => {
  const limits = { minCartCents: 15_000, maxCartCents: 200_000 };

  it("an empty cart is CART-04 (either order type)", () => {
    expect(cartLimitProblem({ ...limits, subtotalCents: 0, orderType: "D" })).toEqual({ code: "CART-04" });
    expect(cartLimitProblem({ ...limits, subtotalCents: 0, orderType: "C" })).toEqual({ code: "CART-04" });
  });

  it("over the maximum is MAX-CART with the maximum", () => {
    expect(cartLimitProblem({ ...limits, subtotalCents: 200_001, orderType: "D" })).toEqual({
      code: "MAX-CART",
      maxCents: 200_000,
    });
    expect(cartLimitProblem({ ...limits, subtotalCents: 250_000, orderType: "C" })).toEqual({
      code: "MAX-CART",
      maxCents: 200_000,
    });
  });

  it("exactly at the maximum passes", () => {
    expect(cartLimitProblem({ ...limits, subtotalCents: 200_000, orderType: "D" })).toBeNull();
    expect(cartLimitProblem({ ...limits, subtotalCents: 200_000, orderType: "C" })).toBeNull();
  });

  it("below the minimum for delivery is CART-03 with the minimum", () => {
    expect(cartLimitProblem({ ...limits, subtotalCents: 14_999, orderType: "D" })).toEqual({
      code: "CART-03",
      minCents: 15_000,
    });
    expect(cartLimitProblem({ ...limits, subtotalCents: 1, orderType: "D" })).toEqual({ code: "CART-03", minCents: 15_000 });
  });

  it("the minimum does not apply to carry-out", () => {
    expect(cartLimitProblem({ ...limits, subtotalCents: 1, orderType: "C" })).toBeNull();
    expect(cartLimitProblem({ ...limits, subtotalCents: 14_999, orderType: "C" })).toBeNull();
  });

  it("exactly at the minimum passes", () => {
    expect(cartLimitProblem({ ...limits, subtotalCents: 15_000, orderType: "D" })).toBeNull();
  });

  it("a zero minimum lets any non-empty delivery cart pass", () => {
    expect(cartLimitProblem({ minCartCents: 0, maxCartCents: 200_000, subtotalCents: 1, orderType: "D" })).toBeNull();
  });
});
