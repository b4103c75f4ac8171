/**
 * The major allergens the menu declares, a fixed list: the fourteen of the EU's regulation 1169/2011 (annex II),
 * which cover those NOM-051-SCFI/SSA1 asks Mexican labels to declare. The order is the page's column order.
 */
export const ALLERGENS = [
  "gluten",
  "crustaceans",
  "eggs",
  "fish",
  "peanuts",
  "soy",
  "milk",
  "tree-nuts",
  "celery",
  "mustard",
  "sesame",
  "sulphites",
  "lupin",
  "molluscs",
] as const;

export type Allergen = (typeof ALLERGENS)[number];

export function isAllergen(value: unknown): value is Allergen {
  return typeof value === "string" && (ALLERGENS as readonly string[]).includes(value);
}

/** The allergens of a product: its own and those of its recipe's toppings, once each, in the list's order. */
export function productAllergens(own: readonly string[], toppings: ReadonlyArray<readonly string[]>): Allergen[] {
  const all = new Set([...own, ...toppings.flat()]);
  return ALLERGENS.filter((a) => all.has(a));
}
