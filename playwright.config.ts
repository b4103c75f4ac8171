import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests drive the BUILT app (run `npm run build` first; `npm test` does) in Chromium, against a fresh
 * in-memory database and a pinned clock, in two projects: JavaScript on and JavaScript off.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
export const STORE_NOW = "2026-11-20T19:00:00.000Z"; // Friday 13:00 in Mexico City
/** Where the e2e server's SMTP and SMS stand-ins keep what they receive (tests/support/e2e-server.mjs). */
export const E2E_INBOX = process.env.E2E_INBOX ?? `/tmp/pizza-e2e-inbox-${PORT}`;

/**
 * Debian's Chromium: its old headless shell (package chromium-headless-shell) when installed, else the browser itself.
 * The shell is the same Blink without the desktop browser around it: the e2e run took about 40 % less CPU in it
 * (builder.spec, two workers: 24-28 s of CPU against 42-43 s) and the committed screenshots match in both.
 */
export const executablePath =
  process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));

export default defineConfig({
  testDir: "tests",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Upper bounds for a hang, not speed checks: every step waits on a condition and goes on as soon as it holds.
  // They are generous so that a loaded 2-core machine (CI beside a benchmark) passes as an idle one does.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    ...devices["Desktop Chrome"],
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    // A failed test keeps its trace (actions, DOM snapshots, network) without the screencast: recording a screenshot of
    // every frame for every test cost about a tenth of the browser run (builder.spec, one worker: 235 s against 209 s).
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js-on", testDir: "tests/e2e", use: { javaScriptEnabled: true } },
    // axe-core runs inside the page, so its scans need JavaScript, as do the map, client-side navigation's translations,
    // the forms' inline validation and their hydration after the first load, and layout shifts: those run in js-on only
    // (the markup is the same; without JavaScript every page is a document).
    { name: "js-off", testDir: "tests/e2e", use: { javaScriptEnabled: false }, testIgnore: /(axe|inline-validation|layout|lazy-form|menu-document|stores-map|translations)\.spec\.ts$/ },
    // The server without a browser: hostile HTTP, and the database going away (tests/server).
    { name: "server", testDir: "tests/server" },
    // Issue 15's JavaScript budgets as Chromium loads each customer page (in `npm test`; alone: `npm run
    // test:budget:pages`).
    { name: "budget", testDir: "tests/budget" },
  ],
  webServer: {
    // The built app beside a local SMTP server and SMS provider (what customers receive lands in E2E_INBOX).
    command: "node tests/support/e2e-server.mjs",
    url: `http://127.0.0.1:${PORT}/healthcheck`,
    reuseExistingServer: false,
    // An upper bound for a hang: a loaded machine has started it in over a minute.
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      E2E_INBOX,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DATA_DIR: "memory://",
      DATABASE_URL: "",
      STORE_NOW,
      SESSION_SECRET: "e2e-session-secret-of-at-least-32-chars",
      COOKIE_SECURE: "false",
      // The store console's demo staff (server/db/seed/staff.ts): production mode writes them only when asked.
      SEED_DEMO_STAFF: "true",
      SEED_DEMO_CUSTOMER: "true",
      // The coupon game's draw, fixed (tests only; server/config.ts takes it only with an in-memory database): every
      // play wins the first prize of the table (the demo wheel's RULETA10).
      COUPON_GAME_TEST_DRAW: "0",
      // Cheap password hashing under test (the demo staff are hashed at start).
      ARGON2_MEMORY_KIB: "256",
      ARGON2_TIME_COST: "1",
    },
  },
});
