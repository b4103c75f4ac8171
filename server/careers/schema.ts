import { z } from "zod";
import { emailSchema } from "../orders/checkout-schema";

/**
 * The job application form (/careers/:id, issue 14 point 4). Pure: the browser (conform's inline errors) and the
 * server share it. Messages are translation keys: plain ones of the "validation" namespace, "careers:v.*" ones of the
 * careers page's. The CV is a PDF of at most CV_MAX_BYTES: the browser's File is checked for presence, size and
 * declared type here; the server also reads its first bytes (`isPdf`), since a name and a type are only claims.
 */
export const CV_MAX_BYTES = 2 * 1024 * 1024;
export { CAREERS_FORM_LIMIT_BYTES } from "./limits";
export const APPLICANT_NAME_MAX = 120;
export const APPLICATION_MESSAGE_MAX = 2_000;
export const CV_FILENAME_MAX = 120;

/** The content types a browser gives a PDF (application/pdf; a few systems say application/x-pdf), parameters aside. */
export function isPdfType(type: string): boolean {
  return /^application\/(?:x-)?pdf\s*(?:;|$)/i.test(type.trim());
}

/** A PDF starts with "%PDF-" (ISO 32000-1, 7.5.2). */
const MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d];
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= MAGIC.length && MAGIC.every((byte, i) => bytes[i] === byte);
}

/** The file name the chain receives: the applicant's, reduced to letters, digits, spaces, dots, dashes and underscores, ending in .pdf. */
export function cvFilename(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\.pdf$/i, "")
    .replace(/[^\w .-]+/g, "")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .slice(0, CV_FILENAME_MAX - 4);
  return `${base || "cv"}.pdf`;
}

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

export const applicationSchema = z.object({
  name: z
    .string({ required_error: "required", invalid_type_error: "required" })
    .trim()
    .min(1, "required")
    .max(APPLICANT_NAME_MAX, "tooLong"),
  email: emailSchema.transform((email) => email.toLowerCase()),
  phone: z
    .string({ required_error: "required", invalid_type_error: "required" })
    .trim()
    .min(1, "required")
    .max(30, "careers:v.phone")
    .transform((phone) => phone.replace(/[\s\-.()]/g, ""))
    .refine((phone) => /^\+?[0-9]{10,12}$/.test(phone), "careers:v.phone")
    .transform((phone) => phone.replace(/^\+/, "")),
  message: z
    .string({ invalid_type_error: "required" })
    .trim()
    .max(APPLICATION_MESSAGE_MAX, "tooLong")
    .optional()
    .transform((value) => value ?? ""),
  cv: z
    .custom<File>((value) => isFile(value) && value.size > 0 && value.name !== "", "careers:v.cvRequired")
    .refine((file) => file.size <= CV_MAX_BYTES, "careers:v.cvTooLarge")
    .refine((file) => isPdfType(file.type), "careers:v.cvNotPdf"),
});

export type ApplicationInput = z.infer<typeof applicationSchema>;
