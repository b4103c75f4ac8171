import type { Selectable } from "kysely";
import type { Database } from "../db/client";
import { baseOf } from "../db/counting";
import { cacheVersions } from "../db/versions";
import type { CategoriesTable, ProductLayersTable, ProductsTable } from "../db/types";

/** A category's active products as the menu lists them, with their sizes and crusts and which are combos with slots. */
export interface CategoryProducts {
  products: Selectable<ProductsTable>[];
  layers: Selectable<ProductLayersTable>[];
  slotted: Set<number>;
}

/**
 * The menu's rows as the database had them at one catalogue version (migration 0026: a number raised by triggers,
 * in the changing transaction, on every change to categories, products, layers and combo slots). The rows are the
 * same for every outlet, order time and language: the menu localises them and works out availability at the
 * visitor's order time on each page, from these rows, so nothing personal or time-dependent is cached.
 */
export interface CatalogSnapshot {
  version: string;
  categories: Selectable<CategoriesTable>[];
  /** The products of a category (by id), read the first time a page asks for them at this version. */
  productsIn(categoryId: number): Promise<CategoryProducts>;
}

/** One snapshot per database (a process may hold several: the tests' PGlite and Postgres). */
const snapshots = new WeakMap<Database, Promise<CatalogSnapshot>>();

/**
 * The menu's rows at the catalogue's current version: no statement of its own when this process has them (the
 * version is read once per request with the content's, or kept in memory on PGlite: server/db/versions.ts), the
 * rows read again when the version moved (another process, or an operator, changed the catalogue). Rows are read
 * after the version, so a snapshot may be newer than its number says, never older: at worst it is read once more.
 */
export async function catalogSnapshot(db: Database): Promise<CatalogSnapshot> {
  const { catalog: version } = await cacheVersions(db);
  const base = baseOf(db);
  const cached = await snapshots.get(base)?.catch(() => undefined);
  if (cached?.version === version) return cached;
  const loading = loadSnapshot(db, version);
  snapshots.set(base, loading);
  loading.catch(() => {
    if (snapshots.get(base) === loading) snapshots.delete(base);
  });
  return loading;
}

async function loadSnapshot(db: Database, version: string): Promise<CatalogSnapshot> {
  const categories = await db.selectFrom("categories").selectAll().orderBy("position").orderBy("id").execute();
  const byCategory = new Map<number, Promise<CategoryProducts>>();
  return {
    version,
    categories,
    productsIn(categoryId) {
      let products = byCategory.get(categoryId);
      if (!products) {
        products = loadProducts(db, categoryId);
        byCategory.set(categoryId, products);
        products.catch(() => byCategory.delete(categoryId));
      }
      return products;
    },
  };
}

async function loadProducts(db: Database, categoryId: number): Promise<CategoryProducts> {
  const products = await db
    .selectFrom("products")
    .selectAll()
    .where("category_id", "=", categoryId)
    .where("active", "=", true)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return { products, ...(await productParts(db, products.map((p) => p.id))) };
}

/** The sizes and crusts of some products, and which of them are combos with slots. */
export async function productParts(db: Database, ids: number[]): Promise<Omit<CategoryProducts, "products">> {
  if (ids.length === 0) return { layers: [], slotted: new Set() };
  const [layers, slotted] = await Promise.all([
    db.selectFrom("product_layers").selectAll().where("product_id", "in", ids).orderBy("position").orderBy("id").execute(),
    db.selectFrom("combo_slots").select("product_id").distinct().where("product_id", "in", ids).execute(),
  ]);
  return { layers, slotted: new Set(slotted.map((r) => r.product_id)) };
}
