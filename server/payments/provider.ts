import type { Language } from "../constants";
import type { ActionCode, ResultCode } from "./state";

/**
 * What the storefront asks of an online payment provider. Orders and attempts (server/payments/attempts.ts) know
 * only this interface; Adyen (server/payments/adyen/provider.ts) is its one implementation, and another provider is
 * another implementation of it, without touching orders.
 *
 * Every call takes the attempt it is about; a call that must not happen twice carries an idempotency key derived
 * from the attempt, so a retried call (a timeout, two processes) is answered with the first call's answer.
 * A call that fails (no answer, a 5xx) throws: the caller keeps the attempt as it was and tries again later.
 */
export interface AttemptRef {
  /** Our public id of the attempt. */
  transaction: string;
  /** What the provider knows the attempt by (unique per attempt). */
  merchantReference: string;
  amountCents: number;
  currency: string;
  /** The provider's reference, once it gave one. */
  pspReference: string | null;
}

/** The provider's word on an attempt: a result code (spec section 3), or an action the shopper must take. */
export type ProviderOutcome =
  | { code: ResultCode; pspReference?: string; refusalReason?: string }
  | {
      code: ActionCode;
      pspReference?: string;
      /** The action as the browser component takes it (Adyen Web's handleAction). */
      action: Record<string, unknown>;
    };

/** What the browser's card component needs to show the payment form. */
export interface BrowserConfig {
  provider: string;
  clientKey: string;
  environment: "test" | "live";
  /** Where the browser loads the provider's secured fields from when it is not the provider's own host (the stand-in). */
  shopperUrl: string | null;
  locale: string;
  countryCode: string;
  amount: { value: number; currency: string };
  paymentMethodsResponse: unknown;
}

/** A webhook event the provider sent, verified. */
export interface WebhookEvent {
  pspReference: string;
  /** The payment a modification's event is about (its pspReference is the modification's own). */
  originalReference: string | null;
  merchantReference: string | null;
  code: string;
  success: boolean;
  amountCents: number | null;
  reason: string | null;
  payload: unknown;
}

export type WebhookReading =
  | { ok: true; events: WebhookEvent[]; acknowledgement: string }
  | { ok: false; status: 400 | 401; reason: string };

export interface PaymentProvider {
  readonly id: string;
  /** The methods and settings the browser component shows for this amount and language. */
  browserConfig(input: { amountCents: number; currency: string; locale: Language }): Promise<BrowserConfig>;
  /** Pays with what the browser component produced (its state.data: opaque card blobs, browser info). */
  pay(attempt: AttemptRef, input: { data: Record<string, unknown>; returnUrl: string; origin: string; locale: Language; shopperIp?: string }): Promise<ProviderOutcome>;
  /** Completes an attempt with what the shopper brought back: a redirect result, or the component's details. */
  details(attempt: AttemptRef, details: Record<string, string>): Promise<ProviderOutcome>;
  /** Opens the provider's hosted payment page for the attempt (the path without JavaScript). */
  hostedPage(attempt: AttemptRef, input: { returnUrl: string; locale: Language }): Promise<{ sessionId: string; url: string }>;
  /** The hosted page's result, from what the shopper's browser brought back; undefined while the shopper is still there. */
  hostedResult(attempt: AttemptRef, input: { sessionId: string; sessionResult: string }): Promise<ProviderOutcome | undefined>;
  /** Takes the authorised money (the order was handed over). */
  capture(attempt: AttemptRef): Promise<void>;
  /** Gives the money back: cancels an uncaptured authorisation, refunds a captured one. */
  refund(attempt: AttemptRef): Promise<void>;
  /** Cancels whatever the attempt may have become, by our own reference (its outcome never came back). */
  cancelByReference(attempt: AttemptRef): Promise<void>;
  /** Reads and verifies a webhook request: its authentication and every event's signature. */
  readWebhook(request: { body: string; authorization: string | null }): WebhookReading;
}

/** What the browser sent cannot pay (not a card's data, data the provider cannot read): a 400 for the shopper to retry. */
export class InvalidPaymentData extends Error {
  constructor(message = "invalid payment data") {
    super(message);
    this.name = "InvalidPaymentData";
  }
}

/**
 * The provider could not be reached or answered with an error of its own (a timeout, a 5xx, a refused key): nothing
 * is known to have happened, the attempt stays as it was, and the shopper is told to try again in a moment.
 */
export class ProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderUnavailable";
  }
}
