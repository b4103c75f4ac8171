// The local Adyen stand-in (tests/support/adyen) for the benchmarks, started in the bench's own process as the e2e
// server starts it (tests/support/e2e-server.mjs): the app under test pays cards through Adyen's library against it
// (card online is offered only with a provider), and its webhooks go back to the app's /api/adyen/webhooks.
import { type AdyenStandIn, startAdyenStandIn } from "../../tests/support/adyen";

/** The bench's Adyen credentials (fixed: nothing real behind them, the stand-in is local). */
export const BENCH_ADYEN = {
  ADYEN_API_KEY: "bench-adyen-api-key",
  ADYEN_CLIENT_KEY: "test_BENCHCLIENTKEY0001",
  ADYEN_MERCHANT_ACCOUNT: "PizzaBenchMX",
  ADYEN_HMAC_KEY: "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056",
  ADYEN_WEBHOOK_USERNAME: "bench-adyen",
  ADYEN_WEBHOOK_PASSWORD: "bench-adyen-webhook-password",
} as const;

export interface BenchStandIn {
  standIn: AdyenStandIn;
  /** What the app's environment needs to pay through it (the e2e server's settings). */
  env: Record<string, string>;
}

/** Starts the stand-in with its webhooks going to the app that will listen on `appPort` of 127.0.0.1. */
export async function startBenchStandIn(appPort: number): Promise<BenchStandIn> {
  const standIn = await startAdyenStandIn({
    apiKey: BENCH_ADYEN.ADYEN_API_KEY,
    clientKey: BENCH_ADYEN.ADYEN_CLIENT_KEY,
    merchantAccount: BENCH_ADYEN.ADYEN_MERCHANT_ACCOUNT,
    hmacKey: BENCH_ADYEN.ADYEN_HMAC_KEY,
    webhookUrl: `http://127.0.0.1:${appPort}/api/adyen/webhooks`,
    webhookUsername: BENCH_ADYEN.ADYEN_WEBHOOK_USERNAME,
    webhookPassword: BENCH_ADYEN.ADYEN_WEBHOOK_PASSWORD,
  });
  return {
    standIn,
    env: {
      ...BENCH_ADYEN,
      ADYEN_ENVIRONMENT: "test",
      ADYEN_ENDPOINT: standIn.apiUrl,
      ADYEN_ENDPOINT_CA: standIn.caCertPath,
      ADYEN_SHOPPER_URL: standIn.shopperUrl,
    },
  };
}

/** Adyen's test cards the bench pays with (tests/support/adyen/cards.ts). */
export const BENCH_CARDS = {
  /** Visa, authorised without 3-D Secure. */
  visa: "4111111145551142",
  /** Visa with a 3-D Secure challenge (password "password"). */
  visa3ds: "4917610000000000",
} as const;

/**
 * The card component's state.data for a test card, with Adyen's test-only `test_<value>` blobs (expiry 03/2030,
 * CVC 737), as tests/support/payments.ts `cardData` makes it.
 */
export function cardData(number: string): Record<string, unknown> {
  const blobs = { encryptedCardNumber: number, encryptedExpiryMonth: "03", encryptedExpiryYear: "2030", encryptedSecurityCode: "737" };
  return {
    paymentMethod: { type: "scheme", ...Object.fromEntries(Object.entries(blobs).map(([field, value]) => [field, `test_${value}`])) },
    browserInfo: {
      acceptHeader: "text/html",
      colorDepth: 24,
      language: "es-MX",
      javaEnabled: false,
      screenHeight: 900,
      screenWidth: 1440,
      userAgent: "pizza-bench",
      timeZoneOffset: 360,
    },
  };
}
