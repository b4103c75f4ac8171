import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "../db/client";
import { backoffMs, CLAIM_TIMEOUT_MS, MAX_ATTEMPTS, nextDue } from "../mail/outbox";

/**
 * The SMS outbox (table `sms_outbox`, migration 0009), the mail outbox's twin (server/mail/outbox.ts): a text is
 * written first, in the request (or the transaction) that causes it, and shipped by the sender when a provider is
 * configured (SMS_URL). The same rules: a key makes a text once-only, a claim is a lease of CLAIM_TIMEOUT_MS, a
 * failed try waits for the mail outbox's backoff, and after MAX_ATTEMPTS tries the row is left with its error.
 */
export interface SmsMessage {
  /** What the text is for: "phone-code"... */
  kind: string;
  /** Unique in the outbox: a second text with the same key is not enqueued. Default: a fresh key. */
  key?: string;
  /** The phone number, digits only (as the customer rules keep it). */
  to: string;
  text: string;
}

export interface SmsRow {
  id: number;
  kind: string;
  key: string;
  to: string;
  text: string;
  attempts: number;
}

export { backoffMs, CLAIM_TIMEOUT_MS, MAX_ATTEMPTS };

/** Writes a text to the outbox; answers false when one with the same key is there already. */
export async function enqueueSms(db: Database, message: SmsMessage, at: Date): Promise<boolean> {
  const row = await db
    .insertInto("sms_outbox")
    .values({ kind: message.kind, key: message.key ?? `${message.kind}:${randomUUID()}`, to: message.to, text: message.text, created_at: at })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the oldest due text (never sent, tried fewer than MAX_ATTEMPTS times, its lease or backoff over) in one
 * statement (`for update skip locked`: two senders never take the same row); counts the attempt and leases the row.
 */
export async function claimNextSms(db: Database, at: Date): Promise<SmsRow | undefined> {
  return db
    .updateTable("sms_outbox")
    .set({ attempts: sql`attempts + 1`, next_attempt_at: new Date(at.getTime() + CLAIM_TIMEOUT_MS) })
    .where("id", "=", nextDue(db, "sms_outbox", at))
    .returning(["id", "kind", "key", "to", "text", "attempts"])
    .executeTakeFirst();
}

/** The newest texts of the outbox, newest first (the demo's /outbox page). */
export function latestTexts(db: Database, limit: number) {
  return db.selectFrom("sms_outbox").select(["id", "to", "text", "created_at", "sent_at"]).orderBy("id", "desc").limit(limit).execute();
}

/** The text went: it is never sent again. */
export async function markSmsSent(db: Database, id: number, at: Date): Promise<void> {
  await db.updateTable("sms_outbox").set({ sent_at: at, next_attempt_at: null, error: null }).where("id", "=", id).execute();
}

/** The text failed its `attempts`-th try: the error is kept and the next try waits for the backoff. */
export async function markSmsFailed(db: Database, id: number, error: string, at: Date, attempts: number): Promise<void> {
  await db
    .updateTable("sms_outbox")
    .set({ error: error.slice(0, 1_000), next_attempt_at: new Date(at.getTime() + backoffMs(attempts)) })
    .where("id", "=", id)
    .execute();
}
