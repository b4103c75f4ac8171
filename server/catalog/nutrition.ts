import type { Language } from "../config";
import type { Database } from "../db/client";
import type { I18nText } from "../db/types";
import { localize } from "../i18n/text";
import { ALLERGENS, isAllergen, productAllergens, type Allergen } from "./allergens";
import { halfKindOf, halfSetsOf } from "../cart/halves";
import { PRODUCT_TYPE } from "../constants";


export interface NutritionRow {
  uuid: string;
  sku: string;
  name: string;
  allergens: Allergen[];
  /** kcal per size (its name), or one entry with an empty size for a product without sizes. */
  energy: { size: string; kcal: number }[];
}

export interface NutritionGroup {
  slug: string;
  name: string;
  products: NutritionRow[];
}

export interface NutritionTable {
  groups: NutritionGroup[];
  /** The allergens whose products are hidden. */
  hidden: Allergen[];
  /** How many active products the filter hid. */
  hiddenCount: number;
}

/** The allergens named by a filter (`?hide=milk&hide=gluten`): known codes only, once each, in the list's order. */
export function hiddenAllergens(values: readonly unknown[]): Allergen[] {
  const named = new Set(values.filter(isAllergen));
  return ALLERGENS.filter((a) => named.has(a));
}

/**
 * The allergen and nutrition table of the active menu, by top-level category in menu order: each product's allergens
 * (its own and its recipe's toppings') and its kcal per size. Products containing any of `hide` are left out.
 */
export async function getNutritionTable(db: Database, lng: Language, hide: readonly Allergen[]): Promise<NutritionTable> {
  const [categories, products, recipe, sizes, comboOptions] = await Promise.all([
    db.selectFrom("categories").select(["id", "parent_id", "slug", "name", "position"]).execute(),
    db
      .selectFrom("products")
      .select(["id", "uuid", "sku", "category_id", "name", "position", "allergens", "kcal", "product_type", "lunch_only", "half_set"])
      .where("active", "=", true)
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("product_toppings")
      .innerJoin("toppings", "toppings.id", "product_toppings.topping_id")
      .select(["product_toppings.product_id", "toppings.allergens"])
      .where("product_toppings.type", "=", 1)
      .execute(),
    db
      .selectFrom("product_layers")
      .select(["product_id", "sku", "name", "position"])
      .where("parent_id", "is", null)
      .orderBy("position")
      .execute(),
    db
      .selectFrom("combo_slots as s")
      .innerJoin("combo_slot_options as o", "o.slot_id", "s.id")
      .select(["s.product_id as combo_id", "o.product_id as option_id"])
      .execute(),
  ]);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const topOf = (id: number) => {
    const c = byId.get(id);
    return c && c.parent_id !== null ? (byId.get(c.parent_id) ?? c) : c;
  };
  const tops = categories.filter((c) => c.parent_id === null).sort((a, b) => a.position - b.position || a.id - b.id);
  const groups = new Map<number, NutritionGroup>(
    tops.map((c) => [c.id, { slug: c.slug, name: localize(c.name as I18nText, lng), products: [] }]),
  );
  const hidden = new Set<string>(hide);
  let hiddenCount = 0;
  // Each product's own allergens with its recipe's; then a product made of others' choices declares every allergen
  // it can contain: a half-and-half those of every pizza its halves may be, a combo those of every option of its
  // slots (a customer who hides mustard must not be offered a combo whose pizza choice has it; customer review).
  const ownAllergens = new Map(products.map((p) => [p.id, productAllergens(p.allergens, recipe.filter((r) => r.product_id === p.id).map((r) => r.allergens))]));
  const madeOf = (p: (typeof products)[number]): readonly string[][] => {
    if (p.product_type === PRODUCT_TYPE.halfAndHalf) {
      const sets = halfSetsOf(halfKindOf(p.lunch_only));
      return products.filter((half) => half.half_set !== null && sets.includes(half.half_set)).map((half) => ownAllergens.get(half.id) ?? []);
    }
    return comboOptions.filter((o) => o.combo_id === p.id).map((o) => ownAllergens.get(o.option_id) ?? []);
  };
  for (const p of products) {
    const allergens = productAllergens(ownAllergens.get(p.id) ?? [], madeOf(p));
    if (allergens.some((a) => hidden.has(a))) {
      hiddenCount += 1;
      continue;
    }
    const kcal = p.kcal as Record<string, number>;
    const own = sizes.filter((s) => s.product_id === p.id);
    const energy = own.length
      ? own.map((s) => ({ size: localize(s.name as I18nText, lng), kcal: kcal[s.sku] ?? 0 }))
      : [{ size: "", kcal: kcal[""] ?? 0 }];
    const top = topOf(p.category_id);
    groups.get(top?.id ?? -1)?.products.push({ uuid: p.uuid, sku: p.sku, name: localize(p.name as I18nText, lng), allergens, energy });
  }
  return { groups: [...groups.values()].filter((g) => g.products.length > 0), hidden: [...hide], hiddenCount };
}
