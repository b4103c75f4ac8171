import { now } from "#server/clock";
import { parseWithZod } from "~/web/forms.server";
import { json, redirectDocument } from "@remix-run/node";
import { findAttempt, payAtDoor, retryPayment, type AttemptView } from "#server/payments/attempts";
import { doorMethodIds, isPaymentRefusal } from "#server/orders/payment-methods";
import { STATUS_PAID_TOO_LATE } from "#server/orders/status";
import { doorSchema } from "~/components/payment/door-schema";
import type { DoorError } from "~/components/payment/PayAtDoorForm";
import { paymentFailure, paymentPagePath, payments } from "~/web/payments.server";
import type { Notice } from "~/web/session.server";
import { redirectWith, type Storefront } from "~/web/storefront.server";

/**
 * The status page's message: a key of the "payment" namespace and its tone. A refusal's reason (Adyen's
 * `refusalReason`: "CVC Declined", "FRAUD", …) is kept with the attempt for the chain's people and never shown to the
 * shopper: Adyen asks not to (it helps whoever tests stolen cards), and it is English whatever the page's language.
 */
export interface StatusMessage {
  key: string;
  tone: "success" | "info" | "error";
}

/** What the page says for where the attempt is: the six result codes' own messages, and the states around them. */
export function statusMessage(
  view: Pick<AttemptView, "state" | "resultCode" | "confirming"> & { orderStatus: number; orderPaymentMethod?: string },
  unconfirmed = false,
): StatusMessage {
  // The order is paid at the door now (the page's other way, or the payment page's): whatever became of this attempt
  // (refused, replaced), that is what the customer needs to read, not "refused" or "replaced by a newer attempt".
  if ((doorMethodIds as readonly string[]).includes(view.orderPaymentMethod ?? "")) return { key: "status.atDoor", tone: "info" };
  switch (view.state) {
    case "authorised":
    case "capturing":
    case "captured":
    case "capture-failed":
      return { key: "status.Authorised", tone: "success" };
    case "refused":
      return { key: "status.Refused", tone: "error" };
    case "cancelled":
      return { key: "status.Cancelled", tone: "error" };
    case "error":
      return { key: "status.Error", tone: "error" };
    case "pending":
      return { key: view.resultCode === "Received" ? "status.Received" : "status.Pending", tone: "info" };
    case "new":
    case "action":
      return { key: view.confirming || unconfirmed ? "status.confirming" : "status.action", tone: "info" };
    case "expired":
      return { key: "status.expired", tone: "error" };
    case "superseded":
      return { key: "status.superseded", tone: "info" };
    case "refunded":
    case "voided":
      return { key: view.orderStatus === STATUS_PAID_TOO_LATE ? "status.late" : "status.refunded", tone: "info" };
    default:
      // Money on its way back (refunding, or its refund failed and is retried): "too late" only when it was, else
      // an attempt given up (replaced, expired) that was paid after all, while the order goes on.
      return { key: view.orderStatus === STATUS_PAID_TOO_LATE ? "status.late" : "status.returning", tone: "info" };
  }
}

/** How long a return that could not be confirmed (`?unconfirmed=<when>`) keeps the page waiting for the outcome. */
export const UNCONFIRMED_WAIT_MS = 60_000;

/**
 * Whether the page still waits for a return's outcome: `?unconfirmed=` carries when the return was not confirmed;
 * past a minute (the webhook had its time) the page offers to continue paying or pay at the door again, where a
 * bare flag kept it "confirming" for ever, its self-refresh reloading the same address.
 */
export function unconfirmedNow(stamp: string | null, at: Date = now()): boolean {
  const when = Number(stamp);
  return stamp !== null && Number.isSafeInteger(when) && at.getTime() - when >= 0 && at.getTime() - when < UNCONFIRMED_WAIT_MS;
}

export async function paymentStatusData(store: Storefront, transaction: string | undefined, options: { unconfirmed: boolean }) {
  const view = transaction ? await findAttempt(store.db, transaction) : undefined;
  if (!view) throw json({ code: "PAY-NOT-FOUND" }, { status: 404 });
  const failed = view.state === "refused" || view.state === "cancelled" || view.state === "error";
  const open = view.state === "new" || view.state === "action";
  return {
    transaction: view.transaction,
    amountCents: view.amountCents,
    message: statusMessage({ ...view, orderStatus: view.order.status, orderPaymentMethod: view.order.paymentMethod }, options.unconfirmed),
    /** The outcome is still to come: the page follows it. */
    waiting: view.state === "pending" || (open && (view.confirming || options.unconfirmed)),
    canContinue: open && view.current && view.order.awaitingPayment && !view.confirming && !options.unconfirmed,
    canRetry: failed && view.current && view.order.awaitingPayment,
    order: { uuid: view.order.uuid, number: view.order.number, orderType: view.order.orderType },
    door: { methods: view.order.doorMethods, cashCapCents: view.order.cashCapCents },
  };
}

/** The page's two posts: try again (a new attempt, on to pay it), or pay at the door instead (on to the tracker). */
export async function paymentStatusAction(store: Storefront, transaction: string, form: FormData) {
  const configured = payments(store.db);
  if (!configured) throw json({ code: "PAY-NOT-FOUND" }, { status: 404 });
  // A refusal of the door form is said beside its field; anything else as the page's notice.
  const posted = { method: String(form.get("method") ?? ""), cashTendered: String(form.get("cashTendered") ?? "").slice(0, 40) };
  const refusedWith = (status: number, notice: Notice | null, doorError: DoorError | null = null) =>
    json({ notice, doorError: doorError && { ...doorError, posted } }, { status });
  try {
    if (form.get("intent") === "retry") {
      const next = await retryPayment(configured, transaction);
      // A document load: the payment page has a CSP of its own (the provider's card fields).
      return redirectDocument(paymentPagePath(next), { status: 303 });
    }
    const submission = parseWithZod(form, { schema: doorSchema });
    if (submission.status !== "success") {
      const [field, keys] = Object.entries(submission.error ?? {})[0] ?? ["method", ["paymentMethod"]];
      const doorError: DoorError = { field: field === "cashTendered" ? "cashTendered" : "method", key: keys?.[0] ?? "paymentMethod" };
      return refusedWith(400, null, doorError);
    }
    const uuid = await payAtDoor(configured, transaction, { method: submission.value.method, cashTenderedCents: submission.value.cashTendered });
    const order = await findAttempt(store.db, transaction);
    return redirectWith(store.session, `/tracker-order/${uuid}`, { tone: "success", key: "notices.orderPlaced", values: { number: order?.order.number ?? "" } });
  } catch (error) {
    if (isPaymentRefusal(error)) {
      const { problem } = error;
      const values: Record<string, number> | undefined =
        "capCents" in problem
          ? { cap: problem.capCents, ...("totalCents" in problem ? { total: problem.totalCents } : {}) }
          : "totalCents" in problem
            ? { total: problem.totalCents }
            : "limitCents" in problem
              ? { limit: problem.limitCents }
              : undefined;
      const doorError: DoorError = { field: problem.field === "cashTendered" ? "cashTendered" : "method", key: problem.key, values };
      return refusedWith(422, null, doorError);
    }
    const failure = paymentFailure(error);
    return refusedWith(failure.status, { tone: "error", key: failure.key, values: failure.values });
  }
}
