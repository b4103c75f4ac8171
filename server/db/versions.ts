import type { Database } from "./client";
import { compiledOnce } from "./compiled";
import { baseOf } from "./counting";

/** The numbers that tell a process whether its cached rows still hold (migrations 0026 and 0029). */
export interface CacheVersions {
  /** the catalogue's: categories, products, sizes and crusts, combo slots (server/catalog/snapshot.ts) */
  catalog: string;
  /** the site content's: banners, campaigns, site settings, content pages (server/content/cache.ts) */
  content: string;
}

/** A request's versions, read once per request (its counting handle: app/web/request-scope.server.ts). */
const perRequest = new WeakMap<Database, Promise<CacheVersions>>();

/**
 * Both versions in one statement, once per request: a request's handle keeps its answer, so the menu's rows and
 * the banners, footer and settings around them cost one statement together. Any other handle (a job, a test)
 * reads them at each call. A request that changes content and then shows it reads it with `fresh` (the console's
 * settings page does): its versions are those it started with.
 */
export function cacheVersions(db: Database): Promise<CacheVersions> {
  if (baseOf(db) === db) return readVersions(db);
  let found = perRequest.get(db);
  if (!found) {
    const reading = readVersions(db);
    perRequest.set(db, reading);
    reading.catch(() => {
      if (perRequest.get(db) === reading) perRequest.delete(db);
    });
    found = reading;
  }
  return found;
}

/** Both versions in one statement, built and compiled once (every page runs it). */
const versionsStatement = compiledOnce([], (db) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom("catalog_version").select("version").as("catalog"),
    eb.selectFrom("content_version").select("version").as("content"),
  ]),
);

async function readVersions(db: Database): Promise<CacheVersions> {
  const [row] = (await versionsStatement(db, {})).rows;
  if (!row) throw new Error("readVersions: no row");
  return { catalog: String(row.catalog), content: String(row.content) };
}
