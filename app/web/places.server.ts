import { deliveryAddressOf, deliveryCommentOf, placeLine } from "#server/customers/location-rules";
import { getPlace, listPlaces } from "#server/customers/locations";
import { DomainError, isDomainError, type ErrorCode } from "#server/errors";
import type { Disposition } from "#server/outlets/outlets";
import { rowIdOf } from "#server/ids";
import type { DispositionChoice } from "~/web/disposition.server";
import type { Storefront } from "~/web/storefront.server";

/**
 * The signed-in customer's saved places as the pages use them (server/customers/locations.ts has the rules):
 * the list the profile and the home page show, and a place as the home page's delivery choice.
 */

/** One saved place in a list: what its row shows and where its buttons post. */
export interface PlaceSummary {
  id: number;
  name: string;
  /** "Calle Orizaba 101 – 4, 06700 Ciudad de México" */
  line: string;
  isDefault: boolean;
}

/** The signed-in customer's places, the default first (none for a guest): the data of PlacesList and of /home. */
export async function placesOf(store: Storefront): Promise<PlaceSummary[]> {
  if (!store.customer) return [];
  const places = await listPlaces(store.db, store.customer.id);
  return places.map((place) => ({ id: place.id, name: place.name, line: placeLine(place), isDefault: place.isDefault }));
}

/**
 * A saved place's button on /home (it posts `placeId`) as a delivery choice: the place's address as the server
 * holds it, never as posted. CUS-100011 for an id that is not one of the customer's places (or not an id);
 * CUS-100001 when nobody is signed in any more (the session ended after the page was shown).
 */
export async function savedPlaceChoice(store: Storefront, placeId: FormDataEntryValue | null): Promise<DispositionChoice> {
  if (!store.customer) throw new DomainError("CUS-100001");
  const id = rowIdOf(placeId);
  if (id === null) throw new DomainError("CUS-100011");
  const place = await getPlace(store.db, store.customer.id, id);
  return { orderType: "D", ...deliveryAddressOf(place), placeId: place.id, locationName: place.name };
}

/** The statuses of a saved place's refusals on /home (other refusals of a choice are 422). */
export const savedPlaceStatus: Partial<Record<ErrorCode, number>> = { "CUS-100011": 404, "CUS-100001": 401 };

/** What the checkout form starts from for a signed-in customer (fields left out start empty, as for a guest). */
export interface CheckoutPrefill {
  name?: string;
  surname?: string;
  email?: string;
  mobile?: string;
  /** A delivery to a saved place: its house number, reference and instructions, for the driver. */
  comment?: string;
}

/**
 * The checkout's start for a signed-in customer: the contact fields from the profile and, for a delivery to one of
 * their saved places (chosen on /home), the order comment from the place. The address itself is the disposition's,
 * which that choice set from the place. A place deleted since then adds nothing. A guest: nothing.
 */
export async function checkoutPrefill(store: Storefront, disposition: Disposition): Promise<CheckoutPrefill> {
  const customer = store.customer;
  if (!customer) return {};
  const prefill: CheckoutPrefill = { name: customer.firstName, surname: customer.lastName, email: customer.email };
  if (customer.phone) prefill.mobile = customer.phone;
  if (disposition.orderType === "D" && disposition.placeId) {
    try {
      const comment = deliveryCommentOf(await getPlace(store.db, customer.id, disposition.placeId));
      if (comment) prefill.comment = comment;
    } catch (error) {
      if (!isDomainError(error)) throw error;
    }
  }
  return prefill;
}
