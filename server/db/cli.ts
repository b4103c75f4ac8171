/**
 * `npm run db:migrate` and `npm run db:seed`: the same migrations and seed the server runs on start, on the
 * database the environment names (DATABASE_URL, else PGlite in DATA_DIR).
 */
import { env } from "../config";
import { createDatabase, migrate } from "./client";
import { seed } from "./seed";

async function main(command: string | undefined) {
  if (command !== "migrate" && command !== "seed") {
    console.error("usage: tsx server/db/cli.ts migrate|seed");
    process.exit(2);
  }
  const settings = env();
  const db = createDatabase(settings.DATABASE_URL ? { url: settings.DATABASE_URL } : { dataDir: settings.DATA_DIR });
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `migrations applied: ${applied.join(", ")}` : "migrations: up to date");
    if (command === "seed") {
      await seed(db);
      console.log("seed: demo chain written (idempotent)");
    }
  } finally {
    await db.destroy();
  }
}

await main(process.argv[2]);
