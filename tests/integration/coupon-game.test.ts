/**
 * The coupon game (issue 12 point 7), on each test database: a play awards the coupon the draw picks and attaches it
 * to the account; plays per period are limited by the database under concurrency (10 racing plays of a game with 3
 * per period record exactly 3); a new period (an injected clock) gives new plays; a paused or unknown game is GA-01,
 * an unconfirmed email GA-03. The draw is injected: the weighted table's ranges are known (seed: 50, 30, 20).
 */
import { activeGames, gameInfo, playGame, playOf, type Draw } from "#server/coupons/game";
import { DomainError } from "#server/errors";
import { makeCustomer } from "../support/customers";
import { testDatabases, type TestDatabase } from "../support/db";

process.env.STORE_NOW = "2026-11-20T19:00:00.000Z";
/** Friday 20 November 2026, 13:00 in Mexico City: the day's period is [06:00Z, next day 06:00Z). */
const FRIDAY = new Date("2026-11-20T19:00:00.000Z");
const SATURDAY = new Date("2026-11-21T06:00:00.000Z");

const fixed = (r: number): Draw => (total) => {
  expect(total).toBeGreaterThan(r);
  return r;
};
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "played",
    (error: unknown) => (error instanceof DomainError ? `${error.code} ${JSON.stringify(error.data)}` : Promise.reject(error)),
  );

describe.each(testDatabases())("the coupon game on $name", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());

  /** A game of this test's own (3 plays a day unless told), whose prizes are the demo game's coupons. */
  async function makeGame(slug: string, options: { playsPerPeriod?: number; periodHours?: number } = {}) {
    const game = await t.db
      .insertInto("coupon_games")
      .values({ slug, name: JSON.stringify({ es: slug }), kind: "wheel", plays_per_period: options.playsPerPeriod ?? 3, period_hours: options.periodHours ?? 24 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const coupon = (code: string) => t.db.selectFrom("coupons").select("id").where("code", "=", code).executeTakeFirstOrThrow();
    for (const [couponId, weight] of [[(await coupon("RULETA10")).id, 2], [(await coupon("REFRESCO")).id, 1], [null, 1]] as const) {
      await t.db.insertInto("coupon_game_prizes").values({ game_id: game.id, coupon_id: couponId, weight, label: JSON.stringify({ es: `premio ${weight}` }) }).execute();
    }
    return game.id;
  }
  const playsOf = (customerId: number) =>
    t.db.selectFrom("coupon_game_plays").select(["play_number", "period_start", "prize_id"]).where("customer_id", "=", customerId).orderBy("id").execute();
  const couponsOf = (customerId: number) =>
    t.db
      .selectFrom("customer_coupons")
      .innerJoin("coupons", "coupons.id", "customer_coupons.coupon_id")
      .select(["coupons.code", "customer_coupons.source"])
      .where("customer_id", "=", customerId)
      .orderBy("coupons.code")
      .execute();

  it("a play awards the coupon the draw picks from the weighted table, attached to the account from the game", async () => {
    const { id } = await makeCustomer(t.db);
    // The seed's table: RULETA10 50, REFRESCO 30, try again 20. 50 is REFRESCO's first integer.
    const outcome = await playGame(t.db, { slug: "ruleta", customerId: id, at: FRIDAY, draw: fixed(50) });
    expect(outcome.prize.coupon?.code).toBe("REFRESCO");
    expect(outcome).toMatchObject({ alreadyHad: false, playsLeft: 0 });
    expect(outcome.period.start.toISOString()).toBe("2026-11-20T06:00:00.000Z");
    expect(await couponsOf(id)).toEqual([{ code: "REFRESCO", source: "game" }]);
    const plays = await playsOf(id);
    expect(plays).toHaveLength(1);
    expect(plays[0]).toMatchObject({ play_number: 1, prize_id: outcome.prize.id });
    expect(plays[0]!.period_start.toISOString()).toBe("2026-11-20T06:00:00.000Z");
    // The page that reveals it (no JavaScript) reads the same play back; another customer cannot.
    expect(await playOf(t.db, { slug: "ruleta", customerId: id, playId: outcome.playId })).toMatchObject({ prize: { id: outcome.prize.id }, alreadyHad: false });
    const other = await makeCustomer(t.db);
    expect(await playOf(t.db, { slug: "ruleta", customerId: other.id, playId: outcome.playId })).toBeUndefined();
    // game-info: no plays left today, and the coupon won.
    const info = await gameInfo(t.db, { slug: "ruleta", customerId: id, at: FRIDAY });
    expect(info).toMatchObject({ playsLeft: 0, canPlay: true, won: [{ code: "REFRESCO" }] });
    expect(info.game.prizes.map((p) => [p.coupon?.code ?? null, p.weight])).toEqual([["RULETA10", 50], ["REFRESCO", 30], [null, 20]]);
  });

  it("a 'try again' attaches nothing; a coupon won again keeps its one row and gives no second use", async () => {
    await makeGame("otra-vez");
    const { id } = await makeCustomer(t.db);
    const tryAgain = await playGame(t.db, { slug: "otra-vez", customerId: id, at: FRIDAY, draw: fixed(3) });
    expect(tryAgain.prize.coupon).toBeNull();
    expect(await couponsOf(id)).toEqual([]);
    const first = await playGame(t.db, { slug: "otra-vez", customerId: id, at: FRIDAY, draw: fixed(1) });
    const again = await playGame(t.db, { slug: "otra-vez", customerId: id, at: FRIDAY, draw: fixed(0) });
    expect([first.prize.coupon?.code, first.alreadyHad, again.prize.coupon?.code, again.alreadyHad]).toEqual(["RULETA10", false, "RULETA10", true]);
    expect(await couponsOf(id)).toEqual([{ code: "RULETA10", source: "game" }]);
    expect(await playOf(t.db, { slug: "otra-vez", customerId: id, playId: again.playId })).toMatchObject({ alreadyHad: true });
    expect(await playOf(t.db, { slug: "otra-vez", customerId: id, playId: first.playId })).toMatchObject({ alreadyHad: false });
    // A coupon attached from a campaign before: the play keeps that row as it was.
    const refresco = await t.db.selectFrom("coupons").select("id").where("code", "=", "REFRESCO").executeTakeFirstOrThrow();
    await t.db.insertInto("customer_coupons").values({ customer_id: id, coupon_id: refresco.id, source: "crm", attached_at: FRIDAY }).execute();
    const campaign = await playGame(t.db, { slug: "otra-vez", customerId: id, at: SATURDAY, draw: fixed(2) });
    expect([campaign.prize.coupon?.code, campaign.alreadyHad]).toEqual(["REFRESCO", true]);
    expect(await playOf(t.db, { slug: "otra-vez", customerId: id, playId: campaign.playId })).toMatchObject({ alreadyHad: true });
    expect(await couponsOf(id)).toEqual([{ code: "REFRESCO", source: "crm" }, { code: "RULETA10", source: "game" }]);
  });

  it("10 racing plays of a game with 3 plays per period: exactly 3 are recorded, the other 7 are GA-02 with the next period", async () => {
    await makeGame("carrera", { playsPerPeriod: 3 });
    const { id } = await makeCustomer(t.db);
    // On Postgres half of them come through a second pool (another app process).
    const other = t.twin?.() ?? t.db;
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) => refusal(playGame(i % 2 ? other : t.db, { slug: "carrera", customerId: id, at: FRIDAY, draw: fixed(i % 4) }))),
    );
    expect(outcomes.filter((o) => o === "played")).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'GA-02 {"next":"2026-11-21 00:00"}')).toHaveLength(7);
    expect((await playsOf(id)).map((p) => p.play_number).sort()).toEqual([1, 2, 3]);
  });

  it("a new period (the clock moved on) gives new plays; the last instant of the old one does not", async () => {
    await makeGame("diaria", { playsPerPeriod: 2 });
    const { id } = await makeCustomer(t.db);
    const play = (at: Date) => refusal(playGame(t.db, { slug: "diaria", customerId: id, at, draw: fixed(3) }));
    expect([await play(FRIDAY), await play(new Date("2026-11-20T06:00:00.000Z"))]).toEqual(["played", "played"]);
    expect(await play(new Date(SATURDAY.getTime() - 1))).toBe('GA-02 {"next":"2026-11-21 00:00"}');
    expect((await gameInfo(t.db, { slug: "diaria", customerId: id, at: FRIDAY })).playsLeft).toBe(0);
    expect((await gameInfo(t.db, { slug: "diaria", customerId: id, at: SATURDAY })).playsLeft).toBe(2);
    const saturday = await playGame(t.db, { slug: "diaria", customerId: id, at: SATURDAY, draw: fixed(3) });
    expect(saturday.playsLeft).toBe(1);
    expect((await playsOf(id)).map((p) => [p.play_number, p.period_start.toISOString()])).toEqual([
      [1, "2026-11-20T06:00:00.000Z"],
      [2, "2026-11-20T06:00:00.000Z"],
      [1, "2026-11-21T06:00:00.000Z"],
    ]);
  });

  it("a paused game, an unknown one and one without prizes are GA-01 (and not linked); nothing is recorded", async () => {
    const gameId = await makeGame("pausada");
    const { id } = await makeCustomer(t.db);
    await t.db.updateTable("coupon_games").set({ active: false }).where("id", "=", gameId).execute();
    expect(await refusal(playGame(t.db, { slug: "pausada", customerId: id, at: FRIDAY, draw: fixed(0) }))).toBe("GA-01 {}");
    expect(await refusal(gameInfo(t.db, { slug: "pausada", customerId: id, at: FRIDAY }))).toBe("GA-01 {}");
    expect(await refusal(playGame(t.db, { slug: "no-existe", customerId: id, at: FRIDAY, draw: fixed(0) }))).toBe("GA-01 {}");
    await t.db.insertInto("coupon_games").values({ slug: "vacia", name: JSON.stringify({ es: "vacía" }), kind: "scratch", plays_per_period: 1, period_hours: 24 }).execute();
    expect(await refusal(playGame(t.db, { slug: "vacia", customerId: id, at: FRIDAY, draw: fixed(0) }))).toBe("GA-01 {}");
    expect(await playsOf(id)).toEqual([]);
    // The links to the games (profile, coupons menu) leave them out.
    const linked = (await activeGames(t.db)).map((g) => g.slug);
    expect(linked).toContain("ruleta");
    expect(linked).not.toContain("pausada");
    expect(linked).not.toContain("vacia");
    // Resumed, it plays.
    await t.db.updateTable("coupon_games").set({ active: true }).where("id", "=", gameId).execute();
    expect(await refusal(playGame(t.db, { slug: "pausada", customerId: id, at: FRIDAY, draw: fixed(0) }))).toBe("played");
  });

  it("a customer whose email is not confirmed cannot play (GA-03): nothing drawn, recorded or attached", async () => {
    const { id } = await makeCustomer(t.db, { confirmed: false });
    const draw = vi.fn(fixed(0));
    expect(await refusal(playGame(t.db, { slug: "ruleta", customerId: id, at: FRIDAY, draw }))).toBe("GA-03 {}");
    expect(draw).not.toHaveBeenCalled();
    expect(await playsOf(id)).toEqual([]);
    expect(await couponsOf(id)).toEqual([]);
    expect(await gameInfo(t.db, { slug: "ruleta", customerId: id, at: FRIDAY })).toMatchObject({ canPlay: false, playsLeft: 1, won: [] });
  });
});
