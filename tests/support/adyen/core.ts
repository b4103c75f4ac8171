import { randomBytes, randomInt } from "node:crypto";
import {
  authorisedOutcome,
  type Brand,
  type CardInput,
  decideCard,
  type FailingModification,
  failingModification,
  type FinalResultCode,
  NOT_AUTHENTICATED,
  type Outcome,
} from "./cards";
import { eventDate, type WebhookSender } from "./webhooks";

/**
 * The stand-in's books: payments, 3-D Secure challenges, redirect results, sessions and modifications, and the
 * webhooks each of them produces. The API (api.ts), the shopper pages (hosted.ts) and the test controls (index.ts)
 * all act through this one object, so a payment made on the hosted page and one made through /payments follow the
 * same rules. No card number, expiry or CVC is kept: a payment remembers its brand and last four digits only.
 */

export interface Amount {
  value: number;
  currency: string;
}

export type PaymentResultCode = FinalResultCode | "RedirectShopper";

export type ModificationKind = "capture" | "cancel" | "refund" | "reversal" | "technical-cancel";

export interface StandInModification {
  pspReference: string;
  kind: ModificationKind;
  reference?: string;
  amount: Amount;
  success: boolean;
  reason: string;
}

export type ChallengeChoice = "authorise" | "refuse" | "cancel";

export interface StandInPayment {
  readonly pspReference: string;
  readonly merchantReference: string;
  readonly merchantAccount: string;
  readonly amount: Amount;
  readonly brand: Brand | "unknown";
  /** The card's last four digits. */
  readonly cardSummary: string;
  /** "3/2030", as Adyen writes it in additionalData.expiryDate. */
  readonly expiryDate: string;
  readonly shopperLocale: string;
  readonly returnUrl: string;
  readonly manualCapture: boolean;
  readonly sessionId?: string;
  readonly createdAt: Date;
  /** The result code the API gave or will give (RedirectShopper until the challenge is done). */
  resultCode: PaymentResultCode;
  refusalReason?: string;
  refusalReasonCode?: string;
  /** Authorised (or Received/Pending, which the stand-in then authorises): funds held. */
  authorised: boolean;
  capturedValue: number;
  refundedValue: number;
  cancelled: boolean;
  readonly modifications: StandInModification[];
  /** For a 3-D Secure card: the challenge and how it ended. */
  challenge?: { token: string; choice?: ChallengeChoice; redirectResult?: string };
  readonly failing?: FailingModification;
  /** Kept only for the holder-name triggers that apply after the challenge. */
  readonly holderName?: string;
  readonly acquirerResponseCode?: string;
}

export type SessionStatus = "active" | "canceled" | "completed" | "expired" | "paymentPending" | "refused";

export interface StandInSession {
  readonly id: string;
  readonly sessionData: string;
  readonly merchantAccount: string;
  readonly amount: Amount;
  readonly reference: string;
  readonly returnUrl: string;
  readonly shopperLocale: string;
  readonly countryCode?: string;
  readonly expiresAt: Date;
  readonly mode: "embedded" | "hosted";
  readonly manualCapture: boolean;
  /** The /sessions request as sent, echoed in its response. */
  readonly request: Record<string, unknown>;
  status: SessionStatus;
  /** pspReferences of the payments attempted in this session, in order. */
  readonly payments: string[];
  refusedAttempts: number;
}

/** Refused attempts after which Hosted Checkout gives up on a session (status "refused"). */
export const MAX_SESSION_ATTEMPTS = 3;

export interface AuthoriseInput {
  merchantAccount: string;
  amount: Amount;
  reference: string;
  returnUrl: string;
  shopperLocale?: string;
  card: CardInput;
  additionalData?: Record<string, unknown>;
  sessionId?: string;
}

export type AuthoriseResult = { kind: "invalid"; errorCode: string; message: string } | { kind: "payment"; payment: StandInPayment };

export interface ApiFailure {
  status: number;
  errorCode: string;
  message: string;
  errorType: string;
  transient?: boolean;
}

const PSP_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** A short opaque token that cannot be guessed (redirect results, session results, challenge paths). */
export function opaque(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export class StandInCore {
  readonly payments = new Map<string, StandInPayment>();
  readonly sessions = new Map<string, StandInSession>();
  private readonly usedPsp = new Set<string>();
  private readonly challenges = new Map<string, string>();
  private readonly redirectResults = new Map<string, { psp: string; answered: boolean }>();
  private readonly sessionResults = new Map<string, string>();

  constructor(
    readonly shopperUrl: string,
    readonly webhooks: WebhookSender,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A fresh 16-character pspReference, unique for the stand-in's life. */
  pspReference(): string {
    for (;;) {
      let psp = "";
      for (let i = 0; i < 16; i++) psp += PSP_ALPHABET[randomInt(PSP_ALPHABET.length)];
      if (!this.usedPsp.has(psp)) {
        this.usedPsp.add(psp);
        return psp;
      }
    }
  }

  // ---- payments ------------------------------------------------------------------------------------------------

  authorise(input: AuthoriseInput): AuthoriseResult {
    const acquirerResponseCode = stringOf(input.additionalData?.RequestedTestAcquirerResponseCode);
    const decision = decideCard(input.card, this.now(), acquirerResponseCode);
    if (decision.kind === "invalid") return { kind: "invalid", errorCode: decision.errorCode, message: decision.message };
    const digits = input.card.number.replace(/[\s-]+/g, "");
    const payment: StandInPayment = {
      pspReference: this.pspReference(),
      merchantReference: input.reference,
      merchantAccount: input.merchantAccount,
      amount: { value: input.amount.value, currency: input.amount.currency },
      brand: decision.brand,
      cardSummary: digits.slice(-4),
      expiryDate: `${Number(input.card.expiryMonth)}/${input.card.expiryYear.length === 2 ? `20${input.card.expiryYear}` : input.card.expiryYear}`,
      shopperLocale: input.shopperLocale ?? "en-US",
      returnUrl: input.returnUrl,
      manualCapture: stringOf(input.additionalData?.manualCapture) === "true",
      sessionId: input.sessionId,
      createdAt: this.now(),
      resultCode: "RedirectShopper",
      authorised: false,
      capturedValue: 0,
      refundedValue: 0,
      cancelled: false,
      modifications: [],
      failing: failingModification(input.card.holderName),
      holderName: input.card.holderName,
      acquirerResponseCode,
    };
    this.payments.set(payment.pspReference, payment);
    if (decision.kind === "challenge") {
      const token = opaque();
      payment.challenge = { token };
      this.challenges.set(token, payment.pspReference);
    } else {
      this.finalise(payment, decision.outcome);
    }
    return { kind: "payment", payment };
  }

  /** The /payments response for a payment (also the hosted flow's record of it). */
  paymentResponse(payment: StandInPayment): Record<string, unknown> {
    if (payment.resultCode === "RedirectShopper" && payment.challenge) {
      return {
        pspReference: payment.pspReference,
        resultCode: "RedirectShopper",
        merchantReference: payment.merchantReference,
        amount: payment.amount,
        action: {
          paymentMethodType: "scheme",
          url: this.challengeUrl(payment),
          method: "GET",
          type: "redirect",
        },
      };
    }
    return this.resultBody(payment);
  }

  challengeUrl(payment: StandInPayment): string {
    return `${this.shopperUrl}threeDS/${payment.challenge!.token}`;
  }

  paymentByChallenge(token: string): StandInPayment | undefined {
    const psp = this.challenges.get(token);
    return psp ? this.payments.get(psp) : undefined;
  }

  /** A payment by pspReference or, failing that, the latest one with that merchant reference. */
  findPayment(reference: string): StandInPayment | undefined {
    const byPsp = this.payments.get(reference);
    if (byPsp) return byPsp;
    return [...this.payments.values()].filter((p) => p.merchantReference === reference).at(-1);
  }

  /**
   * Ends a 3-D Secure challenge: the authorisation is decided (and its webhook queued) now, the result is revealed
   * only through /payments/details. Answers the redirectResult the browser carries back; a second call answers the
   * same one.
   */
  completeChallenge(payment: StandInPayment, choice: ChallengeChoice): string {
    const challenge = payment.challenge;
    if (!challenge) throw new Error(`payment ${payment.pspReference} has no 3-D Secure challenge`);
    if (challenge.redirectResult) return challenge.redirectResult;
    challenge.choice = choice;
    const outcome = choice === "authorise" ? authorisedOutcome(payment.holderName, payment.acquirerResponseCode) : NOT_AUTHENTICATED;
    this.finalise(payment, outcome);
    challenge.redirectResult = opaque(48);
    this.redirectResults.set(challenge.redirectResult, { psp: payment.pspReference, answered: false });
    return challenge.redirectResult;
  }

  /**
   * /payments/details for a redirectResult. A second submission of the same redirectResult (without the first's
   * Idempotency-Key) is refused as Adyen does: 422, errorCode 704 "request already processed or in progress".
   */
  details(redirectResult: string): { ok: Record<string, unknown> } | { failure: ApiFailure } {
    const entry = this.redirectResults.get(redirectResult);
    if (!entry) return { failure: { status: 422, errorCode: "000", message: "Invalid redirectResult", errorType: "validation" } };
    if (entry.answered) {
      return { failure: { status: 422, errorCode: "704", message: "request already processed or in progress", errorType: "validation" } };
    }
    entry.answered = true;
    const payment = this.payments.get(entry.psp)!;
    return { ok: { ...this.resultBody(payment), shopperLocale: payment.shopperLocale } };
  }

  private resultBody(payment: StandInPayment): Record<string, unknown> {
    const body: Record<string, unknown> = {
      pspReference: payment.pspReference,
      resultCode: payment.resultCode,
      merchantReference: payment.merchantReference,
      amount: payment.amount,
    };
    if (payment.refusalReason) {
      body.refusalReason = payment.refusalReason;
      body.refusalReasonCode = payment.refusalReasonCode;
    }
    if (payment.brand !== "unknown") body.paymentMethod = { type: "scheme", brand: payment.brand };
    body.additionalData = {
      cardSummary: payment.cardSummary,
      expiryDate: payment.expiryDate,
      paymentMethod: payment.brand,
      merchantReference: payment.merchantReference,
      ...(payment.resultCode === "Authorised" ? { authCode: authCode(payment), refusalReasonRaw: "AUTHORISED" } : {}),
    };
    return body;
  }

  private finalise(payment: StandInPayment, outcome: Outcome): void {
    payment.resultCode = outcome.resultCode;
    payment.refusalReason = outcome.refusalReason;
    payment.refusalReasonCode = outcome.refusalReasonCode;
    const success = outcome.resultCode === "Authorised" || outcome.resultCode === "Received" || outcome.resultCode === "Pending";
    payment.authorised = success;
    if (success && !payment.manualCapture) payment.capturedValue = payment.amount.value;
    const additionalData: Record<string, string> = {
      cardSummary: payment.cardSummary,
      expiryDate: payment.expiryDate,
      paymentMethodVariant: payment.brand,
    };
    if (success) additionalData.authCode = authCode(payment);
    if (payment.sessionId) additionalData.checkoutSessionId = payment.sessionId;
    this.webhooks.emit({
      additionalData,
      amount: payment.amount,
      eventCode: "AUTHORISATION",
      eventDate: eventDate(this.now()),
      merchantAccountCode: payment.merchantAccount,
      merchantReference: payment.merchantReference,
      paymentMethod: payment.brand,
      pspReference: payment.pspReference,
      reason: success ? `${authCode(payment)}:${payment.cardSummary}:${payment.expiryDate}` : (outcome.refusalReason ?? ""),
      success: success ? "true" : "false",
      ...(success ? { operations: ["CANCEL", "CAPTURE", "REFUND"] } : {}),
    });
  }

  // ---- modifications -------------------------------------------------------------------------------------------

  /**
   * A capture, cancel, refund or reversal of a payment: always "received" (201), its outcome in the webhook that
   * follows, as with Adyen. Unknown pspReference: Adyen's 422 errorCode 167.
   */
  modify(
    kind: "capture" | "cancel" | "refund" | "reversal",
    paymentPsp: string,
    merchantAccount: string,
    request: { amount?: Amount; reference?: string },
  ): { ok: Record<string, unknown> } | { failure: ApiFailure } {
    const payment = this.payments.get(paymentPsp);
    if (!payment || payment.merchantAccount !== merchantAccount) {
      return { failure: { status: 422, errorCode: "167", message: "Original pspReference required for this operation", errorType: "validation" } };
    }
    const amount = kind === "capture" || kind === "refund" ? request.amount! : payment.amount;
    const psp = this.pspReference();
    const sameCurrency = amount.currency === payment.amount.currency;
    let success = false;
    let reason = "";
    let action: "cancel" | "refund" | undefined;
    const open = payment.authorised && !payment.cancelled;
    if (kind === "capture") {
      if (!sameCurrency) reason = "Modification in different currency than authorisation";
      else if (!open || payment.capturedValue + amount.value > payment.amount.value) reason = "Insufficient balance on payment";
      else success = true;
      if (success) payment.capturedValue += amount.value;
    } else if (kind === "refund") {
      if (!sameCurrency) reason = "Modification in different currency than authorisation";
      else if (payment.capturedValue === 0) reason = "Transaction hasn't been captured, refund not possible";
      else if (payment.refundedValue + amount.value > payment.capturedValue) reason = "Insufficient balance on payment";
      else success = true;
      if (success) payment.refundedValue += amount.value;
    } else if (kind === "cancel") {
      if (!open) reason = "Transaction is not authorised or already cancelled";
      else if (payment.capturedValue > 0) reason = "Transaction has already been captured, cancel not possible";
      else success = true;
      if (success) payment.cancelled = true;
    } else {
      const refundable = payment.capturedValue - payment.refundedValue;
      if (!open) reason = "Transaction is not authorised or already cancelled";
      else if (payment.capturedValue === 0) {
        success = true;
        action = "cancel";
        payment.cancelled = true;
      } else if (refundable > 0) {
        success = true;
        action = "refund";
        payment.refundedValue += refundable;
      } else reason = "Insufficient balance on payment";
    }
    const modification: StandInModification = { pspReference: psp, kind, reference: request.reference, amount, success, reason };
    payment.modifications.push(modification);
    const eventCode = { capture: "CAPTURE", cancel: "CANCELLATION", refund: "REFUND", reversal: "CANCEL_OR_REFUND" }[kind];
    this.emitModification(payment, modification, eventCode, action ? { "modification.action": action } : {});
    if (success && payment.failing === kind) {
      // Adyen's "capture failed" / "refund failed" test holders: the scheme rejects it after it succeeded.
      if (kind === "capture") payment.capturedValue -= amount.value;
      else payment.refundedValue -= amount.value;
      this.emitModification(payment, { ...modification, reason: kind === "capture" ? "Capture Failed" : "Refund Failed" }, kind === "capture" ? "CAPTURE_FAILED" : "REFUND_FAILED", {});
    }
    const body: Record<string, unknown> = {
      merchantAccount,
      paymentPspReference: payment.pspReference,
      pspReference: psp,
      ...(request.reference !== undefined ? { reference: request.reference } : {}),
      status: "received",
    };
    if (kind === "capture" || kind === "refund") body.amount = amount;
    return { ok: body };
  }

  /**
   * Adyen's cancel by your own reference (POST /cancels), for a payment whose pspReference you never got: the
   * latest payment with that merchant reference is cancelled if it is authorised and not captured; its outcome comes
   * as a TECHNICAL_CANCEL webhook.
   */
  technicalCancel(merchantAccount: string, paymentReference: string, reference?: string): Record<string, unknown> {
    const candidates = [...this.payments.values()].filter((p) => p.merchantReference === paymentReference && p.merchantAccount === merchantAccount);
    const payment = candidates.filter((p) => p.authorised && !p.cancelled).at(-1) ?? candidates.at(-1);
    const psp = this.pspReference();
    let success = false;
    let reason = "";
    if (!payment) reason = "Original payment not found";
    else if (!payment.authorised || payment.cancelled) reason = "Transaction is not authorised or already cancelled";
    else if (payment.capturedValue > 0) reason = "Transaction has already been captured, cancel not possible";
    else {
      success = true;
      payment.cancelled = true;
    }
    const amount = payment?.amount ?? { value: 0, currency: "EUR" };
    const modification: StandInModification = { pspReference: psp, kind: "technical-cancel", reference, amount, success, reason };
    payment?.modifications.push(modification);
    this.webhooks.emit({
      additionalData: payment ? { paymentMethodVariant: payment.brand } : {},
      amount,
      eventCode: "TECHNICAL_CANCEL",
      eventDate: eventDate(this.now()),
      merchantAccountCode: merchantAccount,
      merchantReference: paymentReference,
      ...(payment ? { originalReference: payment.pspReference, paymentMethod: payment.brand } : {}),
      pspReference: psp,
      reason,
      success: success ? "true" : "false",
    });
    return { merchantAccount, paymentReference, pspReference: psp, ...(reference !== undefined ? { reference } : {}), status: "received" };
  }

  private emitModification(payment: StandInPayment, modification: StandInModification, eventCode: string, additionalData: Record<string, string>): void {
    this.webhooks.emit({
      additionalData: { ...additionalData, paymentMethodVariant: payment.brand },
      amount: modification.amount,
      eventCode,
      eventDate: eventDate(this.now()),
      merchantAccountCode: payment.merchantAccount,
      merchantReference: payment.merchantReference,
      originalReference: payment.pspReference,
      paymentMethod: payment.brand,
      pspReference: modification.pspReference,
      reason: modification.reason,
      success: modification.success ? "true" : "false",
    });
  }

  // ---- sessions (Hosted Checkout) ------------------------------------------------------------------------------

  createSession(request: Record<string, unknown>, fields: Omit<StandInSession, "id" | "sessionData" | "status" | "payments" | "refusedAttempts">): StandInSession {
    let id = `CS${randomBytes(8).toString("hex").toUpperCase()}`;
    while (this.sessions.has(id)) id = `CS${randomBytes(8).toString("hex").toUpperCase()}`;
    const session: StandInSession = {
      ...fields,
      request,
      id,
      sessionData: `Ab02b4c0!${randomBytes(48).toString("base64")}`,
      status: "active",
      payments: [],
      refusedAttempts: 0,
    };
    this.sessions.set(id, session);
    return session;
  }

  hostedUrl(session: StandInSession): string {
    return `${this.shopperUrl}hosted/${session.id}`;
  }

  /** The session's status now ("active" becomes "expired" once expiresAt has passed). */
  sessionStatus(session: StandInSession): SessionStatus {
    if (session.status === "active" && this.now().getTime() > session.expiresAt.getTime()) session.status = "expired";
    return session.status;
  }

  /**
   * What a payment attempt does to its session once its result is known: authorised ends it (completed), received or
   * pending too (paymentPending); a refusal leaves it active for another try, until MAX_SESSION_ATTEMPTS (refused).
   */
  settleSessionPayment(session: StandInSession, payment: StandInPayment): void {
    if (payment.resultCode === "Authorised") session.status = "completed";
    else if (payment.resultCode === "Received" || payment.resultCode === "Pending") session.status = "paymentPending";
    else if (payment.resultCode === "Refused" || payment.resultCode === "Error") {
      session.refusedAttempts += 1;
      if (session.refusedAttempts >= MAX_SESSION_ATTEMPTS) session.status = "refused";
    }
  }

  /** A fresh sessionResult for the session's return to its returnUrl. */
  issueSessionResult(session: StandInSession): string {
    const result = opaque(48);
    this.sessionResults.set(result, session.id);
    return result;
  }

  /** GET /sessions/{id}?sessionResult=…: Adyen's SessionResultResponse, or why not. */
  sessionResult(id: string, sessionResult: string | null): { ok: Record<string, unknown> } | { failure: ApiFailure } {
    const session = this.sessions.get(id);
    if (!session) return { failure: { status: 404, errorCode: "000", message: "Session not found", errorType: "validation" } };
    if (!sessionResult) return { failure: { status: 422, errorCode: "000", message: "Required field 'sessionResult' is not provided.", errorType: "validation" } };
    if (this.sessionResults.get(sessionResult) !== id) {
      return { failure: { status: 422, errorCode: "000", message: "Invalid sessionResult", errorType: "validation" } };
    }
    const payments = session.payments
      .map((psp) => this.payments.get(psp)!)
      .filter((p) => p.resultCode === "Authorised" || p.resultCode === "Received" || p.resultCode === "Pending")
      .map((p) => ({ pspReference: p.pspReference, resultCode: p.resultCode, amount: p.amount, paymentMethod: { type: "scheme", brand: p.brand } }));
    return {
      ok: {
        id: session.id,
        status: this.sessionStatus(session),
        reference: session.reference,
        ...(payments.length > 0 ? { payments } : {}),
      },
    };
  }
}

function stringOf(value: unknown): string | undefined {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
}

/** A six-digit authorisation code, stable for the payment. */
function authCode(payment: StandInPayment): string {
  let hash = 0;
  for (const ch of payment.pspReference) hash = (hash * 31 + ch.charCodeAt(0)) % 1_000_000;
  return String(hash).padStart(6, "0");
}
