/**
 * `npm run db:migrate` and `npm run db:seed`: the same migrations and seed the server runs on start, on the
 * database the environment names (DATABASE_URL, else PGlite in DATA_DIR). `npm run db:seed -- --orders 100000`
 * also writes that many orders of a chain that has been selling for a while (server/db/seed/volume.ts: the plans
 * of the hot queries are checked on such a database, docs/performance.md).
 */
import { env } from "../config";
import { createDatabase, migrate } from "./client";
import { now } from "../clock";
import { seed } from "./seed";
import { seedOrderVolume } from "./seed/volume";

/** `--orders N` (or `--orders=N`): the volume of orders to seed; 0 when not given. */
function ordersOption(args: string[]): number {
  const at = args.findIndex((a) => a === "--orders" || a.startsWith("--orders="));
  if (at < 0) return 0;
  const raw = args[at]!.includes("=") ? args[at]!.split("=")[1] : args[at + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 10_000_000) {
    console.error(`--orders takes a whole number from 1 to 10,000,000, not "${raw ?? ""}"`);
    process.exit(2);
  }
  return n;
}

async function main(command: string | undefined, args: string[]) {
  if (command !== "migrate" && command !== "seed") {
    console.error("usage: tsx server/db/cli.ts migrate|seed [--orders N]");
    process.exit(2);
  }
  const volume = ordersOption(args);
  const settings = env();
  const db = createDatabase(settings.DATABASE_URL ? { url: settings.DATABASE_URL } : { dataDir: settings.DATA_DIR });
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `migrations applied: ${applied.join(", ")}` : "migrations: up to date");
    if (command === "seed") {
      await seed(db);
      console.log("seed: demo chain written (idempotent)");
    }
    if (command === "seed" && volume > 0) {
      const t0 = performance.now();
      const written = await seedOrderVolume(db, volume, now());
      console.log(`seed: ${written} orders written (${volume} in all) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
  } finally {
    await db.destroy();
  }
}

await main(process.argv[2], process.argv.slice(3));
