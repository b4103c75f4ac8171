import {
  DEFAULT_TOPPING_LIMITS,
  normaliseChoice,
  toppingControls,
  toppingProblem,
  toppingsPriceCents,
  type ProductTopping,
  type ToppingChoice,
  type ToppingLimits,
} from "./toppings";

// 0 both, 1 default, 2 extra
const CHEESE = 1; // both
const TOMATO = 2; // default
const ONION = 3; // default
const PEPPERONI = 10; // extra
const MUSHROOM = 11; // extra
const JALAPENO = 12; // extra
const UNKNOWN = 99;

const options: ProductTopping[] = [
  { toppingId: CHEESE, type: 0, priceCents: 1_500 },
  { toppingId: TOMATO, type: 1, priceCents: 0 },
  { toppingId: ONION, type: 1, priceCents: 800 },
  { toppingId: PEPPERONI, type: 2, priceCents: 2_000 },
  { toppingId: MUSHROOM, type: 2, priceCents: 1_200 },
  { toppingId: JALAPENO, type: 2, priceCents: 900 },
];

const spec: ToppingLimits = { maxExtras: 1, maxRemovals: 1, maxPerTopping: 1 };
const wide: ToppingLimits = { maxExtras: 3, maxRemovals: 2, maxPerTopping: 2 };

const choice = (removed: number[] = [], extras: Record<number, number> = {}): ToppingChoice => ({ removed, extras });

describe("DEFAULT_TOPPING_LIMITS", () => {
  it("are the spec's extra 1, removal 1, per topping 1", () => {
    expect(DEFAULT_TOPPING_LIMITS).toEqual(spec);
  });
});

describe("toppingProblem: what may be removed and added", () => {
  it("accepts no change at all", () => {
    expect(toppingProblem(options, choice(), spec)).toBeNull();
  });

  it.each([
    ["remove a default (type 1)", choice([TOMATO])],
    ["remove a both (type 0)", choice([CHEESE])],
    ["add an extra (type 2)", choice([], { [PEPPERONI]: 1 })],
    ["add a both as an extra, a double portion", choice([], { [CHEESE]: 1 })],
    ["remove one and add another", choice([ONION], { [MUSHROOM]: 1 })],
    ["remove a both and add an extra", choice([CHEESE], { [JALAPENO]: 1 })],
  ])("allows: %s", (_label, c) => {
    expect(toppingProblem(options, c, spec)).toBeNull();
  });

  it.each([
    ["remove a topping that is not on the product", choice([UNKNOWN]), UNKNOWN],
    ["remove an extra-only topping (type 2)", choice([PEPPERONI]), PEPPERONI],
    ["add a default-only topping (type 1)", choice([], { [TOMATO]: 1 }), TOMATO],
    ["add a topping that is not on the product", choice([], { [UNKNOWN]: 1 }), UNKNOWN],
    ["remove and add the same both topping", choice([CHEESE], { [CHEESE]: 1 }), CHEESE],
    ["remove and add the same default topping", choice([ONION], { [ONION]: 1 }), ONION],
    ["a negative count", choice([], { [PEPPERONI]: -1 }), PEPPERONI],
    ["a fractional count", choice([], { [PEPPERONI]: 0.5 }), PEPPERONI],
    ["a NaN count", choice([], { [PEPPERONI]: Number.NaN }), PEPPERONI],
    ["an infinite count", choice([], { [PEPPERONI]: Number.POSITIVE_INFINITY }), PEPPERONI],
    ["a fractional removed id", choice([1.5]), 1.5],
  ])("TOPPING-INVALID: %s", (_label, c, toppingId) => {
    expect(toppingProblem(options, c, wide)).toEqual({ code: "TOPPING-INVALID", toppingId });
  });

  it("ignores a zero count, even for a topping that could not be added", () => {
    expect(toppingProblem(options, choice([], { [UNKNOWN]: 0, [TOMATO]: 0 }), spec)).toBeNull();
    expect(toppingProblem(options, choice([CHEESE], { [CHEESE]: 0 }), spec)).toBeNull();
  });

  it("reports removals first (in the order given), then extras by ascending id", () => {
    expect(toppingProblem(options, choice([PEPPERONI, UNKNOWN], { [TOMATO]: 1 }), wide)).toEqual({
      code: "TOPPING-INVALID",
      toppingId: PEPPERONI,
    });
    expect(toppingProblem(options, choice([], { [UNKNOWN]: 1, [TOMATO]: 1 }), wide)).toEqual({
      code: "TOPPING-INVALID",
      toppingId: TOMATO,
    });
  });

  it("reports an invalid topping before any limit", () => {
    const c = choice([TOMATO, ONION, CHEESE], { [PEPPERONI]: 5, [UNKNOWN]: 1 });
    expect(toppingProblem(options, c, spec)).toEqual({ code: "TOPPING-INVALID", toppingId: UNKNOWN });
  });

  it("knows nothing of toppings when the product has none", () => {
    expect(toppingProblem([], choice(), spec)).toBeNull();
    expect(toppingProblem([], choice([TOMATO]), spec)).toEqual({ code: "TOPPING-INVALID", toppingId: TOMATO });
  });
});

describe("toppingProblem: limits", () => {
  describe("removals", () => {
    it("spec limit 1: one removal is fine, two are one over", () => {
      expect(toppingProblem(options, choice([TOMATO]), spec)).toBeNull();
      expect(toppingProblem(options, choice([TOMATO, ONION]), spec)).toEqual({ code: "TOPPING-REMOVAL-LIMIT", max: 1 });
    });

    it("limit 2: exactly two is fine, three are one over", () => {
      expect(toppingProblem(options, choice([TOMATO, ONION]), wide)).toBeNull();
      expect(toppingProblem(options, choice([TOMATO, ONION, CHEESE]), wide)).toEqual({
        code: "TOPPING-REMOVAL-LIMIT",
        max: 2,
      });
    });

    it("a topping listed twice is one removal", () => {
      expect(toppingProblem(options, choice([TOMATO, TOMATO]), spec)).toBeNull();
    });

    it("limit 0: no removal at all", () => {
      expect(toppingProblem(options, choice([TOMATO]), { ...spec, maxRemovals: 0 })).toEqual({
        code: "TOPPING-REMOVAL-LIMIT",
        max: 0,
      });
    });
  });

  describe("per topping", () => {
    it("spec limit 1: once is fine, twice is one over", () => {
      expect(toppingProblem(options, choice([], { [PEPPERONI]: 1 }), spec)).toBeNull();
      expect(toppingProblem(options, choice([], { [PEPPERONI]: 2 }), spec)).toEqual({
        code: "TOPPING-PER-LIMIT",
        max: 1,
        toppingId: PEPPERONI,
      });
    });

    it("limit 2: exactly twice is fine, three times is one over", () => {
      expect(toppingProblem(options, choice([], { [MUSHROOM]: 2 }), wide)).toBeNull();
      expect(toppingProblem(options, choice([], { [MUSHROOM]: 3 }), wide)).toEqual({
        code: "TOPPING-PER-LIMIT",
        max: 2,
        toppingId: MUSHROOM,
      });
    });

    it("applies to a both topping's double portion too", () => {
      expect(toppingProblem(options, choice([], { [CHEESE]: 3 }), wide)).toEqual({
        code: "TOPPING-PER-LIMIT",
        max: 2,
        toppingId: CHEESE,
      });
    });

    it("names the lowest offending id", () => {
      const c = choice([], { [JALAPENO]: 3, [MUSHROOM]: 3 });
      expect(toppingProblem(options, c, { ...wide, maxExtras: 10 })).toEqual({
        code: "TOPPING-PER-LIMIT",
        max: 2,
        toppingId: MUSHROOM,
      });
    });
  });

  describe("extras in total", () => {
    it("spec limit 1: one extra is fine, two different ones are one over", () => {
      expect(toppingProblem(options, choice([], { [MUSHROOM]: 1 }), spec)).toBeNull();
      expect(toppingProblem(options, choice([], { [PEPPERONI]: 1, [MUSHROOM]: 1 }), spec)).toEqual({
        code: "TOPPING-EXTRA-LIMIT",
        max: 1,
      });
    });

    it("limit 3: exactly three (counting repeats) is fine, four are one over", () => {
      expect(toppingProblem(options, choice([], { [PEPPERONI]: 2, [MUSHROOM]: 1 }), wide)).toBeNull();
      expect(toppingProblem(options, choice([], { [PEPPERONI]: 2, [MUSHROOM]: 1, [JALAPENO]: 1 }), wide)).toEqual({
        code: "TOPPING-EXTRA-LIMIT",
        max: 3,
      });
      expect(toppingProblem(options, choice([], { [CHEESE]: 1, [PEPPERONI]: 1, [MUSHROOM]: 1, [JALAPENO]: 1 }), wide)).toEqual({
        code: "TOPPING-EXTRA-LIMIT",
        max: 3,
      });
    });

    it("removals do not count as extras, and extras do not count as removals", () => {
      expect(toppingProblem(options, choice([TOMATO, ONION], { [PEPPERONI]: 2, [MUSHROOM]: 1 }), wide)).toBeNull();
    });

    it("limit 0: no extra at all", () => {
      expect(toppingProblem(options, choice([], { [PEPPERONI]: 1 }), { ...spec, maxExtras: 0 })).toEqual({
        code: "TOPPING-EXTRA-LIMIT",
        max: 0,
      });
    });
  });

  it("order when several limits are broken: removals, then per topping, then the extras total", () => {
    const all = choice([TOMATO, ONION], { [PEPPERONI]: 2, [MUSHROOM]: 1 });
    expect(toppingProblem(options, all, spec)).toEqual({ code: "TOPPING-REMOVAL-LIMIT", max: 1 });
    const extrasOnly = choice([TOMATO], { [PEPPERONI]: 2, [MUSHROOM]: 1 });
    expect(toppingProblem(options, extrasOnly, spec)).toEqual({ code: "TOPPING-PER-LIMIT", max: 1, toppingId: PEPPERONI });
  });
});

describe("toppingsPriceCents", () => {
  it("is 0 with no extras", () => {
    expect(toppingsPriceCents(options, choice())).toBe(0);
  });

  it("prices one extra", () => {
    expect(toppingsPriceCents(options, choice([], { [PEPPERONI]: 1 }))).toBe(2_000);
  });

  it("sums several extras × their prices", () => {
    // 2 × 2000 + 1 × 1200 + 1 × 1500 (cheese doubled) = 6700
    expect(toppingsPriceCents(options, choice([], { [PEPPERONI]: 2, [MUSHROOM]: 1, [CHEESE]: 1 }))).toBe(6_700);
    // 1200 + 900 = 2100
    expect(toppingsPriceCents(options, choice([], { [MUSHROOM]: 1, [JALAPENO]: 1 }))).toBe(2_100);
  });

  it("gives no discount for removals", () => {
    expect(toppingsPriceCents(options, choice([ONION]))).toBe(0);
    expect(toppingsPriceCents(options, choice([ONION, CHEESE], { [PEPPERONI]: 1 }))).toBe(2_000);
  });

  it("ignores zero counts", () => {
    expect(toppingsPriceCents(options, choice([], { [PEPPERONI]: 0, [MUSHROOM]: 1 }))).toBe(1_200);
  });

  it("does not judge limits (that is toppingProblem's job)", () => {
    expect(toppingsPriceCents(options, choice([], { [PEPPERONI]: 5 }))).toBe(10_000);
  });

  it.each([
    ["an unknown topping", choice([], { [UNKNOWN]: 1 })],
    ["a default-only topping added", choice([], { [TOMATO]: 1 })],
    ["a negative count", choice([], { [PEPPERONI]: -1 })],
    ["a removed-and-added topping", choice([CHEESE], { [CHEESE]: 1 })],
  ])("refuses to price an invalid choice: %s", (_label, c) => {
    expect(() => toppingsPriceCents(options, c)).toThrow(RangeError);
  });
});

describe("normaliseChoice", () => {
  it("sorts and de-duplicates removals, drops zero counts and orders extras", () => {
    const normal = normaliseChoice(choice([ONION, CHEESE, ONION, TOMATO], { [JALAPENO]: 1, [PEPPERONI]: 0, [MUSHROOM]: 2 }));
    expect(normal).toEqual({ removed: [CHEESE, TOMATO, ONION], extras: { [MUSHROOM]: 2, [JALAPENO]: 1 } });
    expect(Object.keys(normal.extras)).toEqual([String(MUSHROOM), String(JALAPENO)]);
  });

  it("makes equal choices serialise identically", () => {
    const a = choice([ONION, TOMATO], { [JALAPENO]: 1, [MUSHROOM]: 2 });
    const b = choice([TOMATO, ONION, TOMATO], { [MUSHROOM]: 2, [PEPPERONI]: 0, [JALAPENO]: 1 });
    expect(JSON.stringify(normaliseChoice(a))).toBe(JSON.stringify(normaliseChoice(b)));
    expect(JSON.stringify(normaliseChoice(a))).toBe('{"removed":[2,3],"extras":{"11":2,"12":1}}');
  });

  it("tells different choices apart", () => {
    const a = normaliseChoice(choice([ONION], { [MUSHROOM]: 1 }));
    const b = normaliseChoice(choice([ONION], { [MUSHROOM]: 2 }));
    const c = normaliseChoice(choice([TOMATO], { [MUSHROOM]: 1 }));
    expect(new Set([a, b, c].map((x) => JSON.stringify(x))).size).toBe(3);
  });

  it("sorts ids numerically, not as text", () => {
    expect(normaliseChoice(choice([10, 9, 100, 2])).removed).toEqual([2, 9, 10, 100]);
  });

  it("is idempotent", () => {
    const once = normaliseChoice(choice([ONION, TOMATO, ONION], { [JALAPENO]: 1, [PEPPERONI]: 0 }));
    expect(normaliseChoice(once)).toEqual(once);
  });

  it("leaves the input untouched", () => {
    const input = choice([ONION, TOMATO], { [PEPPERONI]: 0, [MUSHROOM]: 1 });
    const copy = structuredClone(input);
    const out = normaliseChoice(input);
    expect(input).toEqual(copy);
    expect(out.removed).not.toBe(input.removed);
    expect(out.extras).not.toBe(input.extras);
  });

  it("keeps invalid counts so toppingProblem still reports them", () => {
    const out = normaliseChoice(choice([], { [PEPPERONI]: -1 }));
    expect(out.extras).toEqual({ [PEPPERONI]: -1 });
    expect(toppingProblem(options, out, spec)).toEqual({ code: "TOPPING-INVALID", toppingId: PEPPERONI });
  });

  it("normalises the empty choice to itself", () => {
    expect(normaliseChoice(choice())).toEqual({ removed: [], extras: {} });
  });
});

describe("toppingControls", () => {
  it("has one entry per topping of the product", () => {
    const controls = toppingControls(options, choice(), spec);
    expect(Object.keys(controls).map(Number).sort((a, b) => a - b)).toEqual([1, 2, 3, 10, 11, 12]);
  });

  it("with nothing chosen: defaults can be removed, extras added, a both topping either", () => {
    expect(toppingControls(options, choice(), spec)).toEqual({
      [CHEESE]: { canRemove: true, canAdd: true },
      [TOMATO]: { canRemove: true, canAdd: false },
      [ONION]: { canRemove: true, canAdd: false },
      [PEPPERONI]: { canRemove: false, canAdd: true },
      [MUSHROOM]: { canRemove: false, canAdd: true },
      [JALAPENO]: { canRemove: false, canAdd: true },
    });
  });

  it("at the removal limit: other removals disable, the removed topping stays on (to put it back)", () => {
    const controls = toppingControls(options, choice([TOMATO]), spec);
    expect(controls[TOMATO].canRemove).toBe(true);
    expect(controls[ONION].canRemove).toBe(false);
    expect(controls[CHEESE].canRemove).toBe(false);
    expect(controls[CHEESE].canAdd).toBe(true); // removals do not touch adds
    expect(controls[PEPPERONI].canAdd).toBe(true);
  });

  it("below the removal limit: removals stay on", () => {
    const controls = toppingControls(options, choice([TOMATO]), wide);
    expect(controls[ONION].canRemove).toBe(true);
    expect(controls[CHEESE].canRemove).toBe(true);
    const atLimit = toppingControls(options, choice([TOMATO, ONION]), wide);
    expect(atLimit[CHEESE].canRemove).toBe(false);
    expect(atLimit[TOMATO].canRemove).toBe(true);
    expect(atLimit[ONION].canRemove).toBe(true);
  });

  it("at the extras limit (spec 1): every add disables", () => {
    const controls = toppingControls(options, choice([], { [PEPPERONI]: 1 }), spec);
    for (const id of [CHEESE, PEPPERONI, MUSHROOM, JALAPENO]) expect(controls[id].canAdd).toBe(false);
    expect(controls[CHEESE].canRemove).toBe(true);
    expect(controls[TOMATO].canRemove).toBe(true);
  });

  it("at the per-topping limit, below the extras limit: only that topping's add disables", () => {
    const controls = toppingControls(options, choice([], { [PEPPERONI]: 1 }), { maxExtras: 3, maxRemovals: 1, maxPerTopping: 1 });
    expect(controls[PEPPERONI].canAdd).toBe(false);
    expect(controls[MUSHROOM].canAdd).toBe(true);
    expect(controls[CHEESE].canAdd).toBe(true);
  });

  it("below both limits: adds stay on; then the per-topping and total limits bite in turn (wide 3/2/2)", () => {
    const one = toppingControls(options, choice([], { [PEPPERONI]: 1 }), wide);
    expect(one[PEPPERONI].canAdd).toBe(true);
    expect(one[MUSHROOM].canAdd).toBe(true);
    const two = toppingControls(options, choice([], { [PEPPERONI]: 2 }), wide);
    expect(two[PEPPERONI].canAdd).toBe(false);
    expect(two[MUSHROOM].canAdd).toBe(true);
    const three = toppingControls(options, choice([], { [PEPPERONI]: 2, [MUSHROOM]: 1 }), wide);
    for (const id of [CHEESE, PEPPERONI, MUSHROOM, JALAPENO]) expect(three[id].canAdd).toBe(false);
  });

  it("a doubled both topping cannot be removed, and a removed one cannot be added", () => {
    expect(toppingControls(options, choice([], { [CHEESE]: 1 }), wide)[CHEESE].canRemove).toBe(false);
    expect(toppingControls(options, choice([CHEESE]), wide)[CHEESE].canAdd).toBe(false);
  });

  it("ignores zero counts", () => {
    const controls = toppingControls(options, choice([], { [PEPPERONI]: 0 }), spec);
    expect(controls[PEPPERONI].canAdd).toBe(true);
    expect(controls[MUSHROOM].canAdd).toBe(true);
  });

  it("agrees with toppingProblem: an enabled control leads to a valid choice, a disabled one to a problem", () => {
    const states: [ToppingChoice, ToppingLimits][] = [
      [choice(), spec],
      [choice([TOMATO]), spec],
      [choice([], { [PEPPERONI]: 1 }), spec],
      [choice([TOMATO], { [CHEESE]: 1 }), wide],
      [choice([TOMATO, ONION], { [PEPPERONI]: 2 }), wide],
      [choice([ONION], { [MUSHROOM]: 1, [JALAPENO]: 1 }), wide],
    ];
    for (const [current, limits] of states) {
      expect(toppingProblem(options, current, limits)).toBeNull();
      const controls = toppingControls(options, current, limits);
      for (const option of options) {
        const id = option.toppingId;
        const added = choice(current.removed, { ...current.extras, [id]: (current.extras[id] ?? 0) + 1 });
        expect(toppingProblem(options, added, limits) === null).toBe(controls[id].canAdd);
        if (!current.removed.includes(id)) {
          const removed = choice([...current.removed, id], current.extras);
          expect(toppingProblem(options, removed, limits) === null).toBe(controls[id].canRemove);
        }
      }
    }
  });
});
