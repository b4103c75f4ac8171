// Place order: POST /checkout (carry-out, cash, one pizza), each order from its own prepared session and cart
// (BENCH_ORDERS, after 30 unreported ones): the placement transaction (lock the cart, price it, check limits,
// outlet and order time, write the order, its items and status, delete the cart) and the confirmation mail's
// outbox row, answered 303 to the order's page after the commit. Orders per second are the orders whose 303 named a
// new order, over the run's wall time; every post must have made its own order.
import type { Options } from "autocannon";
import { sessionsWithCart, type BenchContext } from "../lib/context";
import { cannon, cpuSnapshot, cpuUse, summarize, type Scenario } from "../lib/load";
import { round } from "../lib/report";
import { FORM, checkoutBody, placedOrder } from "../lib/storefront";

export interface OrderScenario extends Scenario {
  check: { orders: number; answered303: number; distinctOrders: number; seconds: number };
  ordersPerSecond: number;
}

/** Order uuids this run placed (from the 303s' Location), for the check and the clean-up on Postgres. */
export const benchOrders = new Set<string>();

/** One order per prepared session, `cookies.length` in all, over the connections. */
function orders(ctx: BenchContext, title: string, cookies: string[]): Options {
  const { shop } = ctx;
  let turn = 0;
  return {
    url: shop.url("/checkout"),
    connections: Math.min(ctx.settings.connections, cookies.length),
    pipelining: 1,
    amount: cookies.length,
    method: "POST",
    headers: { "content-type": FORM },
    title,
    requests: [
      {
        setupRequest(req) {
          return { ...req, headers: { ...req.headers, cookie: shop.withCsrf(cookies[turn++ % cookies.length]) }, body: shop.withToken(checkoutBody()) };
        },
        onResponse(status, _body, _context, headers) {
          const uuid = placedOrder(status, headers.location);
          if (uuid) benchOrders.add(uuid);
        },
      },
    ],
  };
}

export async function placeOrderScenario(ctx: BenchContext): Promise<OrderScenario> {
  const { settings } = ctx;
  if (settings.warmup > 0) {
    const warm = await sessionsWithCart(ctx, Math.max(settings.connections, 30), " to check out");
    console.log(`bench: place order warm-up (${warm.length} orders)`);
    await cannon(orders(ctx, "orders warm-up", warm));
  }
  const cookies = await sessionsWithCart(ctx, settings.orders, " to check out");
  const placedBefore = benchOrders.size;
  console.log(`bench: place order (${cookies.length} orders over ${Math.min(settings.connections, cookies.length)} connections)`);
  const before = await cpuSnapshot(ctx.app.child.pid);
  const t0 = performance.now();
  const result = await cannon(orders(ctx, "orders", cookies));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = cpuUse(before, await cpuSnapshot(ctx.app.child.pid), cookies.length);
  const order = summarize(
    "place order",
    "POST /checkout (carry-out, cash, one pizza) from its own session and cart: the committed order answered 303",
    303,
    { result, cpu },
  );
  const placed = benchOrders.size - placedBefore;
  return {
    ...order,
    check: { orders: cookies.length, answered303: order.statusCodes[303] ?? 0, distinctOrders: placed, seconds: round(seconds, 2) },
    ordersPerSecond: round(placed / seconds, 1),
  };
}
