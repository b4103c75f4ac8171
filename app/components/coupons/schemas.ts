import { z } from "zod";

/**
 * The /crm/coupon form (issue 12 point 6): a code to attach, typed or carried by a campaign link's button. Shared by
 * the page (conform in the browser) and its action. A code is 3 to 32 letters, digits or dashes (server/coupons: the
 * same shape is looked up); spaces around it are dropped and case does not matter. One message at a time: empty,
 * too long, then the characters.
 */
export const attachCouponSchema = z.object({
  intent: z.literal("attach"),
  code: z
    .string({ required_error: "required" })
    .trim()
    .min(1, "required")
    .max(32, "tooLong")
    .pipe(z.string().regex(/^[A-Za-z0-9-]{3,32}$/, "coupons:crm.codeFormat")),
});

export type AttachCouponForm = z.infer<typeof attachCouponSchema>;
