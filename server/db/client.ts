import { PGlite } from "@electric-sql/pglite";
import { Kysely, Migrator, PostgresDialect, sql, type MigrationProvider } from "kysely";
import pg from "pg";
import { env } from "../config";
import { migrations } from "./migrations";
import { listenOnPostgres } from "./listen";
import { PGlitePool } from "./pglite-pool";
import { preparingClient, StatementNames } from "./prepared";
import { seed, seedContent, seedPromotions } from "./seed";
import type { DB } from "./types";

export type Database = Kysely<DB>;

export interface DatabaseOptions {
  /** A postgres:// URL: a real server through a pg pool. Unset: embedded PGlite. */
  url?: string;
  /** PGlite data directory; "memory://" keeps everything in memory. */
  dataDir?: string;
  /** Postgres schema to work in (tests isolate themselves this way). */
  schema?: string;
  /** Postgres: the connections' application_name (pg_stat_activity); a listener's adds " listen <channel>". */
  applicationName?: string;
  poolSize?: number;
  /** Postgres: send repeated statements as named prepared statements (server/db/prepared.ts). Default: true. */
  preparedStatements?: boolean;
}

// int8 (count, sum) arrives as a string from pg; our counts and sums fit in a JS number.
pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));

/** How long a request waits for a connection before the database counts as unavailable (a 503, not a hang). */
export const CONNECT_TIMEOUT_MS = 5_000;

/** Where a Database's connections come from, for what Kysely does not cover (LISTEN). */
type Source = { kind: "pg"; config: pg.ClientConfig; listeners: Listeners } | { kind: "pglite"; pool: () => Promise<PGlitePool> };

/**
 * A Postgres database's listening connections (outside its pool), closed when its pool is (the database destroyed),
 * and who hears the pooled channels' notifications on the pool's own connections (below).
 */
interface Listeners {
  stops: Set<() => Promise<void>>;
  ended: boolean;
  pooled: Map<string, Set<(payload: string) => void>>;
  /** The backend process ids of the pool's connections that LISTEN on the pooled channels. */
  own: Set<number>;
}

/**
 * Channels every pooled Postgres connection LISTENs on as it connects. Postgres sends a session its own
 * notifications at its commit, before the commit's answer: a change made through this process is heard on the
 * connection that made it before the changing call returns (as PGlite delivers them), where the listening connection
 * of `listen` would hear it some time later; that one hears the other processes' changes.
 */
const POOLED_CHANNELS = ["cache_versions"];

/** A connection's backend process id (pg keeps it from the server's BackendKeyData; its types do not say so). */
const backendOf = (client: pg.PoolClient) => (client as pg.PoolClient & { processID: number }).processID;

const sources = new WeakMap<Database, Source>();

export function createDatabase(options: DatabaseOptions): Database {
  if (options.url) {
    const config: pg.ClientConfig = {
      connectionString: options.url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      ...(options.applicationName ? { application_name: options.applicationName } : {}),
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    };
    const prepared = options.preparedStatements === false ? {} : { Client: preparingClient(new StatementNames()) };
    const pool = new pg.Pool({ ...config, ...prepared, max: options.poolSize ?? 10 });
    survive(pool);
    const listeners: Listeners = { stops: new Set(), ended: false, pooled: new Map(), own: new Set() };
    pool.on("connect", (client) => {
      const backend = backendOf(client);
      // Only what this connection itself sent: another process's notifications come on the listening connection,
      // and this process's others on the connection that sent them.
      client.on("notification", (message) => {
        if (message.processId !== backend) return;
        for (const heard of listeners.pooled.get(message.channel) ?? []) heard(message.payload ?? "");
      });
      // Queued before the query the connection was opened for. A refusal (a pooler that forbids LISTEN) leaves the
      // connection's changes to be heard on the listening connection.
      Promise.all(POOLED_CHANNELS.map((channel) => client.query(`LISTEN ${channel}`))).then(
        () => listeners.own.add(backend),
        () => {},
      );
    });
    pool.on("remove", (client) => listeners.own.delete(backendOf(client)));
    const end = pool.end.bind(pool);
    pool.end = (async () => {
      listeners.ended = true;
      await Promise.all([...listeners.stops].map((stop) => stop()));
      return end();
    }) as typeof pool.end;
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    sources.set(db, { kind: "pg", config, listeners });
    return db;
  }
  const dataDir = options.dataDir ?? "memory://";
  let opened: Promise<PGlitePool> | undefined;
  const open = () => (opened ??= PGlite.create(dataDir).then((pglite) => new PGlitePool(pglite)));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: open }) });
  sources.set(db, { kind: "pglite", pool: open });
  return db;
}

/**
 * A connection that the server closes (a restart, a failover, pg_terminate_backend, a network cut) makes pg emit
 * "error": on the pool for an idle client, on the client itself for one lent out between two queries. Unheard,
 * either event ends the process. Both are logged here; pg-pool then drops the broken client (it is no longer
 * queryable, so it is not given back), the query in flight fails (a 503 for its request) and the next request
 * opens a fresh connection, so the shop recovers by itself when the database is back.
 */
function survive(pool: pg.Pool): void {
  const lost = (where: string) => (error: Error) => console.warn(`[db] ${where} connection lost: ${error.message}`);
  pool.on("error", lost("idle"));
  pool.on("connect", (client) => client.on("error", lost("busy")));
}

/**
 * LISTEN on a channel: `onMessage` gets each NOTIFY's payload. On Postgres a connection of its own (outside the
 * pool) listens; for the pooled channels the process's own changes are heard instead on the pool's connection that
 * made them, before the changing call returns, and the listening connection hears the other processes'. It comes
 * back after a lost connection: `onLost` is called when it goes, `onReconnect` when it listens again (notifications
 * sent meanwhile are lost, so the caller re-reads what it watches); it is closed with the database (`destroy`) if
 * not stopped before. On PGlite the one embedded connection listens. Resolves to the
 * function that stops listening.
 */
export async function listen(
  db: Database,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect: () => void = () => {},
  onLost: () => void = () => {},
): Promise<() => Promise<void>> {
  const source = sources.get(db);
  if (!source) throw new Error("listen: not a database made by createDatabase");
  if (source.kind === "pglite") return (await source.pool()).listen(channel, onMessage);
  const { listeners } = source;
  const pooled = POOLED_CHANNELS.includes(channel) ? (listeners.pooled.get(channel) ?? new Set()) : undefined;
  // A pooled channel's NOTIFY sent by one of the pool's own connections was heard there, before its commit returned.
  const heard = pooled ? (payload: string, sender: number) => listeners.own.has(sender) || onMessage(payload) : onMessage;
  const stop = await listenOnPostgres(source.config, channel, heard, onReconnect, onLost);
  if (pooled) {
    pooled.add(onMessage);
    listeners.pooled.set(channel, pooled);
  }
  const stopOnce = async () => {
    listeners.stops.delete(stopOnce);
    pooled?.delete(onMessage);
    await stop();
  };
  if (listeners.ended) await stopOnce();
  else listeners.stops.add(stopOnce);
  return stopOnce;
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

// biome-ignore lint/suspicious/noExplicitAny: migrations run on a database of any shape (Kysely's Migrator takes Kysely<any>)
export async function migrate(db: Kysely<any>): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in any schema unless told which one: name the current schema,
  // so two databases in one Postgres server (tests, tenants) each keep their own migration history.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({ db, provider, migrationTableSchema: rows[0]?.schema ?? "public" });
  // Kysely looks its table up by reading the catalog of every schema: when another database of the same server
  // drops its schema at that moment, the lookup fails with "schema … does not exist" (3F000) about that other
  // schema. Nothing has run yet; the lookup is made again (a few times: our own schema missing fails for real).
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (error && (error as { code?: string }).code === "3F000" && attempt < 5) continue;
    if (error) throw error;
    return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
  }
}

// Kept on globalThis so that `remix dev`, which re-imports the server build on every change, reuses the one
// open database instead of opening the same PGlite directory twice.
const holder = globalThis as typeof globalThis & { __storefrontDb?: Promise<Database> };

/**
 * The process-wide database: PGlite in DATA_DIR unless DATABASE_URL is set. Migrates on first use and seeds
 * the demo chain when the database has no outlets yet (SEED_ON_START=false turns that off).
 */
export function getDb(): Promise<Database> {
  holder.__storefrontDb ??= (async () => {
    const settings = env();
    const db = createDatabase(
      settings.DATABASE_URL
        ? { url: settings.DATABASE_URL, preparedStatements: settings.DATABASE_PREPARED_STATEMENTS === "true" }
        : { dataDir: settings.DATA_DIR },
    );
    await exclusively(settings.DATABASE_URL, () => prepare(db, settings.SEED_ON_START === "true"));
    return db;
  })();
  const shared = holder.__storefrontDb;
  shared.catch(() => {
    if (holder.__storefrontDb === shared) holder.__storefrontDb = undefined;
  });
  return shared;
}

/** A key of Postgres's advisory locks for the start (migrate and seed); any number no other lock of ours uses. */
const START_LOCK = 15_2026_11;

/**
 * Runs `work` while this process holds the start lock of the Postgres at `url` (a session lock on a connection of
 * its own), so that the workers of a cluster and the machines on one Postgres migrate and seed one after the other:
 * the second finds the tables and the demo chain there. On the embedded database (no url) one process owns it.
 */
async function exclusively<T>(url: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!url) return work();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on("error", (error) => console.warn(`[db] start lock connection lost: ${error.message}`));
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [START_LOCK]);
    return await work();
  } finally {
    // Ending the session releases its lock (also when the unlock cannot be sent).
    await client.end().catch(() => undefined);
  }
}

/** Migrates, and seeds the demo chain when the database has no outlets yet (`seedIt`). */
async function prepare(db: Database, seedIt: boolean): Promise<void> {
  await migrate(db);
  if (seedIt) {
    const { count } = await db
      .selectFrom("outlets")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    if (Number(count) === 0) await seed(db);
    // A database seeded before the content pages, banners and campaigns existed gets their demo texts and pictures
    // (never over a manager's edit).
    else {
      await seedContent(db);
      await seedPromotions(db);
    }
  }
}

/**
 * Starts `start` with the process-wide database once it opens: at once when it answers, or else after it comes
 * back (tried again every `retryMs`). The background workers (mail, SMS, payments) start this way, so a server
 * started while its database refuses connections keeps serving its 503s instead of dying of an unhandled rejection.
 */
export function whenDatabaseReady(start: (db: Database) => void, retryMs = 5_000): void {
  getDb().then(start, () => {
    setTimeout(() => whenDatabaseReady(start, retryMs), retryMs).unref?.();
  });
}

/** Closes the process-wide database, if it was opened (graceful shutdown: PGlite writes its last pages). */
export async function closeDb(): Promise<void> {
  const shared = holder.__storefrontDb;
  holder.__storefrontDb = undefined;
  if (!shared) return;
  const db = await shared.catch(() => undefined);
  await db?.destroy();
}

/** A round trip to the database (the health check's proof that it answers). */
export async function ping(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Whether a database error is a unique key's violation (SQLSTATE 23505): the key that settled a race. */
export const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === "23505";
