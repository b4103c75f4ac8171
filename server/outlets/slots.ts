import { addDays, wallClock, zonedDay } from "../clock";
import type { OrderType } from "../cart/pricing";

/**
 * Order-time slots (spec section 5), a pure function of (hours, order type, now, time zone).
 *
 * The hours come in the spec's shape (section 3): one item per date, with the business ranges of that date
 * `{start, end, interval, quote_time}` and the advance-duration windows `{date, opening, closing, duration}`.
 * Wall-clock times are "HH:MM" or "HH:MM:SS" in the outlet's zone.
 *
 * The rules, in order:
 * - days before today (in the outlet's zone) are dropped; of today, only future slots are kept;
 * - a range's slots start at its opening, or at now + quote time when the outlet is already open (today, now at or
 *   after the opening); the start is rounded up to the next multiple of the interval (a grid from midnight);
 * - inside an advance-duration window the interval is the window's value for the order type; -1 is the default;
 *   each slot starts on the grid of the interval in force at its start (the first such point, then the first
 *   after the previous slot has run its interval);
 * - an end of midnight ("00:00") is 23:55:59; a range whose end is before its start also stops there;
 * - a range without an interval (null or 0) falls back to 30 minutes, so its slots fall on minute 30 or 0;
 * - a slot runs from its start to start + interval (cut at the range's end); its value is the day plus the end of
 *   that range ("collectionTimeValue": the order is ready by then);
 * - an empty day is removed; ASAP is offered only for today (the one-day ASAP boundary of section 9: the day
 *   has begun and the next has not), only when today's list is non-empty, and never with `hideAsap`.
 * - `hasRoom` (slot capacity) may drop slots; a day left empty by it is removed too.
 */

export interface BusinessRange {
  start: string;
  end: string;
  /** minutes; null or 0 falls back to 30 */
  interval: number | null;
  /** minutes from now to the first slot when the outlet is already open */
  quote_time: number;
}

export interface AdvanceDuration {
  date: string;
  opening: string;
  closing: string;
  /** the interval per order type inside the window; -1 keeps the default */
  duration: Record<OrderType, number>;
}

export interface OpeningHoursItem {
  /** "YYYY-MM-DD" in the outlet's zone */
  date: string;
  info: { timezone: string; business_date: BusinessRange[]; advance_duration: AdvanceDuration[] };
}

export interface Slot {
  /** "HH:MM", wall clock */
  start: string;
  /** "HH:MM", wall clock: the end of the slot's hour range */
  end: string;
  /** collectionTimeValue: "YYYY-MM-DD HH:MM", the day plus the end of the range */
  value: string;
  /** the instant of `value` (epoch ms), what the cart's order time becomes */
  at: number;
  /** the instant the slot starts (epoch ms) */
  startsAt: number;
}

export interface SlotDay {
  date: string;
  asap: boolean;
  slots: Slot[];
}

export interface SlotQuery {
  hours: readonly OpeningHoursItem[];
  orderType: OrderType;
  now: Date;
  timeZone: string;
  /** the hide-ASAP flag: set when the outlet cannot take an order now (closed at this moment) */
  hideAsap?: boolean;
  /** slot capacity: false drops the slot (its value instant, epoch ms, is given) */
  hasRoom?: (at: number) => boolean;
  /** stop after this many days with slots (the first is all an ASAP check needs); default: every day given */
  maxDays?: number;
  /** stop a day at its first slot (one of its slots, not the earliest when its ranges are out of order): an ASAP
   * check asks only whether the first day with a slot is today */
  firstSlotOnly?: boolean;
}

/** Minutes of the fallback grid: slots on minute 30 or 0. */
export const FALLBACK_INTERVAL_MIN = 30;
/** "An end time of midnight is treated as 23:55:59." */
export const MIDNIGHT_END_SEC = 23 * 3600 + 55 * 60 + 59;
/** The ASAP boundary of section 9, in days. */
export const ASAP_BOUNDARY_DAYS = 1;

/** Seconds of the day of "HH:MM" or "HH:MM:SS"; NaN when malformed. */
export function secondsOf(time: string): number {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!match) return Number.NaN;
  const [h, m, s] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (h > 23 || m > 59 || s > 59) return Number.NaN;
  return h * 3600 + m * 60 + s;
}

/** The end of a range or window in seconds: midnight (or anything before the start) is 23:55:59. */
function endSeconds(end: string, start: number): number {
  const sec = secondsOf(end);
  return sec === 0 || !(sec > start) ? MIDNIGHT_END_SEC : sec;
}

const pad = (n: number) => String(n).padStart(2, "0");
const hhmm = (sec: number) => `${pad(Math.floor(sec / 3600))}:${pad(Math.floor((sec % 3600) / 60))}`;
const ceilTo = (sec: number, step: number) => Math.ceil(sec / step) * step;

/** The interval (minutes) at a wall time of a date: an advance-duration window's value, else the default. */
function intervalAt(windows: readonly AdvanceDuration[], orderType: OrderType, sec: number, fallback: number): number {
  for (const w of windows) {
    const opening = secondsOf(w.opening);
    if (sec >= opening && sec < endSeconds(w.closing, opening)) {
      const value = w.duration[orderType];
      return value > 0 ? value : fallback;
    }
  }
  return fallback;
}

/** The first window edge (opening or closing) after a wall time: where the interval in force may change. */
function nextEdge(windows: readonly AdvanceDuration[], sec: number): number {
  let edge = Number.POSITIVE_INFINITY;
  for (const w of windows) {
    const opening = secondsOf(w.opening);
    for (const e of [opening, endSeconds(w.closing, opening)]) if (e > sec && e < edge) edge = e;
  }
  return edge;
}

export function orderTimeSlots(query: SlotQuery): SlotDay[] {
  const { orderType, now, timeZone } = query;
  const wall = wallClock(now, timeZone);
  const today = wall.date;
  const nowMs = now.getTime();
  const lastAsapDay = addDays(today, ASAP_BOUNDARY_DAYS - 1);
  const days: SlotDay[] = [];

  for (const item of [...query.hours].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) {
    const date = item.date;
    if (date < today) continue;
    const isToday = date === today;
    const nowSec = isToday ? secondsOf(wall.time) : -1;
    const windows = (item.info.advance_duration ?? []).filter((w) => w.date === date);
    const toInstant = zonedDay(date, timeZone);
    const byValue = new Map<string, Slot>();

    ranges: for (const range of item.info.business_date) {
      const open = secondsOf(range.start);
      if (Number.isNaN(open)) continue;
      const close = endSeconds(range.end, open);
      const fallback = range.interval && range.interval > 0 ? range.interval : FALLBACK_INTERVAL_MIN;
      const from = isToday && nowSec >= open ? nowSec + range.quote_time * 60 : open;
      let t = from;
      while (t < close) {
        const step = intervalAt(windows, orderType, t, fallback) * 60;
        // A window may start between grid points: keep each slot on the grid of its own interval. Round up, but
        // not past the next window edge, where another interval (with an earlier grid point) may take over.
        if (t % step !== 0) {
          t = Math.min(ceilTo(t, step), nextEdge(windows, t));
          continue;
        }
        const end = Math.min(t + step, close);
        const startsAt = toInstant(t);
        const at = toInstant(end);
        // (a slot under a minute, 23:55 to 23:55:59 before midnight, would read "23:55-23:55": none)
        if (end - t >= 60 && startsAt !== null && at !== null && startsAt > nowMs && (!query.hasRoom || query.hasRoom(at))) {
          const value = `${date} ${hhmm(end)}`;
          if (!byValue.has(value)) {
            byValue.set(value, { start: hhmm(t), end: hhmm(end), value, at, startsAt });
            if (query.firstSlotOnly) break ranges;
          }
        }
        t += step;
      }
    }

    if (byValue.size === 0) continue;
    const slots = [...byValue.values()].sort((a, b) => a.startsAt - b.startsAt);
    days.push({ date, asap: date <= lastAsapDay && !query.hideAsap, slots });
    if (query.maxDays !== undefined && days.length >= query.maxDays) break;
  }
  return days;
}

/** The slot of a collectionTimeValue ("YYYY-MM-DD HH:MM"), if offered. */
export function findSlot(days: readonly SlotDay[], value: string): Slot | undefined {
  const date = value.slice(0, 10);
  return days.find((d) => d.date === date)?.slots.find((s) => s.value === value);
}

/** True when now falls inside one of today's ranges (the outlet is open at this moment). */
export function isOpenAt(hours: readonly OpeningHoursItem[], now: Date, timeZone: string): boolean {
  const wall = wallClock(now, timeZone);
  const nowSec = secondsOf(wall.time);
  const today = hours.find((item) => item.date === wall.date);
  return Boolean(
    today?.info.business_date.some((r) => {
      const open = secondsOf(r.start);
      return nowSec >= open && nowSec < endSeconds(r.end, open);
    }),
  );
}
