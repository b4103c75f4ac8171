#!/usr/bin/env node
// The end-to-end tests' web server (playwright.config.ts): the built storefront (scripts/serve.mjs), beside two
// local stand-ins it talks to as to real services, both on 127.0.0.1:
// - a real SMTP server (smtp-server) that keeps every mail as a file in $E2E_INBOX/mail/<n>.eml;
// - an SMS provider speaking the SMS adapter's webhook contract (server/sms: POST JSON {to, text} with a bearer
//   token; 2xx is "sent") that keeps every text as $E2E_INBOX/sms/<n>.json;
// - an OpenID provider (oidc-provider, tests/support/oidc.ts) the app's Google sign-in is configured with
//   (SOCIAL_GOOGLE_*): its sign-in page takes any login (the account) and password. On E2E_OIDC_PORT, else a free port;
// - Adyen's stand-in (tests/support/adyen): the app pays cards through Adyen's library against it, the browser loads
//   its secured card fields, hosted payment page and 3-D Secure page from it, and it sends webhooks back to the app.
// Tests read what the customer would receive from those folders (tests/e2e/inbox.ts), waiting on a condition.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { tsImport } from "tsx/esm/api";

const inbox = process.env.E2E_INBOX;
if (!inbox) throw new Error("E2E_INBOX is required");
rmSync(inbox, { recursive: true, force: true });
mkdirSync(join(inbox, "mail"), { recursive: true });
mkdirSync(join(inbox, "sms"), { recursive: true });
let mails = 0;
let texts = 0;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      writeFileSync(join(inbox, "mail", `${String(++mails).padStart(5, "0")}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const smtpPort = smtp.server.address().port;

const SMS_TOKEN = "e2e-sms-token";
const sms = createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    if (req.method !== "POST" || req.headers.authorization !== `Bearer ${SMS_TOKEN}`) {
      res.writeHead(401).end();
      return;
    }
    writeFileSync(join(inbox, "sms", `${String(++texts).padStart(5, "0")}.json`), Buffer.concat(chunks));
    res.writeHead(202, { "content-type": "application/json" }).end(JSON.stringify({ id: `sms-${texts}` }));
  });
});
await new Promise((resolve) => sms.listen(0, "127.0.0.1", resolve));
const smsPort = sms.address().port;

const { startOidcProvider } = await tsImport("./oidc.ts", import.meta.url);
const publicUrl = (process.env.PUBLIC_URL ?? "").replace(/\/+$/, "");
const google = { client_id: "e2e-google", client_secret: "e2e-google-secret", redirect_uris: [`${publicUrl}/login/google`] };
const oidc = await startOidcProvider({ clients: [google], port: Number(process.env.E2E_OIDC_PORT ?? 0) });

// Adyen's stand-in (tests/support/adyen): card payments through Adyen's own libraries, its webhooks back to the app.
const { startAdyenStandIn } = await tsImport("./adyen/index.ts", import.meta.url);
const adyen = {
  ADYEN_API_KEY: "e2e-adyen-api-key",
  ADYEN_CLIENT_KEY: "test_E2ECLIENTKEY0001",
  ADYEN_MERCHANT_ACCOUNT: "PizzaE2EMX",
  ADYEN_HMAC_KEY: "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056",
  ADYEN_WEBHOOK_USERNAME: "e2e-adyen",
  ADYEN_WEBHOOK_PASSWORD: "e2e-adyen-webhook-password",
};
const standIn = await startAdyenStandIn({
  apiKey: adyen.ADYEN_API_KEY,
  clientKey: adyen.ADYEN_CLIENT_KEY,
  merchantAccount: adyen.ADYEN_MERCHANT_ACCOUNT,
  hmacKey: adyen.ADYEN_HMAC_KEY,
  webhookUrl: `http://127.0.0.1:${process.env.PORT}/api/adyen/webhooks`,
  webhookUsername: adyen.ADYEN_WEBHOOK_USERNAME,
  webhookPassword: adyen.ADYEN_WEBHOOK_PASSWORD,
});

const app = spawn(process.execPath, ["scripts/serve.mjs", "build/index.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    // The app believes X-Forwarded-For from this machine (a proxy on loopback), so a spec can give its browser a client
    // address of its own (tests/e2e/accounts.ts): the registrations of a whole run are not one address's ten an hour.
    TRUST_PROXY: "loopback",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SMS_URL: `http://127.0.0.1:${smsPort}/sms`,
    SMS_TOKEN,
    SOCIAL_GOOGLE_CLIENT_ID: google.client_id,
    SOCIAL_GOOGLE_CLIENT_SECRET: google.client_secret,
    SOCIAL_GOOGLE_ISSUER: oidc.issuer,
    ...adyen,
    ADYEN_ENVIRONMENT: "test",
    ADYEN_ENDPOINT: standIn.apiUrl,
    ADYEN_ENDPOINT_CA: standIn.caCertPath,
    ADYEN_SHOPPER_URL: standIn.shopperUrl,
  },
});
const stop = () => {
  app.kill("SIGTERM");
  void standIn.close();
  smtp.close();
  sms.close();
  oidc.close();
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stop);
app.on("exit", (code) => {
  void standIn.close();
  smtp.close();
  sms.close();
  oidc.close();
  process.exit(code ?? 0);
});
