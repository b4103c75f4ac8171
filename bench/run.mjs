#!/usr/bin/env node
// Benchmark of the built storefront: `npm run bench` (builds first), or `node bench/run.mjs` after a build.
//
// Starts build/index.js under scripts/serve.mjs on 127.0.0.1 with a fresh in-memory PGlite (or the Postgres of
// BENCH_DATABASE_URL), prepares carry-out sessions with carts, then drives three scenarios with autocannon:
//   menu: GET  /order/pizzas/clasicas  (a visitor with a disposition and a cart: catalog + cart queries, SSR)
//   add:  POST /order/pizzas/clasicas  (intent=add into an existing cart: one transaction that locks the cart,
//                                       prices it before and after, merges the line; answers 303)
//   place order: POST /checkout        (BENCH_ORDERS orders, 300 by default, each from its own session and
//                                       cart: the placement transaction; answers 303 after the commit)
// Each scenario has an unreported warm-up run first. Figures are printed and written to bench/results/latest.json;
// nothing is asserted about speed. Exit status 1: the server did not start, or a scenario had errors, timeouts
// or an unexpected status.
//
// `npm run bench` first runs bench/slots.ts (the order-time slot function alone, no HTTP: `npx tsx bench/slots.ts`).
//
// Environment: BENCH_DURATION (s, 10), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (10), BENCH_ORDERS (300), BENCH_PORT (3499, or a free
// port when 3499 is taken), BENCH_DATABASE_URL (postgres://…; unset: PGlite in memory), BENCH_PROFILE=1 (the
// server writes a V8 CPU profile to bench/results/profiles/).

import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile, access } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MENU_PATH = "/order/pizzas/clasicas";
const COOKIE_NAME = "__pizza";
const FORM = "application/x-www-form-urlencoded";

// ---------------------------------------------------------------------------------------------- settings

function intEnv(name, fallback, min) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new BenchError(`${name} must be an integer ≥ ${min} (got "${raw}")`);
  return value;
}

class BenchError extends Error {}

const settings = {
  duration: intEnv("BENCH_DURATION", 10, 1),
  warmup: intEnv("BENCH_WARMUP", 2, 0),
  connections: intEnv("BENCH_CONNECTIONS", 10, 1),
  /** Orders placed in the measured "place order" run (each from its own prepared session and cart). */
  orders: intEnv("BENCH_ORDERS", 300, 10),
  pipelining: 1,
  databaseUrl: process.env.BENCH_DATABASE_URL ?? "",
  /** BENCH_PROFILE=1: the server writes a V8 CPU profile (startup included) to bench/results/profiles/. */
  profile: Boolean(process.env.BENCH_PROFILE),
};

// ---------------------------------------------------------------------------------------------- the server

let server = null; // { child, port, log: string[] }
const allCookies = []; // every session this run made (their carts are deleted at the end on Postgres)
let running = null; // the autocannon run in progress, stopped on Ctrl-C
let interrupted = false;

async function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function choosePort() {
  if (process.env.BENCH_PORT) {
    const port = intEnv("BENCH_PORT", 3499, 1);
    if (!(await portIsFree(port))) throw new BenchError(`BENCH_PORT ${port} is already in use on 127.0.0.1`);
    return port;
  }
  return (await portIsFree(3499)) ? 3499 : freePort();
}

async function startServer() {
  const build = path.join(root, "build", "index.js");
  const cli = path.join(root, "scripts", "serve.mjs");
  try {
    await access(build);
  } catch {
    throw new BenchError("build/index.js is missing: run `npm run bench` (it builds first) or `npm run build`");
  }
  const port = await choosePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    DATA_DIR: "memory://",
    DATABASE_URL: settings.databaseUrl,
    SESSION_SECRET: "bench-secret",
    COOKIE_SECURE: "false",
    STORE_NOW: "2026-11-20T19:00:00.000Z",
    SEED_ON_START: "true",
    // The sign-in flood below comes from many addresses (X-Forwarded-For), as a botnet's would.
    TRUST_PROXY: "1",
  };
  const nodeArgs = settings.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.join(root, "bench", "results", "profiles")}`] : [];
  const child = spawn(process.execPath, [...nodeArgs, cli, build], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const log = [];
  const keep = (chunk) => {
    // the server logs every request: keep only the tail, for the error message if the server dies
    for (const line of chunk.toString().split("\n")) if (line) log.push(line);
    if (log.length > 200) log.splice(0, log.length - 200);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  server = { child, port, log, exited: null };
  server.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return server;
}

async function waitForHealth(limitMs = 60_000) {
  const started = Date.now();
  let last = "no answer yet";
  let exit = null;
  server.exited.then((e) => (exit = e));
  while (Date.now() - started < limitMs) {
    if (exit) {
      throw new BenchError(
        `the server exited (code ${exit.code}, signal ${exit.signal}) before /healthcheck answered 200:\n` +
          server.log.slice(-30).join("\n"),
      );
    }
    try {
      const res = await fetch(url("/healthcheck"), { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return Date.now() - started;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await sleep(250);
  }
  throw new BenchError(
    `GET /healthcheck did not answer 200 within ${limitMs / 1000} s (last: ${last}). Server log:\n` +
      server.log.slice(-30).join("\n"),
  );
}

let stopping = null;
/** Stops the server once (Ctrl-C and the normal end may both ask: they wait for the same stop). */
function stopServer() {
  stopping ??= stopServerNow();
  return stopping;
}

async function stopServerNow() {
  if (!server) return;
  const { child, exited } = server;
  if (child.exitCode === null && child.signalCode === null) {
    // the server closes its listener on SIGTERM; an idle pg pool may keep the process up for a few seconds more.
    // A profiled server must exit by itself to write its profile, so it gets longer.
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), settings.profile ? 30_000 : 5_000);
    await exited;
    clearTimeout(timer);
  }
}

// Last resort: never leave the server behind, whatever happens.
process.on("exit", () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the benchmark and the server`);
    running?.stop?.();
    await stopServer();
    await deleteBenchCarts().catch(() => {});
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------------------------- HTTP helpers

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const url = (p) => `http://127.0.0.1:${server.port}${p}`;

/**
 * Every post carries the CSRF token of one browser (its cookie beside the session's, its value in the body), as
 * the storefront's forms do: the bench reads them once from the first page it gets.
 */
const csrf = { cookie: "", token: "" };
const withCsrf = (cookie) => [cookie, csrf.cookie].filter(Boolean).join("; ");
const withToken = (body) => (body === undefined ? undefined : `${body}${body ? "&" : ""}csrf=${encodeURIComponent(csrf.token)}`);

async function http(method, p, { cookie, body } = {}) {
  const headers = {};
  if (cookie || csrf.cookie) headers.cookie = withCsrf(cookie);
  if (body !== undefined) headers["content-type"] = FORM;
  body = withToken(body);
  const res = await fetch(url(p), { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  if (!csrf.cookie) {
    const token = /name="csrf" value="([^"]+)"/.exec(text)?.[1];
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__csrf="));
    if (token && cookie) Object.assign(csrf, { token, cookie: cookie.split(";")[0] });
  }
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE_NAME}=`));
  return { status: res.status, text, cookie: setCookie ? setCookie.split(";")[0] : null };
}

function expectStatus(res, status, what) {
  if (res.status !== status) {
    throw new BenchError(`${what}: expected HTTP ${status}, got ${res.status}\n${res.text.slice(0, 300)}`);
  }
}

/** The session payload of a __pizza cookie (signed, not encrypted: base64 JSON before the signature). */
function sessionOf(cookie) {
  const value = decodeURIComponent(cookie.slice(COOKIE_NAME.length + 1));
  const payload = value.slice(0, value.lastIndexOf("."));
  return JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
}

async function inBatches(count, parallel, task) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------- preparation

async function maxCartCents() {
  // The limit lives in server/config.ts (constants.maxCartCents); read it so the sizing follows a change.
  try {
    const source = await readFile(path.join(root, "server", "config.ts"), "utf8");
    const match = source.match(/maxCartCents:\s*([\d_]+)/);
    if (match) return Number(match[1].replaceAll("_", ""));
  } catch {}
  return 200_000;
}

async function findOutlet() {
  const home = await http("GET", "/home");
  expectStatus(home, 200, "GET /home");
  const match = home.text.match(/name="outletId" value="(\d+)"/);
  if (!match) throw new BenchError("GET /home: no carry-out outlet (name=\"outletId\") in the page");
  return match[1];
}

async function newSession(outletId) {
  const res = await http("POST", "/home", { body: `orderType=C&outletId=${outletId}` });
  expectStatus(res, 303, "POST /home (carry-out)");
  if (!res.cookie) throw new BenchError(`POST /home did not set the ${COOKIE_NAME} cookie`);
  return res.cookie;
}

/** The first product of the menu page and, of its size:crust options, the cheapest (the first, today). */
function parseProduct(html) {
  const match = html.match(/name="productUuid" value="([0-9a-f-]{36})"/);
  if (!match) throw new BenchError(`GET ${MENU_PATH}: no add-to-cart form (name="productUuid")`);
  const form = html.slice(match.index, html.indexOf("</form>", match.index));
  const options = [...form.matchAll(/<option value="(\d+:\d+)"[^>]*>([^<]*)</g)].map(([, value, label]) => {
    const price = label.match(/\$\s?([\d,]+(?:\.\d{1,2})?)(?!.*\$)/);
    return { value, label, unitCents: price ? Math.round(Number(price[1].replaceAll(",", "")) * 100) : null };
  });
  if (options.length === 0) throw new BenchError(`GET ${MENU_PATH}: the first product has no <option value="A:B">`);
  if (options.some((o) => o.unitCents === null)) {
    throw new BenchError(`GET ${MENU_PATH}: cannot read the option prices (${options[0].label})`);
  }
  const cheapest = options.reduce((a, b) => (b.unitCents < a.unitCents ? b : a));
  const name = html.slice(0, match.index).match(/<h2[^>]*>([^<]*)<\/h2>(?![\s\S]*<h2)/)?.[1] ?? "?";
  return { productUuid: match[1], name, option: cheapest.value, label: cheapest.label, unitCents: cheapest.unitCents };
}

const addBody = (p) => `intent=add&productUuid=${p.productUuid}&option=${encodeURIComponent(p.option)}&quantity=1`;

/** A carry-out session whose cart already holds one of the product (so the bench adds merge into a line). */
async function sessionWithCart(outletId, product) {
  const cookie = await newSession(outletId);
  const added = await http("POST", MENU_PATH, { cookie, body: addBody(product) });
  expectStatus(added, 303, `first POST ${MENU_PATH} (add)`);
  if (!added.cookie || !sessionOf(added.cookie).cartUuid) throw new BenchError("the first add did not keep a cart in the session");
  return added.cookie;
}

async function cartCount(cookie) {
  const page = await http("GET", MENU_PATH, { cookie });
  expectStatus(page, 200, `GET ${MENU_PATH} (cart check)`);
  const match = page.text.match(/"cartCount":(\d+)/);
  if (!match) throw new BenchError(`GET ${MENU_PATH}: no "cartCount" in the page data`);
  return Number(match[1]);
}

// ---------------------------------------------------------------------------------------------- CPU accounting
// Linux only (/proc); elsewhere these figures are left out. Per scenario: the server's CPU time per request (less
// sensitive to a busy machine than requests/s) and the CPU that other processes took meanwhile (other test runs,
// and the Postgres server when there is one), so a busy machine shows in the report instead of hiding in it.

let clockTicks = 100;
try {
  const { execFileSync } = await import("node:child_process");
  clockTicks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
} catch {}

async function cpuSnapshot() {
  try {
    const [stat, proc] = await Promise.all([
      readFile("/proc/stat", "utf8"),
      readFile(`/proc/${server.child.pid}/stat`, "utf8"),
    ]);
    const [user, nice, system, _idle, _iowait, irq, softirq, steal] = stat.split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const fields = proc.slice(proc.lastIndexOf(")") + 2).split(" ");
    const own = process.cpuUsage();
    return {
      wall: performance.now(),
      machineBusyMs: ((user + nice + system + irq + softirq + steal) * 1000) / clockTicks,
      serverMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks,
      benchMs: (own.user + own.system) / 1000,
    };
  } catch {
    return null;
  }
}

function cpuUse(before, after, requests) {
  if (!before || !after) return null;
  const wall = after.wall - before.wall;
  const server = after.serverMs - before.serverMs;
  const bench = after.benchMs - before.benchMs;
  const other = Math.max(0, after.machineBusyMs - before.machineBusyMs - server - bench);
  return {
    serverMsPerRequest: requests ? round(server / requests, 2) : null,
    serverPercentOfCore: round((100 * server) / wall, 0),
    benchPercentOfCore: round((100 * bench) / wall, 0),
    otherPercentOfCore: round((100 * other) / wall, 0),
  };
}

// ---------------------------------------------------------------------------------------------- running

async function measured(options) {
  const before = await cpuSnapshot();
  const result = await cannon(options);
  const after = await cpuSnapshot();
  const requests = Object.values(result.statusCodeStats ?? {}).reduce((a, b) => a + b.count, 0);
  result.cpu = cpuUse(before, after, requests);
  return result;
}

function cannon({ title, duration, method, body, cookies }) {
  let turn = 0;
  const options = {
    url: url(MENU_PATH),
    connections: settings.connections,
    pipelining: settings.pipelining,
    duration,
    method,
    headers: body ? { "content-type": FORM } : {},
    body: withToken(body),
    title,
    // One request template whose cookie rotates over the prepared sessions (round robin over every request of
    // every connection, so ten requests in flight touch ten different carts).
    requests: [
      {
        setupRequest(req) {
          const cookie = withCsrf(cookies[turn++ % cookies.length]);
          return { ...req, headers: { ...req.headers, cookie } };
        },
      },
    ],
  };
  return tracked(autocannon(options));
}

/** Wrong sign-ins for random emails from random addresses, as fast as 32 connections go. */
function floodSignIn(duration) {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return tracked(
    autocannon({
      url: url("/store/login"),
      connections: 32,
      pipelining: 1,
      duration,
      method: "POST",
      headers: { "content-type": FORM },
      title: "sign-in flood",
      requests: [
        {
          setupRequest(req) {
            const body = withToken(new URLSearchParams({ email: `${randomUUID()}@flood.example`, password: "not-the-password" }).toString());
            return { ...req, headers: { ...req.headers, cookie: withCsrf(""), "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` }, body };
          },
        },
      ],
    }),
  );
}

/** An autocannon run the Ctrl-C handler can stop while it is in flight. */
function tracked(run) {
  running = run;
  return run.then(
    (result) => {
      running = null;
      return result;
    },
    (error) => {
      running = null;
      throw error;
    },
  );
}

function summarize(name, description, expected, result) {
  const codes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
  const total = Object.values(codes).reduce((a, b) => a + b, 0);
  const unexpected = total - (codes[expected] ?? 0);
  return {
    scenario: name,
    description,
    requestsPerSecond: round(result.requests.average, 1),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      average: round(result.latency.average, 2),
      max: result.latency.max,
    },
    totalRequests: total,
    durationSeconds: result.duration,
    throughputBytesPerSecond: Math.round(result.throughput.average),
    statusCodes: codes,
    expectedStatus: expected,
    non2xx3xx: result["4xx"] + result["5xx"] + result["1xx"],
    unexpectedStatus: unexpected,
    errors: result.errors,
    timeouts: result.timeouts,
    resets: result.resets,
    cpu: result.cpu ?? null,
  };
}

const round = (n, d) => Math.round(n * 10 ** d) / 10 ** d;

async function databaseInfo() {
  if (!settings.databaseUrl) {
    const pkg = JSON.parse(
      await readFile(path.join(root, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8"),
    );
    return { kind: "PGlite", version: pkg.version, where: "in memory (DATA_DIR=memory://), in the server process" };
  }
  const safe = new URL(settings.databaseUrl);
  if (safe.password) safe.password = "***";
  let version = "unknown";
  try {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: settings.databaseUrl });
    await client.connect();
    version = (await client.query("show server_version")).rows[0].server_version;
    await client.end();
  } catch (error) {
    version = `unknown (${error.message})`;
  }
  return { kind: "Postgres", version, where: safe.toString() };
}

let deleting = null;
// ---------------------------------------------------------------------------------------------- orders

/** The customer of the bench's orders: on a real Postgres, the orders this run placed are deleted afterwards. */
const BENCH_ORDER_EMAIL = "orden.bench@pizzeria-bench.mx";
/** Order uuids this run placed (from the 303s' Location), for the check and the clean-up. */
const benchOrders = new Set();

function checkoutBody() {
  return new URLSearchParams({
    name: "Banco",
    surname: "Prueba",
    email: BENCH_ORDER_EMAIL,
    mobile: "5512345678",
    comment: "",
    paymentMethod: "cash",
    idempotencyKey: randomUUID(),
  }).toString();
}

/**
 * Places one order per prepared session (a carry-out cart with one pizza), `cookies.length` orders in all over
 * the connections: POST /checkout, a transaction that locks the cart, prices it, checks the outlet and the order
 * time, writes the order, its items and status, and deletes the cart; answered 303 to the order's page only after
 * the commit. Each Location names a new order's uuid.
 */
function placeOrders({ title, cookies }) {
  let turn = 0;
  const run = autocannon({
    url: url("/checkout"),
    connections: Math.min(settings.connections, cookies.length),
    pipelining: 1,
    amount: cookies.length,
    method: "POST",
    headers: { "content-type": FORM },
    title,
    requests: [
      {
        setupRequest(req) {
          const cookie = withCsrf(cookies[turn++ % cookies.length]);
          return { ...req, headers: { ...req.headers, cookie }, body: withToken(checkoutBody()) };
        },
        onResponse(status, _body, _context, headers) {
          const match = status === 303 ? /\/([0-9a-f-]{36})(?:$|[/?])/.exec(headers.location ?? "") : null;
          if (match) benchOrders.add(match[1]);
        },
      },
    ],
  });
  return tracked(run);
}

/** On a real Postgres, delete the orders this run placed (their items and history cascade). */
async function deleteBenchOrders() {
  if (!settings.databaseUrl || benchOrders.size === 0) return null;
  const uuids = [...benchOrders];
  benchOrders.clear();
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: settings.databaseUrl });
  await client.connect();
  try {
    const res = await client.query("delete from orders where uuid = any($1::uuid[]) and customer->>'email' = $2", [uuids, BENCH_ORDER_EMAIL]);
    return res.rowCount;
  } finally {
    await client.end();
  }
}

/** On a real Postgres, delete the carts this run created (only those: their uuids are in our cookies). Once. */
function deleteBenchCarts() {
  deleting ??= deleteBenchCartsNow();
  return deleting;
}

async function deleteBenchCartsNow() {
  if (!settings.databaseUrl) return null;
  const uuids = [...new Set(allCookies.map((c) => sessionOf(c).cartUuid).filter(Boolean))];
  allCookies.length = 0;
  if (uuids.length === 0) return 0;
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: settings.databaseUrl });
  await client.connect();
  try {
    const res = await client.query("delete from carts where uuid = any($1::uuid[])", [uuids]);
    return res.rowCount;
  } finally {
    await client.end();
  }
}

function printTable(report) {
  const rows = report.scenarios.map((s) => [
    s.scenario,
    s.requestsPerSecond.toFixed(1),
    String(s.latencyMs.p50),
    String(s.latencyMs.p99),
    String(s.totalRequests),
    String(s.non2xx3xx),
    String(s.unexpectedStatus),
    String(s.errors),
    String(s.timeouts),
  ]);
  const head = ["scenario", "req/s (avg)", "p50 ms", "p99 ms", "requests", "non-2xx/3xx", "unexpected", "errors", "timeouts"];
  const cpu = report.scenarios.every((s) => s.cpu);
  if (cpu) {
    head.push("server CPU ms/req", "CPU % server/bench/other");
    report.scenarios.forEach((s, i) => {
      rows[i].push(
        s.cpu.serverMsPerRequest.toFixed(1),
        `${s.cpu.serverPercentOfCore}/${s.cpu.benchPercentOfCore}/${s.cpu.otherPercentOfCore}`,
      );
    });
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => "| " + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ") + " |";
  console.log();
  console.log(`machine : ${report.machine.cores} cores, ${report.machine.cpu}, ${report.machine.memoryGiB} GiB, Node ${report.machine.node}`);
  console.log(`database: ${report.database.kind} ${report.database.version} (${report.database.where})`);
  console.log(
    `load    : ${report.settings.connections} connections, pipelining ${report.settings.pipelining}, ` +
      `${report.settings.durationSeconds} s per scenario after ${report.settings.warmupSeconds} s of warm-up`,
  );
  console.log();
  console.log(line(head));
  console.log("|" + widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : "-".repeat(w + 1) + ":")).join("|") + "|");
  for (const r of rows) console.log(line(r));
  console.log();
  for (const s of report.scenarios.filter((s) => s.flood)) {
    const answers = Object.entries(s.flood.statusCodes).map(([code, n]) => `${n} × ${code}`).join(", ");
    console.log(`${s.scenario}: the flood made ${s.flood.requests} sign-in posts (${answers}; p50 ${s.flood.p50} ms)`);
  }
  if (cpu) {
    console.log(
      `CPU % is of one core (${report.machine.cores} cores = ${100 * report.machine.cores} %): the server process, this ` +
        `script (autocannon), and everything else${report.database.kind === "Postgres" ? " (Postgres included)" : ""}.`,
    );
    const busiest = Math.max(...report.scenarios.map((s) => s.cpu.otherPercentOfCore));
    if (report.database.kind !== "Postgres" && busiest > 25) {
      console.log(`WARNING: other processes took up to ${busiest} % of a core during the runs: the machine was busy.`);
    }
  }
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = os.loadavg().map((n) => round(n, 2));
  console.log(`bench: starting the built server (${settings.databaseUrl ? "Postgres" : "PGlite in memory"})`);
  await startServer();
  const readyMs = await waitForHealth();
  console.log(`bench: http://127.0.0.1:${server.port} healthy after ${(readyMs / 1000).toFixed(1)} s`);

  // --- preparation: one outlet, the product to add, the visitor of the menu scenario
  const outletId = await findOutlet();
  const firstCookie = await newSession(outletId);
  const menu = await http("GET", MENU_PATH, { cookie: firstCookie });
  expectStatus(menu, 200, `GET ${MENU_PATH}`);
  const product = parseProduct(menu.text);
  const limit = await maxCartCents();
  // Adds of one product that fit in one cart before the maximum refuses (MAX-CART, 422); the quantity cap (99)
  // does not refuse, it only stops counting, but the maximum comes first for any product over $20.20.
  const perCart = Math.min(99, Math.floor(limit / product.unitCents));
  if (perCart < 2) throw new BenchError(`${product.label} is too dear to add twice under the ${limit / 100} maximum`);
  const budget = perCart - 1; // the preparation adds one
  console.log(
    `bench: outlet ${outletId}, product ${product.name} option ${product.option} (${product.label}); ` +
      `a cart takes ${perCart} of it under the $${(limit / 100).toFixed(2)} maximum`,
  );

  const menuCookie = await (async () => {
    const cookie = await sessionWithCart(outletId, product);
    const seen = await http("GET", MENU_PATH, { cookie }); // consumes the one-shot "added" notice
    expectStatus(seen, 200, `GET ${MENU_PATH}`);
    return seen.cookie ?? cookie;
  })();
  allCookies.push(firstCookie, menuCookie); // (sessionWithCart's cookies are pushed as they are made below)

  const scenarios = [];

  // --- menu page
  if (settings.warmup > 0) {
    console.log(`bench: menu page warm-up (${settings.warmup} s)`);
    await cannon({ title: "menu warm-up", duration: settings.warmup, method: "GET", cookies: [menuCookie] });
  }
  console.log(`bench: menu page (${settings.duration} s)`);
  const menuResult = await measured({ title: "menu", duration: settings.duration, method: "GET", cookies: [menuCookie] });
  scenarios.push(
    summarize("menu page", `GET ${MENU_PATH}, visitor with a carry-out disposition and a 1-line cart`, 200, menuResult),
  );

  // --- the menu page while 32 connections flood the store sign-in with wrong passwords for random emails, each
  // from a random address (so the per-address limits do not stop them first): what the bounded hashing queue
  // (server/security/sign-in.ts) is for. The reference is the menu page above, alone, in this same run.
  console.log(`bench: menu page during a sign-in flood (${settings.duration} s, 32 connections of wrong passwords)`);
  const flood = floodSignIn(settings.duration);
  const floodedMenu = await measured({ title: "menu (sign-in flood)", duration: settings.duration, method: "GET", cookies: [menuCookie] });
  const floodResult = await flood;
  const flooded = summarize("menu page, sign-in flood", `GET ${MENU_PATH} while POST /store/login is flooded (32 connections)`, 200, floodedMenu);
  flooded.flood = {
    requests: floodResult.requests.total,
    statusCodes: Object.fromEntries(Object.entries(floodResult.statusCodeStats ?? {}).map(([k, v]) => [k, v.count])),
    p50: floodResult.latency.p50,
  };
  scenarios.push(flooded);

  // --- add to cart: enough sessions that no cart reaches the maximum during the run
  const body = addBody(product);
  const prepare = async (count) => {
    const t0 = Date.now();
    const cookies = await inBatches(count, settings.connections, async () => {
      const cookie = await sessionWithCart(outletId, product);
      allCookies.push(cookie);
      return cookie;
    });
    console.log(`bench: prepared ${count} sessions with a cart in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return cookies;
  };
  let rateGuess = 0;
  if (settings.warmup > 0) {
    // sized for 300 adds/s; a faster machine only meets a few refusals in the (unreported) warm-up
    const warmCookies = await prepare(Math.max(settings.connections, Math.ceil((300 * settings.warmup) / budget)));
    console.log(`bench: add to cart warm-up (${settings.warmup} s)`);
    const warm = await cannon({ title: "add warm-up", duration: settings.warmup, method: "POST", body, cookies: warmCookies });
    rateGuess = warm.requests.average;
  }
  // Four times the warm-up rate, at least 150/s (300/s without a warm-up): the warm-up may have run on a busy
  // machine and the run on a quiet one; a run that still outruns the carts shows its 422s and fails.
  const expected = (rateGuess > 0 ? Math.max(150, rateGuess * 4) : 300) * settings.duration;
  const addCookies = await prepare(Math.max(settings.connections, Math.ceil(expected / budget)));
  const before = (await inBatches(addCookies.length, settings.connections, (i) => cartCount(addCookies[i]))).reduce(
    (a, b) => a + b,
    0,
  );
  console.log(`bench: add to cart (${settings.duration} s, ${addCookies.length} sessions, ≤ ${budget} adds each)`);
  const addResult = await measured({ title: "add", duration: settings.duration, method: "POST", body, cookies: addCookies });
  const add = summarize(
    "add to cart",
    `POST ${MENU_PATH} intent=add (${product.name}, ${product.option}) into an existing cart; 303 expected`,
    303,
    addResult,
  );
  // The carts must hold exactly what the 303s say (plus at most one in-flight request per connection that the
  // server finished after autocannon stopped counting).
  await sleep(200);
  const after = (await inBatches(addCookies.length, settings.connections, (i) => cartCount(addCookies[i]))).reduce(
    (a, b) => a + b,
    0,
  );
  const added = after - before;
  const answered = add.statusCodes[303] ?? 0;
  add.check = {
    sessions: addCookies.length,
    maxAddsPerSession: Math.ceil(add.totalRequests / addCookies.length),
    budgetPerSession: budget,
    pizzasAddedOnServer: added,
    answered303: answered,
    consistent: added >= answered && added - answered <= settings.connections,
  };
  scenarios.push(add);

  // --- place order: one fresh session with a one-pizza cart per order
  const prepareOrders = async (count) => {
    const t0 = Date.now();
    const cookies = await inBatches(count, settings.connections, async () => {
      const cookie = await sessionWithCart(outletId, product);
      allCookies.push(cookie);
      return cookie;
    });
    console.log(`bench: prepared ${count} sessions with a cart to check out in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return cookies;
  };
  if (settings.warmup > 0) {
    const warmOrders = await prepareOrders(Math.max(settings.connections, 30));
    console.log(`bench: place order warm-up (${warmOrders.length} orders)`);
    await placeOrders({ title: "orders warm-up", cookies: warmOrders });
  }
  const orderCookies = await prepareOrders(settings.orders);
  const placedBefore = benchOrders.size;
  console.log(`bench: place order (${orderCookies.length} orders over ${Math.min(settings.connections, orderCookies.length)} connections)`);
  const before2 = await cpuSnapshot();
  const t0 = Date.now();
  const orderResult = await placeOrders({ title: "orders", cookies: orderCookies });
  const elapsed = (Date.now() - t0) / 1000;
  const after2 = await cpuSnapshot();
  orderResult.cpu = cpuUse(before2, after2, orderCookies.length);
  const order = summarize(
    "place order",
    "POST /checkout (carry-out, cash, one pizza) from its own session and cart: the committed order answered 303",
    303,
    orderResult,
  );
  const placed = benchOrders.size - placedBefore;
  order.check = { orders: orderCookies.length, answered303: order.statusCodes[303] ?? 0, distinctOrders: placed, seconds: round(elapsed, 2) };
  order.ordersPerSecond = round(placed / elapsed, 1);
  scenarios.push(order);

  const deletedOrders = await deleteBenchOrders();
  const deleted = await deleteBenchCarts();

  const report = {
    date: startedAt.toISOString(),
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model?.trim() ?? "unknown",
      memoryGiB: round(os.totalmem() / 2 ** 30, 1),
      platform: `${os.platform()} ${os.release()}`,
      node: process.version,
      loadAverageAtStart: loadAtStart,
    },
    database: await databaseInfo(),
    settings: {
      durationSeconds: settings.duration,
      warmupSeconds: settings.warmup,
      connections: settings.connections,
      pipelining: settings.pipelining,
      server: "scripts/serve.mjs build/index.js, NODE_ENV=production, 127.0.0.1",
      storeNow: "2026-11-20T19:00:00.000Z",
    },
    scenarios,
    ...(deleted === null ? {} : { cleanup: { benchCartsDeleted: deleted, benchOrdersDeleted: deletedOrders } }),
  };

  printTable(report);
  console.log(
    `add to cart: ${add.check.sessions} sessions, at most ${add.check.maxAddsPerSession} adds each (budget ${budget}); ` +
      `the carts gained ${added} pizzas for ${answered} answers 303` +
      (add.check.consistent ? "" : "  <-- INCONSISTENT"),
  );
  console.log(
    `place order: ${order.check.distinctOrders} distinct orders for ${order.check.answered303} answers 303 of ${order.check.orders} posts ` +
      `in ${order.check.seconds} s: ${order.ordersPerSecond} orders/s end to end`,
  );
  if (deleted !== null) console.log(`cleanup: deleted the ${deleted} carts and ${deletedOrders ?? 0} orders this run created in Postgres`);

  const out = path.join(root, "bench", "results");
  await mkdir(out, { recursive: true });
  await writeFile(path.join(out, "latest.json"), JSON.stringify(report, null, 2) + "\n");
  console.log(`bench: figures written to ${path.relative(root, path.join(out, "latest.json"))}`);

  const failures = scenarios.filter((s) => s.errors > 0 || s.timeouts > 0 || s.unexpectedStatus > 0);
  for (const s of failures) {
    console.error(
      `bench: ${s.scenario} had ${s.errors} errors, ${s.timeouts} timeouts and ${s.unexpectedStatus} responses ` +
        `other than ${s.expectedStatus} (${JSON.stringify(s.statusCodes)})`,
    );
  }
  if (!add.check.consistent) console.error("bench: the carts do not hold what the add responses reported");
  if (add.check.maxAddsPerSession > budget) {
    console.error(
      `bench: the run made up to ${add.check.maxAddsPerSession} adds per cart, over the ${budget} that fit: ` +
        "the 422s above are MAX-CART refusals (more sessions are prepared from the warm-up rate; rerun on a quieter machine)",
    );
  }
  const ordersConsistent = order.check.distinctOrders === order.check.answered303 && order.check.answered303 === order.check.orders;
  if (!ordersConsistent) console.error("bench: not every checkout post made its own order");
  return failures.length === 0 && add.check.consistent && ordersConsistent ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  // after Ctrl-C the steps in flight fail as the server goes away: not worth a stack trace
  if (!interrupted) console.error(`bench: ${error instanceof BenchError ? error.message : error.stack ?? error}`);
  code = interrupted ? 130 : 1;
} finally {
  await stopServer();
  // after a failure, still remove what this run wrote into a real Postgres
  await deleteBenchOrders().catch((error) => console.error(`bench: could not delete the bench orders: ${error.message}`));
  await deleteBenchCarts().catch((error) => console.error(`bench: could not delete the bench carts: ${error.message}`));
}
if (settings.profile) console.log("bench: server CPU profile in bench/results/profiles/ (open it in Chrome DevTools)");
process.exit(code);
