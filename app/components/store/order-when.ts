import type { ConsoleOrder } from "#server/staff/console";
import { scheduledText } from "~/components/order-time/slot-text";
import { formatDay, formatTime, zonedDate } from "~/format";
import type { Lng } from "~/i18n/config";
import type { TFunction } from "~/i18n/translate";

type When = Pick<ConsoleOrder, "createdAt" | "collectionTime" | "collectionFrom" | "timeZone" | "placedToday" | "dueToday">;

/**
 * A console card's time: when the order was placed, then its slot or "lo antes posible", on the outlet's clock. What
 * is not today's says its day (an order still open from last night, a scheduled order for another day), so nobody
 * takes it for one of today's (store namespace, with ordertime).
 */
export function orderWhen(t: TFunction, lng: Lng, order: When): string {
  const time = formatTime(order.createdAt, lng, order.timeZone);
  const placed = order.placedToday ? time : t("ordertime:dayTime", { day: formatDay(zonedDate(order.createdAt, order.timeZone), lng), time });
  const due = order.collectionTime
    ? t("store:order.dueAt", { time: scheduledText(t, lng, { collectionTime: order.collectionTime, collectionFrom: order.collectionFrom, timeZone: order.timeZone }, !order.dueToday) })
    : t("store:order.asap");
  return `${placed} · ${due}`;
}
