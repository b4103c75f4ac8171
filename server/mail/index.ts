import { now } from "../clock";
import { env } from "../config";
import type { Database } from "../db/client";
import { baseOf } from "../db/counting";
import { enqueueMail, type MailMessage } from "./outbox";
import { deliverPending, smtpTransport, type DeliveryReport, type MailTransport } from "./sender";

export type { MailMessage } from "./outbox";
export type { DeliveryReport } from "./sender";

/**
 * The mail module. `sendMail` always writes the mail to the outbox table first (in the request that causes it),
 * so a mail is never lost with a slow or absent mail server, and a mail with a key goes once. Without SMTP_URL
 * that is all: the outbox is the record (a demo, the tests, or another process that ships it). With SMTP_URL, a
 * sender in this process sends the due mails with nodemailer right after each enqueue, and every minute the ones
 * that failed (up to MAX_ATTEMPTS tries) or were enqueued by another process.
 */
export async function sendMail(db: Database, message: MailMessage): Promise<{ queued: boolean; delivery: Promise<DeliveryReport> | null }> {
  const queued = await enqueueMail(db, message, now());
  return { queued, delivery: queued ? deliverMail(db) : null };
}

/** Retry period of the in-process sender. */
const SENDER_PERIOD_MS = 60_000;

interface SenderState {
  running: Promise<DeliveryReport> | null;
  /** A run asked for while one was running: it starts when that one ends (one at a time, none lost). */
  next: Promise<DeliveryReport> | null;
  timer: ReturnType<typeof setInterval> | null;
}

const senders = new WeakMap<Database, SenderState>();
const transports = new Map<string, MailTransport>();

function transportFor(url: string): MailTransport {
  let transport = transports.get(url);
  if (!transport) {
    transport = smtpTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

/**
 * Sends the due mails of the outbox now (with SMTP_URL; null without). Runs of one database never overlap: a call
 * during a run gets the run that follows it. The answer never rejects: a failure is logged and the rows keep it.
 * A request's counting handle stands for its database (the runs are the database's, not the request's).
 */
export function deliverMail(handle: Database): Promise<DeliveryReport> | null {
  const db = baseOf(handle);
  const settings = env();
  const url = settings.SMTP_URL;
  if (!url) return null;
  let state = senders.get(db);
  if (!state) {
    state = { running: null, next: null, timer: null };
    senders.set(db, state);
  }
  const s = state;
  const run = (): Promise<DeliveryReport> => {
    const current = deliverPending(db, transportFor(url), settings.MAIL_FROM)
      .catch((error: unknown) => {
        console.error("[mail] the outbox sender failed", error);
        return { sent: 0, failed: 0 };
      })
      .finally(() => {
        if (s.running === current) s.running = null;
      });
    s.running = current;
    return current;
  };
  if (!s.running) return run();
  s.next ??= s.running.then(() => {
    s.next = null;
    return run();
  });
  return s.next;
}

/**
 * Starts the periodic sender of a database (with SMTP_URL; nothing without): a first run now, then one every
 * minute. The timer does not keep the process alive. Answers a function that stops it.
 */
export function startMailSender(db: Database, periodMs = SENDER_PERIOD_MS): () => void {
  if (!env().SMTP_URL) return () => {};
  const state = senders.get(db);
  if (state?.timer) return () => stop(db);
  void deliverMail(db);
  const s = senders.get(db)!;
  s.timer = setInterval(() => void deliverMail(db), periodMs);
  s.timer.unref?.();
  return () => stop(db);
}

function stop(db: Database) {
  const state = senders.get(db);
  if (state?.timer) clearInterval(state.timer);
  if (state) state.timer = null;
}
