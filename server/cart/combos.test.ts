import { comboPriceCents, comboProblem, type ComboSlot } from "./combos";
import { lineTotalCents } from "./pricing";

// A couple combo: a medium pizza (classics included, a speciality +$30.00, a veggie +$10.00), a side, two drinks.
const PEPPERONI = 1;
const HAWAIANA = 2;
const SUPREMA = 3;
const VEGGIE = 4;
const BREADSTICKS = 10;
const WEDGES = 11;
const COLA = 20;
const WATER = 21;
const slots: ComboSlot[] = [
  {
    id: 100,
    options: [
      { productId: PEPPERONI, surchargeCents: 0 },
      { productId: HAWAIANA, surchargeCents: 0 },
      { productId: SUPREMA, surchargeCents: 3_000 },
      { productId: VEGGIE, surchargeCents: 1_000 },
    ],
  },
  { id: 101, options: [{ productId: BREADSTICKS, surchargeCents: 0 }, { productId: WEDGES, surchargeCents: 0 }] },
  { id: 102, options: [{ productId: COLA, surchargeCents: 0 }, { productId: WATER, surchargeCents: 0 }] },
  { id: 103, options: [{ productId: COLA, surchargeCents: 0 }, { productId: WATER, surchargeCents: 0 }] },
];
const BASE = 27_900;
const choice = (pizza: number, side = BREADSTICKS, first = COLA, second = COLA) => [
  { slotId: 100, productId: pizza },
  { slotId: 101, productId: side },
  { slotId: 102, productId: first },
  { slotId: 103, productId: second },
];

describe("comboProblem", () => {
  it("accepts one offered product per slot, in any order, the same product in two slots included", () => {
    expect(comboProblem(slots, choice(PEPPERONI))).toBeNull();
    expect(comboProblem(slots, choice(SUPREMA, WEDGES, WATER, COLA).reverse())).toBeNull();
    expect(comboProblem(slots, choice(VEGGIE, BREADSTICKS, WATER, WATER))).toBeNull();
  });

  it("refuses a slot left out, naming the first missing slot", () => {
    expect(comboProblem(slots, choice(PEPPERONI).slice(0, 3))).toEqual({ code: "COMBO-CHOICE", reason: "missing", slotId: 103 });
    expect(comboProblem(slots, choice(PEPPERONI).slice(1))).toEqual({ code: "COMBO-CHOICE", reason: "missing", slotId: 100 });
    expect(comboProblem(slots, [])).toEqual({ code: "COMBO-CHOICE", reason: "missing", slotId: 100 });
  });

  it("refuses a slot chosen twice, even with the same product or with every other slot filled", () => {
    expect(comboProblem(slots, [...choice(PEPPERONI), { slotId: 100, productId: PEPPERONI }])).toMatchObject({ reason: "repeated", slotId: 100 });
    expect(comboProblem(slots, [...choice(PEPPERONI), { slotId: 102, productId: WATER }])).toMatchObject({ reason: "repeated", slotId: 102 });
    // Two choices for slot 102 and none for 103: still refused (not "each slot once" in disguise).
    const shifted = [...choice(PEPPERONI).slice(0, 3), { slotId: 102, productId: WATER }];
    expect(comboProblem(slots, shifted)).toMatchObject({ code: "COMBO-CHOICE", reason: "repeated" });
  });

  it("refuses a product the slot does not offer (another slot's, or a foreign one)", () => {
    expect(comboProblem(slots, choice(COLA))).toEqual({ code: "COMBO-CHOICE", reason: "not-offered", slotId: 100 });
    expect(comboProblem(slots, choice(PEPPERONI, SUPREMA))).toEqual({ code: "COMBO-CHOICE", reason: "not-offered", slotId: 101 });
    expect(comboProblem(slots, choice(999))).toMatchObject({ reason: "not-offered" });
    expect(comboProblem(slots, choice(0))).toMatchObject({ reason: "not-offered" });
  });

  it("refuses a slot of another combo", () => {
    expect(comboProblem(slots, [...choice(PEPPERONI), { slotId: 999, productId: PEPPERONI }])).toEqual({
      code: "COMBO-CHOICE",
      reason: "unknown-slot",
      slotId: 999,
    });
  });

  it("a combo without slots takes no choice at all", () => {
    expect(comboProblem([], [])).toBeNull();
    expect(comboProblem([], [{ slotId: 100, productId: PEPPERONI }])).toMatchObject({ reason: "unknown-slot" });
  });

  it("a slot with no option left cannot be satisfied", () => {
    const empty: ComboSlot[] = [{ id: 1, options: [] }];
    expect(comboProblem(empty, [])).toMatchObject({ reason: "missing", slotId: 1 });
    expect(comboProblem(empty, [{ slotId: 1, productId: PEPPERONI }])).toMatchObject({ reason: "not-offered", slotId: 1 });
  });
});

describe("comboPriceCents", () => {
  it("is the combo's price when every choice is included", () => {
    expect(comboPriceCents(BASE, slots, choice(PEPPERONI))).toBe(27_900);
    expect(comboPriceCents(BASE, slots, choice(HAWAIANA, WEDGES, WATER, WATER))).toBe(27_900);
  });

  it("adds the surcharge of each chosen option", () => {
    expect(comboPriceCents(BASE, slots, choice(SUPREMA))).toBe(27_900 + 3_000);
    expect(comboPriceCents(BASE, slots, choice(VEGGIE))).toBe(27_900 + 1_000);
    const twoPizzas: ComboSlot[] = [slots[0]!, { ...slots[0]!, id: 200 }];
    expect(
      comboPriceCents(52_900, twoPizzas, [
        { slotId: 100, productId: SUPREMA },
        { slotId: 200, productId: VEGGIE },
      ]),
    ).toBe(52_900 + 3_000 + 1_000);
  });

  it("multiplies by the quantity as any line does", () => {
    expect(lineTotalCents(comboPriceCents(BASE, slots, choice(SUPREMA)), 3)).toBe(3 * 30_900);
    expect(lineTotalCents(comboPriceCents(BASE, slots, choice(PEPPERONI)), 2)).toBe(55_800);
  });

  it("ignores a choice that matches no option (check with comboProblem first)", () => {
    expect(comboPriceCents(BASE, slots, choice(999))).toBe(BASE);
    expect(comboPriceCents(BASE, [], [])).toBe(BASE);
  });

  it("refuses a price or surcharge that is not integer centavos", () => {
    expect(() => comboPriceCents(279.5, slots, choice(PEPPERONI))).toThrow(RangeError);
    expect(() => comboPriceCents(-1, slots, choice(PEPPERONI))).toThrow(RangeError);
    const bad: ComboSlot[] = [{ id: 1, options: [{ productId: 1, surchargeCents: 0.5 }] }];
    expect(() => comboPriceCents(BASE, bad, [{ slotId: 1, productId: 1 }])).toThrow(RangeError);
  });
});
