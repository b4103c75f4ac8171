import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDatabase, migrate, type Database } from "#server/db/client";
import { seed } from "#server/db/seed";

/**
 * Test databases for the integration suites.
 *
 *   describe.each(testDatabases())("cart on $name", ({ create }) => {
 *     let t: TestDatabase;
 *     beforeAll(async () => { t = await create(); });
 *     afterAll(() => t?.destroy());
 *     ...
 *   });
 *
 * PGlite (embedded Postgres, in memory) always; a real Postgres as well when TEST_DATABASE_URL is set, each
 * created database isolated in a fresh schema of that server that destroy() drops. Both are migrated and
 * seeded unless asked otherwise.
 */
export interface TestDatabase {
  db: Database;
  /** Which kind of database this is. */
  kind: TestDatabaseKind["name"];
  /** Postgres only: the schema it lives in, also its connections' application_name (a listener's: "<schema> listen <channel>"). */
  schema?: string;
  /** Postgres only: another connection pool to the same schema (a second app process, for what crosses processes). */
  twin?: () => Database;
  destroy(): Promise<void>;
}

export interface CreateOptions {
  /** Apply the migrations (default true). */
  migrate?: boolean;
  /** Write the demo chain (default true; implies migrate). */
  seed?: boolean;
}

export interface TestDatabaseKind {
  name: "pglite" | "postgres";
  create(options?: CreateOptions): Promise<TestDatabase>;
}

export function testDatabases(): TestDatabaseKind[] {
  const kinds: TestDatabaseKind[] = [{ name: "pglite", create: createPGlite }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) kinds.push({ name: "postgres", create: (options) => createPostgres(url, options) });
  return kinds;
}

async function prepare(db: Database, options: CreateOptions) {
  const wantSeed = options.seed ?? true;
  const wantMigrate = wantSeed || (options.migrate ?? true);
  if (wantMigrate) await migrate(db);
  if (wantSeed) await seed(db);
}

async function createPGlite(options: CreateOptions = {}): Promise<TestDatabase> {
  const db = createDatabase({ dataDir: "memory://" });
  try {
    await prepare(db, options);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, kind: "pglite", destroy: () => db.destroy() };
}

/** Runs one statement on the server outside any test schema (create and drop the schemas). */
async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function createPostgres(url: string, options: CreateOptions = {}): Promise<TestDatabase> {
  const schema = `t_${randomBytes(8).toString("hex")}`;
  await admin(url, `create schema ${schema}`);
  // A small pool: two workers each hold a few suites' databases at once on the same server.
  const db = createDatabase({ url, schema, poolSize: 5, applicationName: schema });
  const twins: Database[] = [];
  const twin = () => {
    const other = createDatabase({ url, schema, poolSize: 2, applicationName: schema });
    twins.push(other);
    return other;
  };
  const destroy = async () => {
    await Promise.all(twins.map((other) => other.destroy()));
    await db.destroy();
    await admin(url, `drop schema if exists ${schema} cascade`);
  };
  try {
    await prepare(db, options);
  } catch (error) {
    await destroy();
    throw error;
  }
  return { db, kind: "postgres", schema, twin, destroy };
}

