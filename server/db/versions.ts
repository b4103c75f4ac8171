import { sql } from "kysely";
import { type Database, listen } from "./client";
import { compiledOnce } from "./compiled";
import { baseOf } from "./counting";

/** The numbers that tell a process whether its cached rows still hold (migrations 0026 and 0029). */
export interface CacheVersions {
  /** the catalogue's: categories, products, sizes and crusts, combo slots (server/catalog/snapshot.ts) */
  catalog: string;
  /** the site content's: banners, campaigns, site settings, content pages (server/content/cache.ts) */
  content: string;
}

/** A request's versions, read once per request, while the process does not hold them (below). */
const perRequest = new WeakMap<Database, Promise<CacheVersions>>();

/**
 * Both versions, as this process holds them. The version tables NOTIFY `cache_versions` at the commit of every change
 * (migration 0030, whoever writes: the console, a seed, operator SQL, another process), so each process LISTENs and
 * keeps the versions it last read until it is told of a change: a page costs no statement for them (issue 15). A
 * change shows in another process when its NOTIFY arrives there (on one host, well under a millisecond after the
 * commit; a human's next page comes later); on the embedded database, before the changing statement's caller goes
 * on. While the listener is not live (lost, or refused) they are read once per request as before: a request's
 * handle keeps its answer, so the menu's rows and the banners, footer and settings around them cost one statement
 * together; any other handle (a job, a test) reads them at each call. Inside a transaction, which may have moved a
 * version not yet committed, they are read too. A request that changes content and then shows it reads it with
 * `fresh` (the console's settings page does).
 */
export function cacheVersions(db: Database): Promise<CacheVersions> {
  const base = baseOf(db);
  if (!db.isTransaction) return heldVersions(db, base);
  return versionsOfRequest(db, base);
}

function versionsOfRequest(db: Database, base: Database): Promise<CacheVersions> {
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

/**
 * How long a held answer is used without a NOTIFY: a listener whose connection died without a word (a host gone,
 * not closed) is not told of its loss until TCP's keep-alive gives up, and meanwhile a change shows within this.
 */
export const HOLD_MS = 5_000;
/** After the listener could not start, how long the versions are read per request before it is tried again. */
export const LISTEN_RETRY_MS = 30_000;

/** One database's listener and the versions this process last read, with how many changes it had been told of. */
interface Held {
  /** Bumped by every NOTIFY, lost connection and reconnection: an answer read before a bump is not kept. */
  changes: number;
  /** Whether changes are being told: false while the listener starts, after it lost its connection, or refused. */
  live: boolean;
  starting?: Promise<unknown>;
  /** The database's schema, whose changes are this process's (a NOTIFY names its table's). */
  schema?: string;
  /** When the listener could not start: the monotonic time to try again. */
  retryAt?: number;
  known?: { changes: number; versions: CacheVersions; readAt: number };
}
const held = new WeakMap<Database, Held>();

function startListening(base: Database, state: Held): void {
  const changed = () => {
    state.changes++;
    state.known = undefined;
  };
  // The NOTIFY names the changed table's schema (migration 0032): another schema of the database is another shop's.
  const heard = (schema: string) => {
    if (schema === "" || state.schema === undefined || schema === state.schema) changed();
  };
  const lost = () => {
    changed();
    state.live = false;
  };
  const back = () => {
    changed();
    state.live = true;
  };
  state.retryAt = undefined;
  state.starting = sql<{ schema: string }>`select current_schema() as schema`
    .execute(base)
    .then(({ rows }) => {
      state.schema = rows[0]?.schema;
      return listen(base, "cache_versions", heard, back, lost);
    })
    .then(
      () => {
        state.live = true;
        state.starting = undefined;
      },
      (error: Error) => {
        console.warn(`[db] cannot LISTEN for cache versions (${error.message}); reading them per request for ${LISTEN_RETRY_MS / 1000} s`);
        state.starting = undefined;
        state.retryAt = performance.now() + LISTEN_RETRY_MS;
      },
    );
}

async function heldVersions(db: Database, base: Database): Promise<CacheVersions> {
  let state = held.get(base);
  if (!state) {
    state = { changes: 0, live: false };
    held.set(base, state);
    startListening(base, state);
  } else if (state.retryAt !== undefined && performance.now() >= state.retryAt) startListening(base, state);
  if (state.starting) await state.starting;
  if (!state.live) return versionsOfRequest(db, base);
  const at = performance.now();
  if (state.known && state.known.changes === state.changes && at - state.known.readAt < HOLD_MS) return state.known.versions;
  const changes = state.changes;
  const versions = await readVersions(db);
  if (state.changes === changes && state.live) state.known = { changes, versions, readAt: at };
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
