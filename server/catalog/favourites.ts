import type { Language } from "../config";
import type { Database } from "../db/client";
import { localize } from "../i18n/text";

/**
 * The home page's favourite products (`products.featured`: 1, 2, 3… their order; null: not one of them), as a
 * manager picks them at /store/favourites (issue 14 point 8, beyond the spec). The home page shows the first few
 * that are active and on sale (app/web/promotions.server.ts); a manager may pick up to FAVOURITES_MAX, so the next
 * ones stand in when one is off the menu.
 */
export const FAVOURITES_MAX = 12;

export interface FavouriteChoice {
  sku: string;
  name: string;
  category: string;
  active: boolean;
  /** its place among the favourites (1 first), or null */
  featured: number | null;
}

/** Every product, the favourites first in their order, then by category and position. */
export async function favouriteChoices(db: Database, lng: Language): Promise<FavouriteChoice[]> {
  const rows = await db
    .selectFrom("products as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select(["p.sku", "p.name", "p.active", "p.featured", "c.name as category"])
    .orderBy(({ fn, ref }) => fn.coalesce(ref("p.featured"), ({ lit }) => lit(1000)))
    .orderBy("c.position")
    .orderBy("p.position")
    .orderBy("p.id")
    .execute();
  return rows.map((row) => ({ sku: row.sku, name: localize(row.name, lng), category: localize(row.category, lng), active: row.active, featured: row.featured }));
}

/**
 * Makes exactly `skus` the favourites, in that order (featured 1, 2, 3…), in one transaction. Returns the skus that
 * are no product (then nothing changes).
 */
export async function saveFavourites(db: Database, skus: readonly string[]): Promise<string[]> {
  if (skus.length > FAVOURITES_MAX) throw new RangeError("too many favourites");
  return db.transaction().execute(async (trx) => {
    const known = skus.length ? await trx.selectFrom("products").select("sku").where("sku", "in", [...skus]).execute() : [];
    const unknown = skus.filter((sku) => !known.some((row) => row.sku === sku));
    if (unknown.length) return unknown;
    await trx.updateTable("products").set({ featured: null }).where("featured", "is not", null).execute();
    for (const [index, sku] of skus.entries()) await trx.updateTable("products").set({ featured: index + 1 }).where("sku", "=", sku).execute();
    return [];
  });
}
