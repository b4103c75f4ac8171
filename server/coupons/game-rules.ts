/**
 * The coupon game's pure rules (issue 12 point 7; spec GA-01..03): which period a play falls in, and which prize a
 * random integer draws from a weighted table. No database and no clock: server/coupons/game.ts passes the play's
 * instant and the random integer in (docs/coupons.md, "The coupon game").
 */
import { instantAt, wallClock } from "../clock";

const HOUR_MS = 3_600_000;

/**
 * Where the periods are counted from: Monday 5 January 1970, 00:00 on the chain's wall clock. Every period of
 * `periodHours` hours that divides a day therefore starts at a local midnight (24: the local calendar day; 8: 00:00,
 * 08:00 and 16:00), and a week (168) starts on a Monday at 00:00.
 */
const ORIGIN_WALL_MS = Date.UTC(1970, 0, 5);

export interface Period {
  /** the first instant of the period (the plays' `period_start`) */
  start: Date;
  /** the first instant of the next period: when the next plays open */
  end: Date;
}

/** The instant of a wall-clock time (epoch ms read as if in UTC) in a time zone. */
function instantOfWall(wallMs: number, timeZone: string): Date {
  const iso = new Date(wallMs).toISOString();
  return instantAt(iso.slice(0, 10), iso.slice(11, 19), timeZone);
}

/**
 * The period of a play at `at`: fixed periods of `periodHours` hours of the wall clock in `timeZone`, counted from
 * the origin above. On a day whose clock changes (daylight saving time) a period keeps its wall-clock bounds, so it
 * lasts an hour more or less; Mexico City has had no such change since 2022.
 */
export function periodOf(at: Date, periodHours: number, timeZone: string): Period {
  if (!Number.isInteger(periodHours) || periodHours <= 0) throw new RangeError(`periodHours must be a positive integer: ${periodHours}`);
  const wall = wallClock(at, timeZone);
  const [y, mo, d] = wall.date.split("-").map(Number);
  const [h, mi, s] = wall.time.split(":").map(Number);
  const wallMs = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  const length = periodHours * HOUR_MS;
  const startWall = ORIGIN_WALL_MS + Math.floor((wallMs - ORIGIN_WALL_MS) / length) * length;
  return { start: instantOfWall(startWall, timeZone), end: instantOfWall(startWall + length, timeZone) };
}

/** An instant as "YYYY-MM-DD HH:MM" on the wall clock of a time zone (the GA-02 message's `next`, as CP-13's). */
export function wallMinute(at: Date, timeZone: string): string {
  const wall = wallClock(at, timeZone);
  return `${wall.date} ${wall.time.slice(0, 5)}`;
}

/** The sum of a prize table's weights: a draw is a random integer in [0, total). */
export function totalWeight(prizes: readonly { weight: number }[]): number {
  if (prizes.length === 0) throw new RangeError("a game needs at least one prize");
  let total = 0;
  for (const prize of prizes) {
    if (!Number.isInteger(prize.weight) || prize.weight <= 0) throw new RangeError(`a prize's weight must be a positive integer: ${prize.weight}`);
    total += prize.weight;
  }
  return total;
}

/**
 * The prize a random integer `r` in [0, total weight) draws: the prizes, in their order, take consecutive ranges as
 * wide as their weights (weights 50, 30, 20: 0-49 the first, 50-79 the second, 80-99 the third). So each prize is
 * drawn with the probability weight / total when `r` is uniform.
 */
export function pickPrize<P extends { weight: number }>(prizes: readonly P[], r: number): P {
  const total = totalWeight(prizes);
  if (!Number.isInteger(r) || r < 0 || r >= total) throw new RangeError(`the draw must be an integer in [0, ${total}): ${r}`);
  let below = r;
  for (const prize of prizes) {
    if (below < prize.weight) return prize;
    below -= prize.weight;
  }
  throw new Error("unreachable: r < total");
}

/** Plays left in a period, never below 0. */
export const playsLeft = (playsPerPeriod: number, played: number) => Math.max(0, playsPerPeriod - played);
