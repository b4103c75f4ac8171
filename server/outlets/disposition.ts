import type { DeliveryAddress } from "./address";
import type { Disposition } from "./outlets";
import type { Slot } from "./slots";

/**
 * The disposition's rules (spec sections 3 and 4), pure: what a new choice does to the session's disposition and
 * cart, and how a chosen order time is written into it. app/web/disposition.server.ts and app/web/order-time.server.ts
 * apply them to the session.
 */

/**
 * Same order type, outlet and postal code: choosing it again changes nothing the cart depends on.
 *
 * The rest of the address (street, numbers, neighbourhood, reference) is deliberately not compared: another
 * street or number in the same postal code, delivered by the same outlet, changes neither prices nor the
 * delivery fee nor the menu, so the cart is kept without asking and the new address replaces the old one. Spec
 * section 4 says "changing order type, outlet or address with a non-empty cart asks for confirmation": we read
 * "address" as the delivery area (the postal code), since emptying a cart over a corrected house number would only
 * cost the customer their order.
 */
export function sameDisposition(a: Disposition, b: Disposition): boolean {
  return a.orderType === b.orderType && a.outletId === b.outletId && (a.postalCode ?? null) === (b.postalCode ?? null);
}

/**
 * What a new choice does (spec section 4, "confirm before clearing"):
 * - `keep`: the same disposition as now; the cart stays and the current disposition takes the choice's facts;
 * - `confirm`: another one while the cart has products and the customer has not confirmed: nothing changes yet;
 * - `replace`: another one, the cart empty or the change confirmed: the cart goes (if any) and the choice is stored.
 */
export type DispositionChange = "keep" | "confirm" | "replace";

export function dispositionChange(input: {
  current: Disposition | undefined;
  next: Disposition;
  cartHasProducts: boolean;
  confirmed: boolean;
}): DispositionChange {
  if (input.current && sameDisposition(input.current, input.next)) return "keep";
  return input.cartHasProducts && !input.confirmed ? "confirm" : "replace";
}

/** The same disposition chosen again: the outlet's fresh facts and the new address, the order time kept. */
export function keepDisposition(current: Disposition, next: Disposition): Disposition {
  const { advanceOrder: _kept, collectionTime: _a, collectionTimeText: _b, collectionTimeValue: _c, collectionAt: _d, ...facts } = next;
  // Whether ASAP is refused now is checked again with the choice (app/web/order-time.server.ts, `noteAsapFrom`).
  const { asapFrom: _e, ...kept } = current;
  return { ...kept, ...facts };
}

/** The address fields of a delivery disposition; every key present, so merging replaces a previous address. */
export function addressOf(choice: DeliveryAddress): Pick<Disposition, Exclude<keyof DeliveryAddress, "postalCode">> {
  return {
    st: choice.st,
    houseNo: choice.houseNo,
    interiorNo: choice.interiorNo || undefined,
    villeageName: choice.villeageName || undefined,
    cityName: choice.cityName,
    prefectureName: choice.prefectureName,
    landmark: choice.landmark,
  };
}

/**
 * The disposition with a chosen order time (spec section 3's order-time fields): a slot sets advanceOrder 1,
 * collectionTime {pickedDay, pickedHours}, its text, its value (the day plus the end of the range) and its instant;
 * ASAP (no slot) sets advanceOrder 0 and drops them all. Either drops `asapFrom`: a time was chosen.
 */
export function withOrderTime(disposition: Disposition, slot: Slot | undefined): Disposition {
  const { collectionTime: _a, collectionTimeText: _b, collectionTimeValue: _c, collectionAt: _d, asapFrom: _e, ...rest } = disposition;
  if (!slot) return { ...rest, advanceOrder: 0 };
  const day = slot.value.slice(0, 10);
  return {
    ...rest,
    advanceOrder: 1,
    collectionTime: { pickedDay: day, pickedHours: `${slot.start}-${slot.end}` },
    collectionTimeText: `${day} ${slot.start}-${slot.end}`,
    collectionTimeValue: slot.value,
    collectionAt: slot.at,
  };
}
