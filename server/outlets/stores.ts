import type { Database } from "../db/client";
import type { Outlet } from "../db/types";
import { addDays, wallClock } from "../clock";
import { hoursItems, loadHours, SLOT_DAYS } from "./hours";
import { summarize, type OutletSummary } from "./outlets";
import { isOpenAt, secondsOf, type OpeningHoursItem } from "./slots";

/**
 * The store finder (/huts) and the store pages (/hut/:outlet): active outlets with today's hours in their own
 * zone, whether they are open now, a search by name or postal code, and a store's next seven days.
 * The name and search rules at the top are pure; the queries below read the rows.
 */

/**
 * The outlet parameter of /hut/:outlet (spec section 2): accents removed and every run of other characters than
 * letters and digits turned into one plus sign. "Tijuana Zona Río" -> "Tijuana+Zona+Rio".
 */
export function storeSlug(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^A-Za-z0-9]+/g, "+")
    .replace(/^\+|\+$/g, "");
}

/** The form two names are compared in: the slug, case-insensitive ("coyoacan" and "Coyoacán" are equal). */
export const nameKey = (name: string) => storeSlug(name).toLowerCase();

/** A query of exactly five digits is a postal code; anything else is (part of) a name. */
export const isPostalCode = (query: string) => /^\d{5}$/.test(query);

export interface Searchable {
  name: string;
  postalCode: string;
  /** Postal codes the outlet delivers to (outlet_postal_codes). */
  deliveryPostalCodes: readonly string[];
}

/**
 * The finder's search. Empty (or only punctuation): every store. A postal code: the stores whose own postal code
 * or delivery area is that code. Otherwise a part of the name, accents, case and punctuation ignored
 * ("santa fe area" finds "Santa Fe (área de comida)").
 */
export function matchesSearch(store: Searchable, query: string): boolean {
  const q = query.trim();
  if (isPostalCode(q)) return store.postalCode === q || store.deliveryPostalCodes.includes(q);
  const needle = nameKey(q);
  return needle === "" || nameKey(store.name).includes(needle);
}

/** One opening range, wall clock "HH:MM" in the outlet's zone; a close of "00:00" is midnight (end of day). */
export interface HoursRange {
  opens: string;
  closes: string;
}

export interface DayHours {
  /** "YYYY-MM-DD" in the outlet's zone */
  date: string;
  /** empty: closed that day */
  ranges: HoursRange[];
}

export interface OpenState {
  openNow: boolean;
  /** open now: the close of the range it is in */
  closesAt: string | null;
  /** closed now: the next opening later today, if any */
  opensAt: string | null;
}

const hhmm = (time: string) => time.slice(0, 5);
const DAY_SEC = 24 * 3600;

/** A day of the spec's opening hours as the pages show it: its ranges in opening order. */
export function dayHours(item: OpeningHoursItem): DayHours {
  const ranges = [...item.info.business_date]
    .sort((a, b) => secondsOf(a.start) - secondsOf(b.start))
    .map((r) => ({ opens: hhmm(r.start), closes: hhmm(r.end) }));
  return { date: item.date, ranges };
}

/** Open now (slots.ts's rule) and, to say so, until when; closed, when it opens again today. */
export function openState(hours: readonly OpeningHoursItem[], now: Date, timeZone: string): OpenState {
  const wall = wallClock(now, timeZone);
  const nowSec = secondsOf(wall.time);
  const today = hours.find((item) => item.date === wall.date);
  const ranges = today ? dayHours(today).ranges : [];
  if (isOpenAt(hours, now, timeZone)) {
    const current = ranges.find((r) => {
      const opens = secondsOf(r.opens);
      const closes = secondsOf(r.closes);
      return opens <= nowSec && nowSec < (closes > opens ? closes : DAY_SEC);
    });
    return { openNow: true, closesAt: current?.closes ?? null, opensAt: null };
  }
  const next = ranges.find((r) => secondsOf(r.opens) > nowSec);
  return { openNow: false, closesAt: null, opensAt: next?.opens ?? null };
}

/** A store as the finder lists it. */
export interface StoreCard extends OutletSummary, OpenState {
  /** the /hut/:outlet parameter */
  slug: string;
  phone: string;
  lat: number;
  lng: number;
  timeZone: string;
  today: DayHours;
}

/** A store's page: its card and the next seven days, today first. */
export interface StoreDetail extends StoreCard {
  week: DayHours[];
}

function activeOutlets(db: Database): Promise<Outlet[]> {
  return db.selectFrom("outlets").selectAll().where("active", "=", true).orderBy("position").orderBy("name").execute();
}

/**
 * The opening hours of some outlets for `days` dates from each one's own today (zones can be on different dates),
 * read in one go.
 */
async function hoursFrom(db: Database, outlets: Outlet[], now: Date, days: number): Promise<OpeningHoursItem[][]> {
  const todays = outlets.map((o) => wallClock(now, o.time_zone).date);
  if (todays.length === 0) return [];
  const first = todays.reduce((a, b) => (b < a ? b : a));
  const last = todays.reduce((a, b) => (b > a ? b : a));
  let span = 0;
  while (addDays(first, span) < last) span++;
  const stored = await loadHours(
    db,
    outlets.map((o) => o.id),
    first,
    span + days,
  );
  return outlets.map((o, i) => hoursItems(stored, o, "C", todays[i], days));
}

function storeCard(outlet: Outlet, hours: OpeningHoursItem[], now: Date): StoreCard {
  const today = hours.find((item) => item.date === wallClock(now, outlet.time_zone).date);
  return {
    ...summarize(outlet),
    slug: storeSlug(outlet.name),
    phone: outlet.phone,
    lat: outlet.lat,
    lng: outlet.lng,
    timeZone: outlet.time_zone,
    today: today ? dayHours(today) : { date: wallClock(now, outlet.time_zone).date, ranges: [] },
    ...openState(hours, now, outlet.time_zone),
  };
}

/** Delivery postal codes of the given outlets, by outlet id. */
async function deliveryPostalCodes(db: Database, outletIds: number[]): Promise<Map<number, string[]>> {
  const byOutlet = new Map<number, string[]>();
  if (outletIds.length === 0) return byOutlet;
  const rows = await db
    .selectFrom("outlet_postal_codes")
    .select(["outlet_id", "postal_code"])
    .where("outlet_id", "in", outletIds)
    .execute();
  for (const row of rows) byOutlet.set(row.outlet_id, [...(byOutlet.get(row.outlet_id) ?? []), row.postal_code]);
  return byOutlet;
}

/** Every active store matching the search (see `matchesSearch`), in the chain's order, with today's hours at `now`. */
export async function listStores(db: Database, now: Date, query = ""): Promise<StoreCard[]> {
  const all = await activeOutlets(db);
  const codes = isPostalCode(query.trim()) ? await deliveryPostalCodes(db, all.map((o) => o.id)) : new Map<number, string[]>();
  const found = all.filter((o) =>
    matchesSearch({ name: o.name, postalCode: o.postal_code, deliveryPostalCodes: codes.get(o.id) ?? [] }, query),
  );
  const hours = await hoursFrom(db, found, now, 1);
  return found.map((o, i) => storeCard(o, hours[i], now));
}

/**
 * The active store an /hut/:outlet parameter names: its slug ("Tijuana+Zona+Rio") or its plain name ("Tijuana Zona
 * Río"), compared in slug form without regard to case. Undefined when none does.
 */
export async function findStore(db: Database, param: string, now: Date): Promise<StoreDetail | undefined> {
  const wanted = nameKey(param);
  if (!wanted) return undefined;
  const outlet = (await activeOutlets(db)).find((o) => nameKey(o.name) === wanted);
  if (!outlet) return undefined;
  const [hours] = await hoursFrom(db, [outlet], now, SLOT_DAYS);
  return { ...storeCard(outlet, hours, now), week: hours.map(dayHours) };
}

/**
 * The store page of an active store's code ("MX-COY-01" → "/hut/Coyoacan"), case-blind; undefined when no active
 * store has it. Legacy and shared links name stores by code (spec section 2: shop paths with a code go to
 * /huts/{code}); the store page itself is named by the store's name.
 */
export async function storePathByCode(db: Database, code: string): Promise<string | undefined> {
  const wanted = code.trim().toUpperCase();
  const outlet = (await activeOutlets(db)).find((o) => o.code.toUpperCase() === wanted);
  return outlet ? `/hut/${storeSlug(outlet.name)}` : undefined;
}
