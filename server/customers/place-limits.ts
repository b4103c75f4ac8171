import { addressLimits } from "../outlets/address";

/** A saved place's field limits (location-rules.ts has the schema and re-exports these): without zod, for the place form's first load (issue 15). */
export const placeLimits = {
  name: 40,
  street: addressLimits.st,
  exteriorNumber: addressLimits.houseNo,
  interiorNumber: addressLimits.interiorNo,
  houseNumber: addressLimits.houseNo,
  reference: 100,
  landmark: addressLimits.landmark,
  instructions: 130,
  city: addressLimits.cityName,
  state: addressLimits.prefectureName,
} as const;
