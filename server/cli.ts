import { parseArgs, type ParseArgsConfig } from "node:util";
import { env } from "./config";
import { createDatabase, migrate, type Database } from "./db/client";

/**
 * What the command-line tools share (npm run staff:add, npm run cards:issue): their arguments, their refusals (the
 * message and the usage, exit 2) and their database.
 */
export interface Tool {
  /** the tool's name, before every message ("staff:add") */
  name: string;
  usage: string;
}

/** Refuses the command line: the message and the usage on standard error, exit 2. */
export function refuseArgs(tool: Tool, message: string): never {
  console.error(`${tool.name}: ${message}\n${tool.usage}`);
  process.exit(2);
}

/**
 * The command line's options as `Values` names them (strict: an unknown one is refused), or null after printing the
 * usage for --help/-h.
 */
export function toolArgs<Values>(tool: Tool, options: NonNullable<ParseArgsConfig["options"]>): Values | null {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ options: { ...options, help: { type: "boolean", short: "h" } }, strict: true }));
  } catch (error) {
    refuseArgs(tool, (error as Error).message);
  }
  if (values.help) {
    console.log(tool.usage);
    return null;
  }
  return values as Values;
}

/**
 * A tool's database: the one the environment names (DATABASE_URL, else PGlite in DATA_DIR), migrated first. `work`
 * runs on it; an error is printed with the tool's name and the exit code is 1; the database is closed.
 */
export async function withDatabase(tool: Tool, work: (db: Database) => Promise<void>): Promise<void> {
  const settings = env();
  const db = createDatabase(settings.DATABASE_URL ? { url: settings.DATABASE_URL } : { dataDir: settings.DATA_DIR });
  try {
    await migrate(db);
    await work(db);
  } catch (error) {
    console.error(`${tool.name}: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}
