import type { Database } from "../db/client";
import type { Outlet } from "../db/types";
import { DomainError } from "../errors";
import type { OrderType } from "../cart/pricing";

export interface OutletSummary {
  id: number;
  code: string;
  name: string;
  address: string;
  postalCode: string;
  offersDelivery: boolean;
  offersCarryout: boolean;
}

export function summarize(o: Outlet): OutletSummary {
  return {
    id: o.id,
    code: o.code,
    name: o.name,
    address: `${o.street}, ${o.neighbourhood}, ${o.city}`,
    postalCode: o.postal_code,
    offersDelivery: o.offers_delivery,
    offersCarryout: o.offers_carryout,
  };
}

export async function listOutlets(db: Database, orderType?: OrderType): Promise<OutletSummary[]> {
  let query = db.selectFrom("outlets").selectAll().where("active", "=", true);
  if (orderType === "C") query = query.where("offers_carryout", "=", true);
  if (orderType === "D") query = query.where("offers_delivery", "=", true);
  const rows = await query.orderBy("position").orderBy("name").execute();
  return rows.map(summarize);
}

export async function getOutlet(db: Database, id: number): Promise<Outlet | undefined> {
  return db.selectFrom("outlets").selectAll().where("id", "=", id).where("active", "=", true).executeTakeFirst();
}

/** The outlet that delivers to a postal code, or undefined (the no-outlet message). */
export async function findDeliveryOutlet(db: Database, postalCode: string): Promise<Outlet | undefined> {
  return db
    .selectFrom("outlets")
    .innerJoin("outlet_postal_codes as z", "z.outlet_id", "outlets.id")
    .selectAll("outlets")
    .where("z.postal_code", "=", postalCode)
    .where("outlets.active", "=", true)
    .where("outlets.offers_delivery", "=", true)
    .orderBy("outlets.position")
    .executeTakeFirst();
}

/**
 * The session's disposition (spec section 3) for an outlet and an order type. The order time starts as ASAP.
 */
export interface Disposition {
  orderType: OrderType;
  outletId: number;
  outletName: string;
  outletCode: string;
  postalCode?: string;
  tier: number;
  minCart: number;
  quoteTime: Record<OrderType, number>;
  timezone: string;
  lat: number;
  long: number;
  /** Delivery address (spec names): st street, houseNo exterior number, villeageName neighbourhood, cityName,
   * prefectureName state, landmark the reference. Set by the delivery-address form; absent for carry-out. */
  st?: string;
  houseNo?: string;
  interiorNo?: string;
  villeageName?: string;
  cityName?: string;
  prefectureName?: string;
  landmark?: string;
  /** A saved place's name (spec: locationName) and, beyond the spec, its id: set when a customer chose delivery to
   * one of their saved places (the checkout starts from it); absent for a typed address. */
  locationName?: string;
  placeId?: number;
  /** 1: a chosen slot; 0: as soon as possible. */
  advanceOrder: 0 | 1;
  /** pickedDay "YYYY-MM-DD"; pickedHours the slot's range "HH:MM-HH:MM" */
  collectionTime?: { pickedDay: string; pickedHours: string };
  collectionTimeText?: string;
  /** the day plus the end of the slot's range, "YYYY-MM-DD HH:MM" */
  collectionTimeValue?: string;
  /** the slot's instant (epoch ms): the cart's order time */
  collectionAt?: number;
  /**
   * Beyond the spec: ASAP was refused (the outlet closed, or about to close) and is offered again from this instant
   * (epoch ms, the next opening): until then the header asks for a time instead of saying "as soon as possible".
   * Choosing a time or the disposition again drops it.
   */
  asapFrom?: number;
}

export function dispositionFor(outlet: Outlet, orderType: OrderType, postalCode?: string): Disposition {
  if (orderType === "C" && !outlet.offers_carryout) throw new DomainError("HUTFE-0");
  if (orderType === "D" && !outlet.offers_delivery) throw new DomainError("HUTFE-0");
  return {
    orderType,
    outletId: outlet.id,
    outletName: outlet.name,
    outletCode: outlet.code,
    ...(postalCode ? { postalCode } : {}),
    tier: outlet.tier,
    minCart: outlet.min_cart_cents,
    quoteTime: { D: outlet.quote_delivery_min, C: outlet.quote_carryout_min },
    timezone: outlet.time_zone,
    lat: outlet.lat,
    long: outlet.lng,
    advanceOrder: 0,
  };
}
