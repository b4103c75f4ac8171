import { westernDigits } from "#server/i18n/digits";
import { z } from "zod";
import { checkoutSchema, postalCodeSchema } from "#server/orders/checkout-schema";
import { INT4_MAX, rowIdOf } from "#server/ids";
import { addressCharacters, addressLimits } from "#server/outlets/address";
import { isCalendarDateTime } from "#server/calendar";

/**
 * The form schemas the browser and the server share (conform validates with them on both sides).
 * Only pure validation lives here; messages are keys of the "validation" namespace.
 */
export { checkoutSchema };

/** zod: a row id from a form (a Postgres int4, 1 … 2,147,483,647: see server/ids.ts), with an optional message key. */
export const rowId = (message?: string) =>
  z.coerce
    .number({ invalid_type_error: message })
    .int(message)
    .min(1, message)
    .max(INT4_MAX, message);

/** The address's characters and limits live beside the address (server/outlets/address.ts); the saved places share them. */
export { addressCharacters, addressLimits };

const addressText = (max: number) =>
  z
    .string({ required_error: "required", invalid_type_error: "required" })
    .trim()
    .min(1, "required")
    .max(max, "tooLong")
    .regex(addressCharacters, "addressCharacters")
    .transform(westernDigits);

const optionalAddressText = (max: number) =>
  z
    .string({ invalid_type_error: "addressCharacters" })
    .trim()
    .max(max, "tooLong")
    .regex(addressCharacters, "addressCharacters")
    .optional()
    .transform((v) => (v ? westernDigits(v) : undefined));

/**
 * A delivery address (spec section 5, "Location"): street, exterior number, city, state and reference (the
 * landmark) required, the postal code valid (5 digits), interior number and neighbourhood optional. Field names
 * are the disposition's (section 3), so the valid value is stored as it is.
 */
export const deliveryAddressSchema = z.object({
  st: addressText(addressLimits.st),
  houseNo: addressText(addressLimits.houseNo),
  interiorNo: optionalAddressText(addressLimits.interiorNo),
  villeageName: optionalAddressText(addressLimits.villeageName),
  cityName: addressText(addressLimits.cityName),
  prefectureName: addressText(addressLimits.prefectureName),
  postalCode: postalCodeSchema,
  landmark: addressText(addressLimits.landmark),
});

export const dispositionSchema = z.discriminatedUnion("orderType", [
  z.object({ orderType: z.literal("C"), outletId: rowId("required") }),
  deliveryAddressSchema.extend({ orderType: z.literal("D") }),
]);

const lineId = rowId();
const ids = z.array(rowId()).max(50).default([]);
const quantity = z.coerce.number({ invalid_type_error: "quantity" }).int("quantity").min(1, "quantity").max(99, "quantity");

/**
 * A size, crust and topping selection from the product builder (or "sizeId:crustId" from a menu card), in conform's
 * names: `remove` repeated (one checkbox per topping), `extra[i].toppingId` with `extra[i].count` (a checkbox of
 * value 1, or a count select; absent or empty is 0), `half[0]` and `half[1]` (product uuids of a half-and-half).
 */
const selection = {
  option: z
    .string()
    .regex(/^\d{1,10}(:\d{1,10})?$/)
    .refine((v) => v.split(":").every((id) => rowIdOf(id) !== null))
    .optional(),
  firstLayerId: rowId().optional(),
  secondLayerId: rowId().optional(),
  remove: ids,
  extra: z
    .array(z.object({ toppingId: rowId(), count: z.coerce.number().int().min(0).max(10).default(0) }))
    .max(100)
    .default([]),
  half: z.array(z.string().uuid()).max(2).default([]),
};

/**
 * A combo's choice: `combo[i].slotId` with `combo[i].productUuid`, one product per slot of the combo page. A list,
 * not a record, so a slot named twice reaches the server and is refused there (COMBO-CHOICE).
 */
const combo = z
  .array(z.object({ slotId: rowId(), productUuid: z.string().uuid() }))
  .max(20)
  .default([]);

/**
 * A coupon code as people type it (spec: "a coupon code must be entered to apply"): trimmed, then 1 to 40
 * characters; whether a coupon has it is the server's answer (CP-12). `source` says where it was picked: typed into
 * the code field (its message goes under the field) or from the coupons list (a notification).
 */
export const couponCodeField = z
  .string({ required_error: "couponRequired" })
  .trim()
  .min(1, "couponRequired")
  .max(40, "couponInvalid");
const couponSource = z.enum(["typed", "list"]).default("typed");

/** Every cart form (one resource route, routes/cart.tsx), parsed with conform's parseWithZod. */
export const cartIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    productUuid: z.string().uuid(),
    quantity: quantity.default(1),
    ...selection,
    combo,
    /** a deal coupon's code, from its combo page (/combo-detail/:id/deal/:coupon) */
    coupon: couponCodeField.optional(),
    /** the page's one-time value (root loader's `once`): the same form posted twice adds once */
    once: z.string().regex(/^[\w-]{8,64}$/).optional(),
  }),
  z.object({ intent: z.literal("update"), lineId, ...selection }),
  z.object({ intent: z.literal("quantity"), lineId, quantity }),
  z.object({ intent: z.literal("remove"), lineId }),
  z.object({ intent: z.literal("empty") }),
  z.object({ intent: z.literal("apply-coupon"), code: couponCodeField, source: couponSource }),
  z.object({ intent: z.literal("remove-coupon"), code: couponCodeField }),
]);

export type CartIntent = z.infer<typeof cartIntentSchema>;

/**
 * The order-time form: "asap" or a slot's collectionTimeValue ("YYYY-MM-DD HH:MM", a real day and time); anything
 * else is a 400 with the message beside the hour (a key of the "ordertime" namespace, which every page carries). Whether the outlet takes that time is the server's check (422).
 */
/** The day ("YYYY-MM-DD") of an order-time value that names a real day and time, else null. */
export function dayOfOrderTimeValue(value: FormDataEntryValue | null): string | null {
  return typeof value === "string" && isCalendarDateTime(value) ? value.slice(0, 10) : null;
}

export const orderTimeSchema = z.object({
  value: z.string({ required_error: "invalid" }).refine((value) => value === "asap" || isCalendarDateTime(value), "invalid"),
  back: z.string().max(500).optional(),
});
