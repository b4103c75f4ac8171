import { westernDigits } from "../i18n/digits";
import { z } from "zod";
import { cfdiUses, taxRegimes } from "./checkout-options";

/**
 * A CFDI (Mexican electronic invoice) request kept with the order: the receiver's RFC, legal name (razón social),
 * tax regime (SAT catalogue c_RegimenFiscal), fiscal postal code and CFDI use (c_UsoCFDI). Pure: the checkout
 * form (browser and server) validates with it. Messages are keys of the "validation" namespace.
 */

/** RFC: 3 letters (personas morales, 12 characters) or 4 (personas físicas, 13), a YYMMDD date, a 3-character homoclave. */
export const rfcPattern = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{3})$/;

/**
 * The SAT's generic RFCs: "público en general" and foreign residents. They stand for no one, so they cannot
 * receive an invoice of their own; a customer who wants one types their own RFC.
 */
export const genericRfcs: readonly string[] = ["XAXX010101000", "XEXX010101000"];

export type PersonType = "fisica" | "moral";

/** An RFC as people type it: trimmed, upper case, spaces and hyphens dropped ("gode-561231-gr8" → "GODE561231GR8"). */
export function normaliseRfc(value: string): string {
  return value.replace(/[\s-]/g, "").toUpperCase();
}

/** The RFC's date (YYMMDD) is a real day; the century is not written, so 29 February needs a year divisible by 4 (00 is 2000). */
function validRfcDate(yy: string, mm: string, dd: string): boolean {
  const year = Number(yy);
  const month = Number(mm);
  const day = Number(dd);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/** Why an (already normalised) RFC is refused, or null: "rfc" (shape), "rfcDate" or "rfcGeneric". */
export function rfcProblem(rfc: string): "rfc" | "rfcDate" | "rfcGeneric" | null {
  const match = rfcPattern.exec(rfc);
  if (!match) return "rfc";
  if (genericRfcs.includes(rfc)) return "rfcGeneric";
  if (!validRfcDate(match[2]!, match[3]!, match[4]!)) return "rfcDate";
  return null;
}

export const personTypeOf = (rfc: string): PersonType => (rfc.length === 12 ? "moral" : "fisica");

export { cfdiUses, taxRegimes };

export type TaxRegimeCode = (typeof taxRegimes)[number]["code"];
export const taxRegimeCodes = taxRegimes.map((r) => r.code) as [TaxRegimeCode, ...TaxRegimeCode[]];

export type CfdiUse = (typeof cfdiUses)[number];

/** Letters of any script, numbers, spaces and `( , . - &)` ("&" is common in company names). */
export const legalNameCharacters = /^[\p{L}\p{M}\p{N} ,.\-()&]*$/u;
/** The SAT's limit for the receiver's name. */
export const legalNameMaxLength = 254;

export interface InvoiceRequest {
  rfc: string;
  personType: PersonType;
  /** As registered with the SAT (its certificate writes it in capitals): stored upper case. */
  legalName: string;
  taxRegime: TaxRegimeCode;
  fiscalPostalCode: string;
  cfdiUse: CfdiUse;
}

const required = (schema: z.ZodString) =>
  z.preprocess((v) => (v === undefined || v === null ? "" : v), schema.trim().min(1, "required"));

/** The invoice fields of the checkout form, checked together (the regime must fit the RFC, the use the regime). */
export const invoiceRequestSchema = z
  .object({
    rfc: required(z.string({ invalid_type_error: "rfc" }))
      .transform(normaliseRfc)
      .superRefine((rfc, ctx) => {
        const problem = rfcProblem(rfc);
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      }),
    legalName: required(z.string({ invalid_type_error: "required" }))
      .pipe(z.string().max(legalNameMaxLength, "tooLong").regex(legalNameCharacters, "legalNameCharacters"))
      .transform((v) => v.replace(/\s+/g, " ").toUpperCase()),
    taxRegime: z.enum(taxRegimeCodes, { errorMap: () => ({ message: "taxRegime" }) }),
    fiscalPostalCode: required(z.string({ invalid_type_error: "postalCode" })).transform(westernDigits).pipe(z.string().regex(/^\d{5}$/, "postalCode")),
    cfdiUse: z.enum(cfdiUses, { errorMap: () => ({ message: "cfdiUse" }) }),
  })
  .superRefine((value, ctx) => {
    // Reached with every field of the right type; the RFC may still be refused (then nothing fits it).
    if (rfcProblem(value.rfc)) return;
    const regime = taxRegimes.find((r) => r.code === value.taxRegime)!;
    if (!(regime.persons as readonly PersonType[]).includes(personTypeOf(value.rfc))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["taxRegime"], message: "taxRegimePerson" });
    } else if (value.cfdiUse === "G03" && !regime.g03) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["cfdiUse"], message: "cfdiUseRegime" });
    }
  })
  .transform((value): InvoiceRequest => ({ ...value, personType: personTypeOf(value.rfc) }));
