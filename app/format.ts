import type { Lng } from "./i18n/config";

const localeTag: Record<Lng, string> = { es: "es-MX", en: "en-MX", ar: "ar-MX" };

/** Integer centavos to "$1,234.50" (MXN, two decimals, Latin digits in every language). */
export function formatMoney(cents: number, lng: Lng): string {
  return new Intl.NumberFormat(localeTag[lng], {
    style: "currency",
    currency: "MXN",
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    numberingSystem: "latn",
  }).format(cents / 100);
}

/** A date and time in the outlet's time zone, e.g. "21 nov 2026, 13:05". */
export function formatDateTime(iso: string, lng: Lng, timeZone: string): string {
  return new Intl.DateTimeFormat(localeTag[lng], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
    numberingSystem: "latn",
  }).format(new Date(iso));
}

export function formatTime(iso: string, lng: Lng, timeZone: string): string {
  return new Intl.DateTimeFormat(localeTag[lng], { timeStyle: "short", timeZone, numberingSystem: "latn" }).format(new Date(iso));
}
