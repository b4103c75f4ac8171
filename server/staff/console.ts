import type { Language } from "../config";
import { addDays, instantAt, now as clockNow, wallClock } from "../clock";
import type { Database } from "../db/client";
import type { ExpressionBuilder } from "kysely";
import type { DB, I18nText, OrderCoupon, OrderCustomer, OrderPayment } from "../db/types";
import { DomainError } from "../errors";
import { localize } from "../i18n/text";
import { itemChoices, type ItemChoices, type StoredChoices } from "../orders/item-choices";
import { invoiceShown, type InvoiceShown } from "../orders/tracker";
import { CANCELED, FINAL_STATUSES, nextStatuses, transition, transitionIn, type Transitioned } from "../orders/lifecycle";
import { STARTING_STATUSES, STATUS_PAID_TOO_LATE, STATUS_PAYMENT_EXPIRED, stageOf, type Stage } from "../orders/status";
import type { StaffMember } from "./staff";
import { isUuid } from "../ids";
import { cashOf } from "../orders/payment-methods";

export interface ConsoleOrder {
  uuid: string;
  number: string;
  outletName: string;
  status: number;
  stage: Stage;
  final: boolean;
  orderType: "D" | "C";
  createdAt: string;
  collectionTime: string | null;
  /** the scheduled slot's start, ISO (null: ASAP, or an order placed before it was kept) */
  collectionFrom: string | null;
  /** Placed on the outlet's today, and due on it (a scheduled order): the card shows the day of what is not today's. */
  placedToday: boolean;
  dueToday: boolean;
  timeZone: string;
  customer: { name: string; mobile: string };
  deliveryAddress: Record<string, string> | null;
  comment: string;
  /** `detail`: size and crust; `choices`: the rest of what the kitchen must make */
  items: { quantity: number; name: string; detail: string[]; choices: ItemChoices }[];
  /** What makes the total: the products, each coupon's discount and the delivery fee (centavos). */
  subtotalCents: number;
  coupons: { code: string; discountCents: number }[];
  deliveryFeeCents: number;
  totalCents: number;
  paymentMethod: string;
  /** Cash: what the customer pays with and the change to give (centavos); null for other methods. */
  cash: { tenderedCents: number; changeCents: number } | null;
  /** A printed receipt goes with the order. */
  receipt: boolean;
  /** the CFDI the customer asked for (to issue with the order), else null */
  invoice: InvoiceShown | null;
  cancelReason: string | null;
  /** The statuses staff may move it to now (a cancel, 8, included when allowed), in the table's order. */
  next: number[];
  /**
   * When the customer expects it, ISO: a scheduled order's slot end; an order for as soon as possible, its placing
   * plus the outlet's quote for its type (what the order-time choice told the customer, about).
   */
  dueAt: string;
  /** Minutes past `dueAt` while the store's part is still to do (received, in the oven, on its way); else null. */
  lateMinutes: number | null;
}

/** The stages in which an order waits on the store (a ready carry-out order waits on its customer). */
const STORE_STAGES: ReadonlySet<Stage> = new Set<Stage>(["received", "cooking", "delivering"]);

/**
 * The console's order: what waits on the store first, the most urgent (due soonest, the late ones above all) at the
 * top, then what waits on its customer (ready), then what is done (completed and canceled, the latest first).
 */
function consoleOrder(a: ConsoleOrder, b: ConsoleOrder): number {
  const rank = (order: ConsoleOrder) => (order.final ? 2 : STORE_STAGES.has(order.stage) ? 0 : 1);
  return rank(a) - rank(b) || (rank(a) === 2 ? b.createdAt.localeCompare(a.createdAt) : a.dueAt.localeCompare(b.dueAt)) || a.number.localeCompare(b.number);
}

/**
 * One outlet's "today" in its own time zone: [local midnight, next local midnight), and yesterday's start. An order
 * belongs to today's list when it was placed today or is due today (a scheduled order placed on an earlier day), or
 * when it is still open from yesterday (placed or due then, not due after today): an order cooking at midnight stays
 * on the list until staff close it. Older open orders are not carried (docs/store-console.md).
 */
function todayIn(timeZone: string, at: Date) {
  const { date } = wallClock(at, timeZone);
  return {
    yesterday: instantAt(addDays(date, -1), "00:00:00", timeZone),
    start: instantAt(date, "00:00:00", timeZone),
    end: instantAt(addDays(date, 1), "00:00:00", timeZone),
  };
}

const within = (eb: ExpressionBuilder<DB & { o: DB["orders"] }, "o">, column: "o.created_at" | "o.collection_time", from: Date, to: Date) =>
  eb.and([eb(column, ">=", from), eb(column, "<", to)]);

/** Today's orders of the staff member's outlets, most urgent first (`consoleOrder`), with the moves each one allows. */
export async function todaysOrders(db: Database, staff: StaffMember, lng: Language, at: Date = clockNow()): Promise<ConsoleOrder[]> {
  if (staff.outlets.length === 0) return [];
  const rows = await db
    .selectFrom("orders as o")
    .innerJoin("outlets as h", "h.id", "o.outlet_id")
    .select([
      "o.id", "o.uuid", "o.number", "o.status", "o.order_type", "o.created_at", "o.collection_time", "o.collection_from", "o.time_zone",
      "o.customer", "o.delivery_address", "o.comment", "o.total_cents", "o.payment_method", "o.payment", "o.receipt", "o.invoice", "o.cancel_reason",
      "o.subtotal_cents", "o.discount_cents", "o.delivery_fee_cents", "o.coupons",
      "h.name as outlet_name", "h.quote_delivery_min", "h.quote_carryout_min",
    ])
    .where((eb) =>
      eb.or(
        staff.outlets.map((outlet) => {
          const { yesterday, start, end } = todayIn(outlet.timeZone, at);
          return eb.and([
            eb("o.outlet_id", "=", outlet.id),
            eb.or([
              within(eb, "o.created_at", start, end),
              within(eb, "o.collection_time", start, end),
              eb.and([
                eb("o.status", "not in", [...FINAL_STATUSES]),
                eb.or([within(eb, "o.created_at", yesterday, start), within(eb, "o.collection_time", yesterday, start)]),
                eb.or([eb("o.collection_time", "is", null), eb("o.collection_time", "<", end)]),
              ]),
            ]),
          ]);
        }),
      ),
    )
    .where(notSentToStore)
    .execute();
  if (rows.length === 0) return [];
  const items = await db
    .selectFrom("order_items")
    .select(["order_id", "quantity", "name", "detail"])
    .where("order_id", "in", rows.map((r) => r.id))
    .orderBy("order_id")
    .orderBy("position")
    .execute();
  const orders = rows.map((row): ConsoleOrder => {
    const customer = row.customer as OrderCustomer;
    const quoteMinutes = row.order_type === "D" ? row.quote_delivery_min : row.quote_carryout_min;
    const due = row.collection_time ? new Date(row.collection_time) : new Date(new Date(row.created_at).getTime() + quoteMinutes * 60_000);
    const stage = stageOf(row.status);
    const past = Math.floor((at.getTime() - due.getTime()) / 60_000);
    const today = todayIn(row.time_zone, at);
    const isToday = (instant: Date | string | null) => instant !== null && new Date(instant) >= today.start && new Date(instant) < today.end;
    const payment = row.payment as OrderPayment;
    return {
      uuid: row.uuid,
      number: row.number,
      outletName: row.outlet_name,
      status: row.status,
      stage,
      final: FINAL_STATUSES.has(row.status),
      orderType: row.order_type,
      createdAt: new Date(row.created_at).toISOString(),
      collectionTime: row.collection_time ? new Date(row.collection_time).toISOString() : null,
      collectionFrom: row.collection_from ? new Date(row.collection_from).toISOString() : null,
      placedToday: isToday(row.created_at),
      dueToday: isToday(row.collection_time),
      timeZone: row.time_zone,
      customer: { name: `${customer.name} ${customer.surname}`.trim(), mobile: customer.mobile },
      deliveryAddress: (row.delivery_address as Record<string, string> | null) ?? null,
      comment: row.comment,
      items: items
        .filter((item) => item.order_id === row.id)
        .map((item) => {
          const detail = item.detail as StoredChoices & { size?: I18nText | null; crust?: I18nText | null };
          return {
            quantity: item.quantity,
            name: localize(item.name as I18nText, lng),
            detail: [detail.size, detail.crust].filter((text): text is I18nText => Boolean(text)).map((text) => localize(text, lng)),
            // what the kitchen must make beyond size and crust: the halves, a combo's items, toppings off and added
            choices: itemChoices(detail, lng),
          };
        }),
      subtotalCents: row.subtotal_cents,
      coupons: (row.coupons as OrderCoupon[]).map((coupon) => ({ code: coupon.code, discountCents: coupon.discountCents })),
      deliveryFeeCents: row.delivery_fee_cents,
      totalCents: row.total_cents,
      paymentMethod: row.payment_method,
      cash: cashOf(payment),
      receipt: row.receipt,
      invoice: invoiceShown(row.invoice),
      cancelReason: row.cancel_reason,
      next: nextStatuses(row.status, row.order_type, "staff"),
      dueAt: due.toISOString(),
      lateMinutes: STORE_STAGES.has(stage) && past > 0 ? past : null,
    };
  });
  return orders.sort(consoleOrder);
}

/**
 * Orders the store never got (issue 13): one paid online whose payment is not authorised yet (the starting statuses),
 * or never was (4: no payment in time; 22: paid after it had ended, and returned). The console neither shows nor
 * moves them: a staff member cannot start cooking what nobody paid for.
 */
const notSentToStore = (eb: ExpressionBuilder<DB & { o: DB["orders"] }, "o">) =>
  eb.not(
    eb.or([
      eb("o.status", "in", [...STARTING_STATUSES]),
      eb.and([eb("o.payment_method", "=", "card"), eb("o.status", "in", [STATUS_PAYMENT_EXPIRED, STATUS_PAID_TOO_LATE])]),
    ]),
  );

export interface StaffMove {
  orderUuid: string;
  to: number;
  /** The status the console showed when the button was pressed. */
  from?: number;
  reason?: string;
  now?: Date;
}

/**
 * A status change from the store console. The order must be one of the staff member's outlets' (checked again
 * under the row lock inside `transition`): another outlet's order is ORDER-1, exactly like an order that does not
 * exist, so staff of one outlet can neither move nor learn about another's orders. An order the store never got
 * (`notSentToStore`) is ORDER-1 too.
 */
export async function moveOrderAsStaff(
  db: Database,
  staff: StaffMember,
  move: StaffMove,
  /** What is written with the move, in its transaction (the customer's cancellation mail). */
  withMove?: (trx: Database, moved: Transitioned) => Promise<unknown>,
): Promise<Transitioned> {
  const outletIds = staff.outlets.map((o) => o.id);
  const order = outletIds.length && isUuid(move.orderUuid)
    ? await db
        .selectFrom("orders as o")
        .select("o.id")
        .where("o.uuid", "=", move.orderUuid)
        .where("o.outlet_id", "in", outletIds)
        .where(notSentToStore)
        .executeTakeFirst()
    : undefined;
  if (!order) throw new DomainError("ORDER-1");
  const input = {
    orderId: order.id,
    to: move.to,
    actor: `staff:${staff.id}`,
    reason: move.reason,
    // A move is refused if the order moved since the card was shown (nobody acts on a status they did not see); a
    // cancel is not: whoever typed its reason means to cancel the order, and the table still decides whether its
    // status now allows it (a colleague's "En el horno" meanwhile does; "Recogido" does not).
    expectedFrom: move.to === CANCELED ? undefined : move.from,
    outletIds,
    now: move.now,
  };
  if (!withMove) return transition(db, input);
  return db.transaction().execute(async (trx) => {
    const moved = await transitionIn(trx, input);
    await withMove(trx, moved);
    return moved;
  });
}
