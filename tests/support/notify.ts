import { HOLD_MS } from "#server/db/versions";
import type { TestDatabaseKind } from "./db";

/**
 * A check of what a change made through another pool (another process) shows, run as the database delivers it: at
 * once on PGlite (its one process hears the NOTIFY before the change returns), on Postgres once the NOTIFY arrives,
 * waited for within half the versions' HOLD_MS: past HOLD_MS they are read again without it, and a lost NOTIFY
 * would go unseen (server/db/versions.ts).
 */
export function heardBy(kind: TestDatabaseKind["name"]): (check: () => Promise<void>) => Promise<void> {
  return (check) => (kind === "pglite" ? check() : heard(check));
}

/** The check retried until the process has heard (a NOTIFY, a lost listener), within half of HOLD_MS. */
export const heard = (check: () => Promise<void>) => vi.waitFor(check, { timeout: HOLD_MS / 2, interval: 5 });
