import type { Language } from "../config";
import type { Database } from "../db/client";
import type { I18nText } from "../db/types";
import { localize } from "../i18n/text";
import { needsCall, stageOf, type Stage } from "./status";

export interface TrackedOrder {
  uuid: string;
  number: string;
  status: number;
  stage: Stage;
  needsCall: boolean;
  orderType: "D" | "C";
  outletName: string;
  outletPhone: string;
  createdAt: string;
  collectionTime: string | null;
  timeZone: string;
  paymentMethod: string;
  subtotalCents: number;
  taxCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  items: { name: string; size: string | null; crust: string | null; quantity: number; totalCents: number }[];
  history: { status: number; stage: Stage; at: string }[];
}

/** An order as its tracker shows it; undefined when there is none with that uuid. */
export async function trackOrder(db: Database, uuid: string, lng: Language): Promise<TrackedOrder | undefined> {
  const order = await db
    .selectFrom("orders as o")
    .innerJoin("outlets as h", "h.id", "o.outlet_id")
    .select([
      "o.id", "o.uuid", "o.number", "o.status", "o.order_type", "o.created_at", "o.collection_time", "o.time_zone",
      "o.payment_method", "o.subtotal_cents", "o.tax_cents", "o.delivery_fee_cents", "o.total_cents",
      "h.name as outlet_name", "h.phone as outlet_phone",
    ])
    .where("o.uuid", "=", uuid)
    .executeTakeFirst();
  if (!order) return undefined;
  const [items, history] = await Promise.all([
    db.selectFrom("order_items").selectAll().where("order_id", "=", order.id).orderBy("position").execute(),
    db.selectFrom("order_status_history").selectAll().where("order_id", "=", order.id).orderBy("at").orderBy("id").execute(),
  ]);
  return {
    uuid: order.uuid,
    number: order.number,
    status: order.status,
    stage: stageOf(order.status),
    needsCall: needsCall(order.status),
    orderType: order.order_type,
    outletName: order.outlet_name,
    outletPhone: order.outlet_phone,
    createdAt: new Date(order.created_at).toISOString(),
    collectionTime: order.collection_time ? new Date(order.collection_time).toISOString() : null,
    timeZone: order.time_zone,
    paymentMethod: order.payment_method,
    subtotalCents: order.subtotal_cents,
    taxCents: order.tax_cents,
    deliveryFeeCents: order.delivery_fee_cents,
    totalCents: order.total_cents,
    items: items.map((i) => {
      const detail = i.detail as { size?: I18nText | null; crust?: I18nText | null };
      return {
        name: localize(i.name as I18nText, lng),
        size: detail.size ? localize(detail.size, lng) : null,
        crust: detail.crust ? localize(detail.crust, lng) : null,
        quantity: i.quantity,
        totalCents: i.total_cents,
      };
    }),
    history: history.map((h) => ({ status: h.status, stage: stageOf(h.status), at: new Date(h.at).toISOString() })),
  };
}
