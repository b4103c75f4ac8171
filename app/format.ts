import type { Lng } from "~/i18n/config";
import { currency } from "../tenant.config";

const localeTag: Record<Lng, string> = { es: "es-MX", en: "en-MX", ar: "ar-MX" };

// Intl formatters are costly to build (the menu page formats hundreds of prices): one per language and zone.
const moneyFormats = new Map<Lng, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Integer centavos to "$1,234.50" (the tenant's currency and decimals, Latin digits) in every language: Arabic too reads "$1,234.50",
 * as the shop's prices do everywhere else, not ar-MX's "1,234.50 MX$" with its right-to-left mark. `sign` marks an
 * amount taken off ("−$44.85", a true minus) or added ("+$25.00"). In Arabic the amount, its sign with it, is a
 * left-to-right isolate, so inside a right-to-left sentence ("ابتداءً من $129.00", "الباقي لك: $73.00") it still
 * reads "$129.00", not "129.00$".
 */
export function formatMoney(cents: number, lng: Lng, sign: "\u2212" | "+" | "" = ""): string {
  return isolated(sign + plainMoney(cents, lng), lng);
}

/**
 * Text that reads left to right (a phone number, an amount) laid out as such inside Arabic's right-to-left text where
 * no element can isolate it (a mail's plain text, a notice's words): Unicode's left-to-right isolate and its end
 * (LRI … PDI) around it. Other languages get it as it is.
 */
export function isolated(text: string, lng: Lng): string {
  return lng === "ar" ? `\u2066${text}\u2069` : text;
}

function plainMoney(cents: number, lng: Lng): string {
  // The menu's prices are the same few hundred amounts on every page: each one is formatted once per language.
  const key = `${lng}${cents}`;
  const known = formattedMoney.get(key);
  if (known !== undefined) return known;
  const text = moneyFormat(lng).format(cents / 100);
  if (formattedMoney.size >= MONEY_KEPT) formattedMoney.clear();
  formattedMoney.set(key, text);
  return text;
}

const formattedMoney = new Map<string, string>();
/** Amounts kept formatted (a bound: an amount can be any number a cart adds up to). */
const MONEY_KEPT = 5_000;

function moneyFormat(lng: Lng): Intl.NumberFormat {
  let format = moneyFormats.get(lng);
  if (!format) {
    format = new Intl.NumberFormat(lng === "ar" ? localeTag.es : localeTag[lng], {
      style: "currency",
      currency: currency.code,
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: currency.decimals,
      maximumFractionDigits: currency.decimals,
      numberingSystem: "latn",
    });
    moneyFormats.set(lng, format);
  }
  return format;
}

// Times of day are 24-hour everywhere ("13:05"), as the slots ("13:00 – 13:15") and the store's console read: a page
// or a mail that said "1:00 p.m." for when the order was placed and "14:00 – 14:15" for its slot mixed the two.
const dateKinds = {
  dateTime: { dateStyle: "medium", timeStyle: "short", hourCycle: "h23" },
  clock: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  date: { year: "numeric", month: "2-digit", day: "2-digit" },
  time: { timeStyle: "short", hourCycle: "h23" },
  day: { weekday: "long", day: "numeric", month: "long" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function dateFormat(lng: Lng, timeZone: string, kind: keyof typeof dateKinds): Intl.DateTimeFormat {
  const key = `${lng}|${timeZone}|${kind}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeTag[lng], {
      ...dateKinds[kind],
      timeZone,
      numberingSystem: "latn",
    });
    dateFormats.set(key, format);
  }
  return format;
}

/** A date and time in the outlet's time zone, e.g. "21 nov 2026, 13:05". */
export function formatDateTime(iso: string, lng: Lng, timeZone: string): string {
  return dateFormat(lng, timeZone, "dateTime").format(new Date(iso));
}

export function formatTime(iso: string, lng: Lng, timeZone: string): string {
  return dateFormat(lng, timeZone, "time").format(new Date(iso));
}

/** A wall-clock time of day, 24 h with Latin digits ("19:05"), in the outlet's zone: how order-time slots read. */
export function formatClock(iso: string, timeZone: string): string {
  return dateFormat("en", timeZone, "clock").format(new Date(iso));
}

/** The outlet's calendar date of an instant, "2026-11-20" (for formatDay). */
export function zonedDate(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(dateFormat("en", timeZone, "date").formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A calendar date ("2026-11-20") with its weekday, e.g. "viernes, 20 de noviembre"; no time zone shift. */
export function formatDay(date: string, lng: Lng): string {
  const [y, m, d] = date.split("-").map(Number);
  return dateFormat(lng, "UTC", "day").format(Date.UTC(y, m - 1, d));
}

/** Area codes of two digits (Mexico City, Guadalajara, Monterrey); the others have three. */
const TWO_DIGIT_AREAS = ["55", "56", "33", "81"];

/** A Mexican ten-digit number grouped for reading: "55 5264 8130", "664 634 9415"; anything else unchanged. */
export function formatPhone(digits: string): string {
  if (!/^\d{10}$/.test(digits)) return digits;
  return TWO_DIGIT_AREAS.includes(digits.slice(0, 2))
    ? `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`
    : `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
}

/** The tel: link of a Mexican number (country code +52). */
export function phoneHref(digits: string): string {
  const plain = digits.replace(/\D/g, "");
  return `tel:${plain.length === 10 ? `+52${plain}` : plain}`;
}

/**
 * Weekdays ("1,2", 0 = Sunday) as the language's names joined as a list: "lunes y martes", "Monday and Tuesday".
 * A calendar week of January 2023 (the 1st was a Sunday) names them, in UTC, so no zone shifts a day.
 */
export function weekdayNames(days: string, lng: Lng): string {
  const day = new Intl.DateTimeFormat(lng, { weekday: "long", timeZone: "UTC" });
  const names = days
    .split(",")
    .map(Number)
    .filter((d) => Number.isInteger(d) && d >= 0 && d <= 6)
    .map((d) => day.format(new Date(Date.UTC(2023, 0, 1 + d))));
  return new Intl.ListFormat(lng, { style: "long", type: "conjunction" }).format(names);
}
