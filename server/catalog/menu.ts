import type { Language } from "../config";
import type { Database } from "../db/client";
import type { Selectable } from "kysely";
import type { I18nText, ProductsTable } from "../db/types";
import { localize } from "../i18n/text";
import { constants, PRODUCT_TYPE } from "../constants";
import { now } from "../clock";
import { availabilityProblem, sellingRules, type AvailabilityProblem, type SellingRules } from "./availability";
import { catalogSnapshot, productParts, type CatalogSnapshot } from "./snapshot";

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
  return categoryLinks((await catalogSnapshot(db)).categories, lng);
}

function categoryLinks(rows: CatalogSnapshot["categories"], lng: Language): CategoryLink[] {
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
  // The catalogue's rows as this process holds them (one statement when they still hold: server/catalog/snapshot.ts).
  const snapshot = await catalogSnapshot(db);
  const shared = sharedOf(snapshot);
  const categories = shared.categoryLinks(lng);
  const first = categories[0];
  if (!first) return { kind: "redirect", to: "/home" };
  if (!slug) return { kind: "redirect", to: categoryPath(first.slug, first.subs[0]?.slug) };
  const category = categories.find((c) => c.slug === slug);
  if (!category) return { kind: "redirect", to: "/order" };
  const subSlug = sub ?? category.subs[0]?.slug ?? null;
  if (subSlug && !category.subs.some((s) => s.slug === subSlug)) {
    return { kind: "redirect", to: categoryPath(category.slug) };
  }
  const top = snapshot.categories.find((c) => c.slug === category.slug && c.parent_id === null)!;
  const shown = subSlug ? snapshot.categories.find((c) => c.slug === subSlug && c.parent_id === top.id)! : top;
  const cards = await shared.cardsIn(shown.id, lng);
  const products = cards.map(({ card, rules }) => ({ ...card, unavailable: availabilityProblem(rules, when.at, when.timeZone) }));
  return { kind: "page", categories, category, sub: subSlug, products };
}

type TimelessCard = Omit<ProductCard, "unavailable">;

/** What a menu page shows that neither the visitor nor the time changes, for one catalogue snapshot. */
interface SharedMenu {
  /** The category links in a language. */
  categoryLinks(lng: Language): CategoryLink[];
  /** A category's cards in a language, each with its selling rules (its availability is the page's to work out). */
  cardsIn(categoryId: number, lng: Language): Promise<readonly { card: TimelessCard; rules: SellingRules }[]>;
}

const shared = new WeakMap<CatalogSnapshot, SharedMenu>();

/**
 * The category links and the cards (names, sizes, crusts, prices) of a catalogue snapshot, built in a language the
 * first time a page asks and kept as long as the snapshot (a catalogue change makes a new one: snapshot.ts): at most
 * one set per category and language. Only the availability at the visitor's order time is worked out on each page,
 * on a copy of each card. Pages share what is kept, and a page's data goes to its render as it is
 * (app/web/page-data.server.ts), so it is frozen: a change to it would throw, never show on another visitor's page.
 */
function sharedOf(snapshot: CatalogSnapshot): SharedMenu {
  let menu = shared.get(snapshot);
  if (menu) return menu;
  const links = new Map<Language, CategoryLink[]>();
  const cards = new Map<string, readonly { card: TimelessCard; rules: SellingRules }[]>();
  menu = {
    categoryLinks(lng) {
      let built = links.get(lng);
      if (!built) {
        built = deepFreeze(categoryLinks(snapshot.categories, lng));
        links.set(lng, built);
      }
      return built;
    },
    async cardsIn(categoryId, lng) {
      const key = `${categoryId}\u0000${lng}`;
      const kept = cards.get(key);
      if (kept) return kept;
      const { products, layers, slotted } = await snapshot.productsIn(categoryId);
      const built = deepFreeze(timelessCards(lng, products, layers, slotted).map((card, i) => ({ card, rules: sellingRules(products[i]!) })));
      cards.set(key, built);
      return built;
    },
  };
  shared.set(snapshot, menu);
  return menu;
}

/** Freezes a value and everything in it (plain data: objects and arrays). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

export function categoryPath(slug: string, sub?: string | null): string {
  return sub ? `/order/${slug}/${sub}` : `/order/${slug}`;
}

type ProductRow = Selectable<ProductsTable>;

/** Product rows as the menu's cards: sizes and crusts, the "from" price, combo slots, availability at `when`. */
async function cardsOf(db: Database, lng: Language, products: ProductRow[], when: MenuTime): Promise<ProductCard[]> {
  if (products.length === 0) return [];
  const { layers, slotted } = await productParts(db, products.map((p) => p.id));
  return cardsFrom(lng, products, layers, slotted, when);
}

/** The cards of product rows, from their layers and which have combo slots, with their availability at `when`. */
function cardsFrom(lng: Language, products: ProductRow[], layers: (LayerRow & { product_id: number })[], withSlots: Set<number>, when: MenuTime): ProductCard[] {
  return timelessCards(lng, products, layers, withSlots).map((card, i) => ({
    ...card,
    unavailable: availabilityProblem(sellingRules(products[i]!), when.at, when.timeZone),
  }));
}

/** The cards of product rows without their availability (pure: what sharedOf keeps of the menu's cached rows). */
function timelessCards(lng: Language, products: ProductRow[], layers: (LayerRow & { product_id: number })[], withSlots: Set<number>): TimelessCard[] {
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
      hasSlots: p.product_type === PRODUCT_TYPE.combo && withSlots.has(p.id),
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
