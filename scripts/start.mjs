#!/usr/bin/env node
// `npm start`: builds the storefront and serves it on the embedded database with the demo chain.
// For a local demo it needs nothing set: a session secret is generated once and kept beside the data folder
// (`./.session-secret` for `./data`: never inside it, since PGlite only creates its database in an empty or missing
// folder), and cookies are allowed over plain http. Production deployments set SESSION_SECRET (and run the
// Docker image instead). With DATABASE_URL the server runs one worker per core (scripts/serve.mjs, WEB_CONCURRENCY).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { startEnv } from "./start-env.mjs";

const env = startEnv(process.env);

for (const step of [["node_modules/@remix-run/dev/dist/cli.js", "build"], ["scripts/minify-client.mjs"]]) {
  const build = spawnSync(process.execPath, step, { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (!env.SESSION_SECRET) {
  if (env.DATA_DIR.startsWith("memory://")) {
    env.SESSION_SECRET = randomBytes(32).toString("hex");
  } else {
    const beside = dirname(resolve(env.DATA_DIR));
    mkdirSync(beside, { recursive: true });
    const file = join(beside, ".session-secret");
    if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
    env.SESSION_SECRET = readFileSync(file, "utf8").trim();
  }
  console.warn("[start] SESSION_SECRET is not set: using a generated demo secret. Set SESSION_SECRET in production.");
}

// Card payment online (issue 13): without Adyen credentials, a local stand-in that speaks Adyen's API plays Adyen, so
// a demo takes test cards offline (README: the test cards). With ADYEN_API_KEY set, Adyen itself is used unchanged.
const standIn = env.ADYEN_API_KEY
  ? null
  : await startStandIn().catch((error) => {
      console.warn(`[start] the Adyen stand-in did not start (${error.message}): card payment online is off.`);
      return null;
    });

const server = spawn(process.execPath, ["scripts/serve.mjs", "build/index.js"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.kill(signal);
    standIn?.kill(signal);
  });
}
server.on("exit", (code) => {
  standIn?.kill("SIGTERM");
  process.exit(code ?? 0);
});

/**
 * Starts the Adyen stand-in (tests/support/adyen, run by tsx) with fresh demo credentials, and points the storefront
 * at it: its API (TLS with the stand-in's own certificate), its browser pages, and its webhooks back to this server.
 * Without tsx (an install without dev dependencies) there is no stand-in, and no card payment online.
 */
async function startStandIn() {
  if (!existsSync("node_modules/tsx")) {
    console.warn("[start] no Adyen credentials and no stand-in (tsx is not installed): card payment online is off.");
    return null;
  }
  const random = (bytes) => randomBytes(bytes).toString("hex");
  const settings = {
    ADYEN_API_KEY: `standin-${random(16)}`,
    ADYEN_CLIENT_KEY: `test_${random(12).toUpperCase()}`,
    ADYEN_MERCHANT_ACCOUNT: "PizzaDemoMX",
    ADYEN_HMAC_KEY: random(32),
    ADYEN_WEBHOOK_USERNAME: "adyen-standin",
    ADYEN_WEBHOOK_PASSWORD: random(16),
  };
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/adyen/main.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      ...settings,
      STAND_IN_WEBHOOK_URL: `http://127.0.0.1:${env.PORT}/api/adyen/webhooks`,
      STAND_IN_WEBHOOK_USERNAME: settings.ADYEN_WEBHOOK_USERNAME,
      STAND_IN_WEBHOOK_PASSWORD: settings.ADYEN_WEBHOOK_PASSWORD,
    },
  });
  const line = await new Promise((resolve, reject) => {
    let buffer = "";
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      const end = buffer.indexOf("\n");
      if (end >= 0) resolve(buffer.slice(0, end));
    });
    child.once("exit", (code) => reject(new Error(`the Adyen stand-in stopped (${code})`)));
  });
  const started = JSON.parse(line);
  Object.assign(env, settings, {
    ADYEN_ENVIRONMENT: "test",
    ADYEN_ENDPOINT: started.apiUrl,
    ADYEN_ENDPOINT_CA: started.caCertPath,
    ADYEN_SHOPPER_URL: started.shopperUrl,
  });
  console.log(`[start] card payment online: the local Adyen stand-in (${started.shopperUrl}); test cards in the README`);
  return child;
}
