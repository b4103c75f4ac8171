import type { Database } from "#server/db/client";
import { lookUpOrder as lookUp } from "#server/orders/lookup";
import type { TrackingInput } from "#server/orders/tracking-schema";
import { consume, type Verdict } from "#server/security/rate-limits";
import type { Lng } from "~/i18n/config";
import { sendOrderLinks } from "~/web/mail.server";

export { trackingSchema } from "#server/orders/tracking-schema";

/** The order lookup of /tracking (the privacy rule is server/orders/lookup.ts) and its rate limit. */
export type { LookupOutcome } from "#server/orders/lookup";

/** Looks an order up; an email alone gets its links by mail, in the asker's language. */
export function lookUpOrder(db: Database, input: TrackingInput, lng: Lng) {
  return lookUp(db, input, (email) => sendOrderLinks(db, email, lng));
}

/**
 * The lookup's rate limit, kept in the database per client address (limits.lookupPerAddress: 20 in 15 minutes),
 * so clearing cookies or opening a private window does not reset it, and every app process counts together.
 * Order numbers are sequential: this stops walking through them; the privacy rule above is what protects them.
 */
export function countLookup(db: Database, address: string): Promise<Verdict> {
  return consume(db, "lookupPerAddress", address);
}
