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
