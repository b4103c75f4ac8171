import { z } from "zod";
import { constants } from "../config";

/**
 * Checkout validation (spec section 5). Pure: the browser and the server share it.
 * Messages are translation keys of the "validation" namespace; the app translates them.
 */

/** Letters (any script, with accents), numbers, spaces and the symbols , . - ( ) */
export const allowedCharacters = /^[\p{L}\p{M}\p{N} ,.\-()]*$/u;
/** Local part of word characters with optional dots or hyphens, @, a domain, a top-level part of 2-3 letters. */
// Each repeated group starts with a mandatory separator, so matching is linear: no catastrophic backtracking
// on long non-addresses (the classic `(\w+([.-]?\w+)*)` form takes exponential time on them).
export const emailPattern = /^\w+(?:[.-]\w+)*@\w+(?:[.-]\w+)*\.[A-Za-z]{2,3}$/;

const text = (max: number) =>
  z
    .string({ required_error: "required" })
    .trim()
    .min(1, "required")
    .max(max, "tooLong")
    .regex(allowedCharacters, "characters");

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "tooLong")
    .regex(allowedCharacters, "characters")
    .optional()
    .transform((v) => v ?? "");

export const mobileSchema = z
  .string({ required_error: "required" })
  .trim()
  .min(1, "required")
  .transform((v) => v.replace(/[\s()-]/g, "").replace(/^\+/, ""))
  .pipe(
    z
      .string()
      .regex(/^\d+$/, "mobile")
      .min(constants.phoneMinDigits, "mobile")
      .max(constants.phoneMaxDigits, "mobile"),
  );

export const emailSchema = z
  .string({ required_error: "required" })
  .trim()
  .min(1, "required")
  .max(constants.checkoutFieldMaxLength, "tooLong")
  .regex(emailPattern, "email");

export const checkoutSchema = z.object({
  name: text(constants.checkoutFieldMaxLength),
  surname: text(constants.checkoutFieldMaxLength),
  email: emailSchema,
  mobile: mobileSchema,
  comment: optionalText(constants.commentMaxLength),
  paymentMethod: z.enum(["cash"], { errorMap: () => ({ message: "paymentMethod" }) }),
  idempotencyKey: z.string().uuid("required"),
});

export type CheckoutInput = z.infer<typeof checkoutSchema>;

export const postalCodeSchema = z
  .string({ required_error: "required" })
  .trim()
  .min(1, "required")
  .regex(/^\d{5}$/, "postalCode");
