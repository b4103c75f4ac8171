import { sql } from "kysely";
import type { Database } from "../db/client";
import type { Coupon } from "./types";

/**
 * Counting a coupon's uses once (issue 12, point 5), inside the order's transaction (pass it as `trx`):
 * - uses per customer (CP-10): the customer's row is locked first (`for update`), so two orders of one customer
 *   cannot both read "no use yet"; then the uses are counted;
 * - the generation limit (CP-21): one conditional update, `uses = uses + 1 where uses < limit`, which Postgres
 *   applies to one transaction at a time per row: of 50 concurrent orders with a coupon limited to 10, exactly 10
 *   get a row back;
 * - the use is written (unique per order and coupon), with the discount it gave: the customer's coupon history.
 * A refusal is answered, not thrown: the caller (placing the order) turns it into the order's refusal and rolls
 * its transaction back, so nothing of it is counted.
 */
/** How many orders of this customer used the coupon. */
export async function customerUses(db: Database, couponId: number, customerId: number): Promise<number> {
  const used = await db
    .selectFrom("coupon_uses")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("coupon_id", "=", couponId)
    .where("customer_id", "=", customerId)
    .executeTakeFirstOrThrow();
  return Number(used.n);
}

export type UseRefusal = { ok: false; code: "CP-10"; uses: number } | { ok: false; code: "CP-21" };

export async function recordCouponUse(
  trx: Database,
  input: { coupon: Coupon; orderId: number; customerId: number | null; discountCents: number; at: Date },
): Promise<{ ok: true } | UseRefusal> {
  const { coupon, customerId } = input;
  const perCustomer = coupon.conditions.usesPerCustomer;
  if (perCustomer !== undefined && customerId !== null) {
    await trx.selectFrom("customers").select("id").where("id", "=", customerId).forUpdate().executeTakeFirst();
    if ((await customerUses(trx, coupon.id, customerId)) >= perCustomer) return { ok: false, code: "CP-10", uses: perCustomer };
  }
  const limit = coupon.conditions.generationLimit;
  const counted = await trx
    .updateTable("coupons")
    .set({ uses: sql`uses + 1` })
    .where("id", "=", coupon.id)
    .$if(limit !== undefined, (qb) => qb.where("uses", "<", limit!))
    .returning("uses")
    .executeTakeFirst();
  if (!counted) return { ok: false, code: "CP-21" };
  await trx
    .insertInto("coupon_uses")
    .values({ coupon_id: coupon.id, order_id: input.orderId, customer_id: customerId, discount_cents: input.discountCents, used_at: input.at })
    .execute();
  return { ok: true };
}

/**
 * Gives back the coupon uses of an order that never reached the store (issue 13: an order paid online whose payment
 * never came, status 4) or that the store canceled (8): its rows go, and each coupon's generation count goes down by
 * one, so the customer may use a once-only coupon again on the order they do pay or place again. Inside the
 * transaction that ends the order.
 */
export async function releaseCouponUses(trx: Database, orderId: number): Promise<number> {
  const released = await trx.deleteFrom("coupon_uses").where("order_id", "=", orderId).returning("coupon_id").execute();
  for (const { coupon_id } of released) {
    await trx
      .updateTable("coupons")
      .set({ uses: sql`greatest(uses - 1, 0)` })
      .where("id", "=", coupon_id)
      .execute();
  }
  return released.length;
}
