import { expressionBuilder, sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { Database } from "../db/client";
import type { DB, Outlet } from "../db/types";
import type { OrderType } from "../cart/pricing";
import { addDays, wallClock, weekdayOf } from "../clock";
import type { OpeningHoursItem } from "./slots";

/** Days of opening hours the storefront looks ahead: today and the six after it. */
export const SLOT_DAYS = 7;

export interface WeeklyHoursRow {
  outlet_id: number;
  weekday: number;
  opens: string;
  closes: string;
  interval_min: number;
  quote_delivery_min: number | null;
  quote_carryout_min: number | null;
}

export interface DateHoursRow {
  outlet_id: number;
  date: string;
  opens: string | null;
  closes: string | null;
  interval_min: number;
  note: string;
}

export interface WindowRow {
  outlet_id: number;
  date: string;
  opening: string;
  closing: string;
  duration_d: number;
  duration_c: number;
}

/** The stored hours of some outlets over some dates: weekly rows, per-date replacements and windows. */
export interface StoredHours {
  weekly: WeeklyHoursRow[];
  dated: DateHoursRow[];
  windows: WindowRow[];
  /** Pizzas booked per slot (epoch ms of the slot's instant) after `bookedAfter`, when asked for. */
  booked: Map<number, number>;
}

const time = (value: unknown) => String(value).slice(0, 8);

/**
 * The four JSON arrays of `StoredHours` as a statement selects them (loadHours alone, or beside an outlet's row).
 * Built once with placeholders for the placing transaction's outlet read (compiledOnce, server/orders/place.ts),
 * where `bookedAfter` is always given: its presence chooses the bookings' clause, so a compiled caller must always
 * pass it.
 */
export function storedHoursColumns(outletIds: number[], fromDate: string, toDate: string, bookedAfter?: Date) {
  const eb = expressionBuilder<DB, never>();
  const inDates = sql<boolean>`date between ${fromDate}::date and ${toDate}::date`;
  return [
    jsonArrayFrom(
      eb
        .selectFrom("outlet_hours")
        .select(["outlet_id", "weekday", "opens", "closes", "interval_min", "quote_delivery_min", "quote_carryout_min"])
        .where("outlet_id", "in", outletIds)
        .orderBy("opens"),
    ).as("weekly"),
    jsonArrayFrom(
      eb
        .selectFrom("outlet_date_hours")
        .select(["outlet_id", sql<string>`date::text`.as("date"), "opens", "closes", "interval_min", "note"])
        .where("outlet_id", "in", outletIds)
        .where(inDates)
        .orderBy("opens"),
    ).as("dated"),
    jsonArrayFrom(
      eb
        .selectFrom("outlet_advance_durations")
        .select(["outlet_id", sql<string>`date::text`.as("date"), "opening", "closing", "duration_d", "duration_c"])
        .where("outlet_id", "in", outletIds)
        .where(inDates)
        .orderBy("opening"),
    ).as("windows"),
    jsonArrayFrom(
      eb
        .selectFrom("slot_bookings")
        .select(["slot_at", "pizzas"])
        .where("outlet_id", "in", outletIds)
        // No instant asked: no row (an empty array).
        .where(bookedAfter ? sql<boolean>`slot_at > ${bookedAfter}` : sql<boolean>`false`),
    ).as("bookings"),
  ] as const;
}

/** The arrays as selected, in `StoredHours`' shape (times as "HH:MM:SS", bookings by the slot's epoch ms). */
function storedHoursOf(row: {
  weekly: WeeklyHoursRow[];
  dated: DateHoursRow[];
  windows: WindowRow[];
  bookings: { slot_at: string | Date; pizzas: number }[];
}): StoredHours {
  const { weekly, dated, windows, bookings } = row;
  return {
    weekly: weekly.map((r) => ({ ...r, opens: time(r.opens), closes: time(r.closes) })),
    dated: dated.map((r) => ({ ...r, opens: r.opens === null ? null : time(r.opens), closes: r.closes === null ? null : time(r.closes) })),
    windows: windows.map((r) => ({ ...r, opening: time(r.opening), closing: time(r.closing) })),
    booked: new Map(bookings.map((r) => [new Date(r.slot_at).getTime(), r.pizzas])),
  };
}

/**
 * Reads the hours of the given outlets for `days` dates from `fromDate`: one statement, whatever the count (the
 * weekly rows, the dates' own rows and the advance-duration windows as three JSON arrays; every order-time check
 * and the checkout page read them). With `bookedAfter`, the slots' bookings after that instant come in the same
 * statement (a fourth array: the order-time check's room per slot).
 */
export async function loadHours(db: Database, outletIds: number[], fromDate: string, days = SLOT_DAYS, bookedAfter?: Date): Promise<StoredHours> {
  if (outletIds.length === 0) return { weekly: [], dated: [], windows: [], booked: new Map() };
  const toDate = addDays(fromDate, days - 1);
  const row = await db.selectNoFrom(storedHoursColumns(outletIds, fromDate, toDate, bookedAfter)).executeTakeFirstOrThrow();
  return storedHoursOf(row);
}

/** An outlet's row with its hours and its slots' bookings, as the placing transaction reads them (orders/place.ts). */
export interface OutletWithHours {
  outlet: Outlet;
  stored: StoredHours;
}

/**
 * The dates an outlet's hours are read for with its row at `now`, with `storedHoursColumns`. The outlet's zone, which
 * decides its "today", is not known before the row is read, so the dated rows are read from the day before UTC's date
 * to the slot horizon's day after it: every zone's today and the SLOT_DAYS from it are inside. `hoursItems` picks
 * the dates it needs, so the hours are those `loadHours` gives.
 */
export function outletHoursSpan(now: Date): { fromDate: string; toDate: string } {
  const utcDate = now.toISOString().slice(0, 10);
  return { fromDate: addDays(utcDate, -1), toDate: addDays(utcDate, SLOT_DAYS) };
}

/** An outlet's row as selected with `storedHoursColumns` beside it, split into the row and its hours. */
export function outletWithHoursOf<Row extends Parameters<typeof storedHoursOf>[0]>(row: Row): OutletWithHours {
  const { weekly, dated, windows, bookings, ...outlet } = row;
  return { outlet: outlet as unknown as Outlet, stored: storedHoursOf({ weekly, dated, windows, bookings }) };
}

/**
 * One outlet's opening hours in the spec's shape (section 3) for an order type: per date the business ranges
 * (a date's own rows replace the weekly ones; a closed date has none) and the advance-duration windows.
 */
export function hoursItems(
  stored: StoredHours,
  outlet: Pick<Outlet, "id" | "time_zone" | "quote_delivery_min" | "quote_carryout_min">,
  orderType: OrderType,
  fromDate: string,
  days = SLOT_DAYS,
): OpeningHoursItem[] {
  const quote = (row: { quote_delivery_min?: number | null; quote_carryout_min?: number | null }) =>
    orderType === "D" ? (row.quote_delivery_min ?? outlet.quote_delivery_min) : (row.quote_carryout_min ?? outlet.quote_carryout_min);
  const items: OpeningHoursItem[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(fromDate, i);
    const own = stored.dated.filter((r) => r.outlet_id === outlet.id && r.date === date);
    const weekday = weekdayOf(date);
    const ranges = own.length
      ? own.flatMap((r) => (r.opens && r.closes ? [{ start: r.opens, end: r.closes, interval: r.interval_min, quote_time: quote({}) }] : []))
      : stored.weekly
          .filter((r) => r.outlet_id === outlet.id && r.weekday === weekday)
          .map((r) => ({ start: r.opens, end: r.closes, interval: r.interval_min, quote_time: quote(r) }));
    const windows = stored.windows
      .filter((w) => w.outlet_id === outlet.id && w.date === date)
      .map((w) => ({ date, opening: w.opening, closing: w.closing, duration: { D: w.duration_d, C: w.duration_c } }));
    items.push({ date, info: { timezone: outlet.time_zone, business_date: ranges, advance_duration: windows } });
  }
  return items;
}

/** An outlet's hours from today (in its zone) for the slot horizon. */
export async function openingHours(db: Database, outlet: Outlet, orderType: OrderType, now: Date): Promise<OpeningHoursItem[]> {
  return (await openingHoursAndBookings(db, outlet, orderType, now, false)).hours;
}

/**
 * An outlet's hours from today for the slot horizon and, with `withBookings`, its slots' bookings from now: one
 * statement, or none when they were read with the outlet (`read`: the placing transaction's, lockCartWithOutlet at
 * the same `now`).
 */
export async function openingHoursAndBookings(
  db: Database,
  outlet: Outlet,
  orderType: OrderType,
  now: Date,
  withBookings = true,
  read?: StoredHours,
): Promise<{ hours: OpeningHoursItem[]; booked: Map<number, number> }> {
  const today = wallClock(now, outlet.time_zone).date;
  const stored = read ?? (await loadHours(db, [outlet.id], today, SLOT_DAYS, withBookings ? now : undefined));
  return { hours: hoursItems(stored, outlet, orderType, today), booked: stored.booked };
}
