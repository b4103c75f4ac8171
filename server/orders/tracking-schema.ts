import { westernDigits } from "../i18n/digits";
import { z } from "zod";
import { emailSchema } from "./checkout-schema";

/**
 * The order lookup form (/tracking; spec section 5: "order number or email required"). Pure: the browser and the
 * server share it. Messages are translation keys ("tracking:…" or the validation namespace's).
 * Privacy: a number alone never finds an order (it would show anyone's order to whoever guesses numbers), so a
 * number asks for the email it was placed with; an email alone is answered by mail, never on the page.
 */
export const orderNumberPattern = /^\d{1,12}$/;

export const trackingSchema = z
  .object({
    number: z
      .string()
      .trim()
      .transform((value) => westernDigits(value).replace(/^#\s*/, ""))
      .pipe(z.string().regex(orderNumberPattern, "tracking:numberFormat"))
      .optional(),
    email: emailSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.number && !value.email) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["number"], message: "tracking:oneRequired" });
    } else if (value.number && !value.email) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["email"], message: "tracking:emailWithNumber" });
    }
  });

export type TrackingInput = z.infer<typeof trackingSchema>;
