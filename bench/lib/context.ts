// What the HTTP scenarios share: the settings, the server under test, the client, and the run that rotates the
// prepared sessions over its requests.
import type { Options } from "autocannon";
import type { AppProcess } from "../../tests/support/app-process";
import { intEnv } from "./report";
import { BROWSER_HEADERS, FORM, inBatches, type BenchProduct, type Storefront } from "./storefront";

export interface Settings {
  /** Seconds of each measured run. */
  duration: number;
  /** Seconds of the unreported warm-up before each scenario (0: none). */
  warmup: number;
  connections: number;
  /** Orders placed in the measured "place order" run (each from its own prepared session and cart). */
  orders: number;
  pipelining: number;
  /** The server's worker processes (its WEB_CONCURRENCY; more than 1 only on Postgres). */
  workers: number;
  /** postgres://… to bench on; "" for PGlite in memory. */
  databaseUrl: string;
  /** The server writes a V8 CPU profile (startup included) to bench/results/profiles/. */
  profile: boolean;
  /**
   * Rounds of the reference and the menu page, one after the other (BENCH_ROUNDS, 1): the menu's ratio is each
   * round's menu over the same round's reference, and their median the figure, so that a machine whose speed drifts
   * during the run (a shared host's neighbours) moves both sides of a round alike.
   */
  rounds: number;
}

export function readSettings(): Settings {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
  const workers = intEnv("BENCH_WORKERS", 1, 1);
  if (workers > 1 && !databaseUrl) throw new Error("BENCH_WORKERS > 1 needs BENCH_DATABASE_URL: one process owns the embedded database");
  return {
    duration: intEnv("BENCH_DURATION", 10, 1),
    warmup: intEnv("BENCH_WARMUP", 2, 0),
    connections: intEnv("BENCH_CONNECTIONS", 10, 1),
    orders: intEnv("BENCH_ORDERS", 300, 10),
    pipelining: 1,
    workers,
    databaseUrl,
    profile: Boolean(process.env.BENCH_PROFILE),
    rounds: intEnv("BENCH_ROUNDS", 1, 1),
  };
}

export interface BenchContext {
  settings: Settings;
  app: AppProcess;
  shop: Storefront;
  outletId: number;
  product: BenchProduct;
  /** Every session this run made (their carts are deleted at the end on Postgres). */
  cookies: string[];
}

/**
 * An autocannon run of one request template whose cookie rotates over the prepared sessions (round robin over
 * every request of every connection, so ten requests in flight touch ten different carts).
 */
export function rotating(
  ctx: BenchContext,
  run: { title: string; path: string; duration: number; method: "GET" | "POST"; body?: string; cookies: string[] },
): Options {
  let turn = 0;
  return {
    url: ctx.shop.url(run.path),
    connections: ctx.settings.connections,
    pipelining: ctx.settings.pipelining,
    duration: run.duration,
    method: run.method,
    headers: run.body ? { ...BROWSER_HEADERS, "content-type": FORM } : { ...BROWSER_HEADERS },
    body: run.body === undefined ? undefined : ctx.shop.withToken(run.body),
    title: run.title,
    requests: [
      {
        setupRequest(req) {
          return { ...req, headers: { ...req.headers, cookie: ctx.shop.withCsrf(run.cookies[turn++ % run.cookies.length]) } };
        },
      },
    ],
  };
}

/** Prepares `count` carry-out sessions with a one-pizza cart, `connections` at a time, and keeps them for the clean-up. */
export async function sessionsWithCart(ctx: BenchContext, count: number, what: string): Promise<string[]> {
  const t0 = performance.now();
  const cookies = await inBatches(count, ctx.settings.connections, async () => {
    const cookie = await ctx.shop.sessionWithCart(ctx.outletId, ctx.product);
    ctx.cookies.push(cookie);
    return cookie;
  });
  console.log(`bench: prepared ${count} sessions with a cart${what} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return cookies;
}
