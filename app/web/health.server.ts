import { getDb, ping } from "#server/db/client";

/**
 * How long /healthcheck waits for the database's answer. A connection whose server went silent (a network that drops
 * packets, a paused host) answers nothing until TCP gives up, minutes later: the check says unhealthy after this
 * instead of hanging, so a load balancer or Docker's HEALTHCHECK (5 s) hears a 503 and not a timeout of its own.
 */
export const HEALTH_TIMEOUT_MS = 3_000;

export async function databaseHealthy(check: () => Promise<unknown> = async () => ping(await getDb()), timeoutMs = HEALTH_TIMEOUT_MS): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([check(), late]);
    return true;
  } catch (error) {
    console.error("[healthcheck] database check failed", error);
    return false;
  } finally {
    clearTimeout(timer);
  }
}
