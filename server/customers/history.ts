import type { Language } from "../config";
import type { Database } from "../db/client";
import type { I18nText } from "../db/types";
import { isUuid } from "../ids";
import { localize } from "../i18n/text";
import { stageOf, type Stage } from "../orders/status";
import { orderCouponsOf } from "../orders/order-coupons";
import { HISTORY_PAGE_SIZE, namedProducts, pageWindow, reorderLine, type OrderItemDetail, type ReorderLine } from "./history-rules";

/**
 * A customer's order history (spec: /history "shows saved orders"; section 7's list-orders-by-user): the orders of
 * the account (orders.customer_id: placed signed in, or placed as a guest with the email the account confirmed,
 * accounts.ts claimGuestOrders), newest first, a page at a time; and a past order's items to order again.
 */
export interface HistoryOrder {
  uuid: string;
  number: string;
  /** ISO instant; shown in the order's time zone */
  createdAt: string;
  timeZone: string;
  status: number;
  stage: Stage;
  orderType: "D" | "C";
  outletName: string;
  totalCents: number;
  /** the coupons the order used, with what each gave */
  coupons: { code: string; name: string; discountCents: number }[];
  /** "quantity × name" of each item, in the asked language */
  items: { name: string; quantity: number }[];
}

export interface HistoryPage {
  orders: HistoryOrder[];
  page: number;
  pages: number;
  total: number;
}

/** One page of the customer's orders, newest first; undefined for a page past the last. */
export async function orderHistory(db: Database, customerId: number, page: number, lng: Language): Promise<HistoryPage | undefined> {
  const { n } = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("customer_id", "=", customerId)
    .executeTakeFirstOrThrow();
  const total = Number(n);
  const window = pageWindow(total, page);
  if (!window) return undefined;
  const rows = await db
    .selectFrom("orders as o")
    .innerJoin("outlets as h", "h.id", "o.outlet_id")
    .select(["o.id", "o.uuid", "o.number", "o.created_at", "o.time_zone", "o.status", "o.order_type", "o.total_cents", "o.coupons", "h.name as outlet_name"])
    .where("o.customer_id", "=", customerId)
    .orderBy("o.created_at", "desc")
    .orderBy("o.id", "desc")
    .limit(HISTORY_PAGE_SIZE)
    .offset(window.offset)
    .execute();
  const items = rows.length
    ? await db
        .selectFrom("order_items")
        .select(["order_id", "name", "quantity"])
        .where(
          "order_id",
          "in",
          rows.map((r) => r.id),
        )
        .orderBy("order_id")
        .orderBy("position")
        .execute()
    : [];
  return {
    page: window.page,
    pages: window.pages,
    total,
    orders: rows.map((r) => ({
      uuid: r.uuid,
      number: r.number,
      createdAt: new Date(r.created_at).toISOString(),
      timeZone: r.time_zone,
      status: r.status,
      stage: stageOf(r.status),
      orderType: r.order_type,
      outletName: r.outlet_name,
      totalCents: r.total_cents,
      coupons: orderCouponsOf(r.coupons, lng),
      items: items.filter((i) => i.order_id === r.id).map((i) => ({ name: localize(i.name as I18nText, lng), quantity: i.quantity })),
    })),
  };
}

/**
 * The items of one of the customer's orders as cart adds, in the order's own order; undefined when the customer has
 * no order with that uuid (someone else's order is as unknown as a missing one).
 */
export async function reorderLines(db: Database, customerId: number, orderUuid: string): Promise<ReorderLine[] | undefined> {
  if (!isUuid(orderUuid)) return undefined;
  const order = await db.selectFrom("orders").select("id").where("uuid", "=", orderUuid).where("customer_id", "=", customerId).executeTakeFirst();
  if (!order) return undefined;
  const items = await db
    .selectFrom("order_items as i")
    .leftJoin("products as p", "p.id", "i.product_id")
    .select(["p.uuid as product_uuid", "i.name", "i.quantity", "i.detail"])
    .where("i.order_id", "=", order.id)
    .orderBy("i.position")
    .execute();
  const named = [...new Set(items.flatMap((i) => namedProducts(i.detail as OrderItemDetail)))];
  const uuids = named.length ? await db.selectFrom("products").select(["id", "uuid"]).where("id", "in", named).execute() : [];
  const uuidOf = new Map(uuids.map((p) => [p.id, p.uuid]));
  // A coupon's line (a free item, a deal's combo) came with its coupon: a reorder does not add it at the menu's price.
  return items.filter((i) => !(i.detail as OrderItemDetail).couponCode).map((i) =>
    reorderLine({ productUuid: i.product_uuid, name: i.name as I18nText, quantity: i.quantity, detail: i.detail as OrderItemDetail }, (id) => uuidOf.get(id)),
  );
}
