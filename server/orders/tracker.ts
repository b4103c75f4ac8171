import { orderCouponsOf } from "./order-coupons";
import type { Language } from "../config";
import type { Database } from "../db/client";
import { compiledOnce } from "../db/compiled";
import { sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { I18nText, OrderCustomer, OrderPayment } from "../db/types";
import { localize } from "../i18n/text";
import { itemChoices, type ItemChoices, type StoredChoices } from "./item-choices";
import type { InvoiceRequest } from "./invoice";
import { needsCall, stageOf, type Stage } from "./status";
import { isUuid } from "../ids";
import { cashOf } from "./payment-methods";

export interface TrackedOrder {
  uuid: string;
  number: string;
  status: number;
  stage: Stage;
  /** Changes whenever the order's status or its history does: the live tracker compares it. */
  version: string;
  needsCall: boolean;
  /** Whether the customer answered the order's satisfaction survey (the tracker thanks instead of inviting again). */
  surveyed: boolean;
  /** Why the store canceled the order (the reason staff typed), or null. */
  cancelReason: string | null;
  orderType: "D" | "C";
  outletName: string;
  outletPhone: string;
  /** The outlet's address (where a carry-out order is collected). */
  outletAddress: string;
  createdAt: string;
  /** The chosen slot; null: as soon as possible. */
  collectionTime: string | null;
  /** the scheduled slot's start, ISO (null: ASAP, or an order placed before it was kept) */
  collectionFrom: string | null;
  /**
   * An ASAP order's estimate, ISO: its placing plus the outlet's quote for its type, the time the store console shows
   * as "aprox." beside it (null for a scheduled order).
   */
  asapBy: string | null;
  timeZone: string;
  paymentMethod: string;
  /** Cash with an amount to pay with (checkout's "Pago con"): that amount and the change to expect; null otherwise. */
  cash: { tenderedCents: number; changeCents: number } | null;
  /** The customer's name as given at checkout. */
  customerName: string;
  /** The customer's email with most of its local part hidden ("j•••@example.com"): where the confirmation went. */
  emailHint: string;
  /**
   * Whether the order's confirmation mail was written: when it reached the store (at placement when paid at the door,
   * once authorised when paid online). An order that never got there (its card payment still waiting, refused in the
   * end, or cancelled before it) was never confirmed.
   */
  confirmationSent: boolean;
  /** The CFDI the customer asked for at checkout (who to invoice, and its use), else null. */
  invoice: InvoiceShown | null;
  /** A delivery order's address (street, numbers, neighbourhood, city, state, reference, postal code). */
  deliveryAddress: Record<string, string> | null;
  comment: string;
  subtotalCents: number;
  discountCents: number;
  deliveryFeeCents: number;
  taxPercent: number;
  taxCents: number;
  totalCents: number;
  /** the coupons the order used, with what each gave */
  coupons: { code: string; name: string; discountCents: number }[];
  /** each with its choices beyond size and crust (halves, a combo's items, toppings off and added) */
  items: (ItemChoices & {
    name: string;
    size: string | null;
    crust: string | null;
    /** the coupon that brought the item (a free item, a deal's combo) */
    couponCode: string | null;
    quantity: number;
    totalCents: number;
  })[];
  history: { status: number; stage: Stage; at: string }[];
  /**
   * An order paid online (issue 13): the attempt that tells where its money is (the one holding or returning money,
   * else the current one), with its state (server/payments/state.ts); null for an order paid at the door.
   */
  onlinePayment: { transaction: string; state: string; amountCents: number } | null;
}

/** Attempts whose state says where an order's money is, before the order's current attempt. */
const MONEY_STATES = ["authorised", "capturing", "captured", "capture-failed", "refunding", "refunded", "refund-failed"];

type PaymentRow = { id: number; transaction: string; state: string; amount_cents: number; updated_at: string | Date };

/** The attempt an order's tracker shows (see TrackedOrder.onlinePayment), from its attempts, the latest first. */
function onlinePaymentOf(rows: PaymentRow[], current: string | null) {
  const row = rows.find((r) => MONEY_STATES.includes(r.state)) ?? rows.find((r) => r.transaction === current) ?? rows[0];
  // The version's part: the attempt changed last (as orderStates reads it).
  const latest = [...rows].sort((a, b) => new Date(b.updated_at).getTime() - new Date(a.updated_at).getTime() || b.id - a.id)[0];
  return { shown: row ? { transaction: row.transaction, state: row.state, amountCents: row.amount_cents } : null, latestState: latest?.state ?? null };
}

/**
 * An order as its tracker shows it; undefined when there is none with that uuid. One statement: the order with its
 * outlet, and its items, status history and payment attempts as JSON arrays (the tracker page, and the
 * confirmation mail inside the placing transaction, read it on every call).
 */
export async function trackOrder(db: Database, uuid: string, lng: Language): Promise<TrackedOrder | undefined> {
  if (!isUuid(uuid)) return undefined;
  const row = await orderRow(db, uuid);
  return row ? trackedOrder(row, lng) : undefined;
}

/**
 * An order as its confirmation mail shows it, in the language it was placed in (`languageOf` its stored locale),
 * and whom to send it to: the same one statement as the tracker's.
 */
export async function orderForMail<L extends Language>(
  db: Database,
  uuid: string,
  languageOf: (locale: string) => L,
): Promise<{ order: TrackedOrder; recipient: { email: string; name: string }; lng: L } | undefined> {
  if (!isUuid(uuid)) return undefined;
  const row = await orderRow(db, uuid);
  return row && mailOrderOf(row, languageOf);
}

/**
 * The confirmation mail's order and recipient from an order's row as the tracker reads it, or as the placing
 * statement gives it back (server/orders/place.ts: the order just written, without reading it again).
 */
export function mailOrderOf<L extends Language>(row: OrderViewRow, languageOf: (locale: string) => L) {
  const customer = row.customer as OrderCustomer;
  const lng = languageOf(row.locale);
  return { order: trackedOrder(row, lng), recipient: { email: customer.email, name: customer.name }, lng };
}

/**
 * The columns of an order as the tracker and the mails read it, from the order as `o` and its outlet as `h`: the
 * tracker's statement and the placing statement (which gives the order it wrote back in this shape) select them.
 */
export const ORDER_VIEW_COLUMNS = [
  "o.id", "o.uuid", "o.number", "o.status", "o.order_type", "o.created_at", "o.collection_time", "o.collection_from", "o.time_zone",
  "o.payment_method", "o.cancel_reason", "o.subtotal_cents", "o.discount_cents", "o.tax_percent", "o.tax_cents", "o.delivery_fee_cents",
  "o.total_cents", "o.coupons", "o.customer", "o.delivery_address", "o.comment", "o.payment", "o.payment_id", "o.locale", "o.invoice",
  "h.name as outlet_name", "h.phone as outlet_phone", "h.street as outlet_street", "h.neighbourhood as outlet_neighbourhood",
  "h.city as outlet_city", "h.quote_delivery_min as outlet_quote_delivery_min", "h.quote_carryout_min as outlet_quote_carryout_min",
] as const;

/** An order's items as the tracker and the mails read them (ORDER_VIEW_COLUMNS' `items`), in their order. */
export const ORDER_VIEW_ITEM_COLUMNS = ["i.name", "i.detail", "i.quantity", "i.total_cents"] as const;

/** The order as the tracker and the mails read it, with its items, history and payments: built and compiled once. */
const orderStatement = compiledOnce(["uuid"], (db, { uuid }) =>
  db
    .selectFrom("orders as o")
    .innerJoin("outlets as h", "h.id", "o.outlet_id")
    .select(ORDER_VIEW_COLUMNS)
    .select((eb) => [
      jsonArrayFrom(eb.selectFrom("order_items as i").select(ORDER_VIEW_ITEM_COLUMNS).whereRef("i.order_id", "=", "o.id").orderBy("i.position")).as("items"),
      jsonArrayFrom(
        eb.selectFrom("order_status_history as s").select(["s.id", "s.status", "s.at"]).whereRef("s.order_id", "=", "o.id").orderBy("s.at").orderBy("s.id"),
      ).as("history"),
      jsonArrayFrom(
        eb
          .selectFrom("payments as p")
          .select(["p.id", "p.transaction", "p.state", "p.amount_cents", "p.updated_at"])
          .whereRef("p.order_id", "=", "o.id")
          .orderBy("p.attempt", "desc"),
      ).as("payments"),
      eb.exists(eb.selectFrom("survey_answers as a").select("a.order_id").whereRef("a.order_id", "=", "o.id")).as("surveyed"),
    ])
    .where("o.uuid", "=", uuid),
);

async function orderRow(db: Database, uuid: string) {
  const [row] = (await orderStatement(db, { uuid })).rows;
  return row;
}

/** An order's row with its outlet's, its items, status history and payment attempts, as `trackedOrder` reads it. */
export type OrderViewRow = NonNullable<Awaited<ReturnType<typeof orderRow>>>;

/** An ASAP order's estimate: placed plus the outlet's quote for its type (server/staff/console.ts reads it alike). */
function asapEstimate(order: Pick<OrderViewRow, "created_at" | "order_type" | "outlet_quote_delivery_min" | "outlet_quote_carryout_min">): string {
  const quote = order.order_type === "D" ? order.outlet_quote_delivery_min : order.outlet_quote_carryout_min;
  return new Date(new Date(order.created_at).getTime() + quote * 60_000).toISOString();
}

const changeOf = (cash: ReturnType<typeof cashOf>) => (cash && cash.changeCents > 0 ? cash : null);

function trackedOrder(order: OrderViewRow, lng: Language): TrackedOrder {
  const { items, history } = order;
  const payment = onlinePaymentOf(order.payments as PaymentRow[], order.payment_id);
  const customer = order.customer as OrderCustomer;
  return {
    uuid: order.uuid,
    number: order.number,
    status: order.status,
    stage: stageOf(order.status),
    version: versionOf(order.status, history.at(-1)?.id ?? null, payment.latestState),
    needsCall: needsCall(order.status),
    surveyed: Boolean(order.surveyed),
    /** Why the store canceled it, as staff typed it for the customer (the console's field says so). */
    cancelReason: stageOf(order.status) === "canceled" ? order.cancel_reason : null,
    orderType: order.order_type,
    outletName: order.outlet_name,
    outletPhone: order.outlet_phone,
    outletAddress: [order.outlet_street, order.outlet_neighbourhood, order.outlet_city].filter(Boolean).join(", "),
    createdAt: new Date(order.created_at).toISOString(),
    collectionTime: order.collection_time ? new Date(order.collection_time).toISOString() : null,
    /** The scheduled slot's start (null: ASAP, or placed before it was kept): the slot reads "19:00 – 19:15". */
    collectionFrom: order.collection_from ? new Date(order.collection_from).toISOString() : null,
    asapBy: order.collection_time ? null : asapEstimate(order),
    timeZone: order.time_zone,
    paymentMethod: order.payment_method,
    // what the customer pays with, when there is change to expect (an exact amount has none to show)
    cash: changeOf(cashOf(order.payment as OrderPayment)),
    customerName: [customer.name, customer.surname].filter(Boolean).join(" "),
    emailHint: maskEmail(customer.email),
    confirmationSent: history.some((h) => !UNCONFIRMED_STAGES.has(stageOf(h.status))),
    deliveryAddress: order.order_type === "D" ? ((order.delivery_address as Record<string, string> | null) ?? null) : null,
    comment: order.comment,
    invoice: invoiceShown(order.invoice),
    subtotalCents: order.subtotal_cents,
    discountCents: order.discount_cents,
    deliveryFeeCents: order.delivery_fee_cents,
    taxPercent: Number(order.tax_percent),
    taxCents: order.tax_cents,
    totalCents: order.total_cents,
    coupons: orderCouponsOf(order.coupons, lng),
    items: items.map((i) => {
      const detail = i.detail as StoredChoices & { size?: I18nText | null; crust?: I18nText | null; couponCode?: string };
      return {
        name: localize(i.name as I18nText, lng),
        size: detail.size ? localize(detail.size, lng) : null,
        crust: detail.crust ? localize(detail.crust, lng) : null,
        ...itemChoices(detail, lng),
        quantity: i.quantity,
        totalCents: i.total_cents,
        couponCode: detail.couponCode ?? null,
      };
    }),
    history: history.map((h) => ({ status: h.status, stage: stageOf(h.status), at: new Date(h.at).toISOString() })),
    onlinePayment: payment.shown,
  };
}

/**
 * The live tracker's token of an order's state: its status, its latest history row, and the state of its online
 * payment's latest attempt (a refund completing changes no status, and the tracker says so).
 */
function versionOf(status: number, lastHistoryId: number | null, paymentState: string | null): string {
  return `${status}.${lastHistoryId ?? 0}${paymentState ? `.${paymentState}` : ""}`;
}

/** An order's CFDI request as the tracker, the mail and the store's console show it. */
export interface InvoiceShown {
  rfc: string;
  legalName: string;
  cfdiUse: string;
}

/** The stored request (`orders.invoice`, server/orders/invoice.ts), or null. */
export function invoiceShown(stored: unknown): InvoiceShown | null {
  const invoice = stored as Partial<InvoiceRequest> | null;
  return invoice?.rfc ? { rfc: invoice.rfc, legalName: invoice.legalName ?? "", cfdiUse: invoice.cfdiUse ?? "" } : null;
}

/** The stages of an order that has not reached the store (and of one cancelled before it did). */
const UNCONFIRMED_STAGES: ReadonlySet<Stage> = new Set(["starting", "error", "canceled"]);

/** "jose.nunez@example.com" -> "j•••@example.com": enough to recognise one's address, not to read it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

export interface OrderState {
  status: number;
  stage: Stage;
  version: string;
  /** Completed or canceled: the tracker stops following it. */
  final: boolean;
}

/** Completed and canceled orders do not change any more. */
export const finalStages: ReadonlySet<Stage> = new Set<Stage>(["completed", "canceled"]);

/** The state of an order in one small query; undefined when there is no such order. */
export async function orderState(db: Database, uuid: string): Promise<OrderState | undefined> {
  return (await orderStates(db, [uuid])).get(uuid);
}

/** The states of several orders in one query (the live tracker's watcher reads every watched order at once). */
export async function orderStates(db: Database, uuids: readonly string[]): Promise<Map<string, OrderState>> {
  const wanted = [...new Set(uuids.filter(isUuid))];
  const states = new Map<string, OrderState>();
  if (wanted.length === 0) return states;
  const rows = await db
    .selectFrom("orders as o")
    .select((eb) => [
      "o.uuid",
      "o.status",
      eb
        .selectFrom("order_status_history as h")
        .select((e) => e.fn.max("h.id").as("last"))
        .whereRef("h.order_id", "=", "o.id")
        .as("last_history_id"),
      eb
        .selectFrom("payments as p")
        .select("p.state")
        .whereRef("p.order_id", "=", "o.id")
        .orderBy("p.updated_at", "desc")
        .orderBy("p.id", "desc")
        .limit(1)
        .as("payment_state"),
    ])
    .where("o.uuid", "in", wanted)
    .execute();
  for (const row of rows) {
    const stage = stageOf(row.status);
    const moneyMoving = row.payment_state === "refunding" || row.payment_state === "capturing";
    states.set(row.uuid, {
      status: row.status,
      stage,
      version: versionOf(row.status, row.last_history_id ?? null, row.payment_state ?? null),
      // A canceled order whose money is on its way back is still followed until it is back.
      final: finalStages.has(stage) && !moneyMoving,
    });
  }
  return states;
}

/** The order with this number placed with this email (compared case-blind), or undefined: both must match. */
export async function findOrderByNumberAndEmail(db: Database, number: string, email: string): Promise<{ uuid: string } | undefined> {
  return db
    .selectFrom("orders")
    .select("uuid")
    .where("number", "=", number)
    .where(sql<string>`lower(customer->>'email')`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

export interface OrderLink {
  uuid: string;
  number: string;
  createdAt: string;
  timeZone: string;
  stage: Stage;
  orderType: "D" | "C";
  totalCents: number;
}

/** The latest orders placed with an email (case-blind) since an instant, newest first. */
export async function recentOrdersByEmail(db: Database, email: string, since: Date, limit = 5): Promise<OrderLink[]> {
  const rows = await db
    .selectFrom("orders")
    .select(["uuid", "number", "created_at", "time_zone", "status", "order_type", "total_cents"])
    .where(sql<string>`lower(customer->>'email')`, "=", email.trim().toLowerCase())
    .where("created_at", ">=", since)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    uuid: r.uuid,
    number: r.number,
    createdAt: new Date(r.created_at).toISOString(),
    timeZone: r.time_zone,
    stage: stageOf(r.status),
    orderType: r.order_type,
    totalCents: r.total_cents,
  }));
}

