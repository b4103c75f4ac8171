import { now } from "../clock";
import { env } from "../config";
import type { Database } from "../db/client";
import { baseOf } from "../db/counting";
import { enqueueSms, type SmsMessage } from "./outbox";
import { deliverPendingSms, webhookAdapter, type SmsReport } from "./sender";

export type { SmsMessage } from "./outbox";
export type { SmsReport } from "./sender";

/**
 * The SMS module, built like the mail module (server/mail): `sendSms` writes the text to the outbox first; with
 * SMS_URL a sender in this process ships the due texts right after each enqueue, and every minute the ones that
 * failed (with backoff) or that another process enqueued. Without SMS_URL the outbox is the record (the demo shows
 * it on /outbox when DEMO_OUTBOX=true).
 */
export async function sendSms(db: Database, message: SmsMessage, at = now()): Promise<{ queued: boolean; delivery: Promise<SmsReport> | null }> {
  const queued = await enqueueSms(db, message, at);
  return { queued, delivery: queued ? deliverSms(db) : null };
}

const SENDER_PERIOD_MS = 60_000;

/** Per database: the run going on, and the one asked for meanwhile (runs never overlap; none is lost). */
const runs = new WeakMap<Database, { running: Promise<SmsReport> | null; next: Promise<SmsReport> | null; timer?: ReturnType<typeof setInterval> }>();

/**
 * Ships the due texts now (with SMS_URL; null without). The answer never rejects: a failure is logged. A request's
 * counting handle stands for its database (the runs are the database's, not the request's).
 */
export function deliverSms(handle: Database): Promise<SmsReport> | null {
  const db = baseOf(handle);
  const { SMS_URL, SMS_TOKEN } = env();
  if (!SMS_URL) return null;
  const state = runs.get(db) ?? { running: null, next: null };
  runs.set(db, state);
  const run = (): Promise<SmsReport> => {
    const current = deliverPendingSms(db, webhookAdapter(SMS_URL, SMS_TOKEN))
      .catch((error: unknown) => {
        console.error("[sms] the outbox sender failed", error);
        return { sent: 0, failed: 0 };
      })
      .finally(() => {
        if (state.running === current) state.running = null;
      });
    state.running = current;
    return current;
  };
  if (!state.running) return run();
  state.next ??= state.running.then(() => {
    state.next = null;
    return run();
  });
  return state.next;
}

/** Starts the periodic sender of a database (with SMS_URL; nothing without). The timer does not keep the process alive. */
export function startSmsSender(db: Database, periodMs = SENDER_PERIOD_MS): () => void {
  if (!env().SMS_URL) return () => {};
  const state = runs.get(db) ?? { running: null, next: null };
  runs.set(db, state);
  if (!state.timer) {
    void deliverSms(db);
    state.timer = setInterval(() => void deliverSms(db), periodMs);
    state.timer.unref?.();
  }
  return () => {
    clearInterval(state.timer);
    state.timer = undefined;
  };
}
