import { z } from "zod";
// Not from customers/rules or orders/tracking-schema: those carry the account's and the lookup's messages, which
// these pages do not load (tests/architecture/translations.test.ts follows imports).
import { emailSchema as checkoutEmail } from "../orders/checkout-schema";

/**
 * The contact form (/contact: the spec's "POST contacts (feedback)") and the satisfaction survey (/crs/order/<uuid>),
 * pure: the browser (conform's inline errors) and the server share them. Messages are translation keys: plain ones
 * of the "validation" namespace, "content:v.*" ones of the content pages' namespace (these pages have none of their
 * own: each namespace's name ships in the browser's list, and the menu is at its JavaScript budget).
 */

export const NAME_MAX = 80;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 2000;
export const COMMENT_MAX = 1000;
export { HONEYPOT_FIELD, NO_OUTLET, RATINGS } from "./feedback-fields";

/** Control characters other than line breaks and tabs (a NUL cannot even be stored in Postgres text). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
const LINE_CONTROL = /[\u0000-\u001f\u007f]/;

const required = { required_error: "required", invalid_type_error: "required" };

/** Emails are compared lower-cased (as accounts' are). */
const emailSchema = checkoutEmail.transform((email) => email.toLowerCase());
/** Phones as the accounts take them: 10 digits in Mexico, up to 12 with a country prefix; separators dropped. */
const PHONE = /^[0-9]{10,12}$/;
const normalizePhone = (phone: string) => phone.replace(/[\s\-.()]/g, "");
/** Order numbers are digits (the tracker's "#100045" is accepted). */
const orderNumberPattern = /^\d{1,12}$/;

const nameSchema = z
  .string(required)
  .trim()
  .min(1, "required")
  .max(NAME_MAX, "tooLong")
  .refine((name) => !LINE_CONTROL.test(name), "content:v.name");

const phoneSchema = z
  .string(required)
  .trim()
  .min(1, "required")
  .max(30, "content:v.phone")
  .transform(normalizePhone)
  .refine((phone) => PHONE.test(phone), "content:v.phone");

/** Multi-line text: CRLF and CR become LF; other control characters are refused. */
const textSchema = (min: number, max: number, messages: { short: string; long: string }) =>
  z
    .string(required)
    .transform((text) => text.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, "required")
        .min(min, messages.short)
        .max(max, messages.long)
        .refine((text) => !CONTROL.test(text), "content:v.characters"),
    );

export const contactSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  /** An outlet's code, or NO_OUTLET; the server checks that the code is one of the chain's active outlets. */
  outlet: z.string({ required_error: "content:v.outlet", invalid_type_error: "content:v.outlet" }).regex(/^[A-Za-z0-9_-]{1,40}$/, "content:v.outlet"),
  orderNumber: z
    .string()
    .trim()
    .transform((value) => value.replace(/^#\s*/, ""))
    .pipe(z.string().regex(orderNumberPattern, "content:v.orderNumber"))
    .optional(),
  message: textSchema(MESSAGE_MIN, MESSAGE_MAX, { short: "content:v.messageShort", long: "content:v.messageLong" }),
});

export type ContactInput = z.infer<typeof contactSchema>;

const rating = z
  .number({ required_error: "content:v.rating", invalid_type_error: "content:v.rating" })
  .int("content:v.rating")
  .min(1, "content:v.rating")
  .max(5, "content:v.rating");


export const surveySchema = z.object({
  food: rating,
  service: rating,
  comment: z
    .string()
    .transform((text) => text.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(COMMENT_MAX, "content:v.commentLong").refine((text) => !CONTROL.test(text), "content:v.characters"))
    .optional(),
});

export type SurveyInput = z.infer<typeof surveySchema>;
