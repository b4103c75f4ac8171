import { sql, type Kysely } from "kysely";
import { addDays, instantAt, today } from "../../clock";
import { addToCart, deleteCart, getCart, pricingSettings } from "../../cart/rows";
import { cartTotals } from "../../cart/pricing";
import { constants } from "../../config";
import { orderItemRows, totalsColumns } from "../../orders/place";
import type { DB } from "../types";

/**
 * The demo customer's past orders (README, "Demo accounts"; issue 11's history and reorder): real products of the
 * demo menu at outlets of the demo chain, priced by the cart itself (so totals are right), written once with fixed
 * uuids (seedUuid) and found again by them on every later run (then only re-linked to the account). Their dates
 * are days before the day the seed first runs, at the hours given, in the outlet's zone.
 *
 * - a delivery, completed: a large stuffed-crust Pepperoni with extra cheese and a 2 L soft drink;
 * - a carry-out, completed, in the evening: a medium thin Hawaiian, the late-night wings (sold 18:00 to 23:00 only:
 *   reordered at lunch, that line is left out and said so) and cinnamon rolls;
 * - an older carry-out at another outlet: a large half-and-half (Pepperoni and Hawaiian).
 */
interface DemoLine {
  sku: string;
  size?: string;
  crust?: string;
  quantity: number;
  extras?: string[];
  halves?: [string, string];
}

interface DemoOrder {
  key: string;
  outletCode: string;
  orderType: "D" | "C";
  daysAgo: number;
  /** local wall-clock time the order was placed */
  at: string;
  lines: DemoLine[];
}

export const demoOrders: DemoOrder[] = [
  {
    key: "delivery",
    outletCode: "MX-ROM-01",
    orderType: "D",
    daysAgo: 3,
    at: "14:10:00",
    lines: [
      { sku: "PZ-PEPPERONI", size: "L", crust: "L-STUFFED", quantity: 1, extras: ["extra-queso"] },
      { sku: "DR-COLA-2L", quantity: 1 },
    ],
  },
  {
    key: "carryout-evening",
    outletCode: "MX-ROM-01",
    orderType: "C",
    daysAgo: 8,
    at: "20:30:00",
    lines: [
      { sku: "PZ-HAWAIANA", size: "M", crust: "M-THIN", quantity: 1 },
      { sku: "SD-ALITAS-NOCTURNAS", quantity: 1 },
      { sku: "DS-ROLLOS-CANELA", quantity: 2 },
    ],
  },
  {
    key: "half-and-half",
    outletCode: "MX-CON-01",
    orderType: "C",
    daysAgo: 21,
    at: "19:45:00",
    lines: [{ sku: "HH-MITAD-Y-MITAD", size: "L", crust: "L-PAN", quantity: 1, halves: ["PZ-PEPPERONI", "PZ-HAWAIANA"] }],
  },
];

const COMPLETED = 7;
/** The statuses a completed order went through, minutes after it was placed (received, cooking, on its way or ready, completed). */
const steps = (orderType: "D" | "C") =>
  orderType === "D"
    ? [[3, 0], [5, 8], [6, 22], [COMPLETED, 41]]
    : [[3, 0], [5, 6], [16, 18], [COMPLETED, 27]];

export interface DemoCustomerContact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: Record<string, string>;
}

/** Writes the demo customer's past orders that are missing, and links them all to the account. */
export async function seedDemoOrders(db: Kysely<DB>, customerId: number, contact: DemoCustomerContact, uuidOf: (name: string) => string): Promise<void> {
  for (const demo of demoOrders) {
    const uuid = uuidOf(`demo-order:${demo.key}`);
    const existing = await db.selectFrom("orders").select("id").where("uuid", "=", uuid).executeTakeFirst();
    if (existing) {
      await db.updateTable("orders").set({ customer_id: customerId }).where("id", "=", existing.id).execute();
      continue;
    }
    await writeDemoOrder(db, demo, uuid, customerId, contact);
  }
}

async function writeDemoOrder(db: Kysely<DB>, demo: DemoOrder, uuid: string, customerId: number, contact: DemoCustomerContact) {
  const outlet = await db.selectFrom("outlets").selectAll().where("code", "=", demo.outletCode).executeTakeFirstOrThrow();
  const placedAt = instantAt(addDays(today(outlet.time_zone), -demo.daysAgo), demo.at, outlet.time_zone);
  // The cart prices the lines and checks them at the hour the order was placed; it is gone once the order is written.
  let cartUuid: string | null = null;
  for (const line of demo.lines) {
    cartUuid = await addToCart(db, { cartUuid, outletId: outlet.id, orderType: demo.orderType, orderTime: placedAt, quantity: line.quantity, ...(await selection(db, line)) });
  }
  const cart = (await getCart(db, cartUuid!))!;
  const totals = cartTotals({ lineTotalsCents: cart.lines.map((l) => l.totalCents), orderType: demo.orderType, ...pricingSettings() });
  await db.transaction().execute(async (trx) => {
    const { seq } = await sql<{ seq: number }>`select nextval('order_number_seq')::int as seq`.execute(trx).then((r) => r.rows[0]!);
    const order = await trx
      .insertInto("orders")
      .values({
        uuid,
        number: String(seq),
        idempotency_key: `seed:demo-order:${demo.key}`,
        cart_uuid: null,
        outlet_id: outlet.id,
        outlet_code: outlet.code,
        order_type: demo.orderType,
        status: COMPLETED,
        currency: constants.currency,
        ...totalsColumns(totals),
        advance_order: 0,
        collection_time: null,
        time_zone: outlet.time_zone,
        customer: JSON.stringify({ name: contact.firstName, surname: contact.lastName, email: contact.email, mobile: contact.phone }),
        delivery_address: demo.orderType === "D" ? JSON.stringify(contact.address) : null,
        comment: "",
        customer_id: customerId,
        property_type: demo.orderType === "D" ? "house" : null,
        payment: JSON.stringify({ id: 9, method: "cash" }),
        coupons: JSON.stringify([]),
        payment_method: "cash",
        payment_id: null,
        locale: "es",
        created_at: placedAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.insertInto("order_items").values(orderItemRows(order.id, cart.lines)).execute();
    await trx
      .insertInto("order_status_history")
      .values(steps(demo.orderType).map(([status, minutes]) => ({ order_id: order.id, status: status!, at: new Date(placedAt.getTime() + minutes! * 60_000), actor: "seed" })))
      .execute();
    await deleteCart(trx, cart.uuid);
  });
}

/** A demo line's product, size, crust, extras and halves, by their skus and codes. */
async function selection(db: Kysely<DB>, line: DemoLine) {
  const product = await db.selectFrom("products").select(["id", "uuid"]).where("sku", "=", line.sku).executeTakeFirstOrThrow();
  const layers = await db.selectFrom("product_layers").select(["id", "sku"]).where("product_id", "=", product.id).execute();
  const layer = (sku: string | undefined) => (sku ? layers.find((l) => l.sku === sku)?.id : undefined);
  const extras = line.extras?.length ? await db.selectFrom("toppings").select("id").where("code", "in", line.extras).execute() : [];
  const halves = line.halves ? await db.selectFrom("products").select(["sku", "uuid"]).where("sku", "in", line.halves).execute() : [];
  return {
    productUuid: product.uuid,
    firstLayerId: layer(line.size) ?? null,
    secondLayerId: layer(line.crust) ?? null,
    toppings: { removed: [], extras: Object.fromEntries(extras.map((t) => [t.id, 1])) },
    ...(line.halves ? { halves: line.halves.map((sku) => halves.find((h) => h.sku === sku)!.uuid) as [string, string] } : {}),
  };
}
