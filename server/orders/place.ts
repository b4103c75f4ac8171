import { randomUUID } from "node:crypto";
import { type QueryCreator, sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { constants, type Language } from "../config";
import { now } from "../clock";
import { isUniqueViolation, type Database } from "../db/client";
import type { DB } from "../db/types";
import { compiledOnce } from "../db/compiled";
import { availabilityError } from "../cart/checks";
import type { CartLineView } from "../cart/line";
import { couponTotals, getCart, pricingSettings, type CartView } from "../cart/rows";
import { cartLimitProblem, type CartLimitProblem, type OrderType, type Totals } from "../cart/pricing";
import { findCouponByCode } from "../coupons/store";
import { recordCouponUse } from "../coupons/uses";
import type { OrderCoupon } from "./order-coupons";
import { storedChoices } from "./item-choices";
import { DomainError } from "../errors";
import type { CheckoutInput } from "./checkout-schema";
import { bookSlot, checkOrderTime, checkOutletService, slotStart } from "../outlets/order-time";
import { outletHoursSpan, outletWithHoursOf, storedHoursColumns, type OutletWithHours } from "../outlets/hours";
import { STATUS_AWAITING_PAYMENT, STATUS_RECEIVED } from "./status";
import { ORDER_VIEW_COLUMNS, ORDER_VIEW_ITEM_COLUMNS, type OrderViewRow } from "./tracker";
import { insertAttempt } from "../payments/store";
import { outletPaymentSettings, PaymentRefusal, paymentMethods, settlePayment, type OutletPaymentSettings } from "./payment-methods";

/** An order's money columns from the cart's totals (integer centavos), as every writer of an order sets them (the
 * placement and the demo orders' seed). */
export function totalsColumns(totals: Totals) {
  return {
    subtotal_cents: totals.subtotalCents,
    tax_percent: totals.taxPercent,
    tax_cents: totals.taxCents,
    delivery_fee_cents: totals.deliveryFeeCents,
    discount_cents: totals.discountCents,
    total_cents: totals.totalCents,
  };
}

/** The cart's applying coupons with what each gave (a flagged coupon never reaches an order: placement refuses it). */
export function orderCoupons(cart: Pick<CartView, "coupons" | "lines">, totals: Totals): OrderCoupon[] {
  const feeWaived = pricingSettings().deliveryFeeCents - totals.deliveryFeeCents;
  return cart.coupons.coupons.flatMap((c) => {
    if (!c.effect) return [];
    const lines = cart.lines.filter((l) => l.couponCode === c.code).reduce((sum, l) => sum + l.couponSavingCents, 0);
    const fee = c.effect.deliveryFeeWaived ? Math.max(0, feeWaived) : 0;
    return [{ code: c.code, name: c.name, type: c.type, discountCents: c.effect.discountCents + fee + lines }];
  });
}

type OrderItem = ReturnType<typeof orderItems>[number];

export interface PlaceOrder {
  /** The session's cart; null when it has none (a retried post after the order was placed still finds it). */
  cartUuid: string | null;
  outletId: number;
  orderType: OrderType;
  postalCode?: string;
  /** The delivery address (street, numbers, neighbourhood, city, state, reference): the checkout form's, which
   * starts from the disposition's. The postal code is always the disposition's: it chose the outlet. */
  address?: Record<string, string>;
  checkout: PlacementCheckout;
  locale: Language;
  /** The signed-in customer placing it (their history); absent for a guest. */
  customerId?: number;
  /**
   * The online payment provider configured (server/payments), if any: a method paid online ("card") is taken only
   * with one, and its first attempt is made with the order.
   */
  paymentProvider?: string;
  /**
   * The total the customer was shown when they confirmed (the checkout form posts it): placed only at that total,
   * else ORDER-TOTAL with the new one. It never sets a price: the order is priced here, from the database. Absent (a
   * caller without a page), the order is placed at whatever it costs now.
   */
  expectedTotalCents?: number;
}

/** The checkout form's values; what a form may leave out (company, receipt, invoice, cash amount) is optional. */
export type PlacementCheckout = Pick<CheckoutInput, "name" | "surname" | "email" | "mobile" | "comment" | "paymentMethod" | "idempotencyKey"> &
  Partial<Pick<CheckoutInput, "company" | "propertyType" | "receipt" | "invoice" | "cashTenderedCents">>;

export interface PlacedOrder {
  uuid: string;
  number: string;
  status: number;
  /** An order paid online: its current payment attempt (its public id), which the customer goes on to pay. */
  paymentTransaction: string | null;
}

export interface PlaceOptions {
  /**
   * Runs inside the order's transaction once the order is written, with that transaction: what must exist exactly
   * when the order does (its confirmation mail's outbox row). `written` is the order as the tracker reads it, given
   * back by the statement that wrote it (no second read). If it throws, the order is not placed.
   */
  withOrder?: (trx: Database, order: PlacedOrder, written: OrderViewRow) => Promise<void>;
}

/** What an outlet takes for payment (the checkout form shows its methods and cash cap). */
export async function outletPayment(db: Pick<Database, "selectFrom">, outletId: number): Promise<OutletPaymentSettings | undefined> {
  const row = await db.selectFrom("outlets").select(["payment_methods", "cash_cap_cents"]).where("id", "=", outletId).executeTakeFirst();
  return row && outletPaymentSettings(row);
}

async function orderByKey(db: Pick<Database, "selectFrom">, key: string): Promise<PlacedOrder | undefined> {
  const row = await db.selectFrom("orders").select(["uuid", "number", "status", "payment_id"]).where("idempotency_key", "=", key).executeTakeFirst();
  return row && { uuid: row.uuid, number: row.number, status: row.status, paymentTransaction: row.payment_id };
}

/**
 * An order's items from its cart lines: what was sold at what price, and in `detail` what the line was (size,
 * crust and their ids, the topping changes, the halves' product ids, a combo's uuid, choice and item names), so the
 * tracker and the console can show it and the history can put the same line in a cart again (reorder). `name` and
 * `detail` are the jsonb columns' values.
 */
export function orderItems(lines: CartLineView[]) {
  return lines.map((line, position) => ({
    position,
    product_id: line.productId,
    product_type: line.productType,
    sku: line.sku,
    name: line.name,
    detail: {
      size: line.size,
      crust: line.crust,
      firstLayerId: line.firstLayerId,
      secondLayerId: line.secondLayerId,
      ...(line.toppings.removed.length > 0 || Object.keys(line.toppings.extras).length > 0 ? { toppings: line.toppings } : {}),
      ...(line.halfIds.length > 0 ? { halves: line.halfIds } : {}),
      // The same choices in words, as the checkout, tracker, mail and console show them (server/orders/item-choices.ts).
      ...storedChoices(line),
      // A combo line: its uuid, its choice (slot, product, layers) and the chosen items' names.
      ...(line.comboUuid ? { comboUuid: line.comboUuid, combo: line.combo, comboItems: line.comboItems } : {}),
      // A coupon's line (a free item, a deal's combo): its coupon; a reorder leaves it out (the coupon is not re-applied).
      ...(line.couponCode ? { couponCode: line.couponCode } : {}),
    },
    quantity: line.quantity,
    unit_price_cents: line.unitCents,
    total_cents: line.totalCents,
  }));
}

/** The order_items rows of an order, as an insert of their own writes them (the demo orders' seed). */
export function orderItemRows(orderId: number, lines: CartLineView[]) {
  return orderItems(lines).map((item) => ({ order_id: orderId, ...item, name: JSON.stringify(item.name), detail: JSON.stringify(item.detail) }));
}

/** The placement's lock of its cart (FOR UPDATE, as every writer of a cart locks it), judged for its placer. */
function lockCart(db: QueryCreator<DB>, v: { uuid: string; customerId: number | null }) {
  return db
    .updateTable("carts")
    .set({ customer_id: v.customerId })
    .where("uuid", "=", (eb) => eb.selectFrom("carts").select("uuid").where("uuid", "=", v.uuid).forUpdate())
    .returning("uuid");
}

/** The cart's lock alone (compiled once): for a placement whose outlet is gone (lockCartWithOutlet). */
const lockStatement = compiledOnce(["uuid", "customerId"], (db, placeholders) => lockCart(db, placeholders as unknown as { uuid: string; customerId: number | null }));

/**
 * The placement's first statement (issue 15: one round trip where there were two): the cart locked for its placer
 * (`locked_cart`: its uuid, null when there is no such cart), and the outlet's row with its hours and slot bookings
 * (server/outlets/hours.ts). The outlet's part reads the snapshot the statement started with: should it wait for the
 * cart's lock, what it reads may be older than the lock by that wait, which is no matter for the checks it serves
 * (the slot's room is settled by `bookSlot`'s conditional upsert, later in the transaction). The cart's lines are
 * read by the next statement, after the lock: always as the lock's holder left them.
 */
const lockAndOutletStatement = compiledOnce(["uuid", "customerId", "outletId", "fromDate", "toDate", "now"], (db, placeholders) => {
  const v = placeholders as unknown as { uuid: string; customerId: number | null; outletId: number; fromDate: string; toDate: string; now: Date };
  return db
    .with("locked", (w) => lockCart(w, v))
    .selectFrom("outlets")
    .selectAll("outlets")
    .select(storedHoursColumns([v.outletId], v.fromDate, v.toDate, v.now))
    .select(sql<string | null>`(select "uuid" from "locked")`.as("locked_cart"))
    .where("outlets.id", "=", v.outletId);
});

/** The values of the placing statement, each bound once as a parameter (compiledOnce). */
const PLACE_VALUES = [
  "uuid", "idempotencyKey", "cartUuid", "outletId", "outletCode", "orderType", "status",
  // The totals by their columns' names: the call spreads totalsColumns, the one mapping of Totals to an order's row.
  "subtotal_cents", "tax_percent", "tax_cents", "delivery_fee_cents", "discount_cents", "total_cents",
  "advanceOrder", "collectionTime", "collectionFrom", "slotPizzas", "timeZone", "customer", "deliveryAddress", "comment", "customerId", "company", "propertyType", "receipt",
  "invoice", "payment", "coupons", "paymentMethod", "locale", "createdAt", "items",
] as const;

/**
 * The order with its number (from its sequence), its items, its first status, and the cart deleted: one statement
 * (issue 15) of data-modifying CTEs, one snapshot; the foreign keys are checked at the statement's end, when the order's
 * row is there for its items and its status. The items come as one jsonb array (`orderItems`), so the statement's
 * text is the same for any number of lines: built and compiled once per process (compiledOnce), one prepared
 * statement. The status row and the cart's deletion take the order's own values from its RETURNING.
 */
const placeStatement = compiledOnce(PLACE_VALUES, (db, placeholders) => {
  // Whatever its column's type, each value is a placeholder here, replaced by the call's value when it runs.
  const v = placeholders as unknown as Record<(typeof PLACE_VALUES)[number], never>;
  return db
    .with("placed", (w) =>
      w
        .insertInto("orders")
        .values({
          uuid: v.uuid,
          number: sql<string>`nextval('order_number_seq')::text`,
          idempotency_key: v.idempotencyKey,
          cart_uuid: v.cartUuid,
          outlet_id: v.outletId,
          outlet_code: v.outletCode,
          order_type: v.orderType,
          status: v.status,
          currency: constants.currency,
          subtotal_cents: v.subtotal_cents,
          tax_percent: v.tax_percent,
          tax_cents: v.tax_cents,
          delivery_fee_cents: v.delivery_fee_cents,
          discount_cents: v.discount_cents,
          total_cents: v.total_cents,
          advance_order: v.advanceOrder,
          collection_time: v.collectionTime,
          collection_from: v.collectionFrom,
          slot_pizzas: v.slotPizzas,
          time_zone: v.timeZone,
          customer: v.customer,
          delivery_address: v.deliveryAddress,
          comment: v.comment,
          customer_id: v.customerId,
          company: v.company,
          property_type: v.propertyType,
          receipt: v.receipt,
          invoice: v.invoice,
          payment: v.payment,
          coupons: v.coupons,
          payment_method: v.paymentMethod,
          payment_id: null,
          locale: v.locale,
          created_at: v.createdAt,
        })
        .returningAll(),
    )
    .with("items", (w) =>
      w
        .insertInto("order_items")
        .columns(["order_id", "position", "product_id", "product_type", "sku", "name", "detail", "quantity", "unit_price_cents", "total_cents"])
        .expression((eb) =>
          eb
            .selectFrom([
              "placed",
              sql<OrderItem>`jsonb_to_recordset(${v.items}::jsonb)`.as<"line">(
                sql`line(position int, product_id int, product_type smallint, sku text, name jsonb, detail jsonb, quantity int, unit_price_cents int, total_cents int)`,
              ),
            ])
            .select(["placed.id", "line.position", "line.product_id", "line.product_type", "line.sku", "line.name", "line.detail", "line.quantity", "line.unit_price_cents", "line.total_cents"]),
        )
        .returning(["position", "name", "detail", "quantity", "total_cents"]),
    )
    .with("history", (w) =>
      w
        .insertInto("order_status_history")
        .columns(["order_id", "status", "at", "actor"])
        .expression((eb) => eb.selectFrom("placed").select((e) => ["placed.id", "placed.status", "placed.created_at", e.val("customer").as("actor")]))
        .returning(["id", "status", "at"]),
    )
    .with("gone", (w) => w.deleteFrom("carts").where("uuid", "in", (eb) => eb.selectFrom("placed").select("placed.cart_uuid")))
    // The order just written, as the tracker reads it (its confirmation mail is rendered from it, not read again).
    .selectFrom("placed as o")
    .innerJoin("outlets as h", "h.id", "o.outlet_id")
    .select(ORDER_VIEW_COLUMNS)
    .select((eb) => [
      jsonArrayFrom(eb.selectFrom("items as i").select(ORDER_VIEW_ITEM_COLUMNS).orderBy("i.position")).as("items"),
      jsonArrayFrom(eb.selectFrom("history as s").select(["s.id", "s.status", "s.at"])).as("history"),
      // Paid at the door, an order has no payment attempt; paid online, its first is written after this statement.
      sql<OrderViewRow["payments"]>`'[]'::json`.as("payments"),
    ]);
});

/**
 * The placement's first step, in its transaction: the cart locked for its placer (`locked`: false when there is no
 * such cart), and the outlet's row with its hours and slot bookings at `at` (undefined when there is no such outlet;
 * the lock is then asked alone, and holds already, so the caller can judge the cart before the outlet).
 */
export async function lockCartWithOutlet(
  trx: Database,
  lock: { uuid: string; customerId: number | null },
  outletId: number,
  at: Date,
): Promise<{ locked: boolean; read: OutletWithHours | undefined }> {
  const [row] = (await lockAndOutletStatement(trx, { ...lock, outletId, ...outletHoursSpan(at), now: at })).rows;
  if (!row) return { locked: (await lockStatement(trx, lock)).rows.length > 0, read: undefined };
  const { locked_cart, ...outlet } = row;
  return { locked: locked_cart !== null, read: outletWithHoursOf(outlet) };
}

/**
 * Places an order in one transaction: every price comes from the database now (whatever the form said),
 * the cart limits and the outlet are checked, the payment is checked against the recomputed total and the outlet's
 * settings (a PaymentRefusal otherwise), the order, its items and its first status are written and the cart is
 * deleted. The checkout's idempotency key is unique in the database: a retried or doubled post returns
 * the order the first one made.
 */
export async function placeOrder(db: Database, input: PlaceOrder, options: PlaceOptions = {}): Promise<PlacedOrder> {
  const key = input.checkout.idempotencyKey;
  const cartUuid = input.cartUuid;
  // A post retried after its order was placed comes without a cart (the placement ended the session's): its order is
  // found by its key. With a cart, the key is not read first (one statement less per order, issue 15): a key already
  // used is found below, when the cart is gone (its order deleted it) or by the key's unique index (another cart).
  if (!cartUuid) {
    const earlier = await orderByKey(db, key);
    if (earlier) return earlier;
    throw new DomainError("CART-04");
  }
  try {
    return await db.transaction().execute(async (trx) => {
      // The cart locked (FOR UPDATE, as every writer of a cart locks it) and judged for who places it, with the
      // outlet's row and hours in the same statement: a session that ended is a guest now, and with the payment
      // chosen its coupons are checked again here, inside the order's transaction (issue 12 point 4).
      const at = now();
      const { locked, read } = await lockCartWithOutlet(trx, { uuid: cartUuid, customerId: input.customerId ?? null }, input.outletId, at);
      if (!locked) {
        // A concurrent twin may have placed the order and deleted the cart while we waited for the lock.
        const twin = await orderByKey(trx, key);
        if (twin) return twin;
        throw new DomainError("CART-01");
      }
      const cart = await getCart(trx, cartUuid, { payment: paymentMethods[input.checkout.paymentMethod].kind });
      if (!cart || cart.lines.length === 0) throw new DomainError("CART-04");
      const flagged = cart.coupons.coupons.find((c) => c.problem);
      if (flagged?.problem) throw new DomainError(flagged.problem.code, flagged.problem.data);
      // Every line must still sell at the order's time (a lunch item in a cart left open past lunch does not).
      const late = cart.lines.find((line) => line.unavailable);
      if (late?.unavailable) throw availabilityError(late.unavailable);
      // The outlet with its hours and slot bookings, as the first statement read them.
      const outlet = read?.outlet;
      checkOutletService(outlet, input.orderType);
      // The outlet check again at checkout: open for ASAP, or the cart's slot still offered with room.
      const offered = await checkOrderTime(trx, {
        outlet,
        orderType: input.orderType,
        orderTime: cart.orderTime,
        now: at,
        cartPizzas: cart.pizzas,
        stage: "cart",
        hours: read?.stored,
      });
      const problem = cartLimitProblem({
        subtotalCents: cart.totals.subtotalCents,
        orderType: input.orderType,
        minCartCents: outlet.min_cart_cents,
        maxCartCents: constants.maxCartCents,
      });
      if (problem) throw cartLimitError(problem);

      // Priced again for the order's own order type (the session's), whatever the cart row says, with its coupons.
      const totals = couponTotals(cart.lines, input.orderType, cart.coupons, pricingSettings());
      // A price, a coupon (a manager's edit) or the cart (another tab) changed since the customer saw the total: not
      // placed at a total they did not confirm.
      if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== totals.totalCents) {
        throw new DomainError("ORDER-TOTAL", { total: totals.totalCents });
      }
      // The payment against the total just computed (never a total from the form) and what the outlet takes.
      const { checkout } = input;
      const payment = settlePayment(
        { method: checkout.paymentMethod, cashTenderedCents: checkout.cashTenderedCents },
        { orderType: input.orderType, totalCents: totals.totalCents, settings: outletPaymentSettings(outlet) },
      );
      // Paid online: only with a provider to pay through; the order then waits for its payment (issue 13).
      const paidAtDoor = paymentMethods[payment.method].paidAtDoor;
      if (!paidAtDoor && !input.paymentProvider) throw new PaymentRefusal({ field: "paymentMethod", key: "paymentUnavailable" });
      const status = paidAtDoor ? STATUS_RECEIVED : STATUS_AWAITING_PAYMENT;
      const coupons = orderCoupons(cart, totals);
      // Book the slot last among the checks: the conditional upsert is what settles a race for the last room.
      if (cart.orderTime) await bookSlot(trx, outlet, cart.orderTime, cart.pizzas);
      // The order with its number, its items, its first status and the cart deleted: one statement (placeStatement).
      const [order] = (
        await placeStatement(trx, {
          uuid: randomUUID(),
          idempotencyKey: key,
          cartUuid: cart.uuid,
          outletId: outlet.id,
          outletCode: outlet.code,
          orderType: input.orderType,
          // Paid at the door: placing the order sends it to the store. Paid online: it waits for its payment (1).
          status,
          ...totalsColumns(totals),
          advanceOrder: cart.orderTime ? 1 : 0,
          collectionTime: cart.orderTime,
          collectionFrom: cart.orderTime ? slotStart(offered, cart.orderTime) : null,
          slotPizzas: cart.orderTime ? cart.pizzas : 0,
          timeZone: outlet.time_zone,
          customer: JSON.stringify({ name: checkout.name, surname: checkout.surname, email: checkout.email, mobile: checkout.mobile }),
          deliveryAddress: input.orderType === "D" && input.postalCode ? JSON.stringify({ ...input.address, postalCode: input.postalCode }) : null,
          comment: checkout.comment,
          customerId: input.customerId ?? null,
          company: input.orderType === "D" ? (checkout.company ?? "") : "",
          propertyType: input.orderType === "D" ? (checkout.propertyType ?? null) : null,
          receipt: checkout.receipt ?? false,
          invoice: checkout.invoice ? JSON.stringify(checkout.invoice) : null,
          payment: JSON.stringify(payment),
          // order_coupons: the coupons that applied, with what each gave.
          coupons: JSON.stringify(coupons),
          paymentMethod: payment.method,
          locale: input.locale,
          createdAt: at,
          items: JSON.stringify(orderItems(cart.lines)),
        })
      ).rows;
      if (!order) throw new Error("placeOrder: the order's statement returned no row");
      // Each coupon counted once, by the database: the uses per customer and the generation limit (coupons/uses.ts).
      for (const applied of coupons) {
        const coupon = await findCouponByCode(trx, applied.code);
        if (!coupon) throw new DomainError("CP-12");
        const use = await recordCouponUse(trx, { coupon, orderId: order.id, customerId: input.customerId ?? null, discountCents: applied.discountCents, at });
        if (!use.ok) throw use.code === "CP-10" ? new DomainError("CP-10", { uses: use.uses }) : new DomainError("CP-21");
      }
      // Its first payment attempt, with the order: the customer is sent on to pay it.
      const attempt = paidAtDoor
        ? null
        : await insertAttempt(trx, { id: order.id, number: order.number, totalCents: totals.totalCents, currency: constants.currency }, input.paymentProvider!, at);
      const placed: PlacedOrder = { uuid: order.uuid, number: order.number, status, paymentTransaction: attempt?.transaction ?? null };
      // (a new order has no survey answer yet)
      await options.withOrder?.(trx, placed, { ...order, surveyed: false });
      return placed;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const twin = await orderByKey(db, key);
      if (twin) return twin;
    }
    throw error;
  }
}

/** A cart's limit problem as the error the placement refuses it with (and the checkout page says before the form is filled). */
export function cartLimitError(problem: CartLimitProblem): DomainError {
  if (problem.code === "CART-03") return new DomainError("CART-03", { amount: problem.minCents });
  if (problem.code === "MAX-CART") return new DomainError("MAX-CART", { max: problem.maxCents });
  return new DomainError(problem.code);
}
