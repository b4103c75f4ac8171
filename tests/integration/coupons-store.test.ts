/**
 * Coupons as data (issue 12, point 1): the demo coupons are rows the store reads back into their shapes, one per
 * type and group; a row edited into a wrong shape reads as no coupon; the seed is idempotent; the game's plays are
 * unique per customer, game and period slot. On each test database.
 */
import { seed } from "#server/db/seed";
import { demoCoupons } from "#server/db/seed/coupons";
import { findCouponByCode } from "#server/coupons/store";
import { COUPON_GROUPS } from "#server/coupons/types";
import { testDatabases, type TestDatabase } from "../support/db";

process.env.STORE_NOW = "2026-11-20T19:00:00.000Z";

describe.each(testDatabases())("coupons in the database on $name", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());

  it("every demo coupon reads back as written, found by its code in any case", async () => {
    for (const demo of demoCoupons) {
      const found = await findCouponByCode(t.db, ` ${demo.code.toLowerCase()} `);
      expect(found, demo.code).toMatchObject({ code: demo.code, type: demo.type, group: demo.group, benefit: demo.benefit, conditions: demo.conditions, active: true });
    }
  });

  it("the demo has every type (1-6) and every group", () => {
    expect(new Set(demoCoupons.map((c) => c.type))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(new Set(demoCoupons.map((c) => c.group))).toEqual(new Set(COUPON_GROUPS));
  });

  it("an unknown code, a code of impossible characters, and a row of a wrong shape are no coupon", async () => {
    expect(await findCouponByCode(t.db, "NOEXISTE")).toBeUndefined();
    expect(await findCouponByCode(t.db, "'; drop table coupons; --")).toBeUndefined();
    await t.db.updateTable("coupons").set({ benefit: JSON.stringify({ type: 3, percentBasisPoints: 20_000, maxCents: null }) }).where("code", "=", "COMIDA20").execute();
    expect(await findCouponByCode(t.db, "COMIDA20")).toBeUndefined();
    await t.db.updateTable("coupons").set({ conditions: JSON.stringify({ minAmountCents: -1 }) }).where("code", "=", "PIZZA15").execute();
    expect(await findCouponByCode(t.db, "PIZZA15")).toBeUndefined();
    // The seed writes them right again (idempotent, by code), and adds nothing.
    const before = await t.db.selectFrom("coupons").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    await seed(t.db);
    const after = await t.db.selectFrom("coupons").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await findCouponByCode(t.db, "COMIDA20")).toBeDefined();
    expect(await findCouponByCode(t.db, "PIZZA15")).toBeDefined();
  });

  it("the game's prizes are weighted coupons and a 'try again'; a play is unique per customer, game and period slot", async () => {
    const game = await t.db.selectFrom("coupon_games").selectAll().where("slug", "=", "ruleta").executeTakeFirstOrThrow();
    const prizes = await t.db.selectFrom("coupon_game_prizes").selectAll().where("game_id", "=", game.id).execute();
    expect(prizes.map((p) => p.weight).reduce((a, b) => a + b, 0)).toBe(100);
    expect(prizes.filter((p) => p.coupon_id === null)).toHaveLength(1);
    const customer = await t.db
      .insertInto("customers")
      .values({ email: `juego.${kind.name}@correo.mx`, first_name: "J", last_name: "G", created_at: new Date(), updated_at: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const play = { game_id: game.id, customer_id: customer.id, period_start: "2026-11-20T06:00:00Z", play_number: 1, prize_id: prizes[0]!.id, played_at: "2026-11-20T19:00:00Z" };
    await t.db.insertInto("coupon_game_plays").values(play).execute();
    await expect(t.db.insertInto("coupon_game_plays").values(play).execute()).rejects.toThrow();
  });
});
