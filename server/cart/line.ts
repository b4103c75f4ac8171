/**
 * A cart line, pure: what its row stores beside its product and layers, and what it costs, whether it sells and
 * how it reads, decided from the row and what was loaded for it (toppings, halves, combo slots). No database: the
 * reads are server/cart/rows.ts's getCart and the catalog's loaders (server/catalog/halves.ts, combo.ts).
 *
 * Price rule of a line's unit: a combo with slots or a choice costs its price plus its options' surcharges
 * (combos.ts); a half-and-half with both halves loaded and a size costs the half-and-half price (halves.ts); any
 * other line costs its size and crust (or its product's price when it has no layers) plus its extras (toppings.ts).
 */
import type { Language } from "../config";
import type { I18nText } from "../db/types";
import { localize } from "../i18n/text";
import { availabilityProblem, sellingRules, type AvailabilityProblem, type SellingRules } from "../catalog/availability";
import { comboPriceCents, comboProblem, type ComboChoice, type ComboProblem, type ComboSlot } from "./combos";
import { halfAndHalfCents, halfKindOf, type HalfCandidate } from "./halves";
import { lineTotalCents } from "./pricing";
import { toppingsPriceCents, type ToppingChoice } from "./toppings";

/** What a cart line stores beside its product and layers: the customer's topping changes. */
export interface LineOptions {
  toppings?: ToppingChoice;
  /** product ids of the two halves of a half-and-half line */
  halves?: [number, number];
  /** a combo line's choice: one product per slot, in slot order, with the layers the slot gives it */
  combo?: ComboLineItem[];
}

/**
 * One chosen item of a combo line. A layered product (a pizza) is stored at the slot's size and that size's
 * first crust (see server/catalog/combo.ts); other products have no layers.
 */
export interface ComboLineItem {
  slotId: number;
  productId: number;
  firstLayerId: number | null;
  secondLayerId: number | null;
}

/** Why a line cannot be checked out: outside a selling window, or a combo choice that no longer holds. */
export type LineProblem = AvailabilityProblem | ComboProblem;

/** No topping changes: what a line without any stores. */
export const noToppings: ToppingChoice = { removed: [], extras: {} };

/** The options a line's row stores. */
export function lineOptions(row: { options: unknown }): LineOptions {
  return row.options as LineOptions;
}

/** The topping changes a line's row stores (none when it stores none). */
export function toppingChoiceOf(row: { options: unknown }): ToppingChoice {
  return lineOptions(row).toppings ?? noToppings;
}

/** The toppings and the half pizzas that some lines name, each once: what to load to price and show them. */
export function namedIds(rows: { options: unknown }[]): { toppings: number[]; halves: number[] } {
  const toppings = rows.flatMap((r) => {
    const choice = toppingChoiceOf(r);
    return [...choice.removed, ...Object.keys(choice.extras).map(Number)];
  });
  return { toppings: [...new Set(toppings)], halves: [...new Set(rows.flatMap((r) => lineOptions(r).halves ?? []))] };
}

/** A cart line as getCart reads it: the row, its product (with its category's slugs) and its size and crust. */
export interface CartLineRow {
  id: number;
  product_type: number;
  quantity: number;
  first_layer_id: number | null;
  second_layer_id: number | null;
  options: unknown;
  combo_uuid: string | null;
  product_id: number;
  uuid: string;
  sku: string;
  name: I18nText;
  image: string;
  price_cents: number;
  lunch_only: boolean;
  hut_day: number | null;
  selling_start: string | null;
  selling_end: string | null;
  /** pizzas in one unit of the product when it has no sizes (a deal, a package) */
  pizzas: number;
  category_slug: string;
  parent_slug: string | null;
  size_sku: string | null;
  size_name: I18nText | null;
  size_cents: number | null;
  crust_name: I18nText | null;
  crust_cents: number | null;
  /** the coupon that brought the line (a free item, a deal's combo) and what it gives, else null */
  coupon_code?: string | null;
  coupon_benefit?: unknown;
}

/** A pizza that may be a half, with its name (server/catalog/halves.ts loads them). */
export interface LoadedHalf {
  candidate: HalfCandidate;
  name: I18nText;
}

/**
 * What a combo line needs, loaded (server/catalog/combo.ts): the combo's slots now, the line's choice, and the
 * chosen items still in the catalog, by name (with their sizes) and with their selling rules, in choice order.
 */
export interface LoadedCombo {
  slots: ComboSlot[];
  choices: ComboChoice[];
  items: I18nText[];
  itemRules: SellingRules[];
}

/** What was loaded beside the lines of a cart. */
export interface LoadedForLines {
  /** the toppings the lines name, by id */
  toppings: Map<number, { name: I18nText; priceCents: number }>;
  /** the active pizzas the lines name as halves, by product id */
  halves: Map<number, LoadedHalf>;
  /** the combo lines that have slots or a choice, by line id (a combo without either is priced as a product) */
  combos: Map<number, LoadedCombo>;
}

export interface CartLineView {
  id: number;
  productType: number;
  productId: number;
  productUuid: string;
  sku: string;
  name: I18nText;
  size: I18nText | null;
  crust: I18nText | null;
  image: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
  firstLayerId: number | null;
  secondLayerId: number | null;
  /** The product's builder page, where the line's options can be changed. */
  productPath: string;
  /** The two halves of a half-and-half line, else empty. */
  halves: I18nText[];
  /** The product ids of the two halves the line stores (even when one is no longer sold), else empty. */
  halfIds: number[];
  /**
   * Why the line cannot be sold at the cart's order time (lunch, hut day, selling hours; for a combo, of the
   * combo or of a chosen item), or why its combo choice no longer holds (COMBO-CHOICE); null when it can.
   */
  unavailable: LineProblem | null;
  /** A combo line's uuid (spec section 3), else null. */
  comboUuid: string | null;
  /** The code of the coupon that brought the line (spec: coupon_code), else null. */
  couponCode: string | null;
  /** What the coupon saves on this line: its menu price less its price, times the quantity (0 for other lines). */
  couponSavingCents: number;
  /** The chosen items of a combo line, for display ("Suprema (Mediana)"), else empty. */
  comboItems: I18nText[];
  /** The stored combo choice, for the order's detail. */
  combo: ComboLineItem[];
  toppings: ToppingChoice;
  /** Names of the toppings taken off and added, for display. */
  removedToppings: I18nText[];
  addedToppings: { name: I18nText; count: number }[];
  /** Pizzas in one unit of the product when it has no sizes (a deal, a package); 0 for others. */
  productPizzas: number;
}

/** Both halves of a half-and-half line, when both are loaded. */
function loadedHalves(row: CartLineRow, loaded: LoadedForLines): [LoadedHalf, LoadedHalf] | undefined {
  const halves = lineOptions(row).halves;
  const half = halves ? loaded.halves.get(halves[0]) : undefined;
  const otherHalf = halves ? loaded.halves.get(halves[1]) : undefined;
  return half && otherHalf ? [half, otherHalf] : undefined;
}

/**
 * The unit price of a line a coupon brought: a free item (type 1) costs nothing; a deal's combo (type 6) costs the
 * deal's price in place of the combo's, plus the surcharges of the options chosen in it. Undefined for other lines.
 */
function couponUnitCents(row: CartLineRow, loaded: LoadedForLines): number | undefined {
  if (!row.coupon_code) return undefined;
  const benefit = row.coupon_benefit as { type?: number; priceCents?: number } | null;
  if (benefit?.type === 6 && typeof benefit.priceCents === "number") {
    const combo = loaded.combos.get(row.id);
    return combo ? comboPriceCents(benefit.priceCents, combo.slots, combo.choices) : benefit.priceCents;
  }
  return 0;
}

/** The unit price of a line, by the rule above (a coupon's line by its coupon). */
export function lineUnitCents(row: CartLineRow, loaded: LoadedForLines): number {
  return couponUnitCents(row, loaded) ?? listUnitCents(row, loaded);
}

/** The unit price of a line by the menu, whatever coupon brought it. */
function listUnitCents(row: CartLineRow, loaded: LoadedForLines): number {
  const extrasCents = toppingsPriceCents(
    [...loaded.toppings].map(([toppingId, t]) => ({ toppingId, type: 2, priceCents: t.priceCents })),
    { removed: [], extras: toppingChoiceOf(row).extras },
  );
  const combo = loaded.combos.get(row.id);
  if (combo) return comboPriceCents(row.price_cents, combo.slots, combo.choices);
  const halves = loadedHalves(row, loaded);
  if (halves && row.size_sku) {
    return halfAndHalfCents(halfKindOf(row.lunch_only), halves[0].candidate, halves[1].candidate, row.size_sku, row.crust_cents ?? 0);
  }
  const layered = row.first_layer_id ? (row.size_cents ?? 0) + (row.crust_cents ?? 0) : row.price_cents;
  return layered + extrasCents;
}

/**
 * Why a line cannot be sold at `at`: its product outside its window first; for a combo, then its choice no
 * longer holding (its slots changed since it was added), then the first chosen item outside its window.
 */
export function lineProblem(row: CartLineRow, combo: LoadedCombo | undefined, at: Date, timeZone: string): LineProblem | null {
  const own = availabilityProblem(sellingRules(row), at, timeZone);
  if (own || !combo) return own;
  const invalid = comboProblem(combo.slots, combo.choices);
  if (invalid) return invalid;
  for (const rules of combo.itemRules) {
    const late = availabilityProblem(rules, at, timeZone);
    if (late) return late;
  }
  return null;
}

/** A line of the cart view: its price, availability at the order time and names, from its row and what was loaded. */
export function cartLine(row: CartLineRow, loaded: LoadedForLines, at: Date, timeZone: string): CartLineView {
  const choice = toppingChoiceOf(row);
  const unitCents = lineUnitCents(row, loaded);
  const halves = loadedHalves(row, loaded);
  const combo = loaded.combos.get(row.id);
  return {
    id: row.id,
    productType: row.product_type,
    productId: row.product_id,
    productUuid: row.uuid,
    sku: row.sku,
    name: row.name,
    size: row.size_name ?? null,
    crust: row.crust_name ?? null,
    image: row.image,
    quantity: row.quantity,
    unitCents,
    totalCents: lineTotalCents(unitCents, row.quantity),
    firstLayerId: row.first_layer_id,
    secondLayerId: row.second_layer_id,
    halves: halves ? [halves[0].name, halves[1].name] : [],
    halfIds: lineOptions(row).halves ?? [],
    unavailable: lineProblem(row, combo, at, timeZone),
    comboUuid: row.combo_uuid,
    couponCode: row.coupon_code ?? null,
    couponSavingCents: row.coupon_code ? Math.max(0, lineTotalCents(listUnitCents(row, loaded), row.quantity) - lineTotalCents(unitCents, row.quantity)) : 0,
    comboItems: combo?.items ?? [],
    combo: lineOptions(row).combo ?? [],
    productPizzas: row.pizzas,
    productPath: row.parent_slug ? `/order/${row.parent_slug}/${row.category_slug}/${row.uuid}` : `/order/${row.category_slug}/${row.uuid}`,
    toppings: choice,
    removedToppings: choice.removed.flatMap((id) => {
      const topping = loaded.toppings.get(id);
      return topping ? [topping.name] : [];
    }),
    addedToppings: Object.entries(choice.extras).flatMap(([id, count]) => {
      const topping = loaded.toppings.get(Number(id));
      return topping ? [{ name: topping.name, count }] : [];
    }),
  };
}

/**
 * Pizzas in one unit of a line: a sized product (a pizza, whole or half-and-half) is one; a combo counts its sized
 * items; a product sold without sizes, the pizzas it is made of (a deal's "2 pizzas grandes", a party pack's three).
 */
export function pizzasOfLine(line: Pick<CartLineView, "firstLayerId" | "combo" | "productPizzas">): number {
  if (line.combo.length > 0) return line.combo.filter((item) => item.firstLayerId !== null).length;
  return line.firstLayerId !== null ? 1 : line.productPizzas;
}

/** A line as the cart view shows it, in one language. */
export function describeLine(line: CartLineView, lng: Language) {
  const { toppings: _choice, combo: _combo, halfIds: _halfIds, ...rest } = line;
  return {
    ...rest,
    comboItems: line.comboItems.map((name) => localize(name, lng)),
    name: localize(line.name, lng),
    size: line.size ? localize(line.size, lng) : null,
    crust: line.crust ? localize(line.crust, lng) : null,
    halves: line.halves.map((name) => localize(name, lng)),
    removedToppings: line.removedToppings.map((name) => localize(name, lng)),
    addedToppings: line.addedToppings.map((t) => ({ name: localize(t.name, lng), count: t.count })),
  };
}
