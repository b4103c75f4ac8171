import { fromZonedTime } from "date-fns-tz";
import { DAY_MS } from "./calendar";

export { addDays, weekdayOf } from "./calendar";

/** The last `STORE_NOW` read and its instant (epoch ms; NaN when it is not a date). */
let pinnedText: string | undefined;
let pinnedMs = Number.NaN;

/**
 * The only reader of the current time in the whole project.
 * `STORE_NOW` (an ISO instant) pins the clock for demos and end-to-end tests.
 */
export function now(): Date {
  const pinned = process.env.STORE_NOW;
  if (pinned) {
    // Parsed once per value (a request asks for the time a dozen times; tests pin another value when they need to).
    if (pinned !== pinnedText) {
      pinnedText = pinned;
      pinnedMs = new Date(pinned).getTime();
    }
    if (!Number.isNaN(pinnedMs)) return new Date(pinnedMs);
  }
  return new Date();
}

/**
 * One cached Intl formatter per zone. date-fns-tz builds its answer through several formatters per call (about
 * 20-40 us each here); the slot function converts hundreds of times per week, so the hot paths read the
 * wall-clock parts from this one formatter (1-2 us) and date-fns-tz stays for parsing and formatting elsewhere.
 */
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

interface WallParts {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  /** The formatter's own two-digit strings (year, month, day, hour, minute, second). */
  p: Readonly<Record<string, string>>;
}

/**
 * Each zone's parts of the last second asked: a request asks for "now" in its outlet's zone several times, and
 * formatToParts is the costly part (the menu page's root loader, an order's time checks; issue 15).
 */
const lastSecond = new Map<string, { second: number; parts: Readonly<WallParts> }>();

function wallParts(ms: number, timeZone: string): Readonly<WallParts> {
  const second = Math.floor(ms / 1000);
  const last = lastSecond.get(timeZone);
  if (last?.second === second) return last.parts;
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormatters.set(timeZone, formatter);
  }
  const p: Record<string, string> = {};
  for (const part of formatter.formatToParts(new Date(ms))) p[part.type] = part.value;
  const parts = Object.freeze({ y: Number(p.year), mo: Number(p.month), d: Number(p.day), h: Number(p.hour), mi: Number(p.minute), s: Number(p.second), p: Object.freeze(p) });
  lastSecond.set(timeZone, { second, parts });
  return parts;
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
function offsetMs(ms: number, timeZone: string): number {
  const w = wallParts(ms, timeZone);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - (ms - (((ms % 1000) + 1000) % 1000));
}

/** Wall-clock parts of an instant in a time zone. weekday: 0 = Sunday. */
export function wallClock(at: Date, timeZone: string) {
  const w = wallParts(at.getTime(), timeZone);
  const date = `${w.p.year}-${w.p.month}-${w.p.day}`;
  return {
    date,
    time: `${w.p.hour}:${w.p.minute}:${w.p.second}`,
    weekday: new Date(Date.UTC(w.y, w.mo - 1, w.d)).getUTCDay(),
    minutesOfDay: w.h * 60 + w.mi,
  };
}

/** The instant of a wall-clock date and time ("2026-11-21", "13:30:00") in a time zone. */
export function instantAt(date: string, time: string, timeZone: string): Date {
  return fromZonedTime(`${date}T${time}`, timeZone);
}


/**
 * A converter from wall-clock seconds of one date in a zone to instants (epoch ms), or null for a wall time that does not
 * exist (the hour skipped when daylight saving time starts); a wall time that happens twice (the hour repeated when
 * it ends) gives its first instant. On a day without an offset change (almost all) it looks the offset up once; near a
 * change it finds the instant of the change once (to the second) and then resolves each time by arithmetic. A date's
 * converter is kept per zone (2,000 at most): every order-time check converts the same week (issue 15).
 */
export function zonedDay(date: string, timeZone: string): (secondsOfDay: number) => number | null {
  const key = `${timeZone}\u0000${date}`;
  let converter = zonedDays.get(key);
  if (!converter) {
    converter = zonedDayOf(date, timeZone);
    // A zone's rules do not change while the process runs; a bounded table (a date is a request's to choose).
    if (zonedDays.size >= ZONED_DAYS_KEPT) zonedDays.clear();
    zonedDays.set(key, converter);
  }
  return converter;
}

/** Converters kept per zone and date: the slot function asks for the same week's dates on every order-time check. */
const zonedDays = new Map<string, (secondsOfDay: number) => number | null>();
const ZONED_DAYS_KEPT = 2_000;

function zonedDayOf(date: string, timeZone: string): (secondsOfDay: number) => number | null {
  const [y, m, d] = date.split("-").map(Number);
  const midnight = Date.UTC(y, m - 1, d);
  const offset = (ms: number) => offsetMs(ms, timeZone);
  const before = offset(midnight - DAY_MS / 2);
  const after = offset(midnight + DAY_MS * 1.5);
  if (before === after) return (sec) => midnight + sec * 1000 - before;
  // The first second with the new offset, by bisection (one change in these 48 hours, as in every zone's rules).
  let lo = midnight - DAY_MS / 2;
  let hi = midnight + DAY_MS * 1.5;
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (offset(mid) === before) lo = mid;
    else hi = mid;
  }
  const change = hi;
  return (sec) => {
    const wall = midnight + sec * 1000;
    const early = wall - before; // read with the old offset: valid before the change
    if (early < change) return early;
    const late = wall - after; // read with the new offset: valid from the change on
    return late >= change ? late : null;
  };
}

/** Today's calendar date ("YYYY-MM-DD") in a time zone (the chain's by default: birthdays, customer dates). */
export function today(timeZone = "America/Mexico_City"): string {
  return wallClock(now(), timeZone).date;
}
