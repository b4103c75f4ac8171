// Benchmark of the built storefront: `npm run bench` (builds first), or `npx tsx bench/run.ts` after a build.
//
// 1. bench/slots.ts: the order-time slot function alone, no HTTP, beside its reference (wall-clock reads).
// 2. bench/weight.ts: the HTML and first-load JavaScript of home, menu, checkout and tracker, gzipped.
// 3. The HTTP scenarios, on the built app started as production runs it (tests/support/app-process.ts: scripts/
//    serve.mjs build/index.js, NODE_ENV=production, 127.0.0.1, STORE_NOW pinned) with a fresh in-memory PGlite, or
//    the Postgres of BENCH_DATABASE_URL, loaded with autocannon, each after an unreported warm-up:
//      reference:  the menu page's HTML as a static file (node:http, its own process)
//      menu:       GET  /order/pizzas/clasicas (a carry-out visitor with a one-line cart: catalog, cart, SSR)
//      flood:      the menu page while 32 connections post wrong passwords to /store/login
//      sign-in:    POST /login, the demo customer's right password from many addresses (known device); 303
//      add:        POST /cart (intent=add into an existing cart, back to the menu; answers 303)
//      place order: POST /checkout (BENCH_ORDERS orders, each from its own session and cart; answers 303)
// Figures are printed and written to bench/results/; nothing is asserted about speed. Exit status 1: the server did
// not start, or a scenario had errors, timeouts or an unexpected status.
//
// Environment: BENCH_DURATION (s, 10), BENCH_WARMUP (s, 2), BENCH_CONNECTIONS (10), BENCH_ORDERS (300), BENCH_PORT
// (3499, or a free port when 3499 is taken), BENCH_DATABASE_URL (postgres://…; unset: PGlite in memory),
// BENCH_PROFILE=1 (the server writes a V8 CPU profile to bench/results/profiles/); BENCH_SLOT_* (bench/slots.ts).

import { access } from "node:fs/promises";
import path from "node:path";
import { STORE_NOW } from "../playwright.config";
import { freePort, portIsFree, startApp, type AppProcess } from "../tests/support/app-process";
import { readSettings, type BenchContext, type Settings } from "./lib/context";
import { stopRunning, type Scenario } from "./lib/load";
import { databaseInfo, deleteCarts, deleteOrders, type DatabaseInfo } from "./lib/postgres";
import { BenchError, describeError, intEnv, machine, root, table, writeResults, type Machine } from "./lib/report";
import { Storefront, perCart } from "./lib/storefront";
import { addToCartScenario } from "./scenarios/add-to-cart";
import { menuScenario, menuVisitor } from "./scenarios/menu";
import { benchOrders, placeOrderScenario } from "./scenarios/place-order";
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

interface Report {
  date: string;
  machine: Machine;
  database: DatabaseInfo;
  settings: Record<string, string | number>;
  scenarios: Scenario[];
  cleanup?: { benchCartsDeleted: number; benchOrdersDeleted: number };
}

// ---------------------------------------------------------------------------------------------- the server

let app: AppProcess | null = null;
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

/** The built server as production runs it, with the bench's database and a pinned clock. */
async function startServer(s: Settings): Promise<AppProcess> {
  try {
    await access(path.join(root, "build", "index.js"));
  } catch {
    throw new BenchError("build/index.js is missing: run `npm run bench` (it builds first) or `npm run build`");
  }
  const env = {
    NODE_ENV: "production",
    DATA_DIR: "memory://",
    DATABASE_URL: s.databaseUrl,
    SESSION_SECRET: "bench-secret",
    COOKIE_SECURE: "false",
    STORE_NOW,
    SEED_ON_START: "true",
    // The sign-in flood comes from many addresses (X-Forwarded-For), as a botnet's would.
    TRUST_PROXY: "1",
    // The customer sign-in scenario signs the demo customer in.
    SEED_DEMO_CUSTOMER: "true",
  };
  const nodeArgs = s.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.join(root, "bench", "results", "profiles")}`] : [];
  // Not the tests' environment: password hashing at its production cost, no demo staff, the request log on.
  app = await startApp(env, { testEnv: false, port: await choosePort(), appDir: root, nodeArgs });
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
  stopping ??= app ? app.stop(settings.profile ? 30_000 : 5_000) : Promise.resolve();
  return stopping;
}

let cleaning: Promise<Report["cleanup"]> | null = null;
/** On a real Postgres, deletes the carts and orders this run created. Once. */
function cleanUp(): Promise<Report["cleanup"]> {
  cleaning ??= (async () => {
    if (!settings.databaseUrl) return undefined;
    const benchOrdersDeleted = await deleteOrders(settings.databaseUrl, [...benchOrders]);
    const benchCartsDeleted = await deleteCarts(settings.databaseUrl, ctx?.cookies ?? []);
    return { benchCartsDeleted, benchOrdersDeleted };
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
  const reference = report.scenarios.find((s) => s.scenario.startsWith("reference"));
  const cpu = report.scenarios.every((s) => s.cpu);
  const head = ["scenario", "req/s (avg)", "% of reference", "p50 ms", "p99 ms", "requests", "non-2xx/3xx", "unexpected", "errors", "timeouts"];
  if (cpu) head.push("server CPU ms/req", "CPU % server/bench/other");
  const rows = report.scenarios.map((s) => [
    s.scenario,
    s.requestsPerSecond.toFixed(1),
    reference ? percentOf(s.requestsPerSecond, reference.requestsPerSecond) : "",
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
  for (const s of report.scenarios.filter((s): s is FloodScenario => "flood" in s)) {
    const answers = Object.entries(s.flood.statusCodes)
      .map(([code, n]) => `${n} × ${code}`)
      .join(", ");
    console.log(`${s.scenario}: the flood made ${s.flood.requests} sign-in posts (${answers}; p50 ${s.flood.p50} ms); its reference is the menu page alone`);
  }
  if (cpu) {
    console.log(
      `CPU % is of one core (${m.cores} cores = ${100 * m.cores} %): the server process (the static server's for the reference), ` +
        `this script (autocannon), and everything else${report.database.kind === "Postgres" ? " (Postgres included)" : ""}.`,
    );
    const busiest = Math.max(...report.scenarios.map((s) => s.cpu?.otherPercentOfCore ?? 0));
    if (report.database.kind !== "Postgres" && busiest > 25) {
      console.log(`WARNING: other processes took up to ${busiest} % of a core during the runs: the machine was busy.`);
    }
  }
}

// ---------------------------------------------------------------------------------------------- the run

async function main(): Promise<number> {
  const startedAt = new Date();
  const atStart = machine();
  await runSlots();
  const weight = await runWeight();

  console.log(`bench: starting the built server (${settings.databaseUrl ? "Postgres" : "PGlite in memory"})`);
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
  const visitor = await menuVisitor(ctx);

  const reference = await referenceScenario(ctx, visitor.html);
  const menu = await menuScenario(ctx, visitor.cookie);
  const flood = await signInFloodScenario(ctx, visitor.cookie);
  const signIn = await customerSignInScenario(ctx);
  const add = await addToCartScenario(ctx);
  const order = await placeOrderScenario(ctx);
  const scenarios: Scenario[] = [reference, menu, flood, signIn, add, order];
  const cleanup = await cleanUp();

  const report: Report = {
    date: startedAt.toISOString(),
    machine: atStart,
    database: await databaseInfo(settings.databaseUrl),
    settings: {
      durationSeconds: settings.duration,
      warmupSeconds: settings.warmup,
      connections: settings.connections,
      pipelining: settings.pipelining,
      server: "scripts/serve.mjs build/index.js, NODE_ENV=production, 127.0.0.1",
      storeNow: STORE_NOW,
    },
    scenarios,
    ...(cleanup ? { cleanup } : {}),
  };

  printReport(report);
  console.log(
    `add to cart: ${add.check.sessions} sessions, at most ${add.check.maxAddsPerSession} adds each (budget ${add.check.budgetPerSession}); ` +
      `the carts gained ${add.check.pizzasAddedOnServer} pizzas for ${add.check.answered303} answers 303` +
      (add.check.consistent ? "" : "  <-- INCONSISTENT"),
  );
  console.log(
    `place order: ${order.check.distinctOrders} distinct orders for ${order.check.answered303} answers 303 of ${order.check.orders} posts ` +
      `in ${order.check.seconds} s: ${order.ordersPerSecond} orders/s end to end`,
  );
  if (cleanup) console.log(`cleanup: deleted the ${cleanup.benchCartsDeleted} carts and ${cleanup.benchOrdersDeleted} orders this run created in Postgres`);
  console.log(`bench: figures written to ${await writeResults("latest.json", { ...report, weight })}`);

  const failures = scenarios.filter((s) => s.errors > 0 || s.timeouts > 0 || s.unexpectedStatus > 0);
  for (const s of failures) {
    console.error(
      `bench: ${s.scenario} had ${s.errors} errors, ${s.timeouts} timeouts and ${s.unexpectedStatus} responses ` +
        `other than ${s.expectedStatus} (${JSON.stringify(s.statusCodes)})`,
    );
  }
  if (!add.check.consistent) console.error("bench: the carts do not hold what the add responses reported");
  if (add.check.maxAddsPerSession > add.check.budgetPerSession) {
    console.error(
      `bench: the run made up to ${add.check.maxAddsPerSession} adds per cart, over the ${add.check.budgetPerSession} that fit: ` +
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
  if (!interrupted) console.error(`bench: ${describeError(error)}`);
  code = interrupted ? 130 : 1;
} finally {
  await stopServer();
  // after a failure, still remove what this run wrote into a real Postgres
  await cleanUp().catch((error: Error) => console.error(`bench: could not delete the bench's carts and orders: ${error.message}`));
}
if (settings.profile) console.log("bench: server CPU profile in bench/results/profiles/ (open it in Chrome DevTools)");
process.exit(code);
