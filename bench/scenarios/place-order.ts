// Place order: POST /checkout (carry-out, cash, one pizza), each order from its own prepared session and cart
// (BENCH_ORDERS, after 30 unreported ones): the placement transaction (lock the cart, price it, check limits,
// outlet and order time, write the order, its items and status, delete the cart) and the confirmation mail's
// outbox row, answered 303 to the order's page after the commit.
//
// Timed exactly: BENCH_CONNECTIONS keep-alive workers (bench/lib/client.ts) each post their next order when the
// answer to the last is in, and orders per second are the orders made over performance.now() from the first post to
// the last answer (autocannon's `amount` ended a run on a whole second: 300 orders / 5.01 s every time).
// Verified: every post answered 303 to an order of its own (no error, no other status, no uuid twice); on Postgres
// also in the database: one order per idempotency key sent and none more from any of the run's carts.
//
// Its reference, in the same run: the ceiling (bench/lib/ceiling.ts), what the database alone commits of the same
// order shape with 8 clients (pgbench on Postgres).
import pg from "pg";
import { Client, Tally, row } from "../lib/client";
import { sessionsWithCart, type BenchContext } from "../lib/context";
import { cpuSnapshot, cpuUse, type Scenario } from "../lib/load";
import { round } from "../lib/report";
import { checkoutBody, inBatches, placedOrder, sessionOf } from "../lib/storefront";

export interface OrderCheck {
  orders: number;
  answered303: number;
  distinctOrders: number;
  /** Orders with the same uuid answered twice, or (Postgres) more than one order from one cart. */
  duplicates: number;
  errors: number;
  seconds: number;
  /** Postgres only: orders found in the database for the run's idempotency keys. */
  storedOrders: number | null;
}

export interface OrderScenario extends Scenario {
  check: OrderCheck;
  ordersPerSecond: number;
}

/** Order uuids this run placed (from the 303s' Location), for the check and the clean-up on Postgres. */
export const benchOrders = new Set<string>();

interface Placed {
  uuids: string[];
  keys: string[];
  tally: Tally;
  seconds: number;
}

/** One order per prepared session over `connections` workers; timed from the first post to the last answer. */
async function placeAll(ctx: BenchContext, cookies: string[]): Promise<Placed> {
  const { shop, settings } = ctx;
  const client = new Client(ctx.app.base, settings.connections);
  const tally = new Tally();
  const uuids: string[] = [];
  const keys: string[] = [];
  try {
    const t0 = performance.now();
    await inBatches(cookies.length, settings.connections, async (i) => {
      const body = checkoutBody();
      keys.push(new URLSearchParams(body).get("idempotencyKey")!);
      const reply = await tally.time(
        "POST /checkout",
        () => client.send("POST", "/checkout", { cookie: shop.withCsrf(cookies[i]), body: shop.withToken(body) }),
        (r) => placedOrder(r.status, r.location) !== null,
      );
      const uuid = reply && placedOrder(reply.status, reply.location);
      if (uuid) {
        uuids.push(uuid);
        benchOrders.add(uuid);
      }
    });
    return { uuids, keys, tally, seconds: (performance.now() - t0) / 1000 };
  } finally {
    client.close();
  }
}

/** On Postgres: the orders stored for these keys, and the carts that made more than one order. */
async function stored(databaseUrl: string, keys: string[], cookies: string[]): Promise<{ orders: number; cartsTwice: number }> {
  const carts = cookies.map((c) => sessionOf(c).cartUuid).filter((uuid): uuid is string => Boolean(uuid));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const byKey = await client.query<{ n: number }>(
      // The app keeps the form's key scoped by the session ("<session id>:<key>").
      "select count(*)::int as n from orders where right(idempotency_key, 36) = any($1::text[])",
      [keys],
    );
    const twice = await client.query<{ n: number }>(
      "select count(*)::int as n from (select cart_uuid from orders where cart_uuid = any($1::uuid[]) group by cart_uuid having count(*) > 1) t",
      [carts],
    );
    return { orders: byKey.rows[0]!.n, cartsTwice: twice.rows[0]!.n };
  } finally {
    await client.end();
  }
}

export async function placeOrderScenario(ctx: BenchContext): Promise<OrderScenario> {
  const { settings } = ctx;
  if (settings.warmup > 0) {
    const warm = await sessionsWithCart(ctx, Math.max(settings.connections, 30), " to check out");
    console.log(`bench: place order warm-up (${warm.length} orders)`);
    await placeAll(ctx, warm);
  }
  const cookies = await sessionsWithCart(ctx, settings.orders, " to check out");
  console.log(`bench: place order (${cookies.length} orders over ${Math.min(settings.connections, cookies.length)} connections)`);
  const before = await cpuSnapshot(ctx.app.child.pid);
  const placed = await placeAll(ctx, cookies);
  const cpu = cpuUse(before, await cpuSnapshot(ctx.app.child.pid), cookies.length);
  const order = row(
    "place order",
    "POST /checkout (carry-out, cash, one pizza) from its own session and cart: the committed order answered 303",
    303,
    placed.tally,
    placed.seconds,
    cpu,
  );
  const distinct = new Set(placed.uuids).size;
  const inDatabase = settings.databaseUrl ? await stored(settings.databaseUrl, placed.keys, cookies) : null;
  const check: OrderCheck = {
    orders: cookies.length,
    answered303: order.statusCodes[303] ?? 0,
    distinctOrders: distinct,
    duplicates: placed.uuids.length - distinct + (inDatabase?.cartsTwice ?? 0),
    errors: placed.tally.errors + placed.tally.unexpected,
    seconds: round(placed.seconds, 3),
    storedOrders: inDatabase?.orders ?? null,
  };
  for (const problem of placed.tally.problems) console.error(`bench: place order: ${problem}`);
  return { ...order, check, ordersPerSecond: round(distinct / placed.seconds, 1) };
}

/** Every post made its own order, none twice, no error (and on Postgres, the database holds exactly those). */
export const ordersConsistent = (o: OrderScenario) =>
  o.check.errors === 0 &&
  o.check.duplicates === 0 &&
  o.check.distinctOrders === o.check.orders &&
  o.check.answered303 === o.check.orders &&
  (o.check.storedOrders === null || o.check.storedOrders === o.check.orders);
