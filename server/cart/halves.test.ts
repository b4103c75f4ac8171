import { acceptsHalf, halfAndHalfCents, halfPairProblem, type HalfCandidate } from "./halves";

const classic = (productId: number, halfSet: number | null = 2): HalfCandidate => ({
  productId,
  halfSet,
  sizePrices: { S: 12_900, M: 18_900, L: 22_900, F: 27_900 },
});
const speciality: HalfCandidate = { productId: 9, halfSet: 0, sizePrices: { M: 21_900, L: 25_900, F: 30_900 } };
const lunchOnly: HalfCandidate = { productId: 7, halfSet: 1, sizePrices: { M: 18_900 } };

describe("half-and-half sets", () => {
  it.each([
    ["normal", 0, true],
    ["normal", 1, false],
    ["normal", 2, true],
    ["lunch", 0, false],
    ["lunch", 1, true],
    ["lunch", 2, true],
    ["normal", null, false],
    ["lunch", null, false],
  ] as const)("%s half-and-half takes set %s: %s", (kind, set, expected) => {
    expect(acceptsHalf(kind, set)).toBe(expected);
  });
});

describe("halfPairProblem", () => {
  it("accepts two different pizzas of the set in the size", () => {
    expect(halfPairProblem("normal", classic(1), speciality, "L")).toBeNull();
    expect(halfPairProblem("lunch", classic(1), lunchOnly, "M")).toBeNull();
  });
  it("refuses the same pizza twice, a missing half, another set, or a size a half does not come in", () => {
    expect(halfPairProblem("normal", classic(1), classic(1), "L")).toEqual({ code: "HALF-PAIR" });
    expect(halfPairProblem("normal", classic(1), undefined, "L")).toEqual({ code: "HALF-PAIR" });
    expect(halfPairProblem("lunch", classic(1), speciality, "M")).toEqual({ code: "HALF-PAIR" });
    expect(halfPairProblem("normal", classic(1), lunchOnly, "M")).toEqual({ code: "HALF-PAIR" });
    expect(halfPairProblem("normal", classic(1), speciality, "S")).toEqual({ code: "HALF-PAIR" });
    expect(halfPairProblem("normal", classic(1), classic(2, null), "L")).toEqual({ code: "HALF-PAIR" });
  });
});

describe("halfAndHalfCents: the dearer half plus the constant plus the crust", () => {
  it("two classic large halves: 229.00 + 50.00", () => {
    expect(halfAndHalfCents("normal", classic(1), classic(2), "L", 0)).toBe(27_900);
  });
  it("a speciality half sets the price, whichever side it is on", () => {
    expect(halfAndHalfCents("normal", classic(1), speciality, "L", 0)).toBe(25_900 + 5_000);
    expect(halfAndHalfCents("normal", speciality, classic(1), "L", 0)).toBe(25_900 + 5_000);
  });
  it("a stuffed crust adds its surcharge; the lunch constant is 40.00", () => {
    expect(halfAndHalfCents("normal", classic(1), classic(2), "F", 5_500)).toBe(27_900 + 5_000 + 5_500);
    expect(halfAndHalfCents("lunch", classic(1), lunchOnly, "M", 0)).toBe(18_900 + 4_000);
  });
});

describe("the half-and-half sets (one rule for the choices and the check)", () => {
  it("a normal half-and-half takes sets 0 and 2, a lunch one sets 1 and 2", async () => {
    const { acceptsHalf, halfSetsOf } = await import("./halves");
    expect(halfSetsOf("normal")).toEqual([0, 2]);
    expect(halfSetsOf("lunch")).toEqual([1, 2]);
    expect([0, 1, 2, null].map((set) => acceptsHalf("normal", set))).toEqual([true, false, true, false]);
    expect([0, 1, 2, null].map((set) => acceptsHalf("lunch", set))).toEqual([false, true, true, false]);
  });
});
