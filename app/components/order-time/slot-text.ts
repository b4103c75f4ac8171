import type { TFunction } from "~/i18n/translate";
import type { Lng } from "~/i18n/config";
import { formatClock, formatDay, zonedDate } from "~/format";

export interface ScheduledTime {
  /** the slot's end (the order's collection time), ISO */
  collectionTime: string;
  /** the slot's start, ISO; null for an order placed before it was kept */
  collectionFrom: string | null;
  timeZone: string;
}

/**
 * A scheduled order's time as the order-time dialog and the header write it ("19:00 – 19:15", ordertime:slot), with its
 * day ("viernes, 20 de noviembre, 19:00 – 19:15", ordertime:when) unless `day` is false: the tracker, the console
 * and the confirmation mail read the same. An order without its slot's start shows the end alone.
 */
export function scheduledText(t: TFunction, lng: Lng, order: ScheduledTime, day = true): string {
  const end = formatClock(order.collectionTime, order.timeZone);
  const start = order.collectionFrom ? formatClock(order.collectionFrom, order.timeZone) : null;
  const range = start ? t("ordertime:slot", { start, end }) : end;
  return day ? t("ordertime:dayTime", { day: formatDay(zonedDate(order.collectionTime, order.timeZone), lng), time: range }) : range;
}
