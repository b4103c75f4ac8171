// The database the bench ran on, and on a real Postgres (BENCH_DATABASE_URL) the clean-up of what the run wrote: the
// carts of its sessions, the orders it placed (with their confirmation mails, and for card orders the webhook events
// about their payments), nothing else.
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { root } from "./report";
import { BENCH_ORDER_EMAIL, sessionOf } from "./storefront";

export interface DatabaseInfo {
  kind: "PGlite" | "Postgres";
  version: string;
  where: string;
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function databaseInfo(databaseUrl: string): Promise<DatabaseInfo> {
  if (!databaseUrl) {
    const pkg = JSON.parse(await readFile(path.join(root, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8")) as { version: string };
    return { kind: "PGlite", version: pkg.version, where: "in memory (DATA_DIR=memory://), in the server process" };
  }
  const safe = new URL(databaseUrl);
  if (safe.password) safe.password = "***";
  const version = await withClient(databaseUrl, async (client) => (await client.query<{ server_version: string }>("show server_version")).rows[0]!.server_version).catch(
    (error: Error) => `unknown (${error.message})`,
  );
  return { kind: "Postgres", version, where: safe.toString() };
}

/** Deletes the carts of these sessions (only those: their uuids are in the cookies); answers how many. */
export async function deleteCarts(databaseUrl: string, cookies: string[]): Promise<number> {
  const uuids = [...new Set(cookies.map((c) => sessionOf(c).cartUuid).filter((uuid): uuid is string => Boolean(uuid)))];
  if (uuids.length === 0) return 0;
  return withClient(databaseUrl, async (client) => (await client.query("delete from carts where uuid = any($1::uuid[])", [uuids])).rowCount ?? 0);
}

/** Deletes the confirmation mails of these orders of the bench's customer (the outbox keys them by order). */
async function deleteConfirmations(client: pg.Client, uuids: string[]): Promise<void> {
  if (uuids.length === 0) return;
  await client.query(`delete from mail_outbox where key = any($1::text[]) and "to" = $2`, [uuids.map((uuid) => `order-confirmation:${uuid}`), BENCH_ORDER_EMAIL]);
}

/** Deletes these orders of the bench's customer (their items and history cascade) and their confirmation mails; answers how many. */
export async function deleteOrders(databaseUrl: string, uuids: string[]): Promise<number> {
  if (uuids.length === 0) return 0;
  return withClient(databaseUrl, async (client) => {
    const deleted = await client.query<{ uuid: string }>("delete from orders where uuid = any($1::uuid[]) and customer->>'email' = $2 returning uuid", [uuids, BENCH_ORDER_EMAIL]);
    await deleteConfirmations(client, deleted.rows.map((r) => r.uuid));
    return deleted.rowCount ?? 0;
  });
}

/**
 * Deletes the card orders of these attempts (their transactions) of the bench's customer: first the webhook events
 * about their payments (the inbox keeps no link to an order), then the orders (their attempts, tasks, items and
 * history cascade) and their confirmation mails. Answers how many orders.
 */
export async function deleteCardOrders(databaseUrl: string, transactions: string[]): Promise<number> {
  if (transactions.length === 0) return 0;
  return withClient(databaseUrl, async (client) => {
    const orders = `select o.id from orders o join payments p on p.order_id = o.id where p.transaction = any($1::text[]) and o.customer->>'email' = $2`;
    await client.query(
      `delete from payment_events where merchant_reference in (select merchant_reference from payments where order_id in (${orders}))`,
      [transactions, BENCH_ORDER_EMAIL],
    );
    const deleted = await client.query<{ uuid: string }>(`delete from orders where id in (${orders}) returning uuid`, [transactions, BENCH_ORDER_EMAIL]);
    await deleteConfirmations(client, deleted.rows.map((r) => r.uuid));
    return deleted.rowCount ?? 0;
  });
}
