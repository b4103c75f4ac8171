import { now } from "../clock";
import type { Database } from "../db/client";
import { claimNextSms, markSmsFailed, markSmsSent } from "./outbox";

/** What the sender needs of a provider: ship one text, or throw. */
export interface SmsAdapter {
  send(message: { to: string; text: string }): Promise<void>;
}

/** A provider that hangs must not hold the sender: the text is tried again on a later run. */
export const SMS_TIMEOUT_MS = 10_000;

/**
 * The webhook adapter: POST JSON {to, text} to `url` with `Authorization: Bearer <token>`; any 2xx is "sent",
 * anything else (a status, a refused connection, a timeout) is a failed try. The contract is deliberately small, so
 * any provider (Twilio, a carrier's gateway) sits behind a few lines of relay; the e2e stand-in
 * (tests/support/e2e-server.mjs) speaks it.
 */
export function webhookAdapter(url: string, token: string | undefined, timeoutMs = SMS_TIMEOUT_MS): SmsAdapter {
  return {
    async send({ to, text }) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`the SMS provider answered ${response.status}`);
    },
  };
}

export interface SmsReport {
  sent: number;
  failed: number;
}

/**
 * Ships the outbox's due texts one by one, oldest first, marking each sent or failed (then it waits for the
 * backoff). At most `limit` per run; never throws for a text that fails: the error stays on its row.
 */
export async function deliverPendingSms(db: Database, adapter: SmsAdapter, limit = 100): Promise<SmsReport> {
  const report: SmsReport = { sent: 0, failed: 0 };
  for (let i = 0; i < limit; i++) {
    const sms = await claimNextSms(db, now());
    if (!sms) break;
    try {
      await adapter.send({ to: sms.to, text: sms.text });
    } catch (error) {
      await markSmsFailed(db, sms.id, error instanceof Error ? error.message : String(error), now(), sms.attempts);
      report.failed++;
      continue;
    }
    await markSmsSent(db, sms.id, now());
    report.sent++;
  }
  return report;
}
