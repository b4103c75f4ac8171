import { westernDigits } from "../i18n/digits";
import { z } from "zod";
import { propertyTypes } from "./checkout-options";
import { constants } from "../constants";
import { invoiceRequestSchema, type InvoiceRequest } from "./invoice";
import { parsePesos, paymentMethodIds, paymentProblem, type PaymentContext } from "./payment-methods";

/**
 * Checkout validation (spec section 5). Pure: the browser and the server share it.
 * Messages are translation keys of the "validation" namespace; the app translates them.
 *
 * The form is checked in independent parts joined by `and` (contact, delivery details, payment, invoice): zod stops
 * a part at its first missing required field, so one part per concern is what lets a single post report every
 * field's problem at once (a blank name does not hide a short cash amount or a bad RFC).
 */

/** Letters (any script, with accents), numbers, spaces and the symbols , . - ( ) */
export const allowedCharacters = /^[\p{L}\p{M}\p{N} ,.\-()]*$/u;
/**
 * A name or surname: the checkout's characters and the apostrophe (O'Brien, D’Angelo), which a customer's account
 * takes in their name (server/customers/rules.ts) and a social sign-in brings: the checkout pre-fills the account's
 * name, and a rule stricter than the account's would refuse a customer their own name (docs/design.md).
 */
export const nameCharacters = /^[\p{L}\p{M}\p{N} ,.\-()'’]*$/u;
/** Local part of word characters with optional dots or hyphens, @, a domain, a top-level part of 2-3 letters. */
// Each repeated group starts with a mandatory separator, so matching is linear: no catastrophic backtracking
// on long non-addresses (the classic `(\w+([.-]?\w+)*)` form takes exponential time on them).
export const emailPattern = /^\w+(?:[.-]\w+)*@\w+(?:[.-]\w+)*\.[A-Za-z]{2,3}$/;

const text = (max: number, characters = allowedCharacters, message = "characters") =>
  z
    .string({ required_error: "required" })
    .trim()
    .min(1, "required")
    .max(max, "tooLong")
    .regex(characters, message);

const name = () => text(constants.checkoutFieldMaxLength, nameCharacters, "nameCharacters");

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
  .transform((v) => westernDigits(v).replace(/[\s()-]/g, "").replace(/^\+/, ""))
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

export { propertyTypes };
export type PropertyType = (typeof propertyTypes)[number];

/** Who orders: name, surname, email, mobile; the order's comment, the receipt and the form's idempotency key. */
const contactSchema = z.object({
  name: name(),
  surname: name(),
  email: emailSchema,
  mobile: mobileSchema,
  comment: optionalText(constants.commentMaxLength),
  /** A printed receipt (ticket) with the order; the confirmation email is sent either way. */
  receipt: z.boolean().default(false),
  idempotencyKey: z.string().uuid("required"),
});

interface DeliveryDetails {
  company: string;
  propertyType?: PropertyType;
}

/**
 * Company (optional) and property type of a delivery: the property type is required for delivery; carry-out has
 * neither (the form does not show them: anything posted is dropped); without an order type both are optional.
 */
const deliveryDetailsSchema = (orderType?: "D" | "C"): z.ZodType<DeliveryDetails, z.ZodTypeDef, { company?: string; propertyType?: string }> =>
  orderType === "C"
    ? z.object({}).transform(() => ({ company: "" }))
    : z.object({
        company: optionalText(constants.checkoutFieldMaxLength),
        propertyType: z
          .enum(propertyTypes, { errorMap: () => ({ message: "propertyType" }) })
          .optional()
          .refine((value) => orderType !== "D" || value !== undefined, "propertyType"),
      });

/**
 * The payment method and, for cash, what the customer pays with ("Pago con $X", pesos as typed; empty: the exact
 * amount). With a context (the order's total and the outlet's settings) the payment rules apply too; the
 * placement applies them again to the total it recomputes.
 */
const paymentSchema = (context?: PaymentContext) =>
  z
    .object({
      paymentMethod: z.enum(paymentMethodIds, { errorMap: () => ({ message: "paymentMethod" }) }),
      cashTendered: z.string().trim().optional(),
    })
    .superRefine((value, ctx) => {
      // Another method's choice ignores a cash amount left in the form.
      if (value.paymentMethod !== "cash" || !value.cashTendered) {
        const problem = context && paymentProblem({ method: value.paymentMethod }, context);
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [problem.field], message: problem.key });
        return;
      }
      const cents = parsePesos(value.cashTendered);
      if (cents === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["cashTendered"], message: "cashAmount" });
        return;
      }
      const problem = context && paymentProblem({ method: "cash", cashTenderedCents: cents }, context);
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [problem.field], message: problem.key });
    })
    .transform(({ paymentMethod, cashTendered }) => ({
      paymentMethod,
      /** centavos the customer pays with (cash only); absent: the exact amount */
      cashTenderedCents: paymentMethod === "cash" && cashTendered ? parsePesos(cashTendered)! : undefined,
    }));

/** "Necesito factura" and the CFDI fields, validated only when the box is checked. */
const invoiceSchema = z
  .object({
    invoiceWanted: z.boolean().default(false),
    // Read as they come: checked by invoiceRequestSchema only when the box is checked.
    rfc: z.unknown(),
    legalName: z.unknown(),
    taxRegime: z.unknown(),
    fiscalPostalCode: z.unknown(),
    cfdiUse: z.unknown(),
  })
  .superRefine((value, ctx) => {
    if (!value.invoiceWanted) return;
    const result = invoiceRequestSchema.safeParse(value);
    if (!result.success) for (const issue of result.error.issues) ctx.addIssue(issue);
  })
  .transform((value): { invoice: InvoiceRequest | null } => ({
    invoice: value.invoiceWanted ? invoiceRequestSchema.parse(value) : null,
  }));

export interface CheckoutSchemaOptions {
  /** Delivery: the property type is required; carry-out: company and property type are dropped. */
  orderType?: "D" | "C";
  /** The order's total and the outlet's payment settings: the payment rules apply. */
  payment?: PaymentContext;
}

/** The checkout form's schema for one order (delivery or not, with its payment context when known). */
export function checkoutSchemaFor(options: CheckoutSchemaOptions = {}) {
  return contactSchema
    .and(deliveryDetailsSchema(options.orderType))
    .and(paymentSchema(options.payment))
    .and(invoiceSchema);
}

/** The form's rules without an order's context (formats only). */
export const checkoutSchema = checkoutSchemaFor();

export type CheckoutInput = z.output<typeof checkoutSchema>;

export const postalCodeSchema = z
  .string({ required_error: "required" })
  .trim()
  .min(1, "required")
  .transform(westernDigits)
  .pipe(z.string().regex(/^\d{5}$/, "postalCode"));
