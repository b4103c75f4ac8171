import { now as clockNow } from "../clock";
import type { Language } from "../constants";
import type { Database } from "../db/client";
import { DomainError } from "../errors";
import { findCouponByCode } from "../coupons/store";
import { transitionIn } from "../orders/lifecycle";
import { orderCouponsOf } from "../orders/order-coupons";
import {
  doorMethodIds,
  outletPaymentSettings,
  settlePayment,
  paymentMethods,
  type PaymentMethodId,
} from "../orders/payment-methods";
import {
  STARTING_STATUSES,
  STATUS_AWAITING_PAYMENT,
  STATUS_PAID_TOO_LATE,
  STATUS_PAYMENT_ACTION,
  STATUS_PAYMENT_EXPIRED,
  STATUS_PAYMENT_PENDING,
  STATUS_RECEIVED,
} from "../orders/status";
import { InvalidPaymentData, type PaymentProvider, type ProviderOutcome } from "./provider";
import { FAILED_STATES, OPEN_STATES, PAID_STATES, type PaymentEvent, type PaymentState } from "./state";
import { ATTEMPT_MINUTES, attemptRef, insertAttempt, lockAttempt, MAX_ATTEMPTS, stateOf, stepAttempt, type PaymentRow, type StepDetails } from "./store";

/**
 * Paying an order online (issue 13): the customer's side (pay through the browser component, or on the provider's
 * hosted page; come back from 3-D Secure or the hosted page; try again; pay at the door instead) and what every
 * outcome does to the order. The provider is called outside any transaction; its answer is then applied in one
 * transaction with the attempt's and the order's rows locked, so whatever arrives first (the shopper's return, a
 * webhook, the sweeper) and however often, the attempt ends in one state and the order moves once.
 *
 * The order follows its current attempt (`orders.payment_id`): authorised → received (3, the store sees it, its
 * confirmation mail is written); failed → awaiting payment (1); authenticating → 25; pending → 2; given up by the
 * sweeper → 4. Money that arrives for an order that no longer waits for it (paid at the door meanwhile, ended,
 * canceled, or an older attempt) is given back at once, and an ended order (4) says so (22).
 */
export interface Payments {
  db: Database;
  provider: PaymentProvider;
  /** Runs inside the transaction that sends an order to the store: its confirmation mail (app/web/mail.server.ts). */
  onOrderReceived?: (trx: Database, orderUuid: string) => Promise<void>;
  /** The clock (tests pass one in); server/clock.ts by default. */
  now?: () => Date;
}

const at = (payments: Payments) => (payments.now ?? clockNow)();

/** The attempt with its order, as the payment pages show it. */
export interface AttemptView {
  transaction: string;
  provider: string;
  state: PaymentState;
  resultCode: string | null;
  refusalReason: string | null;
  amountCents: number;
  currency: string;
  /** Whether a return is being confirmed with the provider right now (another request holds the lease). */
  confirming: boolean;
  /** Whether this is the order's current attempt (a newer one replaces it). */
  current: boolean;
  /** Whether it was sent to the provider (the card form, the hosted page): it is not sent again. */
  sent: boolean;
  /** Sent to the provider's hosted page, whose session stays open (the shopper may go back to it and pay there). */
  hosted: boolean;
  expiresAt: string;
  order: {
    uuid: string;
    number: string;
    status: number;
    locale: string;
    orderType: "D" | "C";
    totalCents: number;
    paymentMethod: string;
    /** The order waits for its payment: it may be paid (again) or paid at the door. */
    awaitingPayment: boolean;
    /** The methods paid at the door the outlet takes (for "pay at the door instead"). */
    doorMethods: PaymentMethodId[];
    cashCapCents: number | null;
  };
}

/** An attempt and its order by the attempt's public id; undefined for an unknown id. */
export async function findAttempt(db: Database, transaction: string, at: Date = clockNow()): Promise<AttemptView | undefined> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(transaction)) return undefined;
  const row = await db
    .selectFrom("payments as p")
    .innerJoin("orders as o", "o.id", "p.order_id")
    .innerJoin("outlets as h", "h.id", "o.outlet_id")
    .select([
      "p.transaction", "p.provider", "p.state", "p.result_code", "p.refusal_reason", "p.amount_cents", "p.currency", "p.confirming_until",
      "p.expires_at", "p.channel", "p.hosted_url", "o.uuid", "o.number", "o.status", "o.locale", "o.order_type", "o.total_cents", "o.payment_method", "o.payment_id",
      "h.payment_methods", "h.cash_cap_cents",
    ])
    .where("p.transaction", "=", transaction)
    .executeTakeFirst();
  if (!row) return undefined;
  const settings = outletPaymentSettings({ payment_methods: row.payment_methods, cash_cap_cents: row.cash_cap_cents });
  return {
    transaction: row.transaction,
    provider: row.provider,
    state: stateOf(row),
    resultCode: row.result_code,
    refusalReason: row.refusal_reason,
    amountCents: row.amount_cents,
    currency: row.currency,
    confirming: row.confirming_until !== null && new Date(row.confirming_until) > at,
    current: row.payment_id === row.transaction,
    sent: row.channel !== null,
    hosted: row.channel === "hosted" && row.hosted_url !== null,
    expiresAt: new Date(row.expires_at).toISOString(),
    order: {
      uuid: row.uuid,
      number: row.number,
      status: row.status,
      locale: row.locale,
      orderType: row.order_type,
      totalCents: row.total_cents,
      paymentMethod: row.payment_method,
      awaitingPayment: STARTING_STATUSES.includes(row.status) && row.payment_method === "card",
      doorMethods: settings.methods.filter((id): id is PaymentMethodId => (doorMethodIds as string[]).includes(id)),
      cashCapCents: settings.cashCapCents,
    },
  };
}

/** The order status an attempt's state asks for while the order waits for its payment. */
function startingStatusFor(state: PaymentState): number | null {
  if (state === "action") return STATUS_PAYMENT_ACTION;
  if (state === "pending") return STATUS_PAYMENT_PENDING;
  // Failed, or released before it was known to be paid (a cancel made at the provider): payable again.
  if (FAILED_STATES.includes(state) || state === "new" || state === "voided") return STATUS_AWAITING_PAYMENT;
  return null;
}

/**
 * Applies an event to an attempt (its row locked by the caller's transaction) and moves its order accordingly.
 * Answers the attempt's state afterwards.
 */
async function applyEvent(payments: Payments, trx: Database, row: PaymentRow, event: PaymentEvent, details: StepDetails): Promise<PaymentState> {
  const time = at(payments);
  const order = await trx
    .selectFrom("orders")
    .select(["id", "uuid", "status", "payment_id", "payment_method"])
    .where("id", "=", row.order_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const stepped = await stepAttempt(trx, row, event, details, time);
  if (stepped.to === stepped.from) return stepped.to;
  const current = order.payment_id === row.transaction && order.payment_method === "card";
  const waiting = STARTING_STATUSES.includes(order.status);
  const move = (to: number) => transitionIn(trx, { orderId: order.id, to, actor: "payments", now: time });

  if (stepped.to === "authorised" && !PAID_STATES.includes(stepped.from)) {
    if (current && waiting) {
      await move(STATUS_RECEIVED);
      await payments.onOrderReceived?.(trx, order.uuid);
      return stepped.to;
    }
    // Paid for an order that no longer waits for this payment: it goes back at once.
    const back = await stepAttempt(trx, stepped.row, { kind: "refund" }, {}, time);
    if (current && order.status === STATUS_PAYMENT_EXPIRED) await move(STATUS_PAID_TOO_LATE);
    return back.to;
  }
  if (stepped.to === "refunding" && (stepped.from === "expired" || stepped.from === "superseded")) {
    if (current && order.status === STATUS_PAYMENT_EXPIRED) await move(STATUS_PAID_TOO_LATE);
    return stepped.to;
  }
  if (current && waiting) {
    if (stepped.to === "expired") {
      await move(STATUS_PAYMENT_EXPIRED);
      return stepped.to;
    }
    const wanted = startingStatusFor(stepped.to);
    if (wanted !== null && wanted !== order.status) await move(wanted);
  }
  return stepped.to;
}

/** The events a provider's answer brings: its result code, and what it said with it. */
function outcomeEvent(outcome: ProviderOutcome): { event: PaymentEvent; details: StepDetails } {
  return {
    event: { kind: "result", code: outcome.code },
    details: {
      resultCode: outcome.code,
      pspReference: outcome.pspReference,
      refusalReason: "refusalReason" in outcome ? outcome.refusalReason : undefined,
    },
  };
}

async function applyOutcome(payments: Payments, transaction: string, outcome: ProviderOutcome): Promise<PaymentState> {
  return payments.db.transaction().execute(async (trx) => {
    const row = await lockAttempt(trx, { transaction });
    if (!row) throw new DomainError("PAY-NOT-FOUND");
    const { event, details } = outcomeEvent(outcome);
    return applyEvent(payments, trx, row, event, details);
  });
}

/** A card order that still waits for its online payment: its number and current attempt; undefined otherwise. */
export async function orderAwaitingPayment(db: Database, uuid: string): Promise<{ number: string; transaction: string } | undefined> {
  const order = await db.selectFrom("orders").select(["number", "status", "payment_method", "payment_id"]).where("uuid", "=", uuid).executeTakeFirst();
  if (order?.payment_method !== "card" || !STARTING_STATUSES.includes(order.status) || !order.payment_id) return undefined;
  return { number: order.number, transaction: order.payment_id };
}

/** An attempt the customer may still pay: open, of an order that waits for it. */
async function payable(payments: Payments, transaction: string): Promise<AttemptView> {
  const view = await findAttempt(payments.db, transaction, at(payments));
  if (!view) throw new DomainError("PAY-NOT-FOUND");
  if (!view.current || !view.order.awaitingPayment || !OPEN_STATES.includes(view.state)) throw new DomainError("PAY-CLOSED");
  return view;
}

export interface PayResult {
  state: PaymentState;
  /** The attempt that was paid (a new one when the one asked for had already been sent to the provider). */
  transaction: string;
  /** The provider's action for the browser component (3-D Secure), when the shopper must act. */
  action?: Record<string, unknown>;
}

/**
 * Pays an attempt with what the browser's card component produced. The provider gets one call per attempt (its
 * idempotency key). While that call is on its way (a lease on the attempt, CONFIRM_LEASE_MS), another pay of the
 * order (a double click, a second tab) is refused with PAY-PENDING, not made as a new attempt beside it: that put a
 * second hold on the shopper's card, the first one returned only later.
 */
export async function payWithComponent(
  payments: Payments,
  transaction: string,
  input: { data: Record<string, unknown>; returnUrl: (transaction: string) => string; origin: string; locale: Language; shopperIp?: string },
): Promise<PayResult> {
  const view = await payable(payments, transaction);
  if (view.state === "pending") return { state: view.state, transaction };
  // Each attempt is sent to the provider once (its idempotency key): paying again (another card after a failed
  // call, the form of a page kept open) is a new attempt, the one before given up.
  const payWith = await unsentAttempt(payments, transaction, "web");
  const row = await payments.db.selectFrom("payments").selectAll().where("transaction", "=", payWith).executeTakeFirstOrThrow();
  try {
    const outcome = await payments.provider.pay(attemptRef(row), { ...input, returnUrl: input.returnUrl(payWith) }).catch(async (error: unknown) => {
      // Data the provider would not take (not a card's, unreadable) made no payment and kept no idempotent answer:
      // the attempt was not spent, and the shopper corrects the card on it. An unknown outcome (no answer) spends it.
      if (error instanceof InvalidPaymentData) {
        await payments.db.updateTable("payments").set({ channel: null }).where("id", "=", row.id).where("state", "=", "new").execute();
      }
      throw error;
    });
    const state = await applyOutcome(payments, payWith, outcome);
    return "action" in outcome && state === "action" ? { state, action: outcome.action, transaction: payWith } : { state, transaction: payWith };
  } finally {
    await payments.db.updateTable("payments").set({ confirming_until: null }).where("id", "=", row.id).execute();
  }
}

/**
 * The attempt to send to the provider on `channel`, marked as sent there: this one when it never was, or (a hosted
 * page already open) the same channel's; else a new attempt of the order replacing it (retryPayment).
 */
async function unsentAttempt(payments: Payments, transaction: string, channel: "web" | "hosted"): Promise<string> {
  const time = at(payments);
  // The card form's call holds the attempt while it is on its way (payWithComponent clears it).
  const lease = channel === "web" ? { confirming_until: new Date(time.getTime() + CONFIRM_LEASE_MS) } : {};
  const marked = await payments.db
    .updateTable("payments")
    .set({ channel, ...lease })
    .where("transaction", "=", transaction)
    .where("state", "=", "new")
    .where("channel", "is", null)
    .returning("transaction")
    .executeTakeFirst();
  if (marked) return marked.transaction;
  const row = await payments.db
    .selectFrom("payments")
    .select(["channel", "hosted_url", "state", "confirming_until"])
    .where("transaction", "=", transaction)
    .executeTakeFirstOrThrow();
  if (channel === "hosted" && row.channel === "hosted" && row.hosted_url) return transaction;
  if (row.channel === "web" && row.state === "new" && row.confirming_until && new Date(row.confirming_until) > time) throw new DomainError("PAY-PENDING");
  const next = await retryPayment(payments, transaction);
  await payments.db.updateTable("payments").set({ channel }).where("transaction", "=", next).execute();
  return next;
}

/** Component details (onAdditionalDetails) for an attempt: the same as a return with them. */
export async function submitDetails(payments: Payments, transaction: string, details: Record<string, string>): Promise<PayResult> {
  const outcome = await confirmReturn(payments, transaction, { details });
  return outcome;
}

/**
 * The provider's hosted payment page for the attempt (the path without JavaScript): made once per attempt and
 * reused when the shopper goes there again. The attempt waits for the shopper (25).
 */
export async function openHostedPage(payments: Payments, transaction: string, input: { returnUrl: (transaction: string) => string; locale: Language }): Promise<string> {
  await payable(payments, transaction);
  const onPage = await unsentAttempt(payments, transaction, "hosted");
  const row = await payments.db.selectFrom("payments").selectAll().where("transaction", "=", onPage).executeTakeFirstOrThrow();
  if (row.hosted_url) return row.hosted_url;
  const session = await payments.provider.hostedPage(attemptRef(row), { returnUrl: input.returnUrl(onPage), locale: input.locale });
  await payments.db.transaction().execute(async (trx) => {
    const locked = await lockAttempt(trx, { transaction: onPage });
    if (!locked) throw new DomainError("PAY-NOT-FOUND");
    await trx.updateTable("payments").set({ session_id: session.sessionId, hosted_url: session.url }).where("id", "=", locked.id).execute();
    await applyEvent(payments, trx, locked, { kind: "result", code: "RedirectShopper" }, {});
  });
  return session.url;
}

/** What the shopper's browser brings back from 3-D Secure or the hosted page (by GET or POST). */
export type ReturnParams = { details: Record<string, string> } | { sessionId: string; sessionResult: string };

/** How long one request may hold an attempt's confirmation before another may try (a crashed process). */
export const CONFIRM_LEASE_MS = 60_000;

/**
 * Confirms what the shopper brought back with the provider, server-side: `/payments/details` with the redirect
 * result, or the hosted session's result. However many requests bring the same return at once (a double click, a
 * reload, the browser's retry), one takes a lease on the attempt and asks the provider; the others find the lease
 * taken and show the attempt as it is (the status page follows until the outcome is there). An attempt that is no
 * longer open is not asked about again, except a hosted page's failed one: the page lets the shopper try another card
 * after a refusal, and the refused try's webhook may have failed the attempt meanwhile (a failure followed by an
 * authorisation is authorised: server/payments/state.ts).
 */
export async function confirmReturn(payments: Payments, transaction: string, params: ReturnParams): Promise<PayResult> {
  const time = at(payments);
  const claimed = await payments.db
    .updateTable("payments")
    .set({ confirming_until: new Date(time.getTime() + CONFIRM_LEASE_MS) })
    .where("transaction", "=", transaction)
    .where("state", "in", "details" in params ? [...OPEN_STATES] : [...OPEN_STATES, ...FAILED_STATES])
    .where((eb) => eb.or([eb("confirming_until", "is", null), eb("confirming_until", "<", time)]))
    .returningAll()
    .executeTakeFirst();
  if (!claimed) {
    const view = await findAttempt(payments.db, transaction, time);
    if (!view) throw new DomainError("PAY-NOT-FOUND");
    return { state: view.state, transaction };
  }
  try {
    let outcome: ProviderOutcome | undefined;
    if ("details" in params) {
      outcome = await payments.provider.details(attemptRef(claimed), params.details);
    } else {
      // Only the session this attempt opened: another session's result is not this attempt's.
      if (params.sessionId !== claimed.session_id) return { state: stateOf(claimed), transaction };
      outcome = await payments.provider.hostedResult(attemptRef(claimed), params);
    }
    if (!outcome) return { state: stateOf(claimed), transaction };
    // The answer must be about this attempt: a reference of another payment is not applied here. (A session's result
    // is checked by its merchant reference in hostedResult: it may name another of the session's tries than the
    // refused one we heard of first.)
    if ("details" in params && outcome.pspReference && claimed.psp_reference && outcome.pspReference !== claimed.psp_reference) {
      return { state: stateOf(claimed), transaction };
    }
    const state = await applyOutcome(payments, transaction, outcome);
    return "action" in outcome && state === "action" ? { state, action: outcome.action, transaction } : { state, transaction };
  } finally {
    await payments.db.updateTable("payments").set({ confirming_until: null }).where("id", "=", claimed.id).execute();
  }
}

/**
 * A new attempt for an order that waits for its payment (after a refusal, or instead of an unfinished one, which
 * is given up: a cancel by reference makes sure it can never charge). At most MAX_ATTEMPTS per order.
 */
export async function retryPayment(payments: Payments, transaction: string): Promise<string> {
  const time = at(payments);
  return payments.db.transaction().execute(async (trx) => {
    const row = await lockAttempt(trx, { transaction });
    if (!row) throw new DomainError("PAY-NOT-FOUND");
    const order = await trx
      .selectFrom("orders")
      .select(["id", "number", "status", "payment_id", "payment_method", "total_cents", "currency"])
      .where("id", "=", row.order_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (!STARTING_STATUSES.includes(order.status) || order.payment_method !== "card") throw new DomainError("PAY-CLOSED");
    const current = order.payment_id ? await lockAttempt(trx, { transaction: order.payment_id }) : undefined;
    // The current attempt still open and never sent anywhere: it is simply the one to pay.
    if (current && stateOf(current) === "new" && !current.channel) return current.transaction;
    if (current && stateOf(current) === "pending") throw new DomainError("PAY-PENDING");
    if ((current?.attempt ?? 0) >= MAX_ATTEMPTS) throw new DomainError("PAY-ATTEMPTS", { max: MAX_ATTEMPTS });
    if (current) await applyEvent(payments, trx, current, { kind: "supersede" }, {});
    const next = await insertAttempt(trx, { id: order.id, number: order.number, totalCents: order.total_cents, currency: order.currency }, row.provider, time);
    if (order.status !== STATUS_AWAITING_PAYMENT) await transitionIn(trx, { orderId: order.id, to: STATUS_AWAITING_PAYMENT, actor: "payments", now: time });
    return next.transaction;
  });
}

/**
 * Pays at the door instead (cash or card on delivery) an order that waits for its online payment: the payment rules
 * are checked against the order's total and outlet as at checkout (cash cap, the driver's change), and so is any
 * coupon limited to a payment (CP-14, CP-15); open attempts are given up (a cancel by reference), and the order goes
 * to the store (3) with its confirmation mail. Answers the order's uuid.
 */
export async function payAtDoor(
  payments: Payments,
  transaction: string,
  choice: { method: PaymentMethodId; cashTenderedCents?: number },
): Promise<string> {
  const time = at(payments);
  if (!paymentMethods[choice.method].paidAtDoor) throw new DomainError("PAY-CLOSED");
  return payments.db.transaction().execute(async (trx) => {
    const row = await lockAttempt(trx, { transaction });
    if (!row) throw new DomainError("PAY-NOT-FOUND");
    const order = await trx
      .selectFrom("orders as o")
      .innerJoin("outlets as h", "h.id", "o.outlet_id")
      .select(["o.id", "o.uuid", "o.status", "o.payment_method", "o.order_type", "o.total_cents", "o.coupons", "h.payment_methods", "h.cash_cap_cents"])
      .where("o.id", "=", row.order_id)
      .forUpdate("o")
      .executeTakeFirstOrThrow();
    if (!STARTING_STATUSES.includes(order.status) || order.payment_method !== "card") throw new DomainError("PAY-CLOSED");
    const payment = settlePayment(choice, {
      orderType: order.order_type,
      totalCents: order.total_cents,
      settings: outletPaymentSettings({ payment_methods: order.payment_methods, cash_cap_cents: order.cash_cap_cents }),
    });
    for (const applied of orderCouponsOf(order.coupons, "es")) {
      const coupon = await findCouponByCode(trx, applied.code);
      const wanted = coupon?.conditions.payment;
      if (wanted && wanted !== paymentMethods[choice.method].kind) throw new DomainError(wanted === "cash" ? "CP-14" : "CP-15", { code: applied.code });
    }
    // An attempt in flight is given up: its cancel by reference makes sure it never charges; paid meanwhile, it is returned.
    const open = await trx.selectFrom("payments").selectAll().where("order_id", "=", order.id).where("state", "in", [...OPEN_STATES]).forUpdate().execute();
    for (const attempt of open) await stepAttempt(trx, attempt, { kind: "supersede" }, {}, time);
    await trx
      .updateTable("orders")
      .set({ payment: JSON.stringify(payment), payment_method: payment.method, payment_id: null })
      .where("id", "=", order.id)
      .execute();
    await transitionIn(trx, { orderId: order.id, to: STATUS_RECEIVED, actor: "customer", now: time });
    await payments.onOrderReceived?.(trx, order.uuid);
    return order.uuid;
  });
}

/**
 * The sweeper: attempts without an outcome past their time are given up (a cancel by reference goes to the
 * provider, in case they were authorised after all) and their orders end (4); so do orders left waiting for their
 * payment after a failed attempt (the customer went away: nothing to cancel, but the order and its slot are
 * released). Answers how many attempts and orders it ended.
 */
export async function sweepPayments(payments: Payments, limit = 50): Promise<number> {
  return (await sweepAttempts(payments, limit)) + (await sweepAbandonedOrders(payments, limit));
}

/** Orders waiting for a payment (1) whose current attempt failed or was released ATTEMPT_MINUTES ago and more. */
async function sweepAbandonedOrders(payments: Payments, limit: number): Promise<number> {
  const time = at(payments);
  const before = new Date(time.getTime() - ATTEMPT_MINUTES * 60_000);
  const due = await payments.db
    .selectFrom("orders as o")
    .innerJoin("payments as p", "p.transaction", "o.payment_id")
    .select(["o.id", "p.id as payment"])
    .where("o.status", "=", STATUS_AWAITING_PAYMENT)
    .where("o.payment_method", "=", "card")
    .where("p.state", "in", [...FAILED_STATES, "voided"])
    .where("p.updated_at", "<=", before)
    .limit(limit)
    .execute();
  let ended = 0;
  for (const { id, payment } of due) {
    ended += await payments.db.transaction().execute(async (trx) => {
      const row = await lockAttempt(trx, { id: payment });
      const order = await trx.selectFrom("orders").select(["status", "payment_id"]).where("id", "=", id).executeTakeFirst();
      // Paid, retried or paid at the door meanwhile: left alone.
      if (!row || order?.status !== STATUS_AWAITING_PAYMENT || order.payment_id !== row.transaction || new Date(row.updated_at) > before) return 0;
      if (![...FAILED_STATES, "voided"].includes(stateOf(row))) return 0;
      await transitionIn(trx, { orderId: id, to: STATUS_PAYMENT_EXPIRED, actor: "payments", now: time });
      return 1;
    });
  }
  return ended;
}

async function sweepAttempts(payments: Payments, limit: number): Promise<number> {
  const time = at(payments);
  const due = await payments.db
    .selectFrom("payments")
    .select("id")
    .where("state", "in", [...OPEN_STATES])
    .where("expires_at", "<=", time)
    .orderBy("expires_at")
    .limit(limit)
    .execute();
  let swept = 0;
  for (const { id } of due) {
    swept += await payments.db.transaction().execute(async (trx) => {
      const row = await lockAttempt(trx, { id });
      // Settled meanwhile (a webhook, the shopper's return), or a return being confirmed right now: left alone.
      if (!row || !OPEN_STATES.includes(stateOf(row)) || (row.confirming_until && new Date(row.confirming_until) > time)) return 0;
      await applyEvent(payments, trx, row, { kind: "expire" }, {});
      return 1;
    });
  }
  return swept;
}

export { applyEvent as applyPaymentEvent };
