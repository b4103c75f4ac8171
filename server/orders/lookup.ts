import type { Database } from "../db/client";
import { findOrderByNumberAndEmail, recentOrdersByEmail, type OrderLink } from "./tracker";
import type { TrackingInput } from "./tracking-schema";

/**
 * The order lookup (/tracking) and its privacy rule (spec section 5, "order number or email required"): an order
 * is shown only to whoever gives its number AND the email it was placed with; a wrong email and an unknown number
 * get the same answer. An email alone never shows anything: the answer is always "if that email has orders, we
 * sent you the links", and the links go by mail to that address only when it has orders. So the form cannot be
 * used to learn whether an address has ordered. The mail's words are the web's: `sendLinks` renders and sends.
 */
export type LookupOutcome = { kind: "found"; uuid: string } | { kind: "notFound" } | { kind: "linksSent"; email: string };

export async function lookUpOrder(db: Database, input: TrackingInput, sendLinks: (email: string) => Promise<unknown>): Promise<LookupOutcome> {
  if (input.number && input.email) {
    const order = await findOrderByNumberAndEmail(db, input.number, input.email);
    return order ? { kind: "found", uuid: order.uuid } : { kind: "notFound" };
  }
  if (input.email) {
    await sendLinks(input.email);
    return { kind: "linksSent", email: input.email.trim() };
  }
  return { kind: "notFound" };
}

/** How far back an email-only lookup lists orders, and how many. */
export const LINKS_WINDOW_DAYS = 30;
export const LINKS_MAX_ORDERS = 5;
/** At most one links mail per address in this window (the outbox key), however often the form is sent. */
export const LINKS_MAIL_WINDOW_MS = 10 * 60_000;

/**
 * The links mail an email-only lookup sends, if any: the address's orders of the last LINKS_WINDOW_DAYS (at most
 * LINKS_MAX_ORDERS, newest first) and the mail's outbox key, the same for every lookup of that address within
 * LINKS_MAIL_WINDOW_MS (so one mail per window). Undefined when the address has no such orders: no mail.
 */
export async function orderLinksMail(db: Database, email: string, at: Date): Promise<{ to: string; key: string; orders: OrderLink[] } | undefined> {
  const to = email.trim().toLowerCase();
  const orders = await recentOrdersByEmail(db, to, new Date(at.getTime() - LINKS_WINDOW_DAYS * 86_400_000), LINKS_MAX_ORDERS);
  if (orders.length === 0) return undefined;
  return { to, key: `order-links:${to}:${Math.floor(at.getTime() / LINKS_MAIL_WINDOW_MS)}`, orders };
}
