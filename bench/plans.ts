// `npm run bench:plans`: the plans of the hot queries on a database with a chain's volume of orders (issue 15,
// point 6), and the pages that read them timed on it.
//
// 1. The database: PLANS_DATABASE_URL (a Postgres database of its own: it gets the volume and keeps it), else a
//    fresh PGlite in memory; migrated, seeded, and given PLANS_ORDERS orders (100,000) by server/db/seed/volume.ts
//    (generate_series, seconds), dated over the 90 days before STORE_NOW (the tests' pinned clock).
// 2. The queries: the app's own functions are called (tracker, order history, store console, order items, coupons,
//    slot capacity, order look-up) through a Kysely that records every statement they run; each SELECT is explained
//    (EXPLAIN ANALYZE, its real parameters) and every Seq Scan of a table over PLANS_BIG_TABLE rows (10,000) is
//    flagged. Nothing is asserted: the table is printed and written to bench/results/plans.json.
// 3. The pages (Postgres only, after `npm run build`): the built server on that database (tests/support/app-process,
//    the tests' environment: demo staff and customer, the pinned clock), the tracker of a volume order, the demo
//    customer's history and the Roma staff member's console, each GET PLANS_PAGE_RUNS times (20) one after the other:
//    p50 and max in ms.
import { access } from "node:fs/promises";
import path from "node:path";
import { CompiledQuery, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { STORE_NOW } from "../playwright.config";
import { startApp } from "../tests/support/app-process";
import { Shopper } from "../tests/support/shopper";
import { findCouponByCode } from "../server/coupons/store";
import { customerUses } from "../server/coupons/uses";
import { orderHistory, reorderLines } from "../server/customers/history";
import { migrate, type Database } from "../server/db/client";
import { PGlitePool } from "../server/db/pglite-pool";
import { seed } from "../server/db/seed";
import { demoCustomer } from "../server/db/seed/customers";
import { demoStaff } from "../server/db/seed/staff";
import { seedOrderVolume } from "../server/db/seed/volume";
import type { DB } from "../server/db/types";
import { orderTimeOptions } from "../server/outlets/order-time";
import { getOutlet } from "../server/outlets/outlets";
import { findOrderByNumberAndEmail, orderState, recentOrdersByEmail, trackOrder } from "../server/orders/tracker";
import { todaysOrders } from "../server/staff/console";
import { findStaff } from "../server/staff/staff";
import { grouped, intEnv, percentile, root, round, table, writeResults } from "./lib/report";

const databaseUrl = process.env.PLANS_DATABASE_URL ?? "";
const volume = intEnv("PLANS_ORDERS", 100_000, 1);
const bigTable = intEnv("PLANS_BIG_TABLE", 10_000, 1);
const pageRuns = intEnv("PLANS_PAGE_RUNS", 20, 1);
const at = new Date(STORE_NOW);
// The app's functions read the clock (server/clock.ts) pinned as the tests and the bench pin it.
process.env.STORE_NOW = STORE_NOW;

/** Every statement the app's functions run through this database, in order. */
const recorded: CompiledQuery[] = [];

async function open(): Promise<Database> {
  const log = (event: { level: string; query: CompiledQuery }) => {
    if (event.level === "query") recorded.push(event.query);
  };
  if (databaseUrl) return new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 4 }) }), log });
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = await PGlite.create("memory://");
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }), log });
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  Plans?: PlanNode[];
}

interface Explained {
  query: string;
  sql: string;
  ms: number;
  scans: string[];
  flags: string[];
}

/** The scans of a plan: "Index Scan orders (orders_uuid_key)", "Seq Scan order_items", … */
function scansOf(node: PlanNode, into: PlanNode[] = []): PlanNode[] {
  if (node["Relation Name"]) into.push(node);
  for (const child of node.Plans ?? []) scansOf(child, into);
  return into;
}

async function rowCounts(db: Database): Promise<Map<string, number>> {
  const { rows } = await db.executeQuery<{ relname: string; n: number }>(
    CompiledQuery.raw("select relname, reltuples::bigint::int as n from pg_class where relkind = 'r' and relnamespace = current_schema()::regnamespace"),
  );
  return new Map(rows.map((r) => [r.relname, Math.max(0, r.n)]));
}

/** Calls `work` and explains each SELECT it ran (deduplicated by text). */
async function explain(db: Database, name: string, work: () => Promise<unknown>, sizes: Map<string, number>): Promise<Explained[]> {
  recorded.length = 0;
  await work();
  const seen = new Set<string>();
  const statements = recorded.filter((q) => /^\s*(select|with)\b/i.test(q.sql) && !seen.has(q.sql) && seen.add(q.sql));
  const out: Explained[] = [];
  for (const q of statements) {
    const { rows } = await db.executeQuery<{ "QUERY PLAN": [{ Plan: PlanNode; "Execution Time": number }] }>(
      CompiledQuery.raw(`explain (analyze, format json) ${q.sql}`, [...q.parameters]),
    );
    const plan = rows[0]!["QUERY PLAN"][0];
    const scans = scansOf(plan.Plan);
    const flags = scans
      .filter((s) => s["Node Type"] === "Seq Scan" && (sizes.get(s["Relation Name"]!) ?? 0) >= bigTable)
      .map((s) => `Seq Scan on ${s["Relation Name"]} (${grouped(sizes.get(s["Relation Name"]!) ?? 0)} rows)`);
    out.push({
      query: name,
      sql: q.sql.replace(/\s+/g, " ").slice(0, 140),
      ms: round(plan["Execution Time"], 2),
      scans: scans.map((s) => `${s["Node Type"]} ${s["Relation Name"]}${s["Index Name"] ? ` (${s["Index Name"]})` : ""}`),
      flags,
    });
  }
  return out;
}

async function pick<T>(db: Database, statement: string): Promise<T> {
  const { rows } = await db.executeQuery<T>(CompiledQuery.raw(statement));
  if (!rows[0]) throw new Error(`no row for: ${statement}`);
  return rows[0];
}

/** p50 and max (ms) of `runs` GETs of `path` by `who`, one after the other; each must answer 200. */
async function timePage(who: Shopper, path: string, runs: number): Promise<{ path: string; p50: number; max: number }> {
  const samples = new Float64Array(runs);
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const answer = await who.request("GET", path);
    samples[i] = performance.now() - t0;
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
  }
  samples.sort();
  return { path, p50: round(percentile(samples, 50), 1), max: round(samples[samples.length - 1]!, 1) };
}

async function timePages(order: string) {
  await access(path.join(root, "build", "index.js")).catch(() => {
    throw new Error("build/index.js is missing: run `npm run build` first");
  });
  const app = await startApp({ DATABASE_URL: databaseUrl, STORE_NOW });
  try {
    await app.health(200, 120_000);
    const visitor = new Shopper(app.base);
    const customer = new Shopper(app.base);
    await customer.request("GET", "/login");
    const signedIn = await customer.request("POST", "/login", { email: demoCustomer.email, password: demoCustomer.password, redirectTo: "/history" });
    if (signedIn.status !== 303) throw new Error(`the demo customer's sign-in answered ${signedIn.status}`);
    const staff = new Shopper(app.base);
    await staff.request("GET", "/store/login");
    const staffIn = await staff.request("POST", "/store/login", { email: demoStaff[0]!.email, password: demoStaff[0]!.password });
    if (staffIn.status !== 303) throw new Error(`the staff sign-in answered ${staffIn.status}`);
    // One unmeasured visit each (the server's first render of a page compiles its code), then the runs.
    for (const [who, page] of [[visitor, `/tracker-order/${order}`], [customer, "/history"], [staff, "/store"]] as const) await who.request("GET", page);
    return [
      await timePage(visitor, `/tracker-order/${order}`, pageRuns),
      await timePage(customer, "/history", pageRuns),
      await timePage(staff, "/store", pageRuns),
    ];
  } finally {
    await app.stop(10_000);
  }
}

async function main() {
  const db = await open();
  try {
    await migrate(db);
    const outlets = await pick<{ n: number }>(db, "select count(*)::int as n from outlets");
    if (outlets.n === 0) await seed(db);
    const t0 = performance.now();
    const written = await seedOrderVolume(db, volume, at);
    console.log(`plans: ${written} orders written (${grouped(volume)} in all) in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${databaseUrl ? "Postgres" : "PGlite in memory"}`);
    const sizes = await rowCounts(db);

    const order = await pick<{ uuid: string; number: string; email: string }>(
      db,
      "select uuid, number, customer->>'email' as email from orders where idempotency_key like 'volume-%' order by id desc limit 1",
    );
    const buyer = await pick<{ customer_id: number; uuid: string }>(
      db,
      "select customer_id, (array_agg(uuid order by created_at desc))[1]::text as uuid from orders where customer_id is not null group by customer_id order by count(*) desc limit 1",
    );
    const roma = await pick<{ id: number }>(db, `select id from staff where email = '${demoStaff[0]!.email}'`).catch(() => null);
    const staff = roma ? await findStaff(db, roma.id) : undefined;
    const coupon = await pick<{ id: number; code: string }>(db, "select id, code from coupons order by id limit 1");
    const outlet = await getOutlet(db, (await pick<{ id: number }>(db, "select id from outlets order by id limit 1")).id);

    const hot: [string, () => Promise<unknown>][] = [
      ["tracker: trackOrder (by uuid, its items)", () => trackOrder(db, order.uuid, "es")],
      ["tracker events: orderState", () => orderState(db, order.uuid)],
      ["history: orderHistory (page 1)", () => orderHistory(db, buyer.customer_id, 1, "es")],
      ["history: reorderLines (order items)", () => reorderLines(db, buyer.customer_id, buyer.uuid)],
      ...(staff ? ([["console: todaysOrders (outlet, today)", () => todaysOrders(db, staff, "es", at)]] as [string, () => Promise<unknown>][]) : []),
      ["coupons: findCouponByCode", () => findCouponByCode(db, coupon.code)],
      ["coupons: customerUses", () => customerUses(db, coupon.id, buyer.customer_id)],
      ["slots: orderTimeOptions (capacity)", () => orderTimeOptions(db, outlet!, "C", at)],
      ["look-up: findOrderByNumberAndEmail", () => findOrderByNumberAndEmail(db, order.number, order.email)],
      ["look-up: recentOrdersByEmail", () => recentOrdersByEmail(db, order.email, new Date(at.getTime() - 30 * 86_400_000))],
    ];
    const explained: Explained[] = [];
    for (const [name, work] of hot) explained.push(...(await explain(db, name, work, sizes)));

    console.log();
    console.log(`tables: ${["orders", "order_items", "order_status_history", "coupon_uses", "customers"].map((t) => `${t} ${grouped(sizes.get(t) ?? 0)}`).join(", ")}`);
    console.log();
    console.log(table(["query", "ms", "scans", "flag"], explained.map((e) => [e.query, e.ms.toFixed(2), e.scans.join("; "), e.flags.join("; ")])));
    const flagged = explained.filter((e) => e.flags.length > 0);
    console.log();
    console.log(flagged.length ? `plans: ${flagged.length} statements scan a big table sequentially:` : `plans: no Seq Scan on a table of ${grouped(bigTable)} rows or more`);
    for (const e of flagged) console.log(`  ${e.query}: ${e.flags.join("; ")}\n    ${e.sql}`);

    const pages = databaseUrl ? await timePages(order.uuid) : null;
    if (pages) {
      console.log();
      console.log(table(["page", "p50 ms", "max ms"], pages.map((p) => [p.path.replace(order.uuid, ":uuid"), p.p50.toFixed(1), p.max.toFixed(1)])));
      console.log(`(${pageRuns} GETs each, one after the other, on ${grouped(sizes.get("orders") ?? 0)} orders)`);
    }
    console.log(`plans: written to ${await writeResults("plans.json", { date: new Date().toISOString(), database: databaseUrl ? "Postgres" : "PGlite", sizes: Object.fromEntries(sizes), explained, pages })}`);
  } finally {
    await db.destroy();
  }
}

await main();
