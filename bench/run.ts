// Benchmark of the built storefront: `npm run bench` (builds first), or `npx tsx bench/run.ts` after a build.
//
// 1. bench/slots.ts: the order-time slot function alone, no HTTP, beside its reference (wall-clock reads).
// 2. bench/weight.ts: the HTML and first-load JavaScript of home, menu, checkout, tracker and the payment page, gzipped
//    (and the Adyen Web chunk and style sheet the payment page loads besides).
// 3. The HTTP scenarios, on the built app started as production runs it (tests/support/app-process.ts: scripts/
//    serve.mjs build/index.js, NODE_ENV=production, 127.0.0.1, STORE_NOW pinned) with a fresh in-memory PGlite, or
//    the Postgres of BENCH_DATABASE_URL, loaded with autocannon, each after an unreported warm-up:
//      reference:  the menu page's HTML (fetched from the app first) served by express.static with compression, its
//                  own process; every GET here asks for gzip (Accept-Encoding: gzip) as a browser does
//      menu:       GET  /order/pizzas/clasicas (a carry-out visitor with a one-line cart: catalog, cart, SSR)
//      flood:      the menu page while 32 connections post wrong passwords to /store/login
//      sign-in:    POST /login, the demo customer's right password from many addresses (known device); 303
//      add:        POST /cart (intent=add into an existing cart, back to the menu; answers 303)
//      place order: POST /checkout (BENCH_ORDERS orders, each from its own session and cart; answers 303), timed
//                  exactly, then its ceiling in the same run: the same order shape committed by the database alone
//                  (pgbench, 8 clients, on Postgres; bench/lib/ceiling.ts)
//      card order: BENCH_ORDERS card orders against the local Adyen stand-in (bench/scenarios/card-order.ts): the
//                  placement and the payment each alone, then end to end, then with 3-D Secure; beside the cash
//                  orders of place order and the stand-in's own /payments capacity, all from this run
// The app is started with the Adyen stand-in (bench/lib/adyen.ts, in this process) as its payment provider, as the
// e2e server starts it, for every scenario (only the card orders use it).
// Figures are printed and written to bench/results/; nothing is asserted about speed. Exit status 1: the server did
// not start, or a scenario had errors, timeouts or an unexpected status.
//
// Environment: BENCH_DURATION (s, 10), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (10), BENCH_ORDERS (300), BENCH_WORKERS
// (the server's WEB_CONCURRENCY, 1; more than 1 needs BENCH_DATABASE_URL: one process owns a PGlite), BENCH_PORT
// (3499, or a free port when 3499 is taken), BENCH_DATABASE_URL (postgres://…; unset: PGlite in memory),
// BENCH_PROFILE=1 (the server writes a V8 CPU profile to bench/results/profiles/); BENCH_ROUNDS (1: the reference and
// the menu page one after the other that many times; the menu's figure is the median of the rounds' ratios, each the
// menu over its own round's reference); BENCH_SLOT_* (bench/slots.ts);
// BENCH_ONLY (a comma list of slots, weight, reference, menu, flood, sign-in, add, order, card: only those; card
// brings order, its reference); BENCH_CARD_3DS (1; 0: no 3-D Secure run).

import { access } from "node:fs/promises";
import path from "node:path";
import { STORE_NOW } from "../playwright.config";
import { freePort, portIsFree, startApp, type AppProcess } from "../tests/support/app-process";
import { startBenchStandIn, type BenchStandIn } from "./lib/adyen";
import { readSettings, type BenchContext, type Settings } from "./lib/context";
import { stopRunning, type Scenario } from "./lib/load";
import { REFERENCE, menuRatio, type MenuRatio } from "./lib/ratio";
import { orderCeiling, type Ceiling } from "./lib/ceiling";
import { databaseInfo, deleteCardOrders, deleteCarts, deleteOrders, type DatabaseInfo } from "./lib/postgres";
import { BenchError, describeError, intEnv, machine, root, table, writeResults, type Machine } from "./lib/report";
import { Storefront, perCart } from "./lib/storefront";
import { addToCartScenario } from "./scenarios/add-to-cart";
import { cardConsistent, cardOrderScenario, cardTransactions, type CardResults } from "./scenarios/card-order";
import { menuScenario, menuVisitor } from "./scenarios/menu";
import { benchOrders, ordersConsistent, placeOrderScenario, type OrderScenario } from "./scenarios/place-order";
import { referenceScenario } from "./scenarios/reference";
import { signInFloodScenario, type FloodScenario } from "./scenarios/sign-in-flood";
import { customerSignInScenario } from "./scenarios/customer-sign-in";
import { runSlots } from "./slots";
import { runWeight } from "./weight";

const settings = ((): Settings => {
  try {
    return readSettings();
  } catch (error) {
    console.error(`bench: ${describeError(error)}`);
    process.exit(1);
  }
})();

const STEPS = ["slots", "weight", "reference", "menu", "flood", "sign-in", "add", "order", "card"] as const;
type Step = (typeof STEPS)[number];

/** BENCH_ONLY: the steps to run (all when unset); card brings order, its reference. */
const only = ((): Set<Step> => {
  const raw = process.env.BENCH_ONLY?.trim();
  if (!raw) return new Set(STEPS);
  const asked = raw.split(",").map((s) => s.trim()).filter(Boolean);
  const unknown = asked.filter((s) => !(STEPS as readonly string[]).includes(s));
  if (unknown.length) {
    console.error(`bench: BENCH_ONLY: unknown ${unknown.join(", ")} (one or more of ${STEPS.join(", ")})`);
    process.exit(1);
  }
  const steps = new Set(asked as Step[]);
  if (steps.has("card")) steps.add("order");
  return steps;
})();

interface Report {
  date: string;
  machine: Machine;
  database: DatabaseInfo;
  settings: Record<string, string | number>;
  scenarios: Scenario[];
  menuRatio?: MenuRatio;
  card?: CardResults;
  ceiling?: Ceiling;
  cleanup?: { benchCartsDeleted: number; benchOrdersDeleted: number; benchCardOrdersDeleted: number };
}

// ---------------------------------------------------------------------------------------------- the server

let app: AppProcess | null = null;
let adyen: BenchStandIn | null = null;
let ctx: BenchContext | null = null;
let interrupted = false;

async function choosePort(): Promise<number> {
  if (process.env.BENCH_PORT) {
    const port = intEnv("BENCH_PORT", 3499, 1);
    if (!(await portIsFree(port))) throw new BenchError(`BENCH_PORT ${port} is already in use on 127.0.0.1`);
    return port;
  }
  return (await portIsFree(3499)) ? 3499 : freePort();
}

/**
 * The built server as production runs it, with the bench's database and a pinned clock, and the Adyen stand-in (in
 * this process, its webhooks to the app) as its payment provider.
 */
async function startServer(s: Settings): Promise<AppProcess> {
  try {
    await access(path.join(root, "build", "index.js"));
  } catch {
    throw new BenchError("build/index.js is missing: run `npm run bench` (it builds first) or `npm run build`");
  }
  const port = await choosePort();
  adyen = await startBenchStandIn(port);
  const env = {
    ...adyen.env,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: "production",
    DATA_DIR: "memory://",
    DATABASE_URL: s.databaseUrl,
    SESSION_SECRET: "bench-session-secret-of-at-least-32-chars",
    COOKIE_SECURE: "false",
    STORE_NOW,
    SEED_ON_START: "true",
    // The sign-in flood comes from many addresses (X-Forwarded-For), as a botnet's would.
    TRUST_PROXY: "1",
    // The customer sign-in scenario signs the demo customer in.
    SEED_DEMO_CUSTOMER: "true",
    // One worker per process by default; BENCH_WORKERS=2 runs scripts/serve.mjs's cluster of two.
    WEB_CONCURRENCY: String(s.workers),
  };
  const nodeArgs = s.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.join(root, "bench", "results", "profiles")}`] : [];
  // Not the tests' environment: password hashing at its production cost, no demo staff, the request log on.
  app = await startApp(env, { testEnv: false, port, appDir: root, nodeArgs });
  try {
    await app.health(200, 60_000);
  } catch (error) {
    throw new BenchError((error as Error).message);
  }
  return app;
}

let stopping: Promise<void> | null = null;
/** Stops the server once (Ctrl-C and the normal end may both ask). A profiled server must exit by itself to write its profile. */
function stopServer(): Promise<void> {
  stopping ??= (async () => {
    if (app) await app.stop(settings.profile ? 30_000 : 5_000);
    await adyen?.standIn.close();
  })();
  return stopping;
}

let cleaning: Promise<Report["cleanup"]> | null = null;
/** On a real Postgres, deletes the carts and orders this run created. Once. */
function cleanUp(): Promise<Report["cleanup"]> {
  cleaning ??= (async () => {
    if (!settings.databaseUrl) return undefined;
    // Card orders first (by their attempts, with the webhook events about them), then the rest by uuid.
    const benchCardOrdersDeleted = await deleteCardOrders(settings.databaseUrl, [...cardTransactions]);
    const benchOrdersDeleted = await deleteOrders(settings.databaseUrl, [...benchOrders]);
    const benchCartsDeleted = await deleteCarts(settings.databaseUrl, ctx?.cookies ?? []);
    return { benchCartsDeleted, benchOrdersDeleted, benchCardOrdersDeleted };
  })();
  return cleaning;
}

// Last resort: never leave the server behind, whatever happens.
process.on("exit", () => {
  if (app?.alive()) app.child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the benchmark and the server`);
    stopRunning();
    await stopServer();
    await cleanUp().catch(() => undefined);
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------------------------- the report

/** `part` as a percentage of `whole`, with two significant digits under 10 %. */
function percentOf(part: number, whole: number): string {
  const percent = (100 * part) / whole;
  return `${percent < 10 ? percent.toPrecision(2) : percent.toFixed(0)} %`;
}

function printReport(report: Report): void {
  const reference = report.scenarios.find((s) => s.scenario.startsWith(REFERENCE));
  /** A row's reference: its own round's, else the first. */
  const referenceOf = (s: Scenario) => {
    const round = / \(round \d+\)$/.exec(s.scenario)?.[0];
    return (round && report.scenarios.find((r) => r.scenario === REFERENCE + round)) || reference;
  };
  const cpu = report.scenarios.every((s) => s.cpu);
  const head = ["scenario", "req/s (avg)", "% of reference", "p50 ms", "p99 ms", "requests", "non-2xx/3xx", "unexpected", "errors", "timeouts"];
  if (cpu) head.push("server CPU ms/req", "CPU % server/bench/other");
  const rows = report.scenarios.map((s) => [
    s.scenario,
    s.requestsPerSecond.toFixed(1),
    reference ? percentOf(s.requestsPerSecond, referenceOf(s)!.requestsPerSecond) : "",
    String(s.latencyMs.p50),
    String(s.latencyMs.p99),
    String(s.totalRequests),
    String(s.non2xx3xx),
    String(s.unexpectedStatus),
    String(s.errors),
    String(s.timeouts),
    ...(s.cpu
      ? [
          s.cpu.serverMsPerRequest?.toFixed(1) ?? "",
          `${s.cpu.serverPercentOfCore}/${s.cpu.benchPercentOfCore}/${s.cpu.otherPercentOfCore}`,
        ]
      : []),
  ]);
  const m = report.machine;
  console.log();
  console.log(`machine : ${m.cores} cores, ${m.cpu}, ${m.memoryGiB} GiB, Node ${m.node}`);
  console.log(`database: ${report.database.kind} ${report.database.version} (${report.database.where})`);
  console.log(
    `load    : ${report.settings.connections} connections, pipelining ${report.settings.pipelining}, ` +
      `${report.settings.durationSeconds} s per scenario after ${report.settings.warmupSeconds} s of warm-up`,
  );
  console.log();
  console.log(table(head, rows));
  console.log();
  if (reference) {
    console.log(`${reference.scenario}: ${reference.description}; "% of reference" is a scenario's requests/s over its.`);
  }
  const ratio = report.menuRatio;
  if (ratio) {
    const where = `${report.database.kind}, ${report.settings.workers} worker(s)`;
    if (ratio.rounds.length === 1) {
      const [r] = ratio.rounds;
      console.log(
        `menu page / express.static of the same HTML (gzip): ${ratio.median.toFixed(3)} × ` +
          `(${r!.menuRequestsPerSecond} / ${r!.referenceRequestsPerSecond} req/s, ${where})`,
      );
    } else {
      const each = ratio.rounds.map((r) => `${r.ratio.toFixed(3)} (${r.menuRequestsPerSecond} / ${r.referenceRequestsPerSecond})`).join(", ");
      console.log(`menu page / express.static of the same HTML (gzip): ${ratio.median.toFixed(3)} ×, the median of ${ratio.rounds.length} rounds (${where}): ${each}`);
    }
  }
  for (const s of report.scenarios.filter((s): s is FloodScenario => "flood" in s)) {
    const answers = Object.entries(s.flood.statusCodes)
      .map(([code, n]) => `${n} × ${code}`)
      .join(", ");
    console.log(`${s.scenario}: the flood made ${s.flood.requests} sign-in posts (${answers}; p50 ${s.flood.p50} ms); its reference is the menu page alone`);
  }
  if (cpu) {
    console.log(
      `CPU % is of one core (${m.cores} cores = ${100 * m.cores} %): the server process (the static server's for the reference), ` +
        `this script (autocannon; for the card orders also the Adyen stand-in), and everything else${report.database.kind === "Postgres" ? " (Postgres included)" : ""}.`,
    );
    const busiest = Math.max(...report.scenarios.map((s) => s.cpu?.otherPercentOfCore ?? 0));
    if (report.database.kind !== "Postgres" && busiest > 25) {
      console.log(`WARNING: other processes took up to ${busiest} % of a core during the runs: the machine was busy.`);
    }
  }
}

// ---------------------------------------------------------------------------------------------- the run

/** The card orders beside their references of the same run: the cash orders and the stand-in's own /payments. */
function printCard(card: CardResults, cash: OrderScenario | undefined, cores: number): void {
  const ms = (n: number | null | undefined) => (n === null || n === undefined ? "" : n.toFixed(1));
  const cpuOf = (p: { window: { cpu: { serverPercentOfCore: number; benchPercentOfCore: number; otherPercentOfCore: number } | null } }) =>
    p.window.cpu ? `${p.window.cpu.serverPercentOfCore}/${p.window.cpu.benchPercentOfCore}/${p.window.cpu.otherPercentOfCore}` : "";
  const times = (perSecond: number) => (cash ? `${(perSecond / cash.ordersPerSecond).toFixed(2)}` : "");
  const cashCpuPerOrder = cash?.cpu?.serverMsPerRequest ?? null;
  const rows: string[][] = [];
  if (cash) {
    rows.push([
      "cash order (place order, this run)",
      cash.ordersPerSecond.toFixed(1),
      "1.00",
      String(cash.latencyMs.p50),
      String(cash.latencyMs.p99),
      String(cash.check.orders),
      String(cash.check.distinctOrders),
      String(cash.errors + cash.unexpectedStatus),
      ms(cashCpuPerOrder),
      cash.cpu ? `${cash.cpu.serverPercentOfCore}/${cash.cpu.benchPercentOfCore}/${cash.cpu.otherPercentOfCore}` : "",
    ]);
  }
  const phase = (name: string, p: CardResults["placement"], latency = p.scenario.latencyMs) =>
    rows.push([
      name,
      p.perSecond.toFixed(1),
      times(p.perSecond),
      String(latency.p50),
      String(latency.p99),
      String(card.orders),
      String(p.done),
      String(p.scenario.errors + p.scenario.unexpectedStatus),
      ms(p.window.serverMsPerOrder),
      cpuOf(p),
    ]);
  phase("card: placement alone (POST /checkout)", card.placement);
  phase("card: payment alone (POST …/pay, Visa)", card.payment);
  phase("card: end to end (checkout + pay)", card.endToEnd, card.endToEnd.orderLatencyMs);
  if (card.threeDS) phase("card, 3-D Secure: end to end (+ challenge, return)", card.threeDS, card.threeDS.orderLatencyMs);
  const d = card.standIn;
  rows.push([
    "stand-in alone: /payments (@adyen/api-library)",
    d.callsPerSecond.toFixed(1),
    times(d.callsPerSecond),
    String(d.latencyMs.p50),
    String(d.latencyMs.p99),
    String(d.calls),
    String(d.calls - d.unexpected - d.errors),
    String(d.errors + d.unexpected),
    "",
    d.cpu ? `${d.cpu.serverPercentOfCore}/${d.cpu.benchPercentOfCore}/${d.cpu.otherPercentOfCore}` : "",
  ]);
  console.log();
  console.log(`card payment (issue 13): ${card.orders} orders per run, ${card.connections} connections, against the local Adyen stand-in`);
  console.log();
  console.log(
    table(["run", "orders/s", "× cash", "p50 ms", "p99 ms", "orders", "done", "errors", "server CPU ms/order", "CPU % server/bench+stand-in/other"], rows),
  );
  console.log();
  console.log(
    "orders/s: orders done over the run's wall time (performance.now); p50/p99: per request for a phase alone, per order (checkout to " +
      "confirmation) end to end; server CPU per order includes the webhooks, taken until the stand-in had delivered them all.",
  );
  console.log(
    `stand-in alone: ${d.calls} calls, ${d.connections} at a time, ${d.seconds} s; this process's CPU (Adyen's library and the stand-in) ` +
      `${ms(d.benchCpuMsPerCall)} ms per call; the app idle. CPU % is of one core (${cores} cores = ${100 * cores} %).`,
  );
  const e = card.endToEnd;
  console.log(
    `card end to end, per step: placement p50 ${e.steps!.placement!.p50} ms / p99 ${e.steps!.placement!.p99} ms, pay p50 ${e.steps!.pay!.p50} ms / ` +
      `p99 ${e.steps!.pay!.p99} ms; webhooks delivered ${e.window.webhookTailSeconds} s after the last answer`,
  );
  if (card.threeDS?.steps) {
    const t = card.threeDS.steps;
    console.log(
      `card 3-D Secure, per step: placement p50 ${t.placement!.p50} ms, pay p50 ${t.pay!.p50} ms, return p50 ${t.return!.p50} ms / p99 ${t.return!.p99} ms`,
    );
  }
  const c = card.check;
  console.log(
    `card check: ${c.received} of ${c.orders} orders received (status 3, attempt Authorised) for ${c.confirmedAnswers} confirming answers; ` +
      `${c.duplicates} received more than once; ${c.notReceived} not received; webhooks: ${card.webhooks.accepted} of ${card.webhooks.delivered} deliveries accepted`,
  );
  for (const problem of c.problems) console.error(`bench: card check: ${problem}`);
  for (const p of [card.placement, card.payment, card.endToEnd, ...(card.threeDS ? [card.threeDS] : [])]) {
    for (const problem of p.problems) console.error(`bench: ${p.scenario.scenario}: ${problem}`);
  }
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const atStart = machine();
  if (only.has("slots")) await runSlots();
  const weight = only.has("weight") ? await runWeight() : undefined;
  const http = ["reference", "menu", "flood", "sign-in", "add", "order", "card"] as const;
  if (!http.some((step) => only.has(step))) return 0;

  console.log(`bench: starting the built server (${settings.databaseUrl ? "Postgres" : "PGlite in memory"}) with the Adyen stand-in`);
  const t0 = performance.now();
  const server = await startServer(settings);
  console.log(`bench: ${server.base} healthy after ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // --- preparation: the browser's CSRF token, the outlet, the product to add, the visitor of the menu scenario
  const shop = new Storefront(server.base);
  await shop.start();
  const outlet = await shop.carryoutOutlet();
  const firstCookie = await shop.newSession(outlet.id);
  const product = await shop.product(firstCookie);
  ctx = { settings, app: server, shop, outletId: outlet.id, product, cookies: [firstCookie] };
  console.log(
    `bench: outlet ${outlet.id} (${outlet.name}), product ${product.name} option ${product.option} (${product.label}); ` +
      `a cart takes ${perCart(product)} of it under its maximum`,
  );
  const visitor = only.has("reference") || only.has("menu") || only.has("flood") ? await menuVisitor(ctx) : null;

  const scenarios: Scenario[] = [];
  // BENCH_ROUNDS: the reference and the menu page one after the other, round after round (each round its own pair).
  for (let round = 1; visitor && round <= settings.rounds; round++) {
    const name = settings.rounds > 1 ? round : undefined;
    if (only.has("reference")) scenarios.push(await referenceScenario(ctx, visitor.html, name));
    if (only.has("menu")) scenarios.push(await menuScenario(ctx, visitor.cookie, name));
  }
  if (visitor && only.has("flood")) scenarios.push(await signInFloodScenario(ctx, visitor.cookie));
  if (only.has("sign-in")) scenarios.push(await customerSignInScenario(ctx));
  const add = only.has("add") ? await addToCartScenario(ctx) : undefined;
  if (add) scenarios.push(add);
  const order = only.has("order") ? await placeOrderScenario(ctx) : undefined;
  if (order) scenarios.push(order);
  let ceiling: Ceiling | undefined;
  if (order) {
    console.log(`bench: the ceiling of place order: the same order shape, the database alone, 8 clients (${settings.duration} s)`);
    ceiling = await orderCeiling(settings.databaseUrl, settings.duration);
  }
  const card = only.has("card") ? await cardOrderScenario(ctx, adyen!.standIn) : undefined;
  if (card) scenarios.push(card.placement.scenario, card.payment.scenario, card.endToEnd.scenario, ...(card.threeDS ? [card.threeDS.scenario] : []));
  const cleanup = await cleanUp();
  const ratio = menuRatio(scenarios);

  const report: Report = {
    date: startedAt.toISOString(),
    machine: atStart,
    database: await databaseInfo(settings.databaseUrl),
    settings: {
      durationSeconds: settings.duration,
      warmupSeconds: settings.warmup,
      connections: settings.connections,
      pipelining: settings.pipelining,
      orders: settings.orders,
      workers: settings.workers,
      rounds: settings.rounds,
      server: "scripts/serve.mjs build/index.js, NODE_ENV=production, 127.0.0.1, the Adyen stand-in as its provider",
      storeNow: STORE_NOW,
      ...(process.env.BENCH_ONLY ? { only: [...only].join(",") } : {}),
    },
    scenarios,
    ...(ratio ? { menuRatio: ratio } : {}),
    ...(card ? { card } : {}),
    ...(ceiling ? { ceiling } : {}),
    ...(cleanup ? { cleanup } : {}),
  };

  printReport(report);
  if (add) {
    console.log(
      `add to cart: ${add.check.sessions} sessions, at most ${add.check.maxAddsPerSession} adds each (budget ${add.check.budgetPerSession}); ` +
        `the carts gained ${add.check.pizzasAddedOnServer} pizzas for ${add.check.answered303} answers 303` +
        (add.check.consistent ? "" : "  <-- INCONSISTENT"),
    );
  }
  if (order) {
    const c = order.check;
    console.log(
      `place order: ${c.distinctOrders} distinct orders for ${c.answered303} answers 303 of ${c.orders} posts in ${c.seconds} s ` +
        `(performance.now, first post to last answer): ${order.ordersPerSecond} orders/s end to end; ${c.duplicates} duplicates, ` +
        `${c.errors} errors${c.storedOrders === null ? "" : `; ${c.storedOrders} orders in the database for the ${c.orders} keys sent`}`,
    );
  }
  if (order && ceiling) {
    console.log(
      `place order ceiling: ${ceiling.tool}, ${ceiling.clients} clients, ${ceiling.transactions} transactions of 1 order + 3 items + 1 status ` +
        `in ${ceiling.seconds} s (${ceiling.failed} failed): ${ceiling.transactionsPerSecond} tps; the app's orders: ` +
        `${(order.ordersPerSecond / ceiling.transactionsPerSecond).toFixed(3)} × the ceiling`,
    );
  }
  if (card) printCard(card, order, report.machine.cores);
  if (cleanup) {
    console.log(
      `cleanup: deleted the ${cleanup.benchCartsDeleted} carts and ${cleanup.benchOrdersDeleted + cleanup.benchCardOrdersDeleted} orders ` +
        `(${cleanup.benchCardOrdersDeleted} paid by card) this run created in Postgres`,
    );
  }
  // A partial run (BENCH_ONLY) does not replace the full run's latest.json.
  const file = process.env.BENCH_ONLY ? `only-${[...only].sort().join("-")}.json` : "latest.json";
  console.log(`bench: figures written to ${await writeResults(file, { ...report, ...(weight ? { weight } : {}) })}`);

  const failures = scenarios.filter((s) => s.errors > 0 || s.timeouts > 0 || s.unexpectedStatus > 0);
  for (const s of failures) {
    console.error(
      `bench: ${s.scenario} had ${s.errors} errors, ${s.timeouts} timeouts and ${s.unexpectedStatus} responses ` +
        `other than ${s.expectedStatus} (${JSON.stringify(s.statusCodes)})`,
    );
  }
  const addConsistent = !add || add.check.consistent;
  if (!addConsistent) console.error("bench: the carts do not hold what the add responses reported");
  if (add && add.check.maxAddsPerSession > add.check.budgetPerSession) {
    console.error(
      `bench: the run made up to ${add.check.maxAddsPerSession} adds per cart, over the ${add.check.budgetPerSession} that fit: ` +
        "the 422s above are MAX-CART refusals (more sessions are prepared from the warm-up rate; rerun on a quieter machine)",
    );
  }
  const ordersOk = !order || ordersConsistent(order);
  if (!ordersOk) console.error("bench: not every checkout post made its own order");
  const cardOk = !card || cardConsistent(card);
  if (!cardOk) console.error("bench: not every card order was received exactly once, or the stand-in alone failed calls");
  return failures.length === 0 && addConsistent && ordersOk && cardOk ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  // after Ctrl-C the steps in flight fail as the server goes away: not worth a stack trace
  if (!interrupted) console.error(`bench: ${describeError(error)}`);
  code = interrupted ? 130 : 1;
} finally {
  await stopServer();
  // after a failure, still remove what this run wrote into a real Postgres
  await cleanUp().catch((error: Error) => console.error(`bench: could not delete the bench's carts and orders: ${error.message}`));
}
if (settings.profile) console.log("bench: server CPU profile in bench/results/profiles/ (open it in Chrome DevTools)");
process.exit(code);
