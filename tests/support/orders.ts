import { randomUUID } from "node:crypto";
import type { Database } from "#server/db/client";
import type { Language } from "#server/config";
import { placeOrder, type PlaceOptions } from "#server/orders/place";
import { pizzaCart } from "./app";

/** The Roma Norte outlet of the demo chain (carry-out and delivery, Mexico City). */
export const ROMA = "MX-ROM-01";

export interface TestOrder {
  uuid: string;
  number: string;
  id: number;
}

/**
 * Places a carry-out order of large pan pepperoni pizzas at an outlet of the demo chain, paid in cash, as soon as
 * possible (the clock must be pinned to an hour the outlet is open: tests pin Friday 2026-11-20, 13:00 local).
 */
export async function placeTestOrder(
  db: Database,
  options: { email?: string; locale?: Language; outletCode?: string; pizzas?: number; name?: string; withOrder?: PlaceOptions["withOrder"] } = {},
): Promise<TestOrder> {
  const outlet = await db.selectFrom("outlets").selectAll().where("code", "=", options.outletCode ?? ROMA).executeTakeFirstOrThrow();
  const cartUuid = await pizzaCart(db, outlet.id, null, options.pizzas ?? 1);
  const placed = await placeOrder(db, {
    cartUuid,
    outletId: outlet.id,
    orderType: "C",
    checkout: {
      name: options.name ?? "Ana",
      surname: "López",
      email: options.email ?? "ana.lopez@correo.mx",
      mobile: "5512345678",
      comment: "",
      paymentMethod: "cash",
      idempotencyKey: randomUUID(),
    },
    locale: options.locale ?? "es",
  }, { withOrder: options.withOrder });
  const { id } = await db.selectFrom("orders").select("id").where("uuid", "=", placed.uuid).executeTakeFirstOrThrow();
  return { ...placed, id };
}

/**
 * Moves an order to a status the way the store console does: the order's status and a history row, in one
 * transaction (as lifecycle.ts writes them), so a reader never sees the new status beside the old history: the
 * tracker's stream would send that half-written state as a change of its own.
 */
export async function setStatus(db: Database, order: TestOrder, status: number, at: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("orders").set({ status }).where("id", "=", order.id).execute();
    await trx.insertInto("order_status_history").values({ order_id: order.id, status, at, actor: "staff" }).execute();
  });
}
