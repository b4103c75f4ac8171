import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { constants, env, type Language } from "../config";
import { now } from "../clock";
import type { Database } from "../db/client";
import type { DB, I18nText } from "../db/types";
import { DomainError } from "../errors";
import { localize } from "../i18n/text";
import { cartTotals, lineTotalCents, type OrderType, type Totals } from "./pricing";

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
}

export interface CartView {
  uuid: string;
  orderType: OrderType | null;
  outletId: number | null;
  orderTime: Date | null;
  lines: CartLineView[];
  count: number;
  totals: Totals;
}

export function pricingSettings() {
  const settings = env();
  return { taxPercent: settings.TAX_PERCENT, deliveryFeeCents: settings.DELIVERY_FEE_CENTS };
}

type Executor = Database | Transaction<DB>;

/** The cart with every price read from the database now; undefined when there is no such cart. */
export async function getCart(db: Executor, uuid: string): Promise<CartView | undefined> {
  const cart = await db.selectFrom("carts").selectAll().where("uuid", "=", uuid).executeTakeFirst();
  if (!cart) return undefined;
  const rows = await db
    .selectFrom("cart_lines as l")
    .innerJoin("products as p", "p.id", "l.product_id")
    .leftJoin("product_layers as f", "f.id", "l.first_layer_id")
    .leftJoin("product_layers as s", "s.id", "l.second_layer_id")
    .select([
      "l.id", "l.product_type", "l.quantity", "l.first_layer_id", "l.second_layer_id",
      "p.id as product_id", "p.uuid", "p.sku", "p.name", "p.image", "p.price_cents",
      "f.name as size_name", "f.price_cents as size_cents", "s.name as crust_name", "s.price_cents as crust_cents",
    ])
    .where("l.cart_uuid", "=", uuid)
    .orderBy("l.id")
    .execute();
  const lines: CartLineView[] = rows.map((r) => {
    const unitCents = r.first_layer_id ? (r.size_cents ?? 0) + (r.crust_cents ?? 0) : r.price_cents;
    return {
      id: r.id,
      productType: r.product_type,
      productId: r.product_id,
      productUuid: r.uuid,
      sku: r.sku,
      name: r.name as I18nText,
      size: (r.size_name as I18nText | null) ?? null,
      crust: (r.crust_name as I18nText | null) ?? null,
      image: r.image,
      quantity: r.quantity,
      unitCents,
      totalCents: lineTotalCents(unitCents, r.quantity),
      firstLayerId: r.first_layer_id,
      secondLayerId: r.second_layer_id,
    };
  });
  const { taxPercent, deliveryFeeCents } = pricingSettings();
  return {
    uuid: cart.uuid,
    orderType: cart.order_type,
    outletId: cart.outlet_id,
    orderTime: cart.order_time ? new Date(cart.order_time) : null,
    lines,
    count: lines.reduce((n, l) => n + l.quantity, 0),
    totals: cartTotals({
      lineTotalsCents: lines.map((l) => l.totalCents),
      orderType: cart.order_type,
      deliveryFeeCents,
      taxPercent,
    }),
  };
}

/** A line as the cart view shows it, in one language. */
export function describeLine(line: CartLineView, lng: Language) {
  return {
    ...line,
    name: localize(line.name, lng),
    size: line.size ? localize(line.size, lng) : null,
    crust: line.crust ? localize(line.crust, lng) : null,
  };
}

export interface AddToCart {
  cartUuid: string | null;
  outletId: number;
  orderType: OrderType;
  productUuid: string;
  firstLayerId?: number | null;
  secondLayerId?: number | null;
  quantity: number;
}

/**
 * Runs a cart change with the cart row locked, so concurrent changes to one cart apply one after another.
 * A change may not take the cart over the maximum; a cart already over it (prices rose) may still shrink.
 */
async function withLockedCart<T>(
  db: Database,
  uuid: string,
  change: (trx: Transaction<DB>) => Promise<T>,
  create?: { outletId: number; orderType: OrderType },
) {
  return db.transaction().execute(async (trx) => {
    if (create) {
      const at = now();
      await trx
        .insertInto("carts")
        .values({ uuid, outlet_id: create.outletId, order_type: create.orderType, created_at: at, updated_at: at })
        .execute();
    }
    const locked = await trx.selectFrom("carts").select("uuid").where("uuid", "=", uuid).forUpdate().executeTakeFirst();
    if (!locked) throw new DomainError("CART-01");
    const before = (await getCart(trx, uuid))?.totals.subtotalCents ?? 0;
    const result = await change(trx);
    const after = (await getCart(trx, uuid))?.totals.subtotalCents ?? 0;
    if (after > constants.maxCartCents && after > before) {
      throw new DomainError("MAX-CART", { max: constants.maxCartCents });
    }
    await trx.updateTable("carts").set({ updated_at: now() }).where("uuid", "=", uuid).execute();
    return result;
  });
}

/**
 * Adds a product to the cart; the first add creates the cart (in the same transaction, so a refused first add
 * leaves nothing behind). Identical lines are merged by quantity. Returns the cart's uuid. Refuses unknown
 * products and sizes or crusts that do not belong to the product.
 */
export async function addToCart(db: Database, input: AddToCart): Promise<string> {
  const product = await db
    .selectFrom("products")
    .select(["id", "product_type"])
    .where("uuid", "=", input.productUuid)
    .where("active", "=", true)
    .executeTakeFirst();
  if (!product) throw new DomainError("ITEM-NOT-FOUND");
  const layers = await db.selectFrom("product_layers").select(["id", "parent_id"]).where("product_id", "=", product.id).execute();
  const firstLayerId = input.firstLayerId ?? null;
  const secondLayerId = input.secondLayerId ?? null;
  if (layers.length > 0) {
    const size = layers.find((l) => l.id === firstLayerId && l.parent_id === null);
    const crusts = layers.filter((l) => l.parent_id === firstLayerId);
    const crust = crusts.find((l) => l.id === secondLayerId);
    if (!size || (crusts.length > 0 && !crust) || (crusts.length === 0 && secondLayerId !== null)) {
      throw new DomainError("ITEM-NOT-FOUND");
    }
  } else if (firstLayerId !== null || secondLayerId !== null) {
    throw new DomainError("ITEM-NOT-FOUND");
  }

  const cartUuid = input.cartUuid ?? randomUUID();
  const create = input.cartUuid ? undefined : { outletId: input.outletId, orderType: input.orderType };
  await withLockedCart(
    db,
    cartUuid,
    async (trx) => {
      let same = trx
        .selectFrom("cart_lines")
        .select(["id", "quantity"])
        .where("cart_uuid", "=", cartUuid)
        .where("product_id", "=", product.id);
      same = firstLayerId === null ? same.where("first_layer_id", "is", null) : same.where("first_layer_id", "=", firstLayerId);
      same = secondLayerId === null ? same.where("second_layer_id", "is", null) : same.where("second_layer_id", "=", secondLayerId);
      const existing = await same.executeTakeFirst();
      if (existing) {
        await trx
          .updateTable("cart_lines")
          .set({ quantity: Math.min(99, existing.quantity + input.quantity) })
          .where("id", "=", existing.id)
          .execute();
      } else {
        await trx
          .insertInto("cart_lines")
          .values({
            cart_uuid: cartUuid,
            product_id: product.id,
            product_type: product.product_type,
            first_layer_id: firstLayerId,
            second_layer_id: secondLayerId,
            quantity: input.quantity,
            options: "{}",
            created_at: now(),
          })
          .execute();
      }
    },
    create,
  );
  return cartUuid;
}

export async function setLineQuantity(db: Database, cartUuid: string, lineId: number, quantity: number) {
  await withLockedCart(db, cartUuid, async (trx) => {
    const result = await trx
      .updateTable("cart_lines")
      .set({ quantity })
      .where("id", "=", lineId)
      .where("cart_uuid", "=", cartUuid)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new DomainError("ITEM-NOT-FOUND");
  });
}

export async function removeLine(db: Database, cartUuid: string, lineId: number) {
  await withLockedCart(db, cartUuid, async (trx) => {
    await trx.deleteFrom("cart_lines").where("id", "=", lineId).where("cart_uuid", "=", cartUuid).execute();
  });
}

/** Deletes the cart and its lines (empty cart, disposition change, idle reset). */
export async function deleteCart(db: Executor, cartUuid: string) {
  await db.deleteFrom("carts").where("uuid", "=", cartUuid).execute();
}

/** Points the cart at a new outlet and order type (the delivery fee follows the order type). */
export async function reassignCart(db: Database, cartUuid: string, outletId: number, orderType: OrderType) {
  await db
    .updateTable("carts")
    .set({ outlet_id: outletId, order_type: orderType, updated_at: now() })
    .where("uuid", "=", cartUuid)
    .execute();
}
