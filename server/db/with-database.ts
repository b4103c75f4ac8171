import { env } from "../config";
import { createDatabase, migrate, type Database } from "./client";

/**
 * A command-line tool's database: the one the environment names (DATABASE_URL, else PGlite in DATA_DIR), migrated
 * first. `work` runs on it; an error is printed with the tool's name and the exit code is 1; the database is closed.
 */
export async function withDatabase(tool: string, work: (db: Database) => Promise<void>): Promise<void> {
  const settings = env();
  const db = createDatabase(settings.DATABASE_URL ? { url: settings.DATABASE_URL } : { dataDir: settings.DATA_DIR });
  try {
    await migrate(db);
    await work(db);
  } catch (error) {
    console.error(`${tool}: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}
