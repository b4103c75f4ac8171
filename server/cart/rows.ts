/**
 * The cart's rows: the cart read with every price from the database now (getCart), and its writes (create on the
 * first add, add or merge a line, change a line's options or quantity, remove a line, order time, outlet, delete).
 * A line is checked before it is written (checks.ts) and priced from its loaded rows (line.ts).
 */
import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { constants, env } from "../config";
import { tenant } from "../tenant";
import { now } from "../clock";
import type { Database } from "../db/client";
import { compiledOnce } from "../db/compiled";
import type { DB } from "../db/types";
import { DomainError } from "../errors";
import { sellingInstant } from "../catalog/availability";
import { loadComboLines } from "../catalog/combo";
import { loadHalfCandidates } from "../catalog/halves";
import { checkedLine, checkedOptions, type LineDestination, type LineSelection } from "./checks";
import { cartLine, lineOptions, namedIds, pizzasOfLine, type CartLineView } from "./line";
import { cartTotals, type OrderType, type Totals } from "./pricing";
import type { ToppingChoice } from "./toppings";
import { evaluateCartCoupons, noCoupons, type CartCoupons } from "../coupons/evaluate";
import type { PaymentKind } from "../coupons/types";

export interface CartView {
  uuid: string;
  timeZone: string;
  orderType: OrderType | null;
  outletId: number | null;
  orderTime: Date | null;
  lines: CartLineView[];
  count: number;
  /** pizzas the kitchen bakes for this cart (sized lines and half-and-halves, plus the sized items of combos) */
  pizzas: number;
  /** units of free items (lines priced 0: courtesy products, coupon gifts) */
  freeItems: number;
  /** the signed-in customer the cart is for (set when made or claimed at sign-in), else null */
  customerId: number | null;
  /** the coupons on the cart, each checked again now (server/coupons/evaluate.ts) */
  coupons: CartCoupons;
  /** with the applying coupons' discount and waived delivery fee */
  totals: Totals;
}

/** What a read of the cart may judge its coupons with beyond the cart row: the payment chosen at checkout. */
export interface CartReadOptions {
  payment?: PaymentKind | null;
}

export function pricingSettings() {
  const settings = env();
  return { taxPercent: tenant.taxPercent, deliveryFeeCents: settings.DELIVERY_FEE_CENTS };
}

type Executor = Database | Transaction<DB>;

/**
 * The cart with its lines (as a JSON array, in the order they were added) and whether it holds a coupon, in one
 * statement: a cart without coupons (most) needs no second read for them. Built and compiled once (compiledOnce).
 */
const cartStatement = compiledOnce(["uuid"], (db, { uuid }) =>
  db
    .selectFrom("carts")
    .leftJoin("outlets", "outlets.id", "carts.outlet_id")
    .selectAll("carts")
    .select("outlets.time_zone")
    .select((eb) => eb.exists(eb.selectFrom("cart_coupons as cc").select("cc.cart_uuid").whereRef("cc.cart_uuid", "=", "carts.uuid")).as("has_coupons"))
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom("cart_lines as l")
          .innerJoin("products as p", "p.id", "l.product_id")
          .leftJoin("product_layers as f", "f.id", "l.first_layer_id")
          .leftJoin("product_layers as s", "s.id", "l.second_layer_id")
          .innerJoin("categories as c", "c.id", "p.category_id")
          .leftJoin("categories as pc", "pc.id", "c.parent_id")
          .leftJoin("coupons as cp", "cp.id", "l.coupon_id")
          .select([
            "cp.code as coupon_code", "cp.benefit as coupon_benefit",
            "c.slug as category_slug", "pc.slug as parent_slug",
            "p.lunch_only", "p.hut_day", "p.selling_start", "p.selling_end", "p.pizzas", "f.sku as size_sku",
            "l.id", "l.product_type", "l.quantity", "l.first_layer_id", "l.second_layer_id", "l.options", "l.combo_uuid",
            "p.id as product_id", "p.uuid", "p.sku", "p.name", "p.image", "p.price_cents",
            "f.name as size_name", "f.price_cents as size_cents", "s.name as crust_name", "s.price_cents as crust_cents",
          ])
          .whereRef("l.cart_uuid", "=", "carts.uuid")
          .orderBy("l.id"),
      ).as("lines"),
    )
    .where("carts.uuid", "=", uuid),
);

/** The cart with every price read from the database now; undefined when there is no such cart. */
export async function getCart(db: Executor, uuid: string, options: CartReadOptions = {}): Promise<CartView | undefined> {
  const [cart] = (await cartStatement(db, { uuid })).rows;
  if (!cart) return undefined;
  const timeZone = cart.time_zone ?? constants.defaultTimeZone;
  // Availability is judged at the order's time: the chosen slot, or now for as soon as possible.
  const orderAt = sellingInstant(cart.order_time ? new Date(cart.order_time) : null, now());
  const rows = cart.lines;
  const named = namedIds(rows);
  const toppingRows = named.toppings.length
    ? await db.selectFrom("toppings").select(["id", "name", "price_cents"]).where("id", "in", named.toppings).execute()
    : [];
  const loaded = {
    toppings: new Map(toppingRows.map((t) => [t.id, { name: t.name, priceCents: t.price_cents }])),
    halves: await loadHalfCandidates(db, named.halves),
    combos: await loadComboLines(db, rows),
  };
  const lines = rows.map((row) => cartLine(row, loaded, orderAt, timeZone));
  const { taxPercent, deliveryFeeCents } = pricingSettings();
  const coupons = !cart.has_coupons ? noCoupons : await evaluateCartCoupons(db, uuid, {
    outletId: cart.outlet_id,
    orderType: cart.order_type,
    orderTime: cart.order_time ? new Date(cart.order_time) : null,
    customerId: cart.customer_id,
    payment: options.payment ?? null,
    lines: lines.map((l) => ({ productUuid: l.productUuid, quantity: l.quantity, totalCents: l.totalCents, couponCode: l.couponCode })),
    deliveryFeeCents,
    now: now(),
  });
  return {
    uuid: cart.uuid,
    timeZone,
    orderType: cart.order_type,
    outletId: cart.outlet_id,
    orderTime: cart.order_time ? new Date(cart.order_time) : null,
    lines,
    count: lines.reduce((n, l) => n + l.quantity, 0),
    pizzas: lines.reduce((n, l) => n + l.quantity * pizzasOfLine(l), 0),
    freeItems: lines.filter((l) => l.unitCents === 0).reduce((n, l) => n + l.quantity, 0),
    customerId: cart.customer_id,
    coupons,
    totals: couponTotals(lines, cart.order_type, coupons, { deliveryFeeCents, taxPercent }),
  };
}

/** The totals of some lines for an order type, with what the applying coupons take off (and the fee they waive). */
export function couponTotals(
  lines: Pick<CartLineView, "totalCents">[],
  orderType: OrderType | null,
  coupons: CartCoupons,
  settings: { deliveryFeeCents: number; taxPercent: number },
): Totals {
  return cartTotals({
    lineTotalsCents: lines.map((l) => l.totalCents),
    orderType,
    deliveryFeeCents: coupons.deliveryFeeWaived ? 0 : settings.deliveryFeeCents,
    taxPercent: settings.taxPercent,
    discountCents: coupons.discountCents,
  });
}

export interface AddToCart extends LineSelection, LineDestination {
  orderType: OrderType;
  quantity: number;
  /** the signed-in customer, when this add makes the cart (the cart is theirs) */
  customerId?: number | null;
  /** a deal's combo (coupon type 6): the coupon goes on the cart with its own line (never merged) */
  couponId?: number;
  /**
   * The add's key: its form's one-time value (`once`, a new one on every page the form is on) with the whole choice
   * (app/web/cart.server.ts). The same key again soon after is the same click repeated (a double click on a page
   * without scripts), and adds nothing (`REPEATED_ADD_MS`). Without a key every post adds.
   */
  repeatKey?: string;
}

/** How long after an add the same add again (its key) counts as the same click repeated. */
export const REPEATED_ADD_MS = 10_000;

/** Whether the cart's last add (its key and time, migration 0031) makes an add with this key, now, its repeat. */
function repeats(cart: { last_add: string | null; last_add_at: Date | string | null }, key: string, at: Date): boolean {
  return cart.last_add === key && cart.last_add_at !== null && at.getTime() - new Date(cart.last_add_at).getTime() < REPEATED_ADD_MS;
}

/**
 * Whether an add with this key, now, repeats the cart's last add: for a check made before the cart is locked (a
 * deal's, whose coupon the first post put on the cart already). `addToCart` checks again under the cart's lock.
 */
export async function isRepeatedAdd(db: Database, cartUuid: string, key: string): Promise<boolean> {
  const cart = await db.selectFrom("carts").select(["last_add", "last_add_at"]).where("uuid", "=", cartUuid).executeTakeFirst();
  return cart !== undefined && repeats(cart, key, now());
}

/**
 * How a change may move the cart's total, so the maximum is checked without pricing the cart twice:
 * "grows" (adds; the change may return false when it turned out to shrink, like a lower quantity), "shrinks"
 * (removals: never refused), "compare" (option changes: priced before and after).
 */
type Growth = "grows" | "shrinks" | "compare";

/**
 * Runs a cart change with the cart row locked, so concurrent changes to one cart apply one after another.
 * A change may not take the cart over the maximum; a cart already over it (prices rose) may still shrink.
 */
async function withLockedCart<T>(
  db: Database,
  uuid: string,
  growth: Growth,
  change: (trx: Transaction<DB>) => Promise<T>,
  create?: { outletId: number; orderType: OrderType; orderTime?: Date | null; customerId?: number | null },
  add?: { key: string },
): Promise<T | undefined> {
  return db.transaction().execute(async (trx) => {
    if (create) {
      const at = now();
      await trx
        .insertInto("carts")
        .values({
          uuid,
          outlet_id: create.outletId,
          order_type: create.orderType,
          order_time: create.orderTime ?? null,
          customer_id: create.customerId ?? null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const locked = await trx.selectFrom("carts").select(["last_add", "last_add_at"]).where("uuid", "=", uuid).forUpdate().executeTakeFirst();
    if (!locked) throw new DomainError("CART-01");
    // The same add posted again (its key) within the window: the first post's change stands, alone.
    if (add && repeats(locked, add.key, now())) return undefined;
    const subtotal = async () => (await getCart(trx, uuid))?.totals.subtotalCents ?? 0;
    const before = growth === "compare" ? await subtotal() : 0;
    const result = await change(trx);
    if (growth !== "shrinks" && result !== false) {
      const after = await subtotal();
      if (after > constants.maxCartCents && (growth === "grows" || after > before)) {
        throw new DomainError("MAX-CART", { max: constants.maxCartCents });
      }
    }
    const at = now();
    await trx
      .updateTable("carts")
      .set(add ? { updated_at: at, last_add: add.key, last_add_at: at } : { updated_at: at })
      .where("uuid", "=", uuid)
      .execute();
    return result;
  });
}

/**
 * Adds a product to the cart; the first add creates the cart (in the same transaction, so a refused first add
 * leaves nothing behind). Identical lines are merged by quantity. Returns the cart's uuid. Refuses what
 * checkedLine refuses: unknown products, sizes or crusts that do not belong to the product, and so on.
 */
export async function addToCart(db: Database, input: AddToCart): Promise<string> {
  const line = await checkedLine(db, input);
  const { firstLayerId, secondLayerId } = line;
  const optionsJson = JSON.stringify(line.options);

  const cartUuid = input.cartUuid ?? randomUUID();
  const create = input.cartUuid
    ? undefined
    : { outletId: input.outletId, orderType: input.orderType, orderTime: input.orderTime ?? null, customerId: input.customerId ?? null };
  await withLockedCart(
    db,
    cartUuid,
    "grows",
    async (trx) => {
      let same = trx
        .selectFrom("cart_lines")
        .select(["id", "quantity"])
        .where("cart_uuid", "=", cartUuid)
        .where("product_id", "=", line.productId);
      same = firstLayerId === null ? same.where("first_layer_id", "is", null) : same.where("first_layer_id", "=", firstLayerId);
      same = secondLayerId === null ? same.where("second_layer_id", "is", null) : same.where("second_layer_id", "=", secondLayerId);
      same = same.where(sql<boolean>`options = ${optionsJson}::jsonb`).where("coupon_id", "is", null);
      // A coupon's line is its own: a deal's combo never merges, and nothing merges into a free item.
      const existing = input.couponId === undefined ? await same.executeTakeFirst() : undefined;
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
            product_id: line.productId,
            product_type: line.productType,
            first_layer_id: firstLayerId,
            second_layer_id: secondLayerId,
            quantity: input.quantity,
            options: optionsJson,
            // A new combo line gets its own uuid; a merged one keeps the uuid it has.
            combo_uuid: line.isCombo ? randomUUID() : null,
            coupon_id: input.couponId ?? null,
            created_at: now(),
          })
          .execute();
        if (input.couponId !== undefined) await putCouponOnCart(trx, cartUuid, input.couponId);
      }
    },
    create,
    input.repeatKey === undefined ? undefined : { key: input.repeatKey },
  );
  return cartUuid;
}

/**
 * Puts a coupon on the cart (its row in `cart_coupons`). The key (cart, coupon) makes a second apply of one coupon,
 * however concurrent, CP-01 (already applied).
 */
export async function putCouponOnCart(trx: Executor, cartUuid: string, couponId: number) {
  const put = await trx
    .insertInto("cart_coupons")
    .values({ cart_uuid: cartUuid, coupon_id: couponId, applied_at: now() })
    .onConflict((oc) => oc.doNothing())
    .returning("coupon_id")
    .executeTakeFirst();
  if (!put) {
    const coupon = await trx.selectFrom("coupons").select("code").where("id", "=", couponId).executeTakeFirstOrThrow();
    throw new DomainError("CP-01", { code: coupon.code });
  }
}

/** A line of the cart with its coupon (null for the customer's own lines); refuses a line that is not there. */
async function ownLine(trx: Executor, cartUuid: string, lineId: number) {
  const line = await trx
    .selectFrom("cart_lines")
    .select(["quantity", "coupon_id"])
    .where("id", "=", lineId)
    .where("cart_uuid", "=", cartUuid)
    .executeTakeFirst();
  if (!line) throw new DomainError("ITEM-NOT-FOUND");
  return line;
}

export async function setLineQuantity(db: Database, cartUuid: string, lineId: number, quantity: number) {
  await withLockedCart(db, cartUuid, "grows", async (trx) => {
    const line = await ownLine(trx, cartUuid, lineId);
    // A coupon's line comes in the coupon's quantity (spec ORDER-5: a coupon's item cannot be changed).
    if (line.coupon_id !== null) throw new DomainError("ORDER-5");
    await trx.updateTable("cart_lines").set({ quantity }).where("id", "=", lineId).execute();
    return quantity > line.quantity;
  });
}

/** Removes a line; a coupon's line takes its coupon with it (the item was what the coupon gave). */
export async function removeLine(db: Database, cartUuid: string, lineId: number) {
  await withLockedCart(db, cartUuid, "shrinks", async (trx) => {
    const removed = await trx.deleteFrom("cart_lines").where("id", "=", lineId).where("cart_uuid", "=", cartUuid).returning("coupon_id").executeTakeFirst();
    if (removed?.coupon_id) await dropCoupon(trx, cartUuid, removed.coupon_id);
  });
}

/** Takes a coupon off the cart with the lines it brought. */
async function dropCoupon(trx: Executor, cartUuid: string, couponId: number) {
  await trx.deleteFrom("cart_lines").where("cart_uuid", "=", cartUuid).where("coupon_id", "=", couponId).execute();
  await trx.deleteFrom("cart_coupons").where("cart_uuid", "=", cartUuid).where("coupon_id", "=", couponId).execute();
}

/** Takes the coupon with this code off the cart (and its lines); false when it was not on the cart. */
export async function removeCouponFromCart(db: Database, cartUuid: string, couponId: number): Promise<boolean> {
  const removed = await withLockedCart(db, cartUuid, "shrinks", async (trx) => {
    const on = await trx.selectFrom("cart_coupons").select("coupon_id").where("cart_uuid", "=", cartUuid).where("coupon_id", "=", couponId).executeTakeFirst();
    if (on) await dropCoupon(trx, cartUuid, couponId);
    return Boolean(on);
  });
  return removed === true;
}

/** Deletes the cart and its lines (empty cart, disposition change, idle reset). */
export async function deleteCart(db: Executor, cartUuid: string) {
  await db.deleteFrom("carts").where("uuid", "=", cartUuid).execute();
}

/** The cart becomes a customer's (a guest signed in with it: it stays theirs, spec section 4's cart with customer_id). */
export async function claimCart(db: Executor, cartUuid: string, customerId: number) {
  await db.updateTable("carts").set({ customer_id: customerId }).where("uuid", "=", cartUuid).execute();
}

/** Points the cart at a new outlet and order type (the delivery fee follows the order type). */
export async function reassignCart(db: Database, cartUuid: string, outletId: number, orderType: OrderType) {
  await db
    .updateTable("carts")
    .set({ outlet_id: outletId, order_type: orderType, updated_at: now() })
    .where("uuid", "=", cartUuid)
    .execute();
}

/** Changes a line's size, crust and toppings (its product and quantity stay). */
export async function updateLineOptions(
  db: Database,
  cartUuid: string,
  lineId: number,
  selection: { firstLayerId: number | null; secondLayerId: number | null; toppings?: ToppingChoice },
) {
  await withLockedCart(db, cartUuid, "compare", async (trx) => {
    const line = await trx
      .selectFrom("cart_lines")
      .select(["id", "product_id", "options", "coupon_id"])
      .where("id", "=", lineId)
      .where("cart_uuid", "=", cartUuid)
      .executeTakeFirst();
    if (!line) throw new DomainError("ITEM-NOT-FOUND");
    if (line.coupon_id !== null) throw new DomainError("ORDER-5");
    // A combo's choice is made on its own page; a size-and-toppings change would drop it.
    if (lineOptions(line).combo) throw new DomainError("COMBO-CHOICE", { reason: "missing" });
    const options = await checkedOptions(trx, line.product_id, selection.firstLayerId, selection.secondLayerId, selection.toppings);
    await trx
      .updateTable("cart_lines")
      .set({ first_layer_id: selection.firstLayerId, second_layer_id: selection.secondLayerId, options: JSON.stringify(options) })
      .where("id", "=", lineId)
      .execute();
  });
}

/** Sets the cart's order time (null: as soon as possible); prices and availability follow it. */
export async function setCartOrderTime(db: Database, uuid: string, orderTime: Date | null): Promise<void> {
  await db.updateTable("carts").set({ order_time: orderTime, updated_at: now() }).where("uuid", "=", uuid).execute();
}
