import { sql, type Transaction } from "kysely";
import type { Database } from "../db/client";
import type { DB, Outlet } from "../db/types";
import type { OrderType } from "../cart/pricing";
import { wallClock } from "../clock";
import { DomainError } from "../errors";
import { openingHours, openingHoursAndBookings, type StoredHours } from "./hours";
import { isOpenAt, orderTimeSlots, type OpeningHoursItem, type SlotDay } from "./slots";

type Executor = Database | Transaction<DB>;

/** What the order-time dialog offers at an outlet now. */
export interface OrderTimeOptions {
  days: SlotDay[];
  /** The outlet is inside one of today's ranges at this moment (ASAP is hidden otherwise). */
  openNow: boolean;
  timeZone: string;
  today: string;
}

/** An ASAP check's limit: the first day with a slot, and of it one slot (is there a slot, and is it today?). */
type Limit = "first slot";

function slotsOf(hours: OpeningHoursItem[], outlet: Outlet, orderType: OrderType, now: Date, room?: (at: number) => boolean, only?: Limit, openNow = isOpenAt(hours, now, outlet.time_zone)) {
  return orderTimeSlots({
    hours,
    orderType,
    now,
    timeZone: outlet.time_zone,
    hideAsap: !openNow,
    ...(room ? { hasRoom: room } : {}),
    ...(only ? { maxDays: 1, firstSlotOnly: true } : {}),
  });
}

/**
 * The days and slots an outlet offers for an order type now. A slot whose booked pizzas plus the cart's would
 * pass the outlet's capacity is left out (issue 4); ASAP is hidden while the outlet is not open at this moment.
 */
export async function orderTimeOptions(
  db: Executor,
  outlet: Outlet,
  orderType: OrderType,
  now: Date,
  cartPizzas = 0,
  /** "first slot": only the first day with a slot, with one of its slots (all an ASAP check needs); default: the whole week */
  only?: Limit,
  /** the hours and bookings as read with the outlet at this `now` (lockCartWithOutlet, server/orders/place.ts); default: read here */
  read?: StoredHours,
): Promise<OrderTimeOptions> {
  // The hours and the slots' bookings from now (by the slot's value instant, epoch ms) in one statement.
  const { hours, booked } = await openingHoursAndBookings(db as Database, outlet, orderType, now, true, read);
  const room = (at: number) => (booked.get(at) ?? 0) + cartPizzas <= outlet.slot_capacity_pizzas;
  const openNow = isOpenAt(hours, now, outlet.time_zone);
  return {
    days: slotsOf(hours, outlet, orderType, now, room, only, openNow),
    openNow,
    timeZone: outlet.time_zone,
    today: wallClock(now, outlet.time_zone).date,
  };
}

/** Refuses an outlet that is inactive or does not offer the order type (the no-outlet message). */
export function checkOutletService(outlet: Outlet | undefined, orderType: OrderType): asserts outlet is Outlet {
  if (!outlet?.active) throw new DomainError("HUTFE-0");
  if ((orderType === "D" && !outlet.offers_delivery) || (orderType === "C" && !outlet.offers_carryout)) {
    throw new DomainError("HUTFE-0");
  }
}

export interface OrderTimeCheck {
  outlet: Outlet | undefined;
  orderType: OrderType;
  /** null: as soon as possible */
  orderTime: Date | null;
  now: Date;
  cartPizzas: number;
  /** "choose": the customer is picking this time now; "cart": the time the cart already holds (checkout). */
  stage: "choose" | "cart";
  /** The outlet's hours and bookings, read with it at `now` (the placing transaction: lockCartWithOutlet). */
  hours?: StoredHours;
}

/**
 * The outlet check of spec section 8, run when the disposition or the order time is set and again at checkout.
 * Throws, in this order:
 * - HUTFE-0 (unavailable: the no-outlet message) for an inactive outlet or one without the order type;
 * - HUTFE-1 (not open: the not-open message) when the outlet offers no slot at all in the coming week;
 * - ADVANCE-ORDER for ASAP while the outlet is not open now but takes later orders (the order-time dialog); ORDER-12
 *   (about to close) when it is open now but too near its closing to take an order now; both with `asapFrom`, when
 *   ASAP is offered again (epoch ms);
 * - PAST-ORDER-TIME for a chosen time that is not in the future;
 * - HUT-02 (invalid open time) when the outlet is closed on the chosen day;
 * - SLOT-FULL when the chosen slot has no room left for the cart's pizzas;
 * - HUT-01 (invalid order time; CART-07, invalid current order time, for the cart's own time) for a time that is
 *   not one of the offered slots.
 * Returns the offered options (for ASAP, only the first day with slots, with one of its slots: all that check needs).
 */
export async function checkOrderTime(db: Executor, check: OrderTimeCheck): Promise<OrderTimeOptions> {
  const { outlet, orderType, orderTime, now } = check;
  checkOutletService(outlet, orderType);
  // ASAP needs the first offered day only (is it today, and open now?), and of it one slot: the rest are not computed.
  const options = await orderTimeOptions(db, outlet, orderType, now, check.cartPizzas, orderTime === null ? "first slot" : undefined, check.hours);
  if (orderTime === null) {
    if (options.days[0]?.asap) return options;
    const later = options.days[0] ?? (await orderTimeOptions(db, outlet, orderType, now, 0, "first slot")).days[0];
    if (!later?.slots[0]) throw new DomainError("HUTFE-1");
    // Open now but too near closing for an order now (its quote would end after the last slot): "about to close",
    // not "not open", which the store's own page (open until 23:30) would contradict. `asapFrom` (epoch ms): the
    // first offered slot's start, the outlet's next opening, from when ASAP is offered again (the header says so).
    throw new DomainError(options.openNow ? "ORDER-12" : "ADVANCE-ORDER", { asapFrom: later.slots[0].startsAt });
  }
  if (orderTime.getTime() <= now.getTime()) throw new DomainError("PAST-ORDER-TIME");
  const at = orderTime.getTime();
  if (options.days.some((d) => d.slots.some((s) => s.at === at))) return options;
  const hours = await openingHours(db as Database, outlet, orderType, now);
  const unbooked = slotsOf(hours, outlet, orderType, now);
  if (unbooked.length === 0) throw new DomainError("HUTFE-1");
  const date = wallClock(orderTime, outlet.time_zone).date;
  const day = unbooked.find((d) => d.date === date);
  if (!day) throw new DomainError("HUT-02", { date });
  if (day.slots.some((s) => s.at === at)) throw new DomainError("SLOT-FULL");
  throw new DomainError(check.stage === "cart" ? "CART-07" : "HUT-01");
}

/**
 * Books a scheduled order's pizzas into its slot: one conditional upsert, so two customers racing for the last
 * room cannot both get it (the second waits on the row and then finds no room). Throws SLOT-FULL.
 */
export async function bookSlot(trx: Transaction<DB>, outlet: Outlet, slotAt: Date, pizzas: number): Promise<void> {
  if (pizzas <= 0) return;
  if (pizzas > outlet.slot_capacity_pizzas) throw new DomainError("SLOT-FULL");
  const booked = await sql<{ pizzas: number }>`
    insert into slot_bookings (outlet_id, slot_at, pizzas) values (${outlet.id}, ${slotAt}, ${pizzas})
    on conflict (outlet_id, slot_at) do update set pizzas = slot_bookings.pizzas + excluded.pizzas
    where slot_bookings.pizzas + excluded.pizzas <= ${outlet.slot_capacity_pizzas}
    returning pizzas`.execute(trx);
  if (booked.rows.length === 0) throw new DomainError("SLOT-FULL");
}

/** The start of the offered slot whose end is `orderTime` (a scheduled order keeps it: "19:00 – 19:15"), or null. */
export function slotStart(options: OrderTimeOptions, orderTime: Date): Date | null {
  const at = orderTime.getTime();
  for (const day of options.days) for (const slot of day.slots) if (slot.at === at) return new Date(slot.startsAt);
  return null;
}
