/**
 * The state machine of an online payment attempt (issue 13), pure: where an attempt is, and what each event does
 * to it. Events come from three places, in any order and any number of times:
 * - the provider's answer to a call we made (`result`: the result codes of /payments, /payments/details and a
 *   session's result: Authorised, Refused, Cancelled, Error, Pending, Received, or an action to take);
 * - the provider's webhooks (`webhook`: AUTHORISATION, CANCELLATION, TECHNICAL_CANCEL, CANCEL_OR_REFUND, REFUND,
 *   REFUND_FAILED, CAPTURE, CAPTURE_FAILED, each with success true or false);
 * - our own decisions (`expire`: the sweeper gives up an attempt that never came back; `supersede`: the customer
 *   started another attempt or chose to pay at the door; `capture`: the order was handed over; `refund`: the order
 *   was canceled after it was paid).
 *
 * The rules that make arrival order not matter:
 * - a success is never undone by a failure about the same thing (an AUTHORISATION false after true, a stale
 *   Refused answer after a webhook said authorised);
 * - a failed authorisation followed by a successful one is authorised (Adyen may send both, in that order);
 * - money released (cancelled, refunded, voided) is final: an AUTHORISATION that arrives after its CANCELLATION
 *   changes nothing;
 * - an attempt we gave up (expired, superseded) has a cancel by reference under way: if it turns out authorised
 *   after all, it is `refunding` (a reversal is asked for too) until the provider confirms a release, then
 *   `refunded`; a release confirmed first leaves it `voided`, and the later authorisation changes nothing.
 */

export const paymentStates = [
  /** Created; no answer from the provider yet. */
  "new",
  /** The shopper has something to do: 3-D Secure, the hosted payment page. */
  "action",
  /** Pending or Received: the final result comes by webhook. */
  "pending",
  /** Authorised, not captured: the order went to the store. */
  "authorised",
  /** Failed attempts: the order can be paid again or at the door. */
  "refused",
  "cancelled",
  "error",
  /** Given up by the sweeper (no result in time), or replaced by another attempt or a payment at the door. */
  "expired",
  "superseded",
  /** Given up, and the provider confirmed nothing is held: final. */
  "voided",
  /** Capture asked for (the order was handed over), then confirmed or refused by the provider. */
  "capturing",
  "captured",
  "capture-failed",
  /** Money going back (cancel or refund asked for), back, or the provider could not return it. */
  "refunding",
  "refunded",
  "refund-failed",
] as const;
export type PaymentState = (typeof paymentStates)[number];

/** The provider's result codes (spec section 3) and the action codes that ask the shopper to act. */
export const resultCodes = ["Authorised", "Refused", "Cancelled", "Error", "Pending", "Received"] as const;
export type ResultCode = (typeof resultCodes)[number];
export const actionCodes = ["RedirectShopper", "IdentifyShopper", "ChallengeShopper", "PresentToShopper"] as const;
export type ActionCode = (typeof actionCodes)[number];

export const webhookCodes = [
  "AUTHORISATION",
  "CANCELLATION",
  "TECHNICAL_CANCEL",
  "CANCEL_OR_REFUND",
  "REFUND",
  "REFUND_FAILED",
  "CAPTURE",
  "CAPTURE_FAILED",
] as const;
export type WebhookCode = (typeof webhookCodes)[number];

export type PaymentEvent =
  | { kind: "result"; code: ResultCode | ActionCode }
  | { kind: "webhook"; code: WebhookCode; success: boolean }
  | { kind: "expire" }
  | { kind: "supersede" }
  | { kind: "capture" }
  | { kind: "refund" };

/** A call the provider must get once the change is committed (server/payments/tasks.ts). */
export type PaymentTask = "capture" | "refund" | "cancel";

export interface Step {
  state: PaymentState;
  /** A call to queue with this change. */
  task?: PaymentTask;
}

/** Attempts still waiting for their outcome (the sweeper's and the order's "starting" ones). */
export const OPEN_STATES: readonly PaymentState[] = ["new", "action", "pending"];
/** Attempts whose authorisation holds the customer's money (an order paid by it may be captured or refunded). */
export const PAID_STATES: readonly PaymentState[] = ["authorised", "capturing", "captured", "capture-failed"];
/** Attempts that failed: the customer may try again or pay at the door. */
export const FAILED_STATES: readonly PaymentState[] = ["refused", "cancelled", "error"];

const isOpen = (state: PaymentState) => OPEN_STATES.includes(state);
const isFailed = (state: PaymentState) => FAILED_STATES.includes(state);
const isPaid = (state: PaymentState) => PAID_STATES.includes(state);

/** The state a result code leads an open attempt to. */
function resultState(code: ResultCode | ActionCode): PaymentState {
  switch (code) {
    case "Authorised":
      return "authorised";
    case "Refused":
      return "refused";
    case "Cancelled":
      return "cancelled";
    case "Error":
      return "error";
    case "Pending":
    case "Received":
      return "pending";
    default:
      return "action";
  }
}

/** Money released by the provider: a cancel, a technical cancel, or a cancel-or-refund, each succeeded. */
const released = (event: PaymentEvent) =>
  event.kind === "webhook" && event.success && ["CANCELLATION", "TECHNICAL_CANCEL", "CANCEL_OR_REFUND", "REFUND"].includes(event.code);

const authorisedEvent = (event: PaymentEvent) =>
  (event.kind === "result" && event.code === "Authorised") || (event.kind === "webhook" && event.code === "AUTHORISATION" && event.success);

/** What `event` does to an attempt in `state`. The same state back means the event changes nothing. */
export function nextPayment(state: PaymentState, event: PaymentEvent): Step {
  const same: Step = { state };

  if (isOpen(state)) {
    if (event.kind === "result") {
      const to = resultState(event.code);
      // A pending attempt waits for its webhook: a late action code from a stale answer does not reopen it.
      if (state === "pending" && to === "action") return same;
      return { state: to };
    }
    if (event.kind === "webhook") {
      if (event.code === "AUTHORISATION") return { state: event.success ? "authorised" : "refused" };
      if (released(event)) return { state: "voided" };
      return same;
    }
    if (event.kind === "expire") return { state: "expired", task: "cancel" };
    if (event.kind === "supersede") return { state: "superseded", task: "cancel" };
    return same; // capture and refund need money held
  }

  if (isFailed(state)) {
    // A failure followed by a success: the success holds (the order may still be paid by it, or refunded).
    if (authorisedEvent(event)) return { state: "authorised" };
    if (event.kind === "supersede") return same; // nothing held, nothing to cancel
    return same;
  }

  if (state === "expired" || state === "superseded") {
    // Authorised after we gave up: returned. The cancel by reference already asked for may do it; a reversal on the
    // provider's reference makes sure (whichever lands second fails harmlessly, and a release settles it).
    if (authorisedEvent(event)) return { state: "refunding", task: "refund" };
    if (released(event)) return { state: "voided" };
    return same;
  }

  if (isPaid(state)) {
    if (event.kind === "refund") return { state: "refunding", task: "refund" };
    if (released(event)) return { state: "refunded" };
    if (state === "authorised" && event.kind === "capture") return { state: "capturing", task: "capture" };
    if (state === "capture-failed" && event.kind === "capture") return { state: "capturing", task: "capture" };
    if (event.kind === "webhook" && event.code === "CAPTURE") {
      if (event.success) return { state: "captured" };
      return state === "capturing" ? { state: "capture-failed" } : same;
    }
    if (event.kind === "webhook" && event.code === "CAPTURE_FAILED" && state !== "authorised") return { state: "capture-failed" };
    return same;
  }

  if (state === "refunding") {
    if (released(event)) return { state: "refunded" };
    if (
      event.kind === "webhook" &&
      (event.code === "REFUND_FAILED" || (!event.success && ["CANCEL_OR_REFUND", "REFUND", "CANCELLATION", "TECHNICAL_CANCEL"].includes(event.code)))
    ) {
      return { state: "refund-failed" };
    }
    return same;
  }

  if (state === "refunded") {
    // A refund the provider accepted and the bank later returned (REFUND_FAILED) is money not returned after all.
    if (event.kind === "webhook" && event.code === "REFUND_FAILED") return { state: "refund-failed" };
    return same;
  }

  if (state === "refund-failed") {
    if (event.kind === "refund") return { state: "refunding", task: "refund" };
    if (released(event)) return { state: "refunded" };
    return same;
  }

  return same; // voided: final
}

/** Whether the attempt holds the customer's money now (authorised or captured, not being returned). */
export function holdsMoney(state: PaymentState): boolean {
  return isPaid(state);
}

export function isPaymentState(value: string): value is PaymentState {
  return (paymentStates as readonly string[]).includes(value);
}
