import { getDb, ping } from "#server/db/client";

export async function databaseHealthy(): Promise<boolean> {
  try {
    await ping(await getDb());
    return true;
  } catch (error) {
    console.error("[healthcheck] database check failed", error);
    return false;
  }
}
