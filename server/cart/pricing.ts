/**
 * Pure price rules. Money is integer centavos everywhere; nothing here rounds a float into a total.
 *
 * Menu prices include tax (Mexican consumer law requires shown prices to include it), so the tax line is the
 * part of the total that is tax, not an amount added on top: tax = total × rate / (100 + rate), rounded
 * half-up to the centavo. The delivery fee is a taxable service and counts in that total.
 */

export type OrderType = "D" | "C";

export interface Totals {
  subtotalCents: number;
  discountCents: number;
  deliveryFeeCents: number;
  taxPercent: number;
  taxCents: number;
  totalCents: number;
}

/** Integer division rounding half up (both operands non-negative integers). */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator) || denominator <= 0 || numerator < 0) {
    throw new RangeError("divideRoundHalfUp takes a non-negative integer and a positive integer");
  }
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The tax contained in a tax-inclusive amount. `percent` may have up to two decimals (e.g. 6 or 8.25). */
export function includedTaxCents(amountCents: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return divideRoundHalfUp(amountCents * basisPoints, 10_000 + basisPoints);
}

export function lineTotalCents(unitCents: number, quantity: number): number {
  if (!Number.isInteger(unitCents) || unitCents < 0) throw new RangeError("unit price must be integer centavos");
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError("quantity must be a positive integer");
  return unitCents * quantity;
}

export function cartTotals(input: {
  lineTotalsCents: number[];
  orderType: OrderType | null;
  deliveryFeeCents: number;
  taxPercent: number;
  discountCents?: number;
}): Totals {
  const subtotalCents = input.lineTotalsCents.reduce((sum, cents) => sum + cents, 0);
  const discountCents = Math.min(input.discountCents ?? 0, subtotalCents);
  const deliveryFeeCents = input.orderType === "D" && subtotalCents > 0 ? input.deliveryFeeCents : 0;
  const totalCents = subtotalCents - discountCents + deliveryFeeCents;
  return {
    subtotalCents,
    discountCents,
    deliveryFeeCents,
    taxPercent: input.taxPercent,
    taxCents: includedTaxCents(totalCents, input.taxPercent),
    totalCents,
  };
}

export type CartLimitProblem =
  | { code: "CART-04" }
  | { code: "CART-03"; minCents: number }
  | { code: "MAX-CART"; maxCents: number };

/**
 * Minimum (delivery only, on the goods, delivery fee excluded) and maximum cart checks.
 * Returns the first problem, or null when the cart may be checked out.
 */
export function cartLimitProblem(input: {
  subtotalCents: number;
  orderType: OrderType;
  minCartCents: number;
  maxCartCents: number;
}): CartLimitProblem | null {
  if (input.subtotalCents <= 0) return { code: "CART-04" };
  if (input.subtotalCents > input.maxCartCents) return { code: "MAX-CART", maxCents: input.maxCartCents };
  if (input.orderType === "D" && input.subtotalCents < input.minCartCents) {
    return { code: "CART-03", minCents: input.minCartCents };
  }
  return null;
}
