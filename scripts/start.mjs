#!/usr/bin/env node
// `npm start`: builds the storefront and serves it on the embedded database with the demo chain.
// For a local demo it needs nothing set: a session secret is generated once and kept beside the data folder
// (`./.session-secret` for `./data`: never inside it, since PGlite only creates its database in an empty or missing
// folder), and cookies are allowed over plain http. Production deployments set SESSION_SECRET (and run the
// Docker image instead).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const env = { ...process.env };
env.NODE_ENV ??= "production";
env.PORT ??= "3000";
env.DATA_DIR ||= "./data";
env.COOKIE_SECURE ??= "false";
// The demo customer of the README (server/db/seed/customers.ts); deployments leave it unset (off in production).
env.SEED_DEMO_CUSTOMER ??= "true";
// Without a mail server or an SMS provider, /outbox shows the latest mails and texts (a confirmation link, a phone
// code); deployments leave it unset (off: it would show every customer's messages).
env.DEMO_OUTBOX ??= "true";

const build = spawnSync(process.execPath, ["node_modules/@remix-run/dev/dist/cli.js", "build"], { stdio: "inherit", env });
if (build.status !== 0) process.exit(build.status ?? 1);

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

const server = spawn(process.execPath, ["scripts/serve.mjs", "build/index.js"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
