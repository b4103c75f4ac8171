import { sql } from "kysely";
import { now as clockNow } from "../clock";
import type { Database } from "../db/client";
import { backoffMs } from "../mail/outbox";
import { applyPaymentEvent, type Payments } from "./attempts";
import type { WebhookEvent } from "./provider";
import { webhookCodes, type WebhookCode } from "./state";
import { lockAttempt } from "./store";

/**
 * The payment provider's webhooks (issue 13 point 4). The webhook route stores the verified events here and answers
 * the provider at once; they are processed after the answer (`processInbox`, run right after and by the payment
 * worker). An event is stored once per (provider, PSP reference, event code, success): a replayed or duplicated
 * notification finds its row and changes nothing. An event about an attempt we do not know yet (its webhook came
 * before our own call's answer was written) waits and is tried again with a backoff.
 */
export async function storeWebhookEvents(db: Database, provider: string, events: WebhookEvent[], at: Date): Promise<number> {
  if (events.length === 0) return 0;
  const rows = await db
    .insertInto("payment_events")
    .values(
      events.map((event) => ({
        provider,
        psp_reference: event.pspReference,
        event_code: event.code,
        success: event.success,
        merchant_reference: event.merchantReference,
        original_reference: event.originalReference,
        amount_cents: event.amountCents,
        reason: event.reason?.slice(0, 1_000) ?? null,
        payload: JSON.stringify(event.payload),
        received_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(["provider", "psp_reference", "event_code", "success"]).doNothing())
    .returning("id")
    .execute();
  return rows.length;
}

/** After this many tries an event that finds no attempt is left (with its error) for a person to look at. */
export const MAX_EVENT_ATTEMPTS = 12;

type EventRow = { id: number; psp_reference: string; original_reference: string | null; merchant_reference: string | null; event_code: string; success: boolean; reason: string | null };

/** The attempt an event is about: a modification names the payment as its original reference; else by PSP or our reference. */
async function attemptOf(trx: Database, event: EventRow) {
  const byPsp = (psp: string) => trx.selectFrom("payments").select("id").where("psp_reference", "=", psp).executeTakeFirst();
  const found =
    (event.original_reference ? await byPsp(event.original_reference) : undefined) ??
    (await byPsp(event.psp_reference)) ??
    (event.merchant_reference
      ? await trx
          .selectFrom("payments")
          .select("id")
          // A cancel by reference carries the payment's reference, or the one we gave the cancel (`<reference>-cancel`).
          .where("merchant_reference", "in", [event.merchant_reference, event.merchant_reference.replace(/-cancel$/, "")])
          .executeTakeFirst()
      : undefined);
  return found ? lockAttempt(trx, { id: found.id }) : undefined;
}

/** Processes stored events not yet processed, oldest first; answers how many were applied. */
export async function processInbox(payments: Payments, limit = 100): Promise<number> {
  const time = (payments.now ?? clockNow)();
  let applied = 0;
  const due = await payments.db
    .selectFrom("payment_events")
    .select("id")
    .where("processed_at", "is", null)
    .where("attempts", "<", MAX_EVENT_ATTEMPTS)
    .orderBy("id")
    .limit(limit)
    .execute();
  for (const { id } of due) {
    const done = await processEvent(payments, id, time).catch(async (error: Error) => {
      // One event failing (a lost connection, a conflict with another process) does not hold up the others: it is
      // counted and tried again with the backoff.
      console.warn(`[payments] webhook event ${id} failed: ${error.message}`);
      await payments.db
        .updateTable("payment_events")
        .set({ attempts: sql`attempts + 1`, error: error.message.slice(0, 500) })
        .where("id", "=", id)
        .where("processed_at", "is", null)
        .execute()
        .catch(() => {});
      return false;
    });
    if (done) applied++;
  }
  return applied;
}

/** Applies one stored event in a transaction of its own; answers whether it moved an attempt. */
function processEvent(payments: Payments, id: number, time: Date): Promise<boolean> {
  return payments.db.transaction().execute(async (trx) => {
    // Skip one another process is working on; take it only while it is still unprocessed.
    const event = await trx
      .selectFrom("payment_events")
      .select(["id", "psp_reference", "original_reference", "merchant_reference", "event_code", "success", "reason", "attempts", "received_at"])
      .where("id", "=", id)
      .where("processed_at", "is", null)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!event) return false;
    // Retried with a backoff after a miss: not due yet.
    if (event.attempts > 0 && new Date(event.received_at).getTime() + backoffMs(event.attempts) > time.getTime()) return false;
    const finish = (error: string | null) =>
      trx
        .updateTable("payment_events")
        .set(error === null ? { processed_at: time, error: null } : { attempts: sql`attempts + 1`, error })
        .where("id", "=", event.id)
        .execute();
    if (!(webhookCodes as readonly string[]).includes(event.event_code)) {
      await finish(null); // an event this storefront does not act on (reports, disputes): kept, not applied
      return false;
    }
    const attempt = await attemptOf(trx, event);
    if (!attempt) {
      await finish("no attempt with this reference yet");
      return false;
    }
    await applyPaymentEvent(
      payments,
      trx,
      attempt,
      { kind: "webhook", code: event.event_code as WebhookCode, success: event.success },
      {
        // AUTHORISATION's PSP reference is the payment's own (a redirect whose answer we never got tells us it here).
        ...(event.event_code === "AUTHORISATION" ? { pspReference: event.psp_reference, resultCode: event.success ? "Authorised" : "Refused" } : {}),
        ...(event.event_code === "AUTHORISATION" && !event.success && event.reason ? { refusalReason: event.reason } : {}),
      },
    );
    await finish(null);
    return true;
  });
}
