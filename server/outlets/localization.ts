import type { Database } from "../db/client";
import type { Outlet } from "../db/types";
import { addressLine } from "./address";
import { nearestFirst, type Point } from "./distance";
import type { Geocoder } from "./geocoder";
import { findDeliveryOutlet, summarize, type OutletSummary } from "./outlets";

/** An outlet as the postal-code search shows it: where it is, its minimum order and quote times. */
export interface LocalizedOutlet extends OutletSummary {
  /** minimum delivery order, centavos (spec: from the outlet) */
  minCart: number;
  quoteTime: { D: number; C: number };
}

/** What the carry-out list is ordered by. */
export type CarryoutOrder = "geocoder" | "delivery-outlet" | "chain";

export interface Localization {
  postalCode: string;
  /** The outlet that delivers to the postal code; null: the no-outlet message. */
  delivery: LocalizedOutlet | null;
  /** Carry-out outlets, nearest first (at most NEAREST_CARRYOUT), or all in the chain's order. */
  carryout: LocalizedOutlet[];
  carryoutOrder: CarryoutOrder;
}

/** How many carry-out outlets "nearest to you" lists. */
export const NEAREST_CARRYOUT = 5;

const localized = (o: Outlet): LocalizedOutlet => ({
  ...summarize(o),
  minCart: o.min_cart_cents,
  quoteTime: { D: o.quote_delivery_min, C: o.quote_carryout_min },
});

/**
 * The search results for a postal code (the /localization and /result-localization pages): the outlet that
 * delivers there, and the carry-out outlets nearest to it. "Nearest" is measured from the geocoder's answer for
 * the postal code when a geocoder is configured and answers, else from the delivering outlet (it serves the
 * area, so it stands for it); with neither, every carry-out outlet is listed in the chain's order.
 */
export async function localize(db: Database, postalCode: string, geocoder: Geocoder): Promise<Localization> {
  const [delivery, rows, places] = await Promise.all([
    findDeliveryOutlet(db, postalCode),
    db
      .selectFrom("outlets")
      .selectAll()
      .where("active", "=", true)
      .where("offers_carryout", "=", true)
      .orderBy("position")
      .orderBy("name")
      .execute(),
    geocoder.search(addressLine({ postalCode })),
  ]);
  const place = places[0];
  const origin: Point | null = place ? place : delivery ? { lat: delivery.lat, lng: delivery.lng } : null;
  const carryout = origin ? nearestFirst(origin, rows).slice(0, NEAREST_CARRYOUT) : rows;
  return {
    postalCode,
    delivery: delivery ? localized(delivery) : null,
    carryout: carryout.map(localized),
    carryoutOrder: place ? "geocoder" : delivery ? "delivery-outlet" : "chain",
  };
}
