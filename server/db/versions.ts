import { type Database, isEmbedded, listen } from "./client";
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
 * settings page does): its versions are those it started with. On the embedded database, outside a transaction,
 * every handle takes them from memory instead (`embeddedVersions`, below).
 */
export function cacheVersions(db: Database): Promise<CacheVersions> {
  const base = baseOf(db);
  if (isEmbedded(base) && !db.isTransaction) return embeddedVersions(db, base);
  if (base === db) return readVersions(db);
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

/** The embedded database's versions as this process last read them, and how many changes it has been told of since. */
interface Held {
  changes: number;
  known?: { changes: number; versions: CacheVersions };
  listening: Promise<unknown>;
}
const held = new WeakMap<Database, Held>();

/**
 * The embedded database (PGlite) is one process's: every change to a version is made through it, and the version
 * tables NOTIFY `cache_versions` at the changing commit (migration 0030), which PGlite delivers (a microtask queued
 * while it reads the commit's answer) before the changing statement's caller goes on. So the versions are kept in
 * memory and read again only after a change: a menu page costs no statement for them (issue 15). A read that a
 * change overtook is used by its request but not kept. Inside a transaction (which may have moved a version not yet
 * committed) they are read as before.
 */
async function embeddedVersions(db: Database, base: Database): Promise<CacheVersions> {
  let state = held.get(base);
  if (!state) {
    const fresh: Held = { changes: 0, listening: Promise.resolve() };
    fresh.listening = listen(base, "cache_versions", () => {
      fresh.changes++;
      fresh.known = undefined;
    });
    fresh.listening.catch(() => {
      if (held.get(base) === fresh) held.delete(base);
    });
    held.set(base, fresh);
    state = fresh;
  }
  await state.listening;
  if (state.known && state.known.changes === state.changes) return state.known.versions;
  const changes = state.changes;
  const versions = await readVersions(db);
  if (state.changes === changes) state.known = { changes, versions };
  return versions;
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
