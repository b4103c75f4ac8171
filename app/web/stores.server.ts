import { env } from "#server/config";
import { findStore, listStores, storePathByCode, type DayHours, type StoreCard } from "#server/outlets/stores";
import { now } from "#server/clock";
import { formatDay, formatPhone, phoneHref } from "~/format";
import type { Storefront } from "~/web/storefront.server";

/** The longest search the finder reads; a longer one is cut (a name or a postal code is far shorter). */
const MAX_QUERY = 80;

export interface DayView extends DayHours {
  /** "viernes, 20 de noviembre" in the visitor's language */
  label: string;
  isToday: boolean;
}

/** A store as the pages show it: the domain's card, with the phone and today's date ready to read. */
export interface StoreView extends Omit<StoreCard, "today" | "phone"> {
  href: string;
  phone: string;
  phoneHref: string;
  today: DayView;
}

export interface StoreDetailView extends StoreView {
  week: DayView[];
}

function view(store: StoreCard, lng: Storefront["lng"]): StoreView {
  return {
    ...store,
    href: `/hut/${store.slug}`,
    phone: formatPhone(store.phone),
    phoneHref: phoneHref(store.phone),
    today: { ...store.today, label: formatDay(store.today.date, lng), isToday: true },
  };
}

/** The search of /huts?q=: trimmed and bounded. */
export function storeQuery(url: URL): string {
  return (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY);
}

/** /huts: the active stores matching the search, with today's hours and whether they are open now. */
export async function storeList(store: Storefront, query: string): Promise<StoreView[]> {
  const stores = await listStores(store.db, now(), query);
  return stores.map((s) => view(s, store.lng));
}

/** /hut/:outlet: the store the parameter names (plus-name or plain name), with its week; undefined when none. */
export async function storeDetail(store: Storefront, param: string): Promise<StoreDetailView | undefined> {
  const found = await findStore(store.db, param, now());
  if (!found) return undefined;
  const { week, ...card } = found;
  return {
    ...view(card, store.lng),
    week: week.map((day) => ({ ...day, label: formatDay(day.date, store.lng), isToday: day.date === card.today.date })),
  };
}

/** /huts/:code: the page of the store with that code, or the store finder when none has it. */
export async function storeCodePath(store: Storefront, code: string): Promise<string> {
  return (await storePathByCode(store.db, code)) ?? "/huts";
}

/** The map's tile URL template (MAP_TILE_URL); null: the store pages have no map. */
export function mapTileUrl(): string | null {
  return env().MAP_TILE_URL ?? null;
}

/** The tile server's origin, which the Content-Security-Policy must allow for images; null without a map. */
export function mapTileOrigin(): string | null {
  const url = mapTileUrl();
  return url ? new URL(url).origin : null;
}
