import { z } from "zod";
import { checkoutSchemaFor } from "#server/orders/checkout-schema";
import type { PaymentContext } from "#server/orders/payment-methods";
import { deliveryAddressSchema } from "~/forms";

/**
 * The checkout form's schema, shared by the page (conform in the browser) and the action (the server): the
 * checkout's own rules (server/orders/checkout-schema.ts) and, for delivery, the address with the home page's
 * field rules. The postal code is not part of it: it chose the outlet, so checkout shows it without a field.
 */
export const checkoutAddressSchema = deliveryAddressSchema.omit({ postalCode: true });
export type CheckoutAddress = z.output<typeof checkoutAddressSchema>;
export const checkoutAddressFields = Object.keys(checkoutAddressSchema.shape) as (keyof CheckoutAddress)[];

export interface CheckoutFormContext {
  orderType: "D" | "C";
  /** The order's total and the outlet's payment settings; unknown (no cart any more): formats only. */
  payment?: PaymentContext;
}

function buildCheckoutFormSchema({ orderType, payment }: CheckoutFormContext) {
  const address: z.ZodType<Partial<CheckoutAddress>, z.ZodTypeDef, Partial<Record<keyof CheckoutAddress, string>>> =
    orderType === "D" ? checkoutAddressSchema : z.object({});
  return checkoutSchemaFor({ orderType, payment }).and(address);
}

/** The formats-only schema of each order type, built once (every checkout post parses with one first; issue 15). */
const formatsOnly = new Map<CheckoutFormContext["orderType"], ReturnType<typeof buildCheckoutFormSchema>>();

/** The checkout form's rules for an order type; with an order's payment context, also its payment rules. */
export function checkoutFormSchema(context: CheckoutFormContext) {
  if (context.payment) return buildCheckoutFormSchema(context);
  let schema = formatsOnly.get(context.orderType);
  if (!schema) {
    schema = buildCheckoutFormSchema({ orderType: context.orderType });
    formatsOnly.set(context.orderType, schema);
  }
  return schema;
}

export type CheckoutFormValue = z.output<ReturnType<typeof buildCheckoutFormSchema>>;
