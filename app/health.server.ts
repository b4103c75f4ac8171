import { sql } from "kysely";
import { getDb } from "#server/db/client";

export async function databaseHealthy(): Promise<boolean> {
  try {
    const db = await getDb();
    await sql`select 1`.execute(db);
    return true;
  } catch (error) {
    console.error("[healthcheck] database check failed", error);
    return false;
  }
}
