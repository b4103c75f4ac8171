import { z } from "zod";
import { doorMethodIds, parsePesos } from "#server/orders/payment-methods";

/**
 * "Pay at the door instead" (issue 13): the door method, and for cash what the customer pays with (optional, as at
 * checkout). Messages are keys of the "validation" namespace. The amount's rules (it covers the total, the outlet's
 * cash cap, the driver's change) are the checkout's own, checked on the server against the order (payAtDoor).
 */
export const doorSchema = z.object({
  // Any other intent is no form of ours: the choice of method is what is missing (never zod's own English text).
  intent: z.literal("door", { errorMap: () => ({ message: "paymentMethod" }) }),
  method: z.enum(doorMethodIds as [typeof doorMethodIds[number], ...typeof doorMethodIds[number][]], { errorMap: () => ({ message: "paymentMethod" }) }),
  cashTendered: z
    .string()
    .trim()
    .max(20, "cashAmount")
    .optional()
    .transform((text, ctx) => {
      if (!text) return undefined;
      const cents = parsePesos(text);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: "cashAmount" });
        return z.NEVER;
      }
      return cents;
    }),
});
export type DoorChoice = z.infer<typeof doorSchema>;
