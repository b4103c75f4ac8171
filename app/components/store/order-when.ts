import type { ConsoleOrder } from "#server/staff/console";
import { scheduledText } from "~/components/order-time/slot-text";
import { formatClock, formatDay, zonedDate } from "~/format";
import type { Lng } from "~/i18n/config";
import type { TFunction } from "~/i18n/translate";

type When = Pick<ConsoleOrder, "createdAt" | "collectionTime" | "collectionFrom" | "timeZone" | "placedToday" | "dueToday" | "dueAt">;

/**
 * A console card's time: when the order was placed, then its slot or "lo antes posible" with the time it is about due
 * (its placing plus the outlet's quote), on the outlet's clock. What
 * is not today's says its day (an order still open from last night, a scheduled order for another day), so nobody
 * takes it for one of today's (store namespace, with ordertime).
 */
export function orderWhen(t: TFunction, lng: Lng, order: When): string {
  // 24-hour times, as the slots are written: one line never mixes "1:05 p.m." with "14:45".
  const time = formatClock(order.createdAt, order.timeZone);
  const placed = order.placedToday ? time : t("ordertime:dayTime", { day: formatDay(zonedDate(order.createdAt, order.timeZone), lng), time });
  const due = order.collectionTime
    ? t("store:order.dueAt", { time: scheduledText(t, lng, { collectionTime: order.collectionTime, collectionFrom: order.collectionFrom, timeZone: order.timeZone }, !order.dueToday) })
    : t("store:order.asapBy", { time: formatClock(order.dueAt, order.timeZone) });
  return `${placed} · ${due}`;
}

/** How late an order is, as the card says it: minutes under an hour, else hours and minutes ("Atrasado 2 h 05 min"). */
export function lateText(t: TFunction, minutes: number): string {
  if (minutes < 60) return t("store:order.late", { minutes });
  return t("store:order.lateHours", { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, "0") });
}
