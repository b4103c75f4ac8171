import { env, type Env } from "../config";
import { processInbox } from "./inbox";
import { sweepPayments, type Payments } from "./attempts";
import { adyenProvider } from "./adyen/provider";
import type { PaymentProvider } from "./provider";
import { runPaymentTasks } from "./tasks";

/**
 * The configured online payment provider, or null when there is none (the checkout then offers only the methods
 * paid at the door). Adyen is the one implementation; its settings come from the environment (server/config.ts).
 */
export function providerFromEnv(settings: Env = env()): PaymentProvider | null {
  if (!settings.ADYEN_API_KEY || !settings.ADYEN_MERCHANT_ACCOUNT || !settings.ADYEN_CLIENT_KEY || !settings.ADYEN_HMAC_KEY) return null;
  return adyenProvider({
    apiKey: settings.ADYEN_API_KEY,
    merchantAccount: settings.ADYEN_MERCHANT_ACCOUNT,
    clientKey: settings.ADYEN_CLIENT_KEY,
    hmacKey: settings.ADYEN_HMAC_KEY,
    environment: settings.ADYEN_ENVIRONMENT,
    liveUrlPrefix: settings.ADYEN_LIVE_URL_PREFIX,
    endpoint: settings.ADYEN_ENDPOINT,
    endpointCaFile: settings.ADYEN_ENDPOINT_CA,
    shopperUrl: settings.ADYEN_SHOPPER_URL ?? null,
    webhookUsername: settings.ADYEN_WEBHOOK_USERNAME,
    webhookPassword: settings.ADYEN_WEBHOOK_PASSWORD,
  });
}

let cached: { provider: PaymentProvider | null } | undefined;

/** The process's provider (made once). */
export function paymentProvider(): PaymentProvider | null {
  cached ??= { provider: providerFromEnv() };
  return cached.provider;
}

/** One round of the payment worker: webhooks stored but not processed, calls due to the provider, attempts past their time. */
export async function paymentRound(payments: Payments): Promise<{ events: number; tasks: number; swept: number }> {
  const events = await processInbox(payments);
  const tasks = await runPaymentTasks(payments);
  const swept = await sweepPayments(payments);
  return { events, tasks, swept };
}

/** How often every app process runs a round (each takes what no other process holds). */
export const WORKER_PERIOD_MS = 15_000;

/**
 * Runs the payment worker in this process until the returned function is called. A round that fails (the database
 * away) is logged and the next one tries again. Rounds never overlap in one process.
 */
export function startPaymentWorker(payments: Payments, periodMs = WORKER_PERIOD_MS): () => void {
  let running: Promise<unknown> | null = null;
  const round = () => {
    if (running) return;
    running = paymentRound(payments)
      .catch((error: Error) => console.warn(`[payments] worker round failed: ${error.message}`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(round, periodMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
