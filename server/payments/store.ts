import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import type { Database } from "../db/client";
import type { PaymentsTable } from "../db/types";
import { notifyOrderChanged } from "../orders/watch";
import type { AttemptRef } from "./provider";
import { isPaymentState, nextPayment, PAID_STATES, type PaymentEvent, type PaymentState } from "./state";

/**
 * Payment attempts' rows: made, locked, stepped through the state machine (server/payments/state.ts). Every
 * change of an attempt goes through `stepAttempt`, inside the caller's transaction, with the attempt's row locked:
 * two events about one attempt (a webhook and the shopper's return, two processes) are applied one after the other,
 * each to the state the other left.
 */
export type PaymentRow = Selectable<PaymentsTable>;

/** How long an attempt may stay without a result before the sweeper gives it up (docs/payments.md). */
export const ATTEMPT_MINUTES = 30;
/** At most this many attempts per order (tries after refusals): then the customer pays at the door or calls. */
export const MAX_ATTEMPTS = 10;

export function attemptRef(row: PaymentRow): AttemptRef {
  return {
    transaction: row.transaction,
    merchantReference: row.merchant_reference,
    amountCents: row.amount_cents,
    currency: row.currency,
    pspReference: row.psp_reference,
  };
}

export function stateOf(row: Pick<PaymentRow, "state">): PaymentState {
  return isPaymentState(row.state) ? row.state : "error";
}

/** A new attempt of the order: the next number, its merchant reference `<order number>-<n>`, state new. */
export async function insertAttempt(
  trx: Database,
  order: { id: number; number: string; totalCents: number; currency: string },
  provider: string,
  at: Date,
): Promise<PaymentRow> {
  const last = await trx.selectFrom("payments").select((eb) => eb.fn.max("attempt").as("n")).where("order_id", "=", order.id).executeTakeFirst();
  const attempt = (last?.n ?? 0) + 1;
  const row = await trx
    .insertInto("payments")
    .values({
      transaction: randomBytes(16).toString("base64url"),
      order_id: order.id,
      attempt,
      provider,
      method: "card",
      merchant_reference: `${order.number}-${attempt}`,
      amount_cents: order.totalCents,
      currency: order.currency,
      state: "new",
      created_at: at,
      updated_at: at,
      expires_at: new Date(at.getTime() + ATTEMPT_MINUTES * 60_000),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx.updateTable("orders").set({ payment_id: row.transaction }).where("id", "=", order.id).execute();
  return row;
}

/**
 * The attempt with this public id (or row id), locked for the caller's transaction with its order: the order's row
 * first, then the attempt's. Every path that changes attempts (a return, a webhook, the sweeper, a retry, paying at
 * the door, a staff member's cancel) takes the order before its attempts, so two of them never wait on each other.
 */
export async function lockAttempt(trx: Database, where: { transaction: string } | { id: number }): Promise<PaymentRow | undefined> {
  let query = trx.selectFrom("payments").select(["id", "order_id"]);
  query = "id" in where ? query.where("id", "=", where.id) : query.where("transaction", "=", where.transaction);
  const found = await query.executeTakeFirst();
  if (!found) return undefined;
  await trx.selectFrom("orders").select("id").where("id", "=", found.order_id).forUpdate().execute();
  return trx.selectFrom("payments").selectAll().where("id", "=", found.id).forUpdate().executeTakeFirst();
}

export interface StepDetails {
  resultCode?: string;
  pspReference?: string;
  refusalReason?: string;
}

export interface Stepped {
  row: PaymentRow;
  from: PaymentState;
  to: PaymentState;
}

/**
 * Applies an event to a locked attempt: its new state, what the provider said (result code, reference, reason),
 * the call to queue (a task row, due now) and a notice to the order's trackers. Unchanged state and details
 * write nothing.
 */
export async function stepAttempt(trx: Database, row: PaymentRow, event: PaymentEvent, details: StepDetails, at: Date): Promise<Stepped> {
  const from = stateOf(row);
  const step = nextPayment(from, event);
  const changes: Partial<Record<"state" | "result_code" | "psp_reference" | "refusal_reason", string>> = {};
  if (step.state !== from) changes.state = step.state;
  // What the provider said is kept when it moved the attempt, or when it is the first we hear of it.
  if (details.resultCode && (step.state !== from || !row.result_code)) changes.result_code = details.resultCode;
  if (details.refusalReason && step.state !== from) changes.refusal_reason = details.refusalReason.slice(0, 300);
  // The PSP reference is the payment capture and refund act on: the first we hear of, unless an authorisation moves
  // the attempt, whose reference is the payment that holds the money (a hosted page may refuse one card, whose
  // AUTHORISATION false gave the first reference, and authorise another).
  const authorises = (event.kind === "result" && event.code === "Authorised") || (event.kind === "webhook" && event.code === "AUTHORISATION" && event.success);
  if (details.pspReference && details.pspReference !== row.psp_reference && (!row.psp_reference || (authorises && step.state !== from))) {
    changes.psp_reference = details.pspReference;
  }
  if (Object.keys(changes).length === 0 && !step.task) return { row, from, to: from };
  const updated = await trx
    .updateTable("payments")
    .set({ ...changes, updated_at: at })
    .where("id", "=", row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (step.task) {
    await trx
      .insertInto("payment_tasks")
      .values({ payment_id: row.id, kind: step.task, due_at: at, created_at: at })
      .onConflict((oc) => oc.columns(["payment_id", "kind"]).doUpdateSet({ due_at: at, done_at: null, attempts: 0, error: null, claimed_until: null }))
      .execute();
  }
  const order = await trx.selectFrom("orders").select("uuid").where("id", "=", row.order_id).executeTakeFirstOrThrow();
  await notifyOrderChanged(trx, order.uuid);
  return { row: updated, from, to: step.state };
}

/**
 * What an order's move means for the money (called by the lifecycle inside the move's transaction): a canceled
 * order gives back what its attempt holds (cancel or refund), a handed-over order (delivered, picked up) is captured.
 */
export async function moneyOnOrderMove(trx: Database, orderId: number, move: "refund" | "capture", at: Date): Promise<void> {
  const paid = await trx
    .selectFrom("payments")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("state", "in", [...PAID_STATES, ...(move === "refund" ? ["refund-failed"] : [])])
    .forUpdate()
    .execute();
  for (const row of paid) await stepAttempt(trx, row, { kind: move }, {}, at);
}
