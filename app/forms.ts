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
const layerId = z.preprocess((v) => (v === "" || v === undefined ? undefined : v), z.coerce.number().int().positive().optional());
const ids = z.array(z.coerce.number().int().positive()).default([]);
const quantity = z.coerce.number({ invalid_type_error: "quantity" }).int("quantity").min(1, "quantity").max(99, "quantity");

/** A size, crust and topping selection from the product builder (or "sizeId:crustId" from a menu card). */
const selection = {
  option: z
    .string()
    .regex(/^\d+(:\d+)?$/)
    .optional(),
  firstLayerId: layerId,
  secondLayerId: layerId,
  remove: ids,
  /** one entry per extra portion: a checkbox value, or the id repeated by a count select */
  extra: ids,
  /** the two halves of a half-and-half pizza (product uuids) */
  half: z.array(z.string().uuid()).max(2).default([]),
};

/**
 * A combo's choice: one product (uuid) per slot, from the fields `slot-<slotId>` of the combo page. A list, not a
 * record, so a slot named twice reaches the server and is refused there (COMBO-CHOICE).
 */
const combo = z
  .array(z.object({ slotId: z.coerce.number().int().positive(), productUuid: z.string().uuid() }))
  .max(20)
  .default([]);

export const cartIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productUuid: z.string().uuid(), quantity: quantity.default(1), ...selection, combo }),
  z.object({ intent: z.literal("update"), lineId, ...selection }),
  z.object({ intent: z.literal("quantity"), lineId, quantity }),
  z.object({ intent: z.literal("remove"), lineId }),
  z.object({ intent: z.literal("empty") }),
]);

export type CartIntent = z.infer<typeof cartIntentSchema>;
