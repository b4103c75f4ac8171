import { z } from "zod";
import { checkoutSchema, postalCodeSchema } from "#server/orders/checkout-schema";

/**
 * The form schemas the browser and the server share (conform validates with them on both sides).
 * Only pure validation lives here; messages are keys of the "validation" namespace.
 */
export { checkoutSchema };

export const dispositionSchema = z.discriminatedUnion("orderType", [
  z.object({ orderType: z.literal("C"), outletId: z.coerce.number({ invalid_type_error: "required" }).int().positive("required") }),
  z.object({ orderType: z.literal("D"), postalCode: postalCodeSchema }),
]);

const lineId = z.coerce.number().int().positive();

export const cartIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    productUuid: z.string().uuid(),
    /** "sizeId:crustId" for pizzas, absent for products without options */
    option: z
      .string()
      .regex(/^\d+(:\d+)?$/)
      .optional(),
    quantity: z.coerce.number().int().min(1, "quantity").max(99, "quantity").default(1),
  }),
  z.object({ intent: z.literal("quantity"), lineId, quantity: z.coerce.number({ invalid_type_error: "quantity" }).int("quantity").min(1, "quantity").max(99, "quantity") }),
  z.object({ intent: z.literal("remove"), lineId }),
]);

export type CartIntent = z.infer<typeof cartIntentSchema>;
