import type { Lng } from "./i18n/config";

const localeTag: Record<Lng, string> = { es: "es-MX", en: "en-MX", ar: "ar-MX" };

// Intl formatters are costly to build (the menu page formats hundreds of prices): one per language and zone.
const moneyFormats = new Map<Lng, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Integer centavos to "$1,234.50" (MXN, two decimals, Latin digits in every language). */
export function formatMoney(cents: number, lng: Lng): string {
  let format = moneyFormats.get(lng);
  if (!format) {
    format = new Intl.NumberFormat(localeTag[lng], {
      style: "currency",
      currency: "MXN",
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      numberingSystem: "latn",
    });
    moneyFormats.set(lng, format);
  }
  return format.format(cents / 100);
}

function dateFormat(lng: Lng, timeZone: string, kind: "dateTime" | "time"): Intl.DateTimeFormat {
  const key = `${lng}|${timeZone}|${kind}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeTag[lng], {
      ...(kind === "dateTime" ? { dateStyle: "medium" as const } : {}),
      timeStyle: "short",
      timeZone,
      numberingSystem: "latn",
    });
    dateFormats.set(key, format);
  }
  return format;
}

/** A date and time in the outlet's time zone, e.g. "21 nov 2026, 1:05 p.m.". */
export function formatDateTime(iso: string, lng: Lng, timeZone: string): string {
  return dateFormat(lng, timeZone, "dateTime").format(new Date(iso));
}

export function formatTime(iso: string, lng: Lng, timeZone: string): string {
  return dateFormat(lng, timeZone, "time").format(new Date(iso));
}
