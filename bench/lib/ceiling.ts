// The place-order scenario's ceiling, measured in the same run: what the database alone commits of the same order
// shape (one transaction: 1 order, 3 order items in one insert, 1 status row), 8 clients, no app in between.
// On Postgres: pgbench when it is installed (`which pgbench`), else the same transaction in a loop through `pg`
// (8 connections). On the embedded database: the same loop on a fresh in-memory PGlite in this process (one
// connection, as the app has). The rows are marked with CEILING_EMAIL and deleted afterwards.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import pg from "pg";
import { createDatabase, migrate, type Database } from "../../server/db/client";
import { seed } from "../../server/db/seed";
import { round } from "./report";

const run = promisify(execFile);

export const CEILING_EMAIL = "techo.bench@pizzeria-bench.mx";
export const CEILING_CLIENTS = 8;

export interface Ceiling {
  /** pgbench, pg loop, or PGlite loop. */
  tool: string;
  clients: number;
  transactions: number;
  failed: number;
  seconds: number;
  transactionsPerSecond: number;
}

interface Ids {
  outlet: number;
  product: number;
}

const customer = JSON.stringify({ name: "Techo", surname: "Bench", email: CEILING_EMAIL, mobile: "5512345678" });

/** The order's insert, its id given back (pgbench: `\gset`; a loop: the returned row). */
const orderInsert = (ids: Ids) =>
  `insert into orders (uuid, number, idempotency_key, outlet_id, outlet_code, order_type, status, subtotal_cents, tax_percent, tax_cents, ` +
  `delivery_fee_cents, total_cents, time_zone, customer, payment_method, payment, locale, created_at) values (gen_random_uuid(), ` +
  `nextval('order_number_seq')::text, gen_random_uuid()::text, ${ids.outlet}, 'BENCH', 'C', 3, 15900, 16, 2193, 0, 15900, ` +
  `'America/Mexico_City', '${customer}', 'cash', '{"method":"cash"}', 'es', now()) returning id`;

const itemsInsert = (ids: Ids, order: string) =>
  `insert into order_items (order_id, position, product_id, product_type, sku, name, quantity, unit_price_cents, total_cents) values ` +
  [0, 1, 2].map((p) => `(${order}, ${p}, ${ids.product}, 1, 'BENCH', '{"es":"Techo"}', 1, 5300, 5300)`).join(", ");

const statusInsert = (order: string) => `insert into order_status_history (order_id, status, at, actor) values (${order}, 3, now(), 'customer')`;

async function idsOf(db: Database): Promise<Ids> {
  const outlet = await db.selectFrom("outlets").select("id").orderBy("id").executeTakeFirstOrThrow();
  const product = await db.selectFrom("products").select("id").orderBy("id").executeTakeFirstOrThrow();
  return { outlet: outlet.id, product: product.id };
}

/** pgbench -c 8 -j 2 -T seconds of the order transaction (a script file with `\gset`). */
async function pgbench(databaseUrl: string, ids: Ids, seconds: number): Promise<Ceiling> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "bench-ceiling-"));
  const script = path.join(folder, "order.sql");
  await writeFile(
    script,
    ["BEGIN;", `${orderInsert(ids)} \\gset order_`, `${itemsInsert(ids, ":order_id")};`, `${statusInsert(":order_id")};`, "COMMIT;", ""].join("\n"),
  );
  try {
    const { stdout } = await run("pgbench", ["-n", "-c", String(CEILING_CLIENTS), "-j", "2", "-T", String(seconds), "-f", script, databaseUrl], {
      maxBuffer: 10 * 2 ** 20,
    });
    const number = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? Number.NaN);
    const transactions = number(/number of transactions actually processed: (\d+)/);
    const tps = number(/tps = ([\d.]+) \(without initial connection time\)/);
    if (!Number.isFinite(transactions) || !Number.isFinite(tps)) throw new Error(`pgbench printed no figures:\n${stdout}`);
    return {
      tool: "pgbench",
      clients: CEILING_CLIENTS,
      transactions,
      failed: number(/number of failed transactions: (\d+)/) || 0,
      seconds: round(transactions / tps, 2),
      transactionsPerSecond: round(tps, 1),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The same transaction in a loop, `clients` at a time, for `seconds` (timed with performance.now). */
async function loop(db: Database, ids: Ids, clients: number, seconds: number, tool: string): Promise<Ceiling> {
  let transactions = 0;
  let failed = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      try {
        await db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ id: number }>`${sql.raw(orderInsert(ids))}`.execute(trx);
          const id = String(rows[0]!.id);
          await sql`${sql.raw(itemsInsert(ids, id))}`.execute(trx);
          await sql`${sql.raw(statusInsert(id))}`.execute(trx);
        });
        transactions++;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const elapsed = (performance.now() - t0) / 1000;
  return { tool, clients, transactions, failed, seconds: round(elapsed, 2), transactionsPerSecond: round(transactions / elapsed, 1) };
}

async function installed(command: string): Promise<boolean> {
  return run("which", [command]).then(
    () => true,
    () => false,
  );
}

/** Deletes the ceiling's orders (items and history cascade). */
async function deleteCeilingOrders(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`delete from orders where customer->>'email' = $1`, [CEILING_EMAIL]);
  } finally {
    await client.end();
  }
}

/**
 * The ceiling of the bench's database: on Postgres (`databaseUrl`) pgbench or the pg loop, then its rows deleted;
 * on PGlite ("") the loop on a fresh in-memory PGlite, migrated and seeded, in this process.
 */
export async function orderCeiling(databaseUrl: string, seconds: number): Promise<Ceiling> {
  if (!databaseUrl) {
    const db = createDatabase({ dataDir: "memory://" });
    try {
      await migrate(db);
      await seed(db);
      return await loop(db, await idsOf(db), CEILING_CLIENTS, seconds, "PGlite loop (in memory, this process)");
    } finally {
      await db.destroy();
    }
  }
  const db = createDatabase({ url: databaseUrl, poolSize: CEILING_CLIENTS });
  try {
    const ids = await idsOf(db);
    if (await installed("pgbench")) return await pgbench(databaseUrl, ids, seconds);
    return await loop(db, ids, CEILING_CLIENTS, seconds, "pg loop (8 connections)");
  } finally {
    await db.destroy();
    await deleteCeilingOrders(databaseUrl);
  }
}
