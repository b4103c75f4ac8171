import { constants } from "../constants";

/**
 * Half-and-half pizzas (spec section 3: sets normal 0, lunch 1, both 2; constants half-and-half 50, lunch 40).
 *
 * Price rule (the spec leaves it open): the dearer of the two halves at the chosen size, plus the half-and-half
 * constant ($50.00, or $40.00 for the lunch half-and-half), plus the crust surcharge of the chosen crust. Two
 * classic halves of a large pizza: $229.00 + $50.00 = $279.00; with a speciality half the speciality's price
 * counts. Halves keep their own recipes (no topping changes on halves).
 */
export type HalfKind = "normal" | "lunch";

export interface HalfCandidate {
  productId: number;
  /** 0 normal, 1 lunch, 2 both; null: not offered as a half */
  halfSet: number | null;
  /** the pizza's price per size sku ("M", "L", "F") */
  sizePrices: Record<string, number>;
}

export type HalfProblem = { code: "HALF-PAIR" };

/** The kind of a half-and-half product: the lunch one (a lunch-only product) or the normal one. */
export function halfKindOf(lunchOnly: boolean): HalfKind {
  return lunchOnly ? "lunch" : "normal";
}

/** The sets (spec section 3: normal 0, lunch 1, both 2) a half-and-half of this kind takes its halves from. */
export function halfSetsOf(kind: HalfKind): readonly number[] {
  return kind === "lunch" ? [1, 2] : [0, 2];
}

/** Whether a pizza of this set can be a half of a half-and-half of this kind. */
export function acceptsHalf(kind: HalfKind, halfSet: number | null): boolean {
  return halfSet !== null && halfSetsOf(kind).includes(halfSet);
}

/** A valid pair: two different pizzas, both from the kind's set, both offered in the chosen size. */
export function halfPairProblem(kind: HalfKind, a: HalfCandidate | undefined, b: HalfCandidate | undefined, sizeSku: string): HalfProblem | null {
  if (!a || !b || a.productId === b.productId) return { code: "HALF-PAIR" };
  for (const half of [a, b]) {
    if (!acceptsHalf(kind, half.halfSet) || half.sizePrices[sizeSku] === undefined) return { code: "HALF-PAIR" };
  }
  return null;
}

export function halfAndHalfConstantCents(kind: HalfKind): number {
  return kind === "lunch" ? constants.halfAndHalfLunchCents : constants.halfAndHalfCents;
}

/** The unit price of a valid pair (check it with halfPairProblem first). */
export function halfAndHalfCents(kind: HalfKind, a: HalfCandidate, b: HalfCandidate, sizeSku: string, crustCents: number): number {
  const dearer = Math.max(a.sizePrices[sizeSku] ?? 0, b.sizePrices[sizeSku] ?? 0);
  return dearer + halfAndHalfConstantCents(kind) + crustCents;
}
