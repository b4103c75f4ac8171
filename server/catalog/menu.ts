import type { Language } from "../config";
import type { Database } from "../db/client";
import type { Selectable } from "kysely";
import type { I18nText, ProductsTable } from "../db/types";
import { localize } from "../i18n/text";
import { constants } from "../constants";
import { now } from "../clock";
import { availabilityProblem, sellingRules, type AvailabilityProblem } from "./availability";

export interface CategoryLink {
  slug: string;
  kind: string;
  name: string;
  subs: { slug: string; name: string }[];
}

export interface Crust {
  id: number;
  name: string;
  priceCents: number;
}

export interface Size {
  id: number;
  sku: string;
  name: string;
  priceCents: number;
  crusts: Crust[];
}

/** What every view of a product shows, in one language. */
export interface ProductBase {
  uuid: string;
  sku: string;
  name: string;
  description: string;
  image: string;
  productType: number;
  sizes: Size[];
}

export interface ProductCard extends ProductBase {
  fromPriceCents: number;
  /** A combo with slots: chosen on its own page (/combo-detail/:uuid), not added from the card. */
  hasSlots: boolean;
  /** Why it does not sell at the order time (lunch, hut day, selling hours), or null. */
  unavailable: AvailabilityProblem | null;
}

/** When the menu is for: the disposition's order time (now for ASAP) in the outlet's zone. */
export interface MenuTime {
  at: Date;
  timeZone: string;
}

export async function listCategories(db: Database, lng: Language): Promise<CategoryLink[]> {
  const rows = await db
    .selectFrom("categories")
    .select(["id", "parent_id", "slug", "kind", "name", "position"])
    .orderBy("position")
    .orderBy("id")
    .execute();
  const tops = rows.filter((r) => r.parent_id === null);
  return tops.map((top) => ({
    slug: top.slug,
    kind: top.kind,
    name: localize(top.name as I18nText, lng),
    subs: rows
      .filter((r) => r.parent_id === top.id)
      .map((s) => ({ slug: s.slug, name: localize(s.name as I18nText, lng) })),
  }));
}

export type MenuPage =
  | { kind: "redirect"; to: string }
  | { kind: "page"; categories: CategoryLink[]; category: CategoryLink; sub: string | null; products: ProductCard[] };

/**
 * The menu for a category path. No slug: the first category and its first sub-category (the caller redirects).
 * A missing sub-category means the first one. An unknown slug or sub-category sends the visitor to /order.
 */
export async function getMenuPage(
  db: Database,
  lng: Language,
  slug: string | undefined,
  sub: string | undefined,
  when: MenuTime = { at: now(), timeZone: constants.defaultTimeZone },
): Promise<MenuPage> {
  const categories = await listCategories(db, lng);
  const first = categories[0];
  if (!first) return { kind: "redirect", to: "/home" };
  if (!slug) return { kind: "redirect", to: categoryPath(first.slug, first.subs[0]?.slug) };
  const category = categories.find((c) => c.slug === slug);
  if (!category) return { kind: "redirect", to: "/order" };
  const subSlug = sub ?? category.subs[0]?.slug ?? null;
  if (subSlug && !category.subs.some((s) => s.slug === subSlug)) {
    return { kind: "redirect", to: categoryPath(category.slug) };
  }
  const products = await productsOf(db, lng, category.slug, subSlug, when);
  return { kind: "page", categories, category, sub: subSlug, products };
}

export function categoryPath(slug: string, sub?: string | null): string {
  return sub ? `/order/${slug}/${sub}` : `/order/${slug}`;
}

async function productsOf(db: Database, lng: Language, slug: string, sub: string | null, when: MenuTime): Promise<ProductCard[]> {
  const top = await db
    .selectFrom("categories")
    .select("id")
    .where("slug", "=", slug)
    .where("parent_id", "is", null)
    .executeTakeFirst();
  if (!top) return [];
  let categoryId = top.id;
  if (sub) {
    const child = await db
      .selectFrom("categories")
      .select("id")
      .where("slug", "=", sub)
      .where("parent_id", "=", top.id)
      .executeTakeFirst();
    if (!child) return [];
    categoryId = child.id;
  }
  const products = await db
    .selectFrom("products")
    .selectAll()
    .where("category_id", "=", categoryId)
    .where("active", "=", true)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return cardsOf(db, lng, products, when);
}

type ProductRow = Selectable<ProductsTable>;

/** Product rows as the menu's cards: sizes and crusts, the "from" price, combo slots, availability at `when`. */
async function cardsOf(db: Database, lng: Language, products: ProductRow[], when: MenuTime): Promise<ProductCard[]> {
  if (products.length === 0) return [];
  const ids = products.map((p) => p.id);
  const [layers, slotted] = await Promise.all([
    db.selectFrom("product_layers").selectAll().where("product_id", "in", ids).orderBy("position").orderBy("id").execute(),
    db.selectFrom("combo_slots").select("product_id").distinct().where("product_id", "in", ids).execute(),
  ]);
  const withSlots = new Set(slotted.map((r) => r.product_id));
  return products.map((p) => {
    const sizes = sizesOf(
      layers.filter((l) => l.product_id === p.id),
      lng,
    );
    const fromPriceCents = sizes.length
      ? Math.min(...sizes.map((s) => s.priceCents + (s.crusts.length ? Math.min(...s.crusts.map((c) => c.priceCents)) : 0)))
      : p.price_cents;
    return {
      uuid: p.uuid,
      sku: p.sku,
      name: localize(p.name as I18nText, lng),
      description: localize(p.description as I18nText, lng),
      image: p.image,
      productType: p.product_type,
      fromPriceCents,
      sizes,
      hasSlots: p.product_type === 1 && withSlots.has(p.id),
      unavailable: availabilityProblem(sellingRules(p), when.at, when.timeZone),
    };
  });
}

interface LayerRow {
  id: number;
  parent_id: number | null;
  sku: string;
  name: unknown;
  price_cents: number;
}

/** A product's layer rows as sizes (first layers), each with its crusts (second layers), in row order. */
export function sizesOf(layers: LayerRow[], lng: Language): Size[] {
  return layers
    .filter((l) => l.parent_id === null)
    .map((size) => ({
      id: size.id,
      sku: size.sku,
      name: localize(size.name as I18nText, lng),
      priceCents: size.price_cents,
      crusts: layers
        .filter((l) => l.parent_id === size.id)
        .map((c) => ({ id: c.id, name: localize(c.name as I18nText, lng), priceCents: c.price_cents })),
    }));
}

/** A product shown outside its category (a campaign's, the home page's favourites), with its category's menu path. */
export interface PickedProduct extends ProductCard {
  categoryPath: string;
}

/**
 * Active products picked by sku (a campaign's, in the order given; unknown or inactive skus are skipped) or the
 * home page's favourites (`featured`, in their order), as the menu's cards with prices from the catalogue.
 */
export async function pickedProducts(
  db: Database,
  lng: Language,
  pick: { skus: readonly string[] } | { featured: number },
  when: MenuTime = { at: now(), timeZone: constants.defaultTimeZone },
): Promise<PickedProduct[]> {
  let query = db.selectFrom("products").selectAll().where("active", "=", true);
  if ("skus" in pick) {
    if (pick.skus.length === 0) return [];
    query = query.where("sku", "in", [...pick.skus]);
  } else {
    query = query.where("featured", "is not", null).orderBy("featured").orderBy("id").limit(pick.featured);
  }
  const rows = await query.execute();
  if ("skus" in pick) rows.sort((a, b) => pick.skus.indexOf(a.sku) - pick.skus.indexOf(b.sku));
  const cards = await cardsOf(db, lng, rows, when);
  const categories = await db
    .selectFrom("categories as c")
    .leftJoin("categories as parent", "parent.id", "c.parent_id")
    .select(["c.id", "c.slug", "parent.slug as parentSlug"])
    .where("c.id", "in", [0, ...rows.map((r) => r.category_id)])
    .execute();
  return cards.map((card, index) => {
    const category = categories.find((c) => c.id === rows[index]!.category_id);
    const path = !category ? "/order" : category.parentSlug ? categoryPath(category.parentSlug, category.slug) : categoryPath(category.slug);
    return { ...card, categoryPath: path };
  });
}
