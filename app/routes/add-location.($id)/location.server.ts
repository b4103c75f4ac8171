import { json } from "@remix-run/node";
import { now } from "#server/clock";
import { createPlace, deletePlace, getPlace, makeDefaultPlace, updatePlace } from "#server/customers/locations";
import type { Place, PlaceIntent } from "#server/customers/location-rules";
import { DomainError, isDomainError } from "#server/errors";
import { rowIdOf } from "#server/ids";
import type { Customer } from "#server/customers/accounts";
import type { Notice } from "~/web/session.server";
import type { Storefront } from "~/web/storefront.server";

export { placeIntentSchema } from "#server/customers/location-rules";
export { placesOf } from "~/web/places.server";

type SignedIn = Storefront & { customer: Customer };

/** The page's 404 (CUS-100011): an id that is not one of the customer's places, or not an id at all. */
export function placeNotFound(): Response {
  return json({ code: "CUS-100011" }, { status: 404 });
}

/** The `:id` of the URL as a row id; undefined without one; a 404 for anything that is not an id. */
export function placeIdOf(param: string | undefined): number | undefined {
  if (param === undefined) return undefined;
  const id = rowIdOf(param);
  if (id === null) throw placeNotFound();
  return id;
}

/** The place the page edits, the customer's own; a 404 otherwise. */
export async function placeToEdit(store: SignedIn, id: number): Promise<Place> {
  try {
    return await getPlace(store.db, store.customer.id, id);
  } catch (error) {
    if (isDomainError(error) && error.code === "CUS-100011") throw placeNotFound();
    throw error;
  }
}

/**
 * Applies one of the page's forms for the signed-in customer and answers the notice to go back with: save (a new
 * place without an id, the place's changes with one), delete and make-default (which need an id). A place that is
 * not theirs (CUS-100011) throws the page's 404; other refusals (PLACES-LIMIT) are DomainErrors for the page.
 */
export async function applyPlaceIntent(store: SignedIn, id: number | undefined, intent: PlaceIntent): Promise<Notice> {
  try {
    return await apply(store, id, intent);
  } catch (error) {
    if (isDomainError(error) && error.code === "CUS-100011") throw placeNotFound();
    throw error;
  }
}

async function apply(store: SignedIn, id: number | undefined, intent: PlaceIntent): Promise<Notice> {
  const customerId = store.customer.id;
  const at = now();
  if (intent.intent === "save") {
    const { intent: _intent, makeDefault, redirectTo: _back, ...form } = intent;
    if (id === undefined) await createPlace(store.db, customerId, form, { now: at, makeDefault });
    else await updatePlace(store.db, customerId, id, form, { now: at, makeDefault });
    return { tone: "success", key: "notices.account.placeSaved" };
  }
  if (id === undefined) throw new DomainError("CUS-100011");
  if (intent.intent === "delete") {
    await deletePlace(store.db, customerId, id, at);
    return { tone: "success", key: "notices.account.placeDeleted" };
  }
  await makeDefaultPlace(store.db, customerId, id, at);
  return { tone: "success", key: "notices.account.placeSaved" };
}
