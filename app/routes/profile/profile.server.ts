import { pendingEmail } from "#server/customers/email-change";
import { now } from "#server/clock";
import type { Database } from "#server/db/client";

/** The address an email change waits on (a live link went to it), or null: the profile says it is pending. */
export async function pendingEmailOf(db: Database, customerId: number): Promise<string | null> {
  return (await pendingEmail(db, customerId, now())) ?? null;
}

/** The attached card as the profile shows it: its last four digits only (the whole number never leaves the server). */
export { maskCardNumber } from "#server/customers/loyalty-card";
