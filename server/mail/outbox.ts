import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "../db/client";
import { compiledOnce } from "../db/compiled";

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
  /** Where answers go when not to the sender (a contact message's: the customer who wrote). */
  replyTo?: string;
  /** A file to attach, by reference, resolved when the mail is sent (server/mail/attachments.ts). */
  attachment?: string;
}

export interface OutboxRow extends Required<Omit<MailMessage, "replyTo" | "attachment">> {
  id: number;
  attempts: number;
  replyTo: string | null;
  attachment: string | null;
}

/** How many times a failing mail is tried before the sender leaves it (with its last error) for a person. */
export const MAX_ATTEMPTS = 8;
/**
 * A claim is a lease: the row is due again this long after it was claimed, should its sender die while sending
 * (a crash, a deploy). A mail server that holds a connection longer is cut off before this (sender.ts timeouts).
 */
export const CLAIM_TIMEOUT_MS = 5 * 60_000;
/** After the n-th failed try a mail waits BACKOFF_BASE_MS * 2^(n-1), at most BACKOFF_MAX_MS: 30 s, 1, 2, 4… min. */
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_MAX_MS = 60 * 60_000;

/** The wait before the next try of a mail that failed its `attempts`-th try. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(attempts - 1, 0), BACKOFF_MAX_MS);
}

/** enqueueMail's insert, built and compiled once (every order placed with its mail runs it). */
const enqueueStatement = compiledOnce(["kind", "key", "to", "subject", "text", "html", "replyTo", "attachment", "createdAt"], (db, placeholders) => {
  const v = placeholders as unknown as Record<"kind" | "key" | "to" | "subject" | "text" | "html" | "replyTo" | "attachment" | "createdAt", never>;
  return db
    .insertInto("mail_outbox")
    .values({
      kind: v.kind,
      key: v.key,
      to: v.to,
      subject: v.subject,
      text: v.text,
      html: v.html,
      reply_to: v.replyTo,
      attachment: v.attachment,
      created_at: v.createdAt,
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("id");
});

/**
 * Writes a mail to the outbox: pass the order's transaction, so that the mail exists exactly when its cause does.
 * Answers whether it was enqueued: false when a mail with the same key already is there (the unique key settles
 * a race between two writers too).
 */
export async function enqueueMail(db: Database, message: MailMessage, at: Date): Promise<boolean> {
  const { rows } = await enqueueStatement(db, {
    kind: message.kind,
    key: message.key ?? `${message.kind}:${randomUUID()}`,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    replyTo: message.replyTo ?? null,
    attachment: message.attachment ?? null,
    createdAt: at,
  });
  return rows.length > 0;
}

/**
 * The id of an outbox's oldest due row (never sent, tried fewer than MAX_ATTEMPTS times, its lease or backoff over),
 * locked for the claim that uses it and skipped by every other (`for update skip locked`). The mail and the SMS
 * outboxes (server/sms/outbox.ts) have the same columns for it.
 */
export function nextDue(db: Database, table: "mail_outbox" | "sms_outbox", at: Date) {
  // Both tables have these columns alike; Kysely is told the mail's so the query types.
  return db
    .selectFrom(table as "mail_outbox")
    .select("id")
    .where("sent_at", "is", null)
    .where("attempts", "<", MAX_ATTEMPTS)
    .where((eb) => eb.or([eb("next_attempt_at", "is", null), eb("next_attempt_at", "<=", at)]))
    .orderBy(sql`next_attempt_at nulls first`)
    .orderBy("id")
    .limit(1)
    .forUpdate()
    .skipLocked();
}

/**
 * Takes the oldest mail that is due (never sent, tried fewer than MAX_ATTEMPTS times, its lease or backoff over)
 * for this sender, in one statement: `for update skip locked` lets several processes share the outbox without two
 * of them taking the same row. The claim counts an attempt and leases the row for CLAIM_TIMEOUT_MS. Undefined
 * when nothing is due.
 */
export async function claimNextMail(db: Database, at: Date): Promise<OutboxRow | undefined> {
  const row = await db
    .updateTable("mail_outbox")
    .set({ claimed_at: at, attempts: sql`attempts + 1`, next_attempt_at: new Date(at.getTime() + CLAIM_TIMEOUT_MS) })
    .where("id", "=", nextDue(db, "mail_outbox", at))
    .returning(["id", "kind", "key", "to", "subject", "text", "html", "attempts", "reply_to as replyTo", "attachment"])
    .executeTakeFirst();
  return row;
}

/** The newest mails of the outbox, newest first (the demo's /outbox page). */
export function latestMails(db: Database, limit: number) {
  return db.selectFrom("mail_outbox").select(["id", "to", "subject", "text", "created_at", "sent_at"]).orderBy("id", "desc").limit(limit).execute();
}

/** The mail went: it is never sent again. */
export async function markSent(db: Database, id: number, at: Date): Promise<void> {
  await db.updateTable("mail_outbox").set({ sent_at: at, next_attempt_at: null, error: null }).where("id", "=", id).execute();
}

/** The mail failed its `attempts`-th try: the error is kept and the next try waits for the backoff. */
export async function markFailed(db: Database, id: number, error: string, at: Date, attempts: number): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ error: error.slice(0, 1_000), next_attempt_at: new Date(at.getTime() + backoffMs(attempts)) })
    .where("id", "=", id)
    .execute();
}
