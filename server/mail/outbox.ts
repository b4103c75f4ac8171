import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "../db/client";

/** A mail as the storefront writes it: rendered (text and html), addressed, with the kind and the key that make it once-only. */
export interface MailMessage {
  /** What the mail is for: "order-confirmation", "order-links"... */
  kind: string;
  /** Unique in the outbox: a second mail with the same key is not enqueued. Default: a fresh key (always enqueued). */
  key?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface OutboxRow extends Required<MailMessage> {
  id: number;
  attempts: number;
}

/** How many times a failing mail is tried before the sender leaves it (with its last error) for a person. */
export const MAX_ATTEMPTS = 5;
/**
 * A claim older than this is taken again: its sender died while sending, or the send failed (the pause before a
 * retry).
 */
export const CLAIM_TIMEOUT_MS = 5 * 60_000;

/**
 * Writes a mail to the outbox. Answers whether it was enqueued: false when a mail with the same key already is
 * there (the unique key settles a race between two writers too).
 */
export async function enqueueMail(db: Database, message: MailMessage, at: Date): Promise<boolean> {
  const row = await db
    .insertInto("mail_outbox")
    .values({
      kind: message.kind,
      key: message.key ?? `${message.kind}:${randomUUID()}`,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      created_at: at,
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the oldest mail that is due (never sent, tried fewer than MAX_ATTEMPTS times, not claimed by a live
 * sender) for this sender, in one statement: `for update skip locked` lets several processes share the outbox
 * without sending a mail twice. Undefined when nothing is due.
 */
export async function claimNextMail(db: Database, at: Date): Promise<OutboxRow | undefined> {
  const staleBefore = new Date(at.getTime() - CLAIM_TIMEOUT_MS);
  const row = await db
    .updateTable("mail_outbox")
    .set({ claimed_at: at, attempts: sql`attempts + 1` })
    .where(
      "id",
      "=",
      db
        .selectFrom("mail_outbox")
        .select("id")
        .where("sent_at", "is", null)
        .where("attempts", "<", MAX_ATTEMPTS)
        .where((eb) => eb.or([eb("claimed_at", "is", null), eb("claimed_at", "<", staleBefore)]))
        .orderBy("id")
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returning(["id", "kind", "key", "to", "subject", "text", "html", "attempts"])
    .executeTakeFirst();
  return row;
}

/** The mail went: it is never sent again. */
export async function markSent(db: Database, id: number, at: Date): Promise<void> {
  await db.updateTable("mail_outbox").set({ sent_at: at, claimed_at: null, error: null }).where("id", "=", id).execute();
}

/**
 * The mail failed: the error is kept, and so is the claim's time, so the mail is tried again once that claim is
 * stale (CLAIM_TIMEOUT_MS later: a pause before the retry, not a loop on a failing server), up to MAX_ATTEMPTS.
 */
export async function markFailed(db: Database, id: number, error: string): Promise<void> {
  await db.updateTable("mail_outbox").set({ error: error.slice(0, 1_000) }).where("id", "=", id).execute();
}
