import { sql } from "kysely";
import { now as clockNow } from "../clock";
import { backoffMs } from "../mail/outbox";
import type { Payments } from "./attempts";
import { attemptRef } from "./store";

/**
 * The calls to the provider that follow a committed change (issue 13 point 5): capture when an order is handed over,
 * cancel-or-refund when a paid order is canceled, cancel by reference when an attempt is given up. A task is written
 * in the same transaction as its cause and run after it: claimed with a lease (so two processes never make the same
 * call at once, and a crashed one's task is taken again), sent with the attempt's idempotency key (a repeated call
 * is one operation at the provider), then done, or tried again with a backoff. The operation's outcome arrives by
 * webhook (CAPTURE, CANCEL_OR_REFUND, TECHNICAL_CANCEL…), which moves the attempt on.
 */
export const TASK_LEASE_MS = 2 * 60_000;
/** After this many failed tries a task is left, with its error, for a person (docs/payments.md, operations). */
export const MAX_TASK_ATTEMPTS = 10;

export async function runPaymentTasks(payments: Payments, limit = 20): Promise<number> {
  const time = (payments.now ?? clockNow)();
  const claimed = await payments.db
    .updateTable("payment_tasks")
    .set({ claimed_until: new Date(time.getTime() + TASK_LEASE_MS), attempts: sql`attempts + 1` })
    .where(
      "id",
      "in",
      payments.db
        .selectFrom("payment_tasks")
        .select("id")
        .where("done_at", "is", null)
        .where("due_at", "<=", time)
        .where("attempts", "<", MAX_TASK_ATTEMPTS)
        .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", time)]))
        .orderBy("due_at")
        .limit(limit),
    )
    // Checked again on the row as it is once locked (the subquery's snapshot predates a claim that committed while
    // this one waited): a task another process claimed meanwhile is left to it.
    .where("done_at", "is", null)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", time)]))
    .returning(["id", "payment_id", "kind", "attempts"])
    .execute();
  let done = 0;
  for (const task of claimed) {
    const row = await payments.db.selectFrom("payments").selectAll().where("id", "=", task.payment_id).executeTakeFirstOrThrow();
    const attempt = attemptRef(row);
    try {
      if (task.kind === "capture") await payments.provider.capture(attempt);
      else if (task.kind === "refund") await payments.provider.refund(attempt);
      else await payments.provider.cancelByReference(attempt);
      await payments.db.updateTable("payment_tasks").set({ done_at: time, claimed_until: null, error: null }).where("id", "=", task.id).execute();
      done++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.warn(`[payments] ${task.kind} of ${row.merchant_reference} failed (try ${task.attempts}): ${message}`);
      await payments.db
        .updateTable("payment_tasks")
        .set({ claimed_until: null, error: message.slice(0, 500), due_at: new Date(time.getTime() + backoffMs(task.attempts)) })
        .where("id", "=", task.id)
        .execute();
    }
  }
  return done;
}
