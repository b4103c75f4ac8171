import { json } from "@remix-run/node";
import { z } from "zod";
import type { Customer } from "#server/customers/accounts";
import { orderHistory } from "#server/customers/history";
import type { Storefront } from "~/web/storefront.server";

/** The history page's forms: only the reorder (intent and the order's uuid). */
export const historyIntentSchema = z.object({ intent: z.literal("reorder"), order: z.string().uuid() });

/**
 * The page number of `?page=`: absent is the first; anything but a whole number from 1 is a 400 (the translated
 * error page), a page past the last a 404 (historyOf).
 */
export function pageOf(url: URL): number {
  const raw = url.searchParams.get("page");
  if (raw === null || raw === "") return 1;
  if (!/^[1-9][0-9]{0,5}$/.test(raw)) throw json(null, { status: 400 });
  return Number(raw);
}

/** One page of the signed-in customer's orders, in the visitor's language; a page past the last is a 404. */
export async function historyOf(store: Storefront, customer: Customer, page: number) {
  const history = await orderHistory(store.db, customer.id, page, store.lng);
  if (!history) throw json(null, { status: 404 });
  return history;
}
