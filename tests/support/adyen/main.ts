/**
 * Starts the Adyen stand-in from environment variables (for `npm start` without Adyen credentials: the start script
 * spawns `npx tsx tests/support/adyen/main.ts`), prints one JSON line `{"apiUrl","shopperUrl","caCertPath"}` to
 * stdout once listening, and stops cleanly on SIGTERM or SIGINT.
 *
 * ADYEN_API_KEY, ADYEN_CLIENT_KEY (test_…), ADYEN_MERCHANT_ACCOUNT, ADYEN_HMAC_KEY (hex)   required
 * STAND_IN_WEBHOOK_URL, STAND_IN_WEBHOOK_USERNAME, STAND_IN_WEBHOOK_PASSWORD              where webhooks go
 * STAND_IN_API_PORT, STAND_IN_SHOPPER_PORT                                                default 0: free ports
 * STAND_IN_WEBHOOK_DELAY_MS                                                               default 0
 */
import { startAdyenStandIn } from "./index";

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    process.stderr.write(`adyen stand-in: ${name} is required\n`);
    process.exit(2);
  }
  return value;
}

function port(name: string): number | undefined {
  const value = process.env[name];
  if (value === undefined || value === "") return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    process.stderr.write(`adyen stand-in: ${name} must be a port number\n`);
    process.exit(2);
  }
  return n;
}

const standIn = await startAdyenStandIn({
  apiKey: required("ADYEN_API_KEY"),
  clientKey: required("ADYEN_CLIENT_KEY"),
  merchantAccount: required("ADYEN_MERCHANT_ACCOUNT"),
  hmacKey: required("ADYEN_HMAC_KEY"),
  webhookUrl: process.env.STAND_IN_WEBHOOK_URL || undefined,
  webhookUsername: process.env.STAND_IN_WEBHOOK_USERNAME || undefined,
  webhookPassword: process.env.STAND_IN_WEBHOOK_PASSWORD || undefined,
  apiPort: port("STAND_IN_API_PORT"),
  shopperPort: port("STAND_IN_SHOPPER_PORT"),
  webhookDelayMs: process.env.STAND_IN_WEBHOOK_DELAY_MS ? Number(process.env.STAND_IN_WEBHOOK_DELAY_MS) : undefined,
});

process.stdout.write(`${JSON.stringify({ apiUrl: standIn.apiUrl, shopperUrl: standIn.shopperUrl, caCertPath: standIn.caCertPath })}\n`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  standIn.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
