import { westernDigits } from "../i18n/digits";
import { z } from "zod";
import { allowedCharacters, postalCodeSchema } from "../orders/checkout-schema";
import { addressCharacters, type DeliveryAddress } from "../outlets/address";
import { constants } from "../constants";
import { placeLimits } from "./place-limits";

/**
 * A saved place's rules (spec sections 3 and 5, "Location"), pure: the browser (conform's inline errors) and the
 * server share them. Name (the alias), street, exterior number, landmark, city and state required; the postal code
 * valid (5 digits); interior number, house number, reference and special instructions optional; every field
 * bounded. The address fields take the home form's characters and limits (server/outlets/address.ts), so a saved
 * place is always a delivery address the home page accepts. House number, reference and instructions travel in the
 * order's comment at checkout, so they take the checkout comment's characters (no `#` or `/`) and fit in it together.
 * Messages are keys of the "validation" namespace, or "places:v.*".
 */

/** At most this many places per customer (a refusal beyond it: PLACES-LIMIT). */
export const PLACES_MAX = 20;

export { placeLimits };

/** What the two comment parts can take, with the ". " between them, within the checkout comment's limit. */
const COMMENT_SEPARATOR = ". ";

const text = (max: number, characters: RegExp, characterKey: string) =>
  z
    .string({ required_error: "required", invalid_type_error: "required" })
    .trim()
    .min(1, "required")
    .max(max, "tooLong")
    .regex(characters, characterKey);

const optionalText = (max: number, characters: RegExp, characterKey: string) =>
  z
    .string({ invalid_type_error: characterKey })
    .trim()
    .max(max, "tooLong")
    .regex(characters, characterKey)
    .optional()
    .transform((v) => v ?? "");

// An address's numbers reach the store and the driver as Mexican digits (an Arabic keyboard types ٢٠٠).
const address = (max: number) => text(max, addressCharacters, "addressCharacters").transform(westernDigits);
const optionalAddress = (max: number) => optionalText(max, addressCharacters, "addressCharacters").transform(westernDigits);
const optionalComment = (max: number) => optionalText(max, allowedCharacters, "characters");

/** The place form's fields (the names the page posts). */
export const placeSchema = z.object({
  name: address(placeLimits.name),
  street: address(placeLimits.street),
  exteriorNumber: address(placeLimits.exteriorNumber),
  interiorNumber: optionalAddress(placeLimits.interiorNumber),
  houseNumber: optionalComment(placeLimits.houseNumber),
  reference: optionalComment(placeLimits.reference),
  landmark: address(placeLimits.landmark),
  instructions: optionalComment(placeLimits.instructions),
  postalCode: postalCodeSchema,
  city: address(placeLimits.city),
  state: address(placeLimits.state),
});

export type PlaceForm = z.output<typeof placeSchema>;
export const placeFields = Object.keys(placeSchema.shape) as (keyof PlaceForm)[];

/** A saved place as the pages read it. */
export interface Place extends PlaceForm {
  id: number;
  isDefault: boolean;
}

/** Default first, then the oldest first (ids grow with time): the order of every list of places. */
export function byDefaultThenAge(a: Pick<Place, "id" | "isDefault">, b: Pick<Place, "id" | "isDefault">): number {
  if (a.isDefault !== b.isDefault) return a.isDefault ? -1 : 1;
  return a.id - b.id;
}

/**
 * The place as the home page's delivery address (the disposition's names): street, exterior number, interior
 * number, city, state, postal code and landmark. A place has no neighbourhood field (the spec's location has none).
 */
export function deliveryAddressOf(place: PlaceForm): DeliveryAddress {
  return {
    st: place.street,
    houseNo: place.exteriorNumber,
    ...(place.interiorNumber ? { interiorNo: place.interiorNumber } : {}),
    cityName: place.city,
    prefectureName: place.state,
    postalCode: place.postalCode,
    landmark: place.landmark,
  };
}

/**
 * What the checkout's order comment starts with for a delivery to this place: its house number, reference and
 * special instructions, in that order, joined by ". " (the driver reads them). Empty when it has none. Always a
 * valid comment: each part is bounded and takes the comment's characters (the schema above).
 */
export function deliveryCommentOf(place: Pick<PlaceForm, "houseNumber" | "reference" | "instructions">): string {
  return [place.houseNumber, place.reference, place.instructions].filter(Boolean).join(COMMENT_SEPARATOR);
}

/** The longest comment a place can make fits the checkout's comment (a compile-time fact checked by the unit test). */
export const PLACE_COMMENT_MAX =
  placeLimits.houseNumber + placeLimits.reference + placeLimits.instructions + 2 * COMMENT_SEPARATOR.length;
export const CHECKOUT_COMMENT_MAX = constants.commentMaxLength;

/** One line naming the place's address: "Calle Orizaba 101 int. 4, 06700 Ciudad de México". */
export function placeLine(place: Pick<PlaceForm, "street" | "exteriorNumber" | "interiorNumber" | "postalCode" | "city">): string {
  const street = [place.street, place.exteriorNumber].join(" ");
  const interior = place.interiorNumber ? ` – ${place.interiorNumber}` : "";
  return `${street}${interior}, ${place.postalCode} ${place.city}`;
}

const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());
/** Where the page goes after a post (checked again with safeBackPath by the glue). */
const redirectTo = z.string().max(500).optional();

/**
 * The /add-location/:id? forms: `save` (the place form, `makeDefault` a checkbox), `delete` and `make-default`
 * (buttons of the place's page and of the profile's list of places).
 */
export const placeIntentSchema = z.discriminatedUnion("intent", [
  placeSchema.extend({ intent: z.literal("save"), makeDefault: checkbox, redirectTo }),
  z.object({ intent: z.literal("delete"), redirectTo }),
  z.object({ intent: z.literal("make-default"), redirectTo }),
]);
export type PlaceIntent = z.output<typeof placeIntentSchema>;
