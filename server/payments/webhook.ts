import { now as clockNow } from "../clock";
import type { Payments } from "./attempts";
import { processInbox, storeWebhookEvents } from "./inbox";

/** The answer to a webhook request: the status and the body to send back at once. */
export interface WebhookAnswer {
  status: number;
  body: string;
  /** Events newly stored (a replay stores none). */
  stored: number;
}

/**
 * A webhook request from the provider: authenticated and verified (basic auth, every item's HMAC: a bad one refuses
 * the whole request, 401), its events stored in the inbox (a replay stores nothing), and the provider's expected
 * acknowledgement answered at once. Processing follows the answer (`processAfterAnswer`), and the payment worker
 * picks up whatever a crash left unprocessed.
 */
export async function receiveWebhook(payments: Payments, request: { body: string; authorization: string | null }): Promise<WebhookAnswer> {
  const reading = payments.provider.readWebhook(request);
  if (!reading.ok) return { status: reading.status, body: reading.status === 401 ? "Unauthorized" : "Bad Request", stored: 0 };
  const stored = await storeWebhookEvents(payments.db, payments.provider.id, reading.events, (payments.now ?? clockNow)());
  return { status: 200, body: reading.acknowledgement, stored };
}

/** Processes the inbox once the answer has gone out (the next turn of the event loop); failures wait for the worker. */
export function processAfterAnswer(payments: Payments): void {
  setImmediate(() => {
    processInbox(payments).catch((error: Error) => console.warn(`[payments] processing webhooks failed: ${error.message}`));
  });
}
