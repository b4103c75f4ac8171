import type { PersonType } from "./invoice";

/**
 * The checkout form's choices the page renders (property types, tax regimes, CFDI uses), without zod: the schemas
 * (checkout-schema.ts, invoice.ts) re-export them, and the checkout page's first load carries no zod (issue 15).
 */

/** Property types of a delivery address (spec section 3: house; office/apartment/hotel; office/apartment/others). */
export const propertyTypes = ["house", "office-apartment-hotel", "office-apartment-other"] as const;

/**
 * The tax regimes offered (c_RegimenFiscal), each with who may hold it and whether it may use G03 ("gastos en
 * general"), per the SAT's catalogues for CFDI 4.0. Their names are translated in checkout.json (`invoice.regimes`).
 */
export const taxRegimes = [
  { code: "601", persons: ["moral"], g03: true },
  { code: "603", persons: ["moral"], g03: true },
  { code: "605", persons: ["fisica"], g03: false },
  { code: "606", persons: ["fisica"], g03: true },
  { code: "608", persons: ["fisica"], g03: false },
  { code: "612", persons: ["fisica"], g03: true },
  { code: "616", persons: ["fisica"], g03: false },
  { code: "621", persons: ["fisica"], g03: true },
  { code: "625", persons: ["fisica"], g03: true },
  { code: "626", persons: ["fisica", "moral"], g03: true },
] as const satisfies readonly { code: string; persons: readonly PersonType[]; g03: boolean }[];

/** CFDI uses offered for a meal: G03 gastos en general, S01 sin efectos fiscales (any regime). */
export const cfdiUses = ["G03", "S01"] as const;
