/**
 * A delivery address in the disposition's names (spec section 3): st street, houseNo exterior number,
 * interiorNo, villeageName neighbourhood (colonia), cityName, prefectureName state, landmark the reference.
 * Pure: the form schema (app/forms.ts) validates it; this file only composes it.
 */
export interface DeliveryAddress {
  st: string;
  houseNo: string;
  interiorNo?: string;
  villeageName?: string;
  cityName: string;
  prefectureName: string;
  postalCode: string;
  landmark: string;
}

/**
 * The characters of an address: the checkout's rule (letters of any script with accents, numbers, spaces and
 * `( , . -`) plus `#` and `/`, which Mexican addresses use ("Av. Juárez #12", "S/N" for a house without number).
 * Here, beside the address, so that the home form (app/forms.ts) and the saved places (server/customers) share it.
 */
export const addressCharacters = /^[\p{L}\p{M}\p{N} ,.\-()#/]*$/u;

/** Character limits of the address fields (they also keep the session cookie small). */
export const addressLimits = {
  st: 60,
  houseNo: 10,
  interiorNo: 10,
  villeageName: 60,
  cityName: 60,
  prefectureName: 60,
  landmark: 100,
} as const;

export const COUNTRY_NAME = "México";

/**
 * One line for a maps search: "Av. Álvaro Obregón 130, Roma Norte, 06700 Ciudad de México, Ciudad de México,
 * México". The interior number and the reference are left out (they only confuse a geocoder); missing parts are
 * skipped, so a postal code alone gives "06700, México".
 */
export function addressLine(address: Partial<DeliveryAddress>): string {
  const join = (separator: string, ...parts: (string | undefined)[]) =>
    parts
      .map((p) => p?.trim())
      .filter(Boolean)
      .join(separator);
  return join(
    ", ",
    join(" ", address.st, address.houseNo),
    address.villeageName,
    join(" ", address.postalCode, address.cityName),
    address.prefectureName,
    COUNTRY_NAME,
  );
}
