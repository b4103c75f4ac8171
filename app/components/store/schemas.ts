import { z } from "zod";
import { isDialable } from "#server/content/phone";

/**
 * The store console's forms, shared by the browser (conform's inline errors) and the server. Messages are keys of
 * the "store" namespace. Limits mirror server/staff and server/orders/lifecycle (which check again).
 */
export const staffLoginSchema = z.object({
  email: z
    .string({ required_error: "store:validation.emailRequired" })
    .trim()
    .max(254, "store:validation.emailInvalid")
    .email("store:validation.emailInvalid"),
  password: z.string({ required_error: "store:validation.passwordRequired" }).max(128, "store:validation.passwordRequired"),
});

const orderFields = {
  order: z.string().uuid(),
  from: z.coerce.number().int().min(0).max(999),
};

/** A button of the console: move the order to the next status it shows. */
export const moveOrderSchema = z.object({
  intent: z.literal("status"),
  ...orderFields,
  to: z.coerce.number().int().min(0).max(999),
});

/** The cancel form: a reason is required (3-200 characters). */
export const cancelOrderSchema = z.object({
  intent: z.literal("cancel"),
  ...orderFields,
  reason: z
    .string({ required_error: "store:validation.reasonRequired" })
    .trim()
    .min(3, "store:validation.reasonRequired")
    .max(200, "store:validation.reasonTooLong"),
});

export const consoleIntentSchema = z.discriminatedUnion("intent", [moveOrderSchema, cancelOrderSchema]);

/**
 * The emergency banner's switch (/store/settings, managers only): on or off (an unticked checkbox is absent), and
 * the ordering line customers are asked to phone (8 to 20 digits, as it is dialled: digits, spaces, + - and
 * brackets; server/content/emergency.ts checks it again).
 */
export const emergencySchema = z.object({
  on: z.literal("on").optional(),
  phone: z
    .string({ required_error: "store:validation.phoneRequired" })
    .trim()
    .refine(isDialable, "store:validation.phoneInvalid"),
});

/**
 * A content page's text in one language (/store/content/:type/:lng, managers only): its title and Markdown body
 * (server/content/pages.ts's limits), and whether it is saved or only previewed.
 */
export const contentSchema = z.object({
  intent: z.enum(["save", "preview"]),
  title: z
    .string({ required_error: "store:validation.titleRequired" })
    .trim()
    .min(1, "store:validation.titleRequired")
    .max(120, "store:validation.titleTooLong"),
  body: z.string({ required_error: "store:validation.bodyRequired" }).trim().min(1, "store:validation.bodyRequired").max(50_000, "store:validation.bodyTooLong"),
});
