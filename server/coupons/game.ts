import { randomInt } from "node:crypto";
import { env } from "../config";
import { constants } from "../constants";
import type { Database } from "../db/client";
import type { I18nText } from "../db/types";
import { DomainError } from "../errors";
import { periodOf, pickPrize, playsLeft, totalWeight, wallMinute, type Period } from "./game-rules";

/**
 * The coupon game (issue 12 point 7; the spec's game-info and play-game calls, GA-01..03): a signed-in customer plays
 * a game (a wheel or a scratch card) a limited number of times per period, and each play draws a prize from the
 * game's weighted table with a cryptographic random source; a prize is a coupon attached to the account, or a "try
 * again". The pure parts (periods, the weighted pick) are server/coupons/game-rules.ts; docs/coupons.md has the
 * decisions.
 *
 * Refusals: GA-01 no such game, or paused (or without prizes); GA-02 no plays left this period (`next`: when the next
 * period opens, "YYYY-MM-DD HH:MM" in the chain's time zone); GA-03 the customer cannot play (email not confirmed:
 * a game's coupon is the customer's own, and such a coupon needs the email confirmed, as CP-23 says).
 */
export interface GamePrize {
  id: number;
  weight: number;
  label: I18nText;
  /** the coupon it attaches, or null for a "try again" */
  coupon: { id: number; code: string; name: I18nText } | null;
}

export interface CouponGame {
  id: number;
  slug: string;
  name: I18nText;
  kind: "wheel" | "scratch";
  playsPerPeriod: number;
  periodHours: number;
  /** in the table's order (by id): the wheel's segments and the draw's ranges */
  prizes: GamePrize[];
}

/** A random integer in [0, total): node:crypto's by default (see `defaultDraw`). */
export type Draw = (total: number) => number;

/**
 * The draw plays use: `randomInt` (a CSPRNG, without modulo bias), unless COUPON_GAME_TEST_DRAW fixes it for an
 * end-to-end run (server/config.ts refuses that setting outside an in-memory database).
 */
export function defaultDraw(): Draw {
  const fixed = env().COUPON_GAME_TEST_DRAW;
  return fixed === undefined ? (total) => randomInt(total) : (total) => fixed % total;
}

/** The chain's zone: the game is the chain's, not an outlet's, so its periods follow the chain's clock. */
const GAME_TIME_ZONE = constants.defaultTimeZone;

/** The game with this slug and its prizes, or GA-01 when there is none, it is paused, or it has no prizes. */
async function playableGame(db: Database, slug: string): Promise<CouponGame> {
  const row = await db.selectFrom("coupon_games").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!row?.active) throw new DomainError("GA-01");
  const prizes = await db
    .selectFrom("coupon_game_prizes as p")
    .leftJoin("coupons as c", "c.id", "p.coupon_id")
    .select(["p.id", "p.weight", "p.label", "c.id as couponId", "c.code", "c.name"])
    .where("p.game_id", "=", row.id)
    .orderBy("p.id")
    .execute();
  if (prizes.length === 0) throw new DomainError("GA-01");
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    kind: row.kind,
    playsPerPeriod: row.plays_per_period,
    periodHours: row.period_hours,
    prizes: prizes.map((p) => ({
      id: p.id,
      weight: p.weight,
      label: p.label,
      coupon: p.couponId !== null && p.code !== null && p.name !== null ? { id: p.couponId, code: p.code, name: p.name } : null,
    })),
  };
}

/** GA-03 unless the customer exists and has confirmed the email. */
async function requirePlayer(db: Database, customerId: number): Promise<void> {
  const customer = await db.selectFrom("customers").select("email_confirmed_at").where("id", "=", customerId).executeTakeFirst();
  if (!customer?.email_confirmed_at) throw new DomainError("GA-03");
}

async function playedIn(db: Database, gameId: number, customerId: number, period: Period): Promise<number> {
  const row = await db
    .selectFrom("coupon_game_plays")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("game_id", "=", gameId)
    .where("customer_id", "=", customerId)
    .where("period_start", "=", period.start)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface GameInfo {
  game: CouponGame;
  period: Period;
  playsLeft: number;
  /** whether this customer may play at all (false: GA-03, the email is not confirmed) */
  canPlay: boolean;
  /** the coupons this customer won in this game (newest first), as attached to the account */
  won: { code: string; name: I18nText; attachedAt: Date }[];
}

/** game-info: the game, the customer's plays left in the current period and what the customer won. GA-01 as a play. */
export async function gameInfo(db: Database, input: { slug: string; customerId: number; at: Date }): Promise<GameInfo> {
  const game = await playableGame(db, input.slug);
  const period = periodOf(input.at, game.periodHours, GAME_TIME_ZONE);
  const played = await playedIn(db, game.id, input.customerId, period);
  const canPlay = await requirePlayer(db, input.customerId).then(
    () => true,
    (error: unknown) => {
      if (error instanceof DomainError && error.code === "GA-03") return false;
      throw error;
    },
  );
  const couponIds = game.prizes.flatMap((p) => (p.coupon ? [p.coupon.id] : []));
  const won =
    couponIds.length === 0
      ? []
      : await db
          .selectFrom("customer_coupons as cc")
          .innerJoin("coupons as c", "c.id", "cc.coupon_id")
          .select(["c.code", "c.name", "cc.attached_at as attachedAt"])
          .where("cc.customer_id", "=", input.customerId)
          .where("cc.source", "=", "game")
          .where("cc.coupon_id", "in", couponIds)
          .orderBy("cc.attached_at", "desc")
          .orderBy("c.code")
          .execute();
  return { game, period, playsLeft: playsLeft(game.playsPerPeriod, played), canPlay, won };
}

export interface PlayOutcome {
  playId: number;
  /** the prize drawn (with its coupon, or null coupon: "try again") */
  prize: GamePrize;
  /** the prize's coupon was already on the account (attached before this play): one row, no second use */
  alreadyHad: boolean;
  playsLeft: number;
  period: Period;
}

/**
 * play-game: one play of the customer, in one transaction.
 * 1. The game (GA-01) and the customer (GA-03) are read.
 * 2. The prize is drawn: `draw(total weight)` (node:crypto's `randomInt` by default) picks from the weighted table.
 * 3. The play takes the next free play number of the period, 1..plays per period: an insert that does nothing on
 *    the unique key (game, customer, period start, play number). Two concurrent plays that try the same number
 *    cannot both have it: Postgres makes the second wait for the first and then skips it to the next number, so
 *    however many plays race, at most `plays per period` rows exist; a play that finds every number taken is GA-02.
 * 4. The prize's coupon is attached to the account (customer_coupons, source 'game'); a coupon already attached
 *    keeps its one row (and its source): winning it again gives no second use (`alreadyHad`).
 * Any refusal or failure rolls the whole play back: nothing is counted, nothing attached.
 */
export async function playGame(
  db: Database,
  input: { slug: string; customerId: number; at: Date; draw?: Draw },
): Promise<PlayOutcome> {
  const draw = input.draw ?? defaultDraw();
  return db.transaction().execute(async (trx) => {
    const game = await playableGame(trx, input.slug);
    await requirePlayer(trx, input.customerId);
    const period = periodOf(input.at, game.periodHours, GAME_TIME_ZONE);
    const prize = pickPrize(game.prizes, draw(totalWeight(game.prizes)));
    let play: { id: number; number: number } | undefined;
    for (let number = (await playedIn(trx, game.id, input.customerId, period)) + 1; number <= game.playsPerPeriod && !play; number++) {
      const row = await trx
        .insertInto("coupon_game_plays")
        .values({ game_id: game.id, customer_id: input.customerId, period_start: period.start, play_number: number, prize_id: prize.id, played_at: input.at })
        .onConflict((oc) => oc.columns(["game_id", "customer_id", "period_start", "play_number"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (row) play = { id: row.id, number };
    }
    if (!play) throw new DomainError("GA-02", { next: wallMinute(period.end, GAME_TIME_ZONE) });
    let alreadyHad = false;
    if (prize.coupon) {
      const attached = await trx
        .insertInto("customer_coupons")
        .values({ customer_id: input.customerId, coupon_id: prize.coupon.id, source: "game", attached_at: input.at })
        .onConflict((oc) => oc.columns(["customer_id", "coupon_id"]).doNothing())
        .returning("coupon_id")
        .executeTakeFirst();
      alreadyHad = !attached;
    }
    return { playId: play.id, prize, alreadyHad, playsLeft: playsLeft(game.playsPerPeriod, play.number), period };
  });
}

/**
 * One past play of this customer in this game (the page that reveals a prize after a post without JavaScript), or
 * undefined when the play is not theirs or not of this game. `alreadyHad` is told from the rows, not the clock (a
 * pinned clock gives every play one instant): the coupon was attached from a campaign (a play never changes such a
 * row, so it was there first), or an earlier play of this customer had won it.
 */
export async function playOf(db: Database, input: { slug: string; customerId: number; playId: number }): Promise<Omit<PlayOutcome, "playsLeft" | "period"> | undefined> {
  const game = await playableGame(db, input.slug);
  const row = await db
    .selectFrom("coupon_game_plays")
    .select(["id", "prize_id"])
    .where("id", "=", input.playId)
    .where("game_id", "=", game.id)
    .where("customer_id", "=", input.customerId)
    .executeTakeFirst();
  const prize = row ? game.prizes.find((p) => p.id === row.prize_id) : undefined;
  if (!row || !prize) return undefined;
  let alreadyHad = false;
  if (prize.coupon) {
    const attached = await db
      .selectFrom("customer_coupons")
      .select("source")
      .where("customer_id", "=", input.customerId)
      .where("coupon_id", "=", prize.coupon.id)
      .executeTakeFirst();
    const earlier = await db
      .selectFrom("coupon_game_plays as g")
      .innerJoin("coupon_game_prizes as z", "z.id", "g.prize_id")
      .select("g.id")
      .where("g.customer_id", "=", input.customerId)
      .where("z.coupon_id", "=", prize.coupon.id)
      .where("g.id", "<", row.id)
      .limit(1)
      .executeTakeFirst();
    alreadyHad = attached?.source === "crm" || earlier !== undefined;
  }
  return { playId: row.id, prize, alreadyHad };
}

/** The games a customer may play now (active, with prizes), in the order of their slugs: the links to them. */
export async function activeGames(db: Database): Promise<{ slug: string; name: I18nText }[]> {
  return db
    .selectFrom("coupon_games as g")
    .select(["g.slug", "g.name"])
    .where("g.active", "=", true)
    .where((eb) => eb.exists(eb.selectFrom("coupon_game_prizes as p").select("p.id").whereRef("p.game_id", "=", "g.id")))
    .orderBy("g.slug")
    .execute();
}
