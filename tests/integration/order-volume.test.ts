/**
 * The seed's volume of orders (issue 15, point 6: `npm run db:seed -- --orders N`, bench/plans.ts): N orders with
 * 3 items and 1-2 status rows each, dated before the given instant, some by registered customers and some with a
 * coupon use; a second call with the same N writes nothing, a larger one only the rest. On each test database.
 */
import { sql } from "kysely";
import { seedOrderVolume } from "#server/db/seed/volume";
import { testDatabases, type TestDatabase } from "../support/db";

const AT = new Date("2026-11-20T19:00:00.000Z");

describe.each(testDatabases())("the order volume on $name", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());

  const counts = async () => {
    const { rows } = await sql<{ orders: number; items: number; history: number; buyers: number; uses: number; later: number }>`
      select (select count(*)::int from orders where idempotency_key like 'volume-%') as orders,
        (select count(*)::int from order_items i join orders o on o.id = i.order_id where o.idempotency_key like 'volume-%') as items,
        (select count(*)::int from order_status_history h join orders o on o.id = h.order_id where o.idempotency_key like 'volume-%') as history,
        (select count(*)::int from orders where idempotency_key like 'volume-%' and customer_id is not null) as buyers,
        (select count(*)::int from coupon_uses u join orders o on o.id = u.order_id where o.idempotency_key like 'volume-%') as uses,
        (select count(*)::int from orders where idempotency_key like 'volume-%' and created_at > ${AT}) as later`.execute(t.db);
    return rows[0]!;
  };

  it("writes the orders with their items, history, buyers and coupon uses, once", async () => {
    expect(await seedOrderVolume(t.db, 200, AT)).toBe(200);
    const first = await counts();
    expect(first).toMatchObject({ orders: 200, items: 600, buyers: 50, uses: 20, later: 0 });
    expect(first.history).toBeGreaterThanOrEqual(200);
    expect(first.history).toBeLessThanOrEqual(400);

    expect(await seedOrderVolume(t.db, 200, AT)).toBe(0);
    expect(await counts()).toEqual(first);

    expect(await seedOrderVolume(t.db, 260, AT)).toBe(60);
    expect(await counts()).toMatchObject({ orders: 260, items: 780 });
  });
});
