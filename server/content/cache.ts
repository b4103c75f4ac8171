import type { Database } from "#server/db/client";

/**
 * A few seconds' copy, per database and key, of what every customer page reads (the emergency banner, the footer, a
 * content page): the process that changes a row forgets its copy at once (`forget`); other processes, and machines,
 * follow within `ttlMs`. The time is the process's monotonic clock, not the shop's (a pinned STORE_NOW must not
 * freeze the copies); tests pass `monotonicMs` to step it.
 */
export type ReadOptions = { fresh?: boolean; monotonicMs?: number };

export function shortCache<V>(ttlMs: number) {
  const copies = new WeakMap<Database, Map<string, { value: V; until: number }>>();
  return {
    async read(db: Database, key: string, load: () => Promise<V>, options: ReadOptions = {}): Promise<V> {
      const at = options.monotonicMs ?? performance.now();
      const byKey = copies.get(db) ?? new Map<string, { value: V; until: number }>();
      copies.set(db, byKey);
      const hit = byKey.get(key);
      if (hit && hit.until > at && !options.fresh) return hit.value;
      const value = await load();
      byKey.set(key, { value, until: at + ttlMs });
      return value;
    },
    forget(db: Database): void {
      copies.delete(db);
    },
  };
}
