import { createHash, timingSafeEqual } from "node:crypto";
import adyen from "@adyen/api-library";
import { z } from "zod";
import type { Language } from "../../constants";
import { fitsPostgres } from "../../json";
import { actionCodes, resultCodes, type ActionCode, type ResultCode } from "../state";
import { InvalidPaymentData, ProviderUnavailable, type AttemptRef, type BrowserConfig, type PaymentProvider, type ProviderOutcome, type WebhookEvent, type WebhookReading } from "../provider";
import { adyenCheckout, type AdyenClientSettings } from "./client";

/**
 * Adyen as the storefront's payment provider: the only place that knows Adyen's API (through Adyen's Node library)
 * and its webhooks. Card data never reaches us: the browser's card component (Adyen Web) sends Adyen's encrypted
 * blobs, and without JavaScript the shopper types the card on Adyen's hosted page.
 *
 * Decisions (docs/payments.md):
 * - manual capture (`additionalData.manualCapture`): the money is authorised at checkout and captured when the
 *   order is handed over, so a canceled order is a cancel (nothing leaves the customer's account), not a refund;
 * - 3-D Secure by redirect (Adyen's default), whose result comes back to our return URL by GET or POST;
 * - a webhook is accepted only with the basic auth (when configured) and every item's HMAC signature valid.
 */
const { hmacValidator: HmacValidator } = adyen;

export interface AdyenSettings extends AdyenClientSettings {
  merchantAccount: string;
  clientKey: string;
  hmacKey: string;
  webhookUsername?: string;
  webhookPassword?: string;
  /** The stand-in's checkoutshopper base for the browser (test only); null: Adyen's own. */
  shopperUrl?: string | null;
}

/**
 * The shopper locale sent to Adyen's API (its hosted page, its mails), as spec section 7 lists them: es-MX and en-US;
 * Arabic sends en-US. The card component on our own payment page shows Arabic itself (app/components/payment/adyen-config.ts).
 */
export function adyenLocale(lng: Language): "es-MX" | "en-US" {
  return lng === "es" ? "es-MX" : "en-US";
}

const blob = z.string().min(1).max(20_000);
/** The card component's state.data, of which only these fields are passed on (nothing else the browser sends). */
const componentData = z.object({
  paymentMethod: z
    .object({
      type: z.literal("scheme"),
      encryptedCardNumber: blob,
      encryptedExpiryMonth: blob,
      encryptedExpiryYear: blob,
      encryptedSecurityCode: blob.optional(),
      holderName: z.string().max(100).optional(),
      brand: z.string().max(40).optional(),
      checkoutAttemptId: z.string().max(200).optional(),
    })
    .strip(),
  browserInfo: z
    .object({
      acceptHeader: z.string().max(500),
      colorDepth: z.number().int(),
      language: z.string().max(40),
      javaEnabled: z.boolean(),
      screenHeight: z.number().int(),
      screenWidth: z.number().int(),
      userAgent: z.string().max(500),
      timeZoneOffset: z.number().int(),
    })
    .partial()
    .strip()
    .optional(),
});

/** Adyen's library error's HTTP status, when it has one. */
function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" ? status : undefined;
}

/**
 * A call to Adyen, its failures sorted: a 422 on data the shopper's browser produced (undecryptable blobs, an
 * unsupported card) is the shopper's to retry (InvalidPaymentData); anything else (no answer, a 5xx, a refused key)
 * is ProviderUnavailable. Either way nothing is applied to the attempt.
 */
async function call<T>(operation: string, run: () => Promise<T>, shopperData = false): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (shopperData && statusOf(error) === 422) throw new InvalidPaymentData(`Adyen refused the card data (${operation})`);
    // The library rejects a failed connection with its ApiException, which is not an Error but has a message.
    const message = (error as { message?: unknown } | null)?.message;
    throw new ProviderUnavailable(`Adyen ${operation}: ${typeof message === "string" ? message : String(error)}`);
  }
}

function outcomeOf(response: { resultCode?: string; pspReference?: string; refusalReason?: string; action?: unknown }): ProviderOutcome {
  const code = response.resultCode ?? "Error";
  if ((actionCodes as readonly string[]).includes(code) && response.action) {
    return { code: code as ActionCode, pspReference: response.pspReference, action: JSON.parse(JSON.stringify(response.action)) };
  }
  if ((resultCodes as readonly string[]).includes(code)) {
    return { code: code as ResultCode, pspReference: response.pspReference, refusalReason: response.refusalReason };
  }
  // A result code this storefront does not handle (a method it does not offer): an error of the attempt.
  return { code: "Error", pspReference: response.pspReference, refusalReason: `unexpected result ${code}` };
}

const notificationItem = z.object({
  pspReference: z.string().min(1).max(64),
  originalReference: z.string().max(64).optional(),
  merchantAccountCode: z.string().max(80),
  merchantReference: z.string().max(80).optional(),
  amount: z.object({ value: z.number().int(), currency: z.string().max(3) }),
  eventCode: z.string().min(1).max(60),
  success: z.enum(["true", "false"]),
  reason: z.string().max(1_000).optional(),
  additionalData: z.record(z.string()).optional(),
}).passthrough();
const notification = z.object({
  live: z.string().optional(),
  notificationItems: z.array(z.object({ NotificationRequestItem: notificationItem })).min(1).max(100),
});

/** A constant-time comparison of two strings (the webhook's credentials). */
function sameText(a: string, b: string): boolean {
  const left = createHash("sha256").update(a).digest();
  const right = createHash("sha256").update(b).digest();
  return timingSafeEqual(left, right);
}

/** An idempotency key of the attempt and what it does: one call per attempt and operation. */
const key = (attempt: AttemptRef, operation: string) => `${attempt.transaction}:${operation}`;

export function adyenProvider(settings: AdyenSettings): PaymentProvider {
  const checkout = adyenCheckout(settings);
  const validator = new HmacValidator();
  const merchantAccount = settings.merchantAccount;
  const amountOf = (attempt: AttemptRef) => ({ value: attempt.amountCents, currency: attempt.currency });
  const modification = (attempt: AttemptRef) => ({ merchantAccount, reference: attempt.merchantReference });

  return {
    id: "adyen",

    async browserConfig({ amountCents, currency, locale }): Promise<BrowserConfig> {
      const shopperLocale = adyenLocale(locale);
      const methods = await call("paymentMethods", () => checkout.PaymentsApi.paymentMethods({
        merchantAccount,
        amount: { value: amountCents, currency },
        countryCode: "MX",
        shopperLocale,
        channel: "Web" as never,
        allowedPaymentMethods: ["scheme"],
      }));
      return {
        provider: "adyen",
        clientKey: settings.clientKey,
        environment: settings.environment,
        shopperUrl: settings.shopperUrl ?? null,
        locale: shopperLocale,
        countryCode: "MX",
        amount: { value: amountCents, currency },
        paymentMethodsResponse: JSON.parse(JSON.stringify(methods)),
      };
    },

    async pay(attempt, { data, returnUrl, origin, locale, shopperIp }) {
      const parsed = componentData.safeParse(data);
      if (!parsed.success) throw new InvalidPaymentData();
      const response = await call("payments", () => checkout.PaymentsApi.payments(
        {
          merchantAccount,
          amount: amountOf(attempt),
          reference: attempt.merchantReference,
          paymentMethod: parsed.data.paymentMethod as never,
          browserInfo: parsed.data.browserInfo as never,
          returnUrl,
          origin,
          channel: "Web" as never,
          countryCode: "MX",
          shopperLocale: adyenLocale(locale),
          shopperIP: shopperIp,
          additionalData: { manualCapture: "true" },
        },
        { idempotencyKey: key(attempt, "payments") },
      ), true);
      return outcomeOf(response);
    },

    async details(attempt, details) {
      // One key per returned value: the same redirect result confirmed twice is one call at Adyen.
      const digest = createHash("sha256").update(JSON.stringify(details)).digest("base64url").slice(0, 22);
      const response = await call("payments/details", () => checkout.PaymentsApi.paymentsDetails({ details }, { idempotencyKey: key(attempt, `details:${digest}`) }), true);
      return outcomeOf(response);
    },

    async hostedPage(attempt, { returnUrl, locale }) {
      const session = await call("sessions", () => checkout.PaymentsApi.sessions(
        {
          merchantAccount,
          mode: "hosted" as never,
          amount: amountOf(attempt),
          reference: attempt.merchantReference,
          returnUrl,
          countryCode: "MX",
          shopperLocale: adyenLocale(locale),
          // No expiresAt: Adyen's own (an hour). Our attempt ends after ATTEMPT_MINUTES by our clock (which a demo may
          // pin), and a payment made on the page after that is returned (server/payments/state.ts).
          allowedPaymentMethods: ["scheme"],
          channel: "Web" as never,
          additionalData: { manualCapture: "true" },
        },
        { idempotencyKey: key(attempt, "session") },
      ));
      if (!session.id || !session.url) throw new ProviderUnavailable("Adyen answered a session without an id or a url");
      return { sessionId: session.id, url: session.url };
    },

    async hostedResult(attempt, { sessionId, sessionResult }) {
      const result = await call("sessions result", () => checkout.PaymentsApi.getResultOfPaymentSession(sessionId, sessionResult), true);
      // Another attempt's session (a result carried to the wrong return URL) says nothing about this one.
      if (result.reference && result.reference !== attempt.merchantReference) return undefined;
      const payment = result.payments?.find((p) => p.resultCode) ?? result.payments?.[0];
      switch (result.status) {
        case "completed":
          return outcomeOf({ resultCode: payment?.resultCode ?? "Authorised", pspReference: payment?.pspReference });
        case "paymentPending":
          return { code: "Pending", pspReference: payment?.pspReference };
        case "refused":
          return { code: "Refused", pspReference: payment?.pspReference };
        case "canceled":
        case "expired":
          return { code: "Cancelled", pspReference: payment?.pspReference };
        default:
          return undefined; // active: the shopper has not finished
      }
    },

    async capture(attempt) {
      if (!attempt.pspReference) throw new Error("capture needs the payment's PSP reference");
      const psp = attempt.pspReference;
      await call("capture", () =>
        checkout.ModificationsApi.captureAuthorisedPayment(psp, { ...modification(attempt), amount: amountOf(attempt) }, { idempotencyKey: key(attempt, "capture") }),
      );
    },

    async refund(attempt) {
      if (!attempt.pspReference) return this.cancelByReference(attempt);
      const psp = attempt.pspReference;
      await call("reversal", () => checkout.ModificationsApi.refundOrCancelPayment(psp, modification(attempt), { idempotencyKey: key(attempt, "refund") }));
    },

    async cancelByReference(attempt) {
      await call("cancel", () =>
        checkout.ModificationsApi.cancelAuthorisedPayment(
          { merchantAccount, paymentReference: attempt.merchantReference, reference: `${attempt.merchantReference}-cancel` },
          { idempotencyKey: key(attempt, "cancel") },
        ),
      );
    },

    readWebhook({ body, authorization }): WebhookReading {
      if (settings.webhookUsername && settings.webhookPassword) {
        const expected = `Basic ${Buffer.from(`${settings.webhookUsername}:${settings.webhookPassword}`).toString("base64")}`;
        if (!authorization || !sameText(authorization, expected)) return { ok: false, status: 401, reason: "credentials" };
      }
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return { ok: false, status: 400, reason: "json" };
      }
      // A NUL character or a lone surrogate fits no Postgres text or jsonb value: no notification carries one.
      if (!fitsPostgres(json)) return { ok: false, status: 400, reason: "shape" };
      const parsed = notification.safeParse(json);
      if (!parsed.success) return { ok: false, status: 400, reason: "shape" };
      const events: WebhookEvent[] = [];
      for (const { NotificationRequestItem: item } of parsed.data.notificationItems) {
        let valid = false;
        try {
          valid = validator.validateHMAC(item as never, settings.hmacKey);
        } catch {
          valid = false; // no signature at all
        }
        if (!valid) return { ok: false, status: 401, reason: "hmac" };
        // Another merchant account of the company (a company-level webhook): signed, so acknowledged, but not ours.
        if (item.merchantAccountCode !== merchantAccount) continue;
        events.push({
          pspReference: item.pspReference,
          originalReference: item.originalReference || null,
          merchantReference: item.merchantReference || null,
          code: item.eventCode,
          success: item.success === "true",
          amountCents: item.amount.value,
          reason: item.reason || null,
          payload: item,
        });
      }
      return { ok: true, events, acknowledgement: "[accepted]" };
    },
  };
}

