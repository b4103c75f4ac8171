import type { Language } from "../config";
import type { Database } from "../db/client";
import type { I18nText } from "../db/types";
import { localize } from "../i18n/text";
import { sizesOf, type ProductBase } from "./menu";
import { isUuid } from "../ids";

export interface ToppingOffer {
  id: number;
  code: string;
  name: string;
  /** 0 both (included, may be doubled or removed), 1 default (may be removed), 2 extra (may be added) */
  type: 0 | 1 | 2;
  priceCents: number;
}

export interface ProductDetail extends ProductBase {
  id: number;
  priceCents: number;
  /** a lunch-time product (the lunch half-and-half takes the lunch constant) */
  lunch: boolean;
  toppings: ToppingOffer[];
  limits: { maxExtras: number; maxRemovals: number; maxPerTopping: number };
}

/** A product with everything its builder offers: sizes, each size's crusts, toppings and topping limits. */
export async function getProductDetail(db: Database, lng: Language, uuid: string): Promise<ProductDetail | undefined> {
  if (!isUuid(uuid)) return undefined; // a path segment that is no uuid names no product (and never reaches SQL)
  const product = await db
    .selectFrom("products")
    .selectAll()
    .where("uuid", "=", uuid)
    .where("active", "=", true)
    .executeTakeFirst();
  if (!product) return undefined;
  const [layers, toppings] = await Promise.all([
    db.selectFrom("product_layers").selectAll().where("product_id", "=", product.id).orderBy("position").orderBy("id").execute(),
    db
      .selectFrom("product_toppings as pt")
      .innerJoin("toppings as t", "t.id", "pt.topping_id")
      .select(["t.id", "t.code", "t.name", "t.price_cents", "pt.type"])
      .where("pt.product_id", "=", product.id)
      .orderBy("t.position")
      .orderBy("t.id")
      .execute(),
  ]);
  return {
    id: product.id,
    uuid: product.uuid,
    sku: product.sku,
    name: localize(product.name as I18nText, lng),
    description: localize(product.description as I18nText, lng),
    image: product.image,
    productType: product.product_type,
    priceCents: product.price_cents,
    lunch: product.lunch_only,
    sizes: sizesOf(layers, lng),
    toppings: toppings.map((t) => ({
      id: t.id,
      code: t.code,
      name: localize(t.name as I18nText, lng),
      type: t.type as 0 | 1 | 2,
      priceCents: t.price_cents,
    })),
    limits: { maxExtras: product.max_extras, maxRemovals: product.max_removals, maxPerTopping: product.max_per_topping },
  };
}
