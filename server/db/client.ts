import { PGlite } from "@electric-sql/pglite";
import { Kysely, Migrator, PostgresDialect, sql, type MigrationProvider } from "kysely";
import pg from "pg";
import { env } from "../config";
import { migrations } from "./migrations";
import { PGlitePool } from "./pglite-pool";
import { seed } from "./seed";
import type { DB } from "./types";

export type Database = Kysely<DB>;

export interface DatabaseOptions {
  /** A postgres:// URL: a real server through a pg pool. Unset: embedded PGlite. */
  url?: string;
  /** PGlite data directory; "memory://" keeps everything in memory. */
  dataDir?: string;
  /** Postgres schema to work in (tests isolate themselves this way). */
  schema?: string;
  poolSize?: number;
}

// int8 (count, sum) arrives as a string from pg; our counts and sums fit in a JS number.
pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));

export function createDatabase(options: DatabaseOptions): Database {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  const dataDir = options.dataDir ?? "memory://";
  return new Kysely<DB>({
    dialect: new PostgresDialect({
      pool: async () => new PGlitePool(await PGlite.create(dataDir)),
    }),
  });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrate(db: Kysely<any>): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in any schema unless told which one: name the current schema,
  // so two databases in one Postgres server (tests, tenants) each keep their own migration history.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({ db, provider, migrationTableSchema: rows[0]?.schema ?? "public" });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
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
      settings.DATABASE_URL ? { url: settings.DATABASE_URL } : { dataDir: settings.DATA_DIR },
    );
    await migrate(db);
    if (settings.SEED_ON_START === "true") {
      const { count } = await db
        .selectFrom("outlets")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      if (Number(count) === 0) await seed(db);
    }
    return db;
  })();
  const shared = holder.__storefrontDb;
  shared.catch(() => {
    if (holder.__storefrontDb === shared) holder.__storefrontDb = undefined;
  });
  return shared;
}

/** A round trip to the database (the health check's proof that it answers). */
export async function ping(db: Kysely<any>): Promise<void> {
  await sql`select 1`.execute(db);
}
