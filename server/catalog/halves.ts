import type { Database } from "../db/client";
import type { I18nText } from "../db/types";
import type { LoadedHalf } from "../cart/line";
import { halfKindOf, halfSetsOf } from "../cart/halves";

/**
 * The pizzas that may be halves, by product id, with their names and their price per size sku (the pure rules:
 * server/cart/halves.ts). Inactive products are absent.
 */
export async function loadHalfCandidates(db: Database, productIds: number[]): Promise<Map<number, LoadedHalf>> {
  const result = new Map<number, LoadedHalf>();
  if (productIds.length === 0) return result;
  const [products, sizes] = await Promise.all([
    db.selectFrom("products").select(["id", "name", "half_set"]).where("id", "in", productIds).where("active", "=", true).execute(),
    db
      .selectFrom("product_layers")
      .select(["product_id", "sku", "price_cents"])
      .where("product_id", "in", productIds)
      .where("parent_id", "is", null)
      .execute(),
  ]);
  for (const p of products) {
    const sizePrices: Record<string, number> = {};
    for (const size of sizes.filter((l) => l.product_id === p.id)) sizePrices[size.sku] = size.price_cents;
    result.set(p.id, { candidate: { productId: p.id, halfSet: p.half_set, sizePrices }, name: p.name as I18nText });
  }
  return result;
}

/** The pizzas a half-and-half product offers as halves, by name, with their price per size sku. */
export async function halfChoices(db: Database, productId: number) {
  const product = await db.selectFrom("products").select("lunch_only").where("id", "=", productId).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("products")
    .select(["id", "uuid", "name"])
    .where("half_set", "in", [...halfSetsOf(halfKindOf(product.lunch_only))])
    .where("active", "=", true)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const candidates = await loadHalfCandidates(db, rows.map((r) => r.id));
  return rows.map((r) => ({ uuid: r.uuid, name: r.name as I18nText, sizePrices: candidates.get(r.id)?.candidate.sizePrices ?? {} }));
}
