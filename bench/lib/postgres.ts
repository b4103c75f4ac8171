// The database the bench ran on, and on a real Postgres (BENCH_DATABASE_URL) the clean-up of what the run wrote: the
// carts of its sessions and the orders it placed, nothing else.
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

/** Deletes these orders of the bench's customer (their items and history cascade); answers how many. */
export async function deleteOrders(databaseUrl: string, uuids: string[]): Promise<number> {
  if (uuids.length === 0) return 0;
  return withClient(
    databaseUrl,
    async (client) => (await client.query("delete from orders where uuid = any($1::uuid[]) and customer->>'email' = $2", [uuids, BENCH_ORDER_EMAIL])).rowCount ?? 0,
  );
}
