import { getCart } from "#server/cart/rows";
import { type DomainError, isDomainError } from "#server/errors";
import { checkOrderTime, orderTimeOptions } from "#server/outlets/order-time";
import { getOutlet, type Disposition } from "#server/outlets/outlets";
import { now } from "#server/clock";
import { addDays, isCalendarDate } from "#server/calendar";
import { SLOT_DAYS } from "#server/outlets/hours";
import { orderTimeDialogCodes } from "~/errors";
import { withOrderTimeDialogOpen } from "~/components/order-time/paths";
import { noteAsapFrom, noticeForError, redirectWith, type Storefront } from "~/web/storefront.server";
import type { Notice } from "~/web/session.server";

/** The disposition's order time: the chosen slot's instant, or null for as soon as possible. */
export function orderTimeOf(disposition: Disposition | undefined): Date | null {
  return disposition?.advanceOrder === 1 && disposition.collectionAt ? new Date(disposition.collectionAt) : null;
}

export async function cartPizzas(store: Storefront): Promise<number> {
  const uuid = store.session.get("cartUuid");
  return uuid ? ((await getCart(store.db, uuid))?.pizzas ?? 0) : 0;
}

/** What the order-time dialog shows: the days and their slots, the day in view, and the current choice. */
export interface OrderTimeDialogData {
  outletName: string;
  timeZone: string;
  today: string;
  days: { date: string; asap: boolean; slots: { value: string; start: string; end: string }[] }[];
  /** the day whose hours the hour drop-down lists (without JavaScript: the `day` parameter) */
  day: string | null;
  /** a requested day the outlet is closed on (the store-closed message) */
  closedDay: string | null;
  /** "asap" or the chosen slot's value */
  current: string;
}

export async function orderTimeDialog(store: Storefront, requestedDay: string | null): Promise<OrderTimeDialogData | null> {
  const disposition = store.session.get("disposition");
  if (!disposition) return null;
  const outlet = await getOutlet(store.db, disposition.outletId);
  if (!outlet) return null;
  const options = await orderTimeOptions(store.db, outlet, disposition.orderType, now(), await cartPizzas(store));
  const current = disposition.advanceOrder === 1 && disposition.collectionTimeValue ? disposition.collectionTimeValue : "asap";
  const offered = (date: string | null | undefined) => (date && options.days.some((d) => d.date === date) ? date : null);
  // "Closed" only for a day of the week the dialog offers (today and the SLOT_DAYS - 1 after it) with no slot: a past
  // day or one beyond the week (a stale page, an edited address) is not said closed; the dialog opens on the current
  // choice's day, or its first day.
  const inWeek = (date: string) => date >= options.today && date <= addDays(options.today, SLOT_DAYS - 1);
  const closedDay = requestedDay && isCalendarDate(requestedDay) && inWeek(requestedDay) && !offered(requestedDay) ? requestedDay : null;
  return {
    outletName: outlet.name,
    timeZone: outlet.time_zone,
    today: options.today,
    days: options.days.map((d) => ({
      date: d.date,
      asap: d.asap,
      slots: d.slots.map((s) => ({ value: s.value, start: s.start, end: s.end })),
    })),
    day: offered(requestedDay) ?? offered(current.slice(0, 10)) ?? options.days[0]?.date ?? null,
    closedDay,
    current,
  };
}

/**
 * The outlet check at a disposition or at checkout (spec section 8). Returns null when the outlet can take the
 * order at its time; an order-time problem (the caller opens the order-time dialog with its message);
 * rethrows the refusals that are messages only (unavailable, not open).
 */
export async function orderTimeProblem(
  store: Storefront,
  disposition: Disposition,
  cart?: { orderTime: Date | null; pizzas: number },
): Promise<DomainError | null> {
  try {
    await checkOrderTime(store.db, {
      outlet: await getOutlet(store.db, disposition.outletId),
      orderType: disposition.orderType,
      orderTime: cart ? cart.orderTime : orderTimeOf(disposition),
      now: now(),
      cartPizzas: cart?.pizzas ?? 0,
      stage: cart ? "cart" : "choose",
    });
    return null;
  } catch (error) {
    if (isDomainError(error) && orderTimeDialogCodes.has(error.code)) return error;
    throw error;
  }
}


/** Goes to a page with the order-time dialog open, showing the problem's message in it. */
export function openOrderTimeDialog(store: Storefront, path: string, problem: DomainError, also?: Notice): Promise<Response> {
  noteAsapFrom(store, problem);
  const notice = noticeForError(problem, store.lng);
  return redirectWith(store.session, withOrderTimeDialogOpen(path), also ? { ...notice, also } : notice);
}
