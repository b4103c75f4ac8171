/**
 * A coupon's uses are counted once (issue 12, point 5), on each test database: 50 orders racing with a coupon
 * limited to 10 uses get exactly 10 uses; 20 orders of one customer racing with a once-per-customer coupon get
 * exactly one. Each use runs in its own transaction, as placing an order does.
 */
import { findCouponByCode } from "#server/coupons/store";
import { recordCouponUse } from "#server/coupons/uses";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";
import { placeTestOrder } from "../support/orders";

const NOW = "2026-11-20T19:00:00.000Z";
process.env.STORE_NOW = NOW;
pinStoreNow(NOW);
const at = new Date(NOW);

describe.each(testDatabases())("counting coupon uses on $name", (kind) => {
  let t: TestDatabase;
  let orderIds: number[];
  beforeAll(async () => {
    t = await kind.create();
    orderIds = [];
    for (let i = 0; i < 70; i++) orderIds.push((await placeTestOrder(t.db, { email: `cupon.${i}@correo.mx` })).id);
  }, 120_000);
  afterAll(() => t?.destroy());

  const use = (code: string, orderId: number, customerId: number | null) =>
    t.db.transaction().execute(async (trx) => {
      const coupon = (await findCouponByCode(trx, code))!;
      const outcome = await recordCouponUse(trx, { coupon, orderId, customerId, discountCents: 1_000, at });
      return outcome.ok ? "ok" : outcome.code;
    });

  it("50 racing orders with a coupon limited to 10 uses: exactly 10 are counted, the rest are CP-21", async () => {
    await t.db.updateTable("coupons").set({ conditions: JSON.stringify({ generationLimit: 10 }) }).where("code", "=", "ENVIOGRATIS").execute();
    const outcomes = await Promise.all(orderIds.slice(0, 50).map((id) => use("ENVIOGRATIS", id, null)));
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(10);
    expect(outcomes.filter((o) => o === "CP-21")).toHaveLength(40);
    const coupon = await t.db.selectFrom("coupons").select("uses").where("code", "=", "ENVIOGRATIS").executeTakeFirstOrThrow();
    expect(coupon.uses).toBe(10);
    const rows = await t.db.selectFrom("coupon_uses").innerJoin("coupons", "coupons.id", "coupon_uses.coupon_id").select("coupon_uses.id").where("coupons.code", "=", "ENVIOGRATIS").execute();
    expect(rows).toHaveLength(10);
  });

  it("20 racing orders of one customer with a once-per-customer coupon: exactly one is counted, the rest are CP-10", async () => {
    const customer = await t.db
      .insertInto("customers")
      .values({ email: `usos.${kind.name}@correo.mx`, first_name: "U", last_name: "S", created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const outcomes = await Promise.all(orderIds.slice(50, 70).map((id) => use("AHORRA50", id, customer.id)));
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "CP-10")).toHaveLength(19);
  });
});
