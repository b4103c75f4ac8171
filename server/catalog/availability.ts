/**
 * Pure selling rules of a menu item: lunch-time items, hut-day items and items with their own selling hours.
 *
 * Everything is judged at the ORDER time (`at`, an instant: the chosen slot, or now for ASAP), read as a wall
 * clock in the outlet's time zone through `wallClock` from server/clock.ts. Nothing here reads the current time.
 *
 * Windows are half-open, [start, end): the start second sells, the end second does not.
 * - An end of "00:00:00" (or Postgres's "24:00:00") means midnight at the END of the day.
 * - A window whose end is before its start crosses midnight (22:00–02:00): inside when time >= start OR
 *   time < end. Each side is judged on the order time's own calendar day; there is no "business day".
 * - A window whose start equals its end is empty (never inside), except "00:00"–"00:00", which by the
 *   midnight rule is the whole day.
 * - Selling hours with only a start sell from the start to the end of the day; with only an end, from the
 *   start of the day to the end.
 *
 * When several rules apply the first refusal wins, in this order: hut day (ITEM-02), then lunch time
 * (ITEM-03), then selling hours (SINGLE-06). The day is the coarsest rule, so a Tuesday-only item ordered on a
 * Monday says "Tuesdays only" rather than talking about hours.
 *
 * Times in problems are "HH:MM" (seconds dropped) so the app can say "a partir de las 18:00".
 * A malformed time string is a data bug, not a customer problem: it throws a RangeError.
 */
import { wallClock } from "../clock";

export interface SellingRules {
  lunchOnly: boolean;
  /** 0 = Sunday ... 6 = Saturday; null = every day. */
  hutDay: number | null;
  /** "HH:MM:SS" wall clock; null = no bound on that side. */
  sellingStart: string | null;
  sellingEnd: string | null;
}

/** "HH:MM:SS" wall-clock bounds, [start, end). */
export interface LunchWindow {
  start: string;
  end: string;
}

/** Decision: the spec names a lunch time but does not give it; 12:00 to 17:00 local. */
export const LUNCH_WINDOW: LunchWindow = { start: "12:00:00", end: "17:00:00" };

export type AvailabilityProblem =
  /** A lunch-time item outside the lunch window. */
  | { code: "ITEM-03"; start: string; end: string }
  /** A hut-day item on another day; `weekday` is the day it sells on (0 = Sunday). */
  | { code: "ITEM-02"; weekday: number }
  /** Outside the item's own selling hours; the message shows the start. */
  | { code: "SINGLE-06"; start: string; end: string };

const SECONDS_PER_DAY = 24 * 60 * 60;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** Seconds since local midnight of "HH:MM" or "HH:MM:SS" (fractions ignored). "24:00:00" is 86400. */
export function secondsOfDay(time: string): number {
  const match = TIME.exec(time);
  if (!match) throw new RangeError(`not a wall-clock time: ${JSON.stringify(time)}`);
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = Number(match[3] ?? "0");
  const valid = minutes < 60 && seconds < 60 && (hours < 24 || (hours === 24 && minutes === 0 && seconds === 0));
  if (!valid) throw new RangeError(`not a wall-clock time: ${JSON.stringify(time)}`);
  return hours * 3600 + minutes * 60 + seconds;
}

/** "18:00:00" -> "18:00"; "24:00:00" -> "00:00". */
export function hoursAndMinutes(time: string): string {
  const seconds = secondsOfDay(time) % SECONDS_PER_DAY;
  const hh = String(Math.floor(seconds / 3600)).padStart(2, "0");
  const mm = String(Math.floor((seconds % 3600) / 60)).padStart(2, "0");
  return `${hh}:${mm}`;
}

/** Whether a wall-clock time falls in [start, end), with the midnight rules described above. */
export function withinWindow(time: string, start: string, end: string): boolean {
  const t = secondsOfDay(time) % SECONDS_PER_DAY;
  const s = secondsOfDay(start);
  if (s >= SECONDS_PER_DAY) throw new RangeError(`a window cannot start at ${JSON.stringify(start)}`);
  const e = secondsOfDay(end) || SECONDS_PER_DAY; // an end of 00:00 is the end of the day
  if (e > s) return t >= s && t < e;
  if (e < s) return t >= s || t < e; // crosses midnight
  return false; // start === end: empty
}

/**
 * The instant an order's items (and its coupons' times) are judged at: for a scheduled order, its slot's last moment.
 * The order time is the slot's end, which a window ending with the slot excludes: lunch until 17:00 would refuse the
 * slot 16:45 – 17:00, and Tuesday's last slot (23:45 – 00:00) would be Wednesday's. As soon as possible: now.
 */
export function sellingInstant(orderTime: Date | null, now: Date): Date {
  return orderTime ? new Date(orderTime.getTime() - 1) : now;
}

/**
 * The first rule that refuses the item at the order time `at` in the outlet's `timeZone`, or null when it
 * may be sold. Order: hut day, lunch time, selling hours.
 */
export function availabilityProblem(
  rules: SellingRules,
  at: Date,
  timeZone: string,
  lunch: LunchWindow = LUNCH_WINDOW,
): AvailabilityProblem | null {
  const limited = (rules.hutDay !== null && rules.hutDay !== undefined) || rules.lunchOnly || rules.sellingStart || rules.sellingEnd;
  // Most items are sold at any time: the wall clock is read only for one with a rule (a menu page checks every card).
  if (!limited) return null;
  const clock = wallClock(at, timeZone);

  if (rules.hutDay !== null && rules.hutDay !== undefined && clock.weekday !== rules.hutDay) {
    return { code: "ITEM-02", weekday: rules.hutDay };
  }

  if (rules.lunchOnly && !withinWindow(clock.time, lunch.start, lunch.end)) {
    return { code: "ITEM-03", start: hoursAndMinutes(lunch.start), end: hoursAndMinutes(lunch.end) };
  }

  if (rules.sellingStart || rules.sellingEnd) {
    const start = rules.sellingStart ?? "00:00:00";
    const end = rules.sellingEnd ?? "00:00:00";
    if (!withinWindow(clock.time, start, end)) {
      return { code: "SINGLE-06", start: hoursAndMinutes(start), end: hoursAndMinutes(end) };
    }
  }

  return null;
}

/**
 * The lines that may not be sold at `at`, in input order, each with its first problem. Used to re-check a
 * whole cart when the order time (or outlet, hence time zone) changes.
 */
export function unavailableLines<T extends { rules: SellingRules }>(
  lines: T[],
  at: Date,
  timeZone: string,
  lunch: LunchWindow = LUNCH_WINDOW,
): { line: T; problem: AvailabilityProblem }[] {
  const refused: { line: T; problem: AvailabilityProblem }[] = [];
  for (const line of lines) {
    const problem = availabilityProblem(line.rules, at, timeZone, lunch);
    if (problem) refused.push({ line, problem });
  }
  return refused;
}

/** The selling rules of a product row. */
export function sellingRules(row: { lunch_only: boolean; hut_day: number | null; selling_start: string | null; selling_end: string | null }): SellingRules {
  return { lunchOnly: row.lunch_only, hutDay: row.hut_day, sellingStart: row.selling_start, sellingEnd: row.selling_end };
}
