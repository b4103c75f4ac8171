import type { SellingRules } from "../catalog/availability";
import { cartLine, describeLine, lineUnitCents, namedIds, pizzasOfLine, type CartLineRow, type LoadedCombo, type LoadedForLines } from "./line";

/**
 * America/Mexico_City is UTC-6 all year. 2026-11-24 is a Tuesday: 13:00 local (19:00Z) is lunch time, 20:00
 * local (2026-11-25T02:00Z) is not.
 */
const MX = "America/Mexico_City";
const LUNCH = new Date("2026-11-24T19:00:00Z");
const EVENING = new Date("2026-11-25T02:00:00Z");

const text = (es: string, en?: string) => (en ? { es, en } : { es });

/** A drink: no layers, no options, $25.00. */
const row = (over: Partial<CartLineRow> = {}): CartLineRow => ({
  id: 1,
  product_type: 0,
  quantity: 1,
  first_layer_id: null,
  second_layer_id: null,
  options: {},
  combo_uuid: null,
  product_id: 10,
  uuid: "00000000-0000-4000-8000-000000000010",
  sku: "DR-COLA-600",
  name: text("Refresco", "Soda"),
  image: "/products/cola.svg",
  price_cents: 2_500,
  lunch_only: false,
  hut_day: null,
  selling_start: null,
  selling_end: null,
  pizzas: 0,
  category_slug: "bebidas",
  parent_slug: null,
  size_sku: null,
  size_name: null,
  size_cents: null,
  crust_name: null,
  crust_cents: null,
  ...over,
});

/** A large pizza on a stuffed crust: $229.00 + $40.00; the product's own price is not what it costs. */
const pizza = (over: Partial<CartLineRow> = {}) =>
  row({
    product_id: 20,
    sku: "PZ-PEP",
    name: text("Pepperoni"),
    price_cents: 9_999,
    first_layer_id: 200,
    second_layer_id: 201,
    size_sku: "L",
    size_name: text("Grande", "Large"),
    size_cents: 22_900,
    crust_name: text("Orilla rellena", "Stuffed crust"),
    crust_cents: 4_000,
    category_slug: "clasicas",
    parent_slug: "pizzas",
    ...over,
  });

const OLIVES = 301;
const CHEESE = 302;
const ONION = 303;

const nothing = (): LoadedForLines => ({ toppings: new Map(), halves: new Map(), combos: new Map() });
const withToppings = (): LoadedForLines => ({
  ...nothing(),
  toppings: new Map([
    [OLIVES, { name: text("Aceitunas", "Olives"), priceCents: 1_500 }],
    [CHEESE, { name: text("Queso"), priceCents: 2_000 }],
    [ONION, { name: text("Cebolla", "Onion"), priceCents: 1_000 }],
  ]),
});

const always: SellingRules = { lunchOnly: false, hutDay: null, sellingStart: null, sellingEnd: null };
const lunchOnly: SellingRules = { ...always, lunchOnly: true };

describe("a line's unit price", () => {
  it("a product without layers costs its price", () => {
    expect(lineUnitCents(row(), nothing())).toBe(2_500);
  });

  it("a layered product costs its size plus its crust, not the product's price", () => {
    expect(lineUnitCents(pizza(), nothing())).toBe(26_900);
    expect(lineUnitCents(pizza({ second_layer_id: null, crust_cents: null, crust_name: null }), nothing())).toBe(22_900);
  });

  it("extras add count × their price; removals take nothing off", () => {
    const options = { toppings: { removed: [ONION], extras: { [OLIVES]: 2, [CHEESE]: 1 } } };
    expect(lineUnitCents(pizza({ options }), withToppings())).toBe(26_900 + 2 * 1_500 + 2_000);
    expect(lineUnitCents(row({ options: { toppings: { removed: [ONION], extras: {} } } }), withToppings())).toBe(2_500);
  });

  it("an extra whose topping was not loaded is not priced silently", () => {
    expect(() => lineUnitCents(pizza({ options: { toppings: { removed: [], extras: { 999: 1 } } } }), withToppings())).toThrow(RangeError);
  });

  describe("half-and-half", () => {
    const classic = { candidate: { productId: 31, halfSet: 2, sizePrices: { M: 18_900, L: 22_900 } }, name: text("Hawaiana") };
    const speciality = { candidate: { productId: 32, halfSet: 0, sizePrices: { M: 21_900, L: 25_900 } }, name: text("Suprema") };
    const halves = (): LoadedForLines => ({ ...nothing(), halves: new Map([[31, classic], [32, speciality]]) });
    const half = (over: Partial<CartLineRow> = {}) => pizza({ product_type: 2, price_cents: 0, options: { halves: [31, 32] }, ...over });

    it("costs the dearer half at its size, the half-and-half constant and the crust", () => {
      expect(lineUnitCents(half(), halves())).toBe(25_900 + 5_000 + 4_000);
      expect(lineUnitCents(half({ size_sku: "M" }), halves())).toBe(21_900 + 5_000 + 4_000);
    });

    it("the lunch half-and-half takes the lunch constant", () => {
      expect(lineUnitCents(half({ lunch_only: true }), halves())).toBe(25_900 + 4_000 + 4_000);
    });

    it("with a half no longer loaded, or no size, it costs its layers", () => {
      const onlyOne: LoadedForLines = { ...nothing(), halves: new Map([[31, classic]]) };
      expect(lineUnitCents(half(), onlyOne)).toBe(26_900);
      expect(lineUnitCents(half({ size_sku: null }), halves())).toBe(26_900);
      expect(cartLine(half(), onlyOne, EVENING, MX).halves).toEqual([]);
      expect(cartLine(half(), halves(), EVENING, MX).halves).toEqual([text("Hawaiana"), text("Suprema")]);
    });
  });

  describe("combo", () => {
    const combo = (over: Partial<LoadedCombo> = {}): LoadedCombo => ({
      slots: [
        { id: 1, options: [{ productId: 20, surchargeCents: 0 }, { productId: 21, surchargeCents: 3_000 }] },
        { id: 2, options: [{ productId: 10, surchargeCents: 500 }] },
      ],
      choices: [{ slotId: 1, productId: 21 }, { slotId: 2, productId: 10 }],
      items: [text("Suprema (Mediana)"), text("Refresco")],
      itemRules: [always, always],
      ...over,
    });
    const comboRow = row({ id: 7, product_type: 1, price_cents: 27_900, combo_uuid: "00000000-0000-4000-8000-000000000077" });
    const loaded = (c = combo()): LoadedForLines => ({ ...nothing(), combos: new Map([[7, c]]) });

    it("costs its price plus the chosen options' surcharges", () => {
      expect(lineUnitCents(comboRow, loaded())).toBe(27_900 + 3_000 + 500);
    });

    it("a combo without loaded slots or choice costs its price, like any product", () => {
      expect(lineUnitCents(comboRow, nothing())).toBe(27_900);
    });

    it("shows its items and its uuid; its choice no longer holding makes it unavailable", () => {
      const line = cartLine(comboRow, loaded(), EVENING, MX);
      expect(line.comboItems).toEqual([text("Suprema (Mediana)"), text("Refresco")]);
      expect(line.comboUuid).toBe("00000000-0000-4000-8000-000000000077");
      expect(line.unavailable).toBeNull();
      const missing = cartLine(comboRow, loaded(combo({ choices: [{ slotId: 1, productId: 21 }] })), EVENING, MX);
      expect(missing.unavailable).toEqual({ code: "COMBO-CHOICE", reason: "missing", slotId: 2 });
    });

    it("a chosen item outside its window makes it unavailable; the combo's own window comes first", () => {
      const lateItem = loaded(combo({ itemRules: [always, lunchOnly] }));
      expect(cartLine(comboRow, lateItem, EVENING, MX).unavailable).toEqual({ code: "ITEM-03", start: "12:00", end: "17:00" });
      expect(cartLine(comboRow, lateItem, LUNCH, MX).unavailable).toBeNull();
      const tuesdayCombo = { ...comboRow, hut_day: 3 };
      expect(cartLine(tuesdayCombo, lateItem, EVENING, MX).unavailable).toEqual({ code: "ITEM-02", weekday: 3 });
    });
  });
});

describe("a cart line", () => {
  it("totals unit × quantity and carries the row's identity, layers and the builder's path", () => {
    const line = cartLine(pizza({ id: 5, quantity: 3 }), nothing(), EVENING, MX);
    expect(line).toMatchObject({
      id: 5,
      productId: 20,
      sku: "PZ-PEP",
      quantity: 3,
      unitCents: 26_900,
      totalCents: 80_700,
      firstLayerId: 200,
      secondLayerId: 201,
      size: text("Grande", "Large"),
      crust: text("Orilla rellena", "Stuffed crust"),
      productPath: "/order/pizzas/clasicas/00000000-0000-4000-8000-000000000010",
      comboUuid: null,
      comboItems: [],
      combo: [],
    });
    expect(cartLine(row(), nothing(), EVENING, MX).productPath).toBe("/order/bebidas/00000000-0000-4000-8000-000000000010");
  });

  it("names the toppings taken off and added, leaving out those not loaded", () => {
    const options = { toppings: { removed: [ONION, 998], extras: { [OLIVES]: 2 } } };
    const line = cartLine(pizza({ options }), withToppings(), EVENING, MX);
    expect(line.toppings).toEqual(options.toppings);
    expect(line.removedToppings).toEqual([text("Cebolla", "Onion")]);
    expect(line.addedToppings).toEqual([{ name: text("Aceitunas", "Olives"), count: 2 }]);
  });

  it("is unavailable outside its product's window at the order time", () => {
    expect(cartLine(row({ lunch_only: true }), nothing(), EVENING, MX).unavailable).toEqual({ code: "ITEM-03", start: "12:00", end: "17:00" });
    expect(cartLine(row({ lunch_only: true }), nothing(), LUNCH, MX).unavailable).toBeNull();
  });
});

describe("namedIds", () => {
  it("lists each topping and half the lines name once", () => {
    const rows = [
      { options: { toppings: { removed: [ONION], extras: { [OLIVES]: 1 } } } },
      { options: { toppings: { removed: [], extras: { [OLIVES]: 2, [CHEESE]: 1 } }, halves: [31, 32] } },
      { options: { halves: [32, 33] } },
      { options: {} },
    ];
    expect(namedIds(rows)).toEqual({ toppings: [ONION, OLIVES, CHEESE], halves: [31, 32, 33] });
  });
});

describe("pizzasOfLine", () => {
  it("counts a sized line as one pizza, a combo by its sized items, a product without sizes by the pizzas it is made of", () => {
    expect(pizzasOfLine({ firstLayerId: 200, combo: [], productPizzas: 0 })).toBe(1);
    expect(pizzasOfLine({ firstLayerId: null, combo: [], productPizzas: 0 })).toBe(0);
    const item = (firstLayerId: number | null) => ({ slotId: 1, productId: 1, firstLayerId, secondLayerId: null });
    expect(pizzasOfLine({ firstLayerId: null, combo: [item(200), item(null), item(210)], productPizzas: 0 })).toBe(2);
    // a party pack of three large pizzas, sold without sizes
    expect(pizzasOfLine({ firstLayerId: null, combo: [], productPizzas: 3 })).toBe(3);
  });
});

describe("describeLine", () => {
  it("puts every name in the language (Arabic falls back to English, then Spanish) and drops the stored choices", () => {
    const options = { toppings: { removed: [ONION], extras: { [OLIVES]: 1 } } };
    const line = cartLine(pizza({ options }), withToppings(), EVENING, MX);
    const shown = describeLine(line, "ar");
    expect(shown).toMatchObject({
      name: "Pepperoni",
      size: "Large",
      crust: "Stuffed crust",
      removedToppings: ["Onion"],
      addedToppings: [{ name: "Olives", count: 1 }],
      unitCents: 26_900 + 1_500,
    });
    expect(shown).not.toHaveProperty("toppings");
    expect(shown).not.toHaveProperty("combo");
    expect(describeLine(cartLine(row(), nothing(), EVENING, MX), "es")).toMatchObject({ name: "Refresco", size: null, crust: null });
  });
});
