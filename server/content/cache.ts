import type { Database } from "#server/db/client";
import { baseOf } from "#server/db/counting";
import { cacheVersions } from "#server/db/versions";

/**
 * A copy, per database and key, of what every customer page reads around the menu (the emergency banner, the footer,
 * a content page, banners, campaigns), kept while the site content's version holds (migration 0029: a number raised
 * by triggers, in the changing transaction, on every change to those tables, whoever makes it). A change shows on
 * the next page of every process and machine. The version is read once per request with the catalogue's, or kept
 * in memory on PGlite (server/db/versions.ts). Copies are kept per database, not per handle: a request's counting handle
 * (server/db/counting.ts) shares its database's copies, and a miss is read (and counted) through it. `fresh` reads
 * the rows again whatever the version (the console, right after a change).
 */
export type ReadOptions = { fresh?: boolean };

export function contentCache<V>() {
  const copies = new WeakMap<Database, Map<string, { value: V; version: string }>>();
  return {
    async read(db: Database, key: string, load: () => Promise<V>, options: ReadOptions = {}): Promise<V> {
      const { content: version } = await cacheVersions(db);
      const base = baseOf(db);
      const byKey = copies.get(base) ?? new Map<string, { value: V; version: string }>();
      copies.set(base, byKey);
      const hit = byKey.get(key);
      if (hit && hit.version === version && !options.fresh) return hit.value;
      // Rows read after their version: a copy may be newer than its number says, never older.
      const value = await load();
      byKey.set(key, { value, version });
      return value;
    },
  };
}
