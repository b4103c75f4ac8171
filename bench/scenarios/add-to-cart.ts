// Add to cart: POST /cart (the one cart action) with intent=add (the sample pizza in its cheapest option) into an existing cart,
// answered 303: a transaction that locks the cart, inserts or merges the line and prices the cart to hold the
// maximum. A cart refuses an add past the maximum, so enough sessions with a cart are prepared (from the warm-up's
// rate) and their cookies rotate over the requests; afterwards the carts must have gained exactly the adds answered
// 303 (plus at most one request per connection still in flight when autocannon stopped counting).
import { rotating, sessionsWithCart, type BenchContext } from "../lib/context";
import { cannon, measured, summarize, type Scenario } from "../lib/load";
import { BenchError, sleep } from "../lib/report";
import { CART_PATH, MENU_PATH, addBody, inBatches, perCart } from "../lib/storefront";

export interface AddScenario extends Scenario {
  check: {
    sessions: number;
    maxAddsPerSession: number;
    budgetPerSession: number;
    pizzasAddedOnServer: number;
    answered303: number;
    consistent: boolean;
  };
}

/** The pizzas in all the sessions' carts. */
async function pizzasIn(ctx: BenchContext, cookies: string[]): Promise<number> {
  const counts = await inBatches(cookies.length, ctx.settings.connections, (i) => ctx.shop.cartCount(cookies[i]!));
  return counts.reduce((a, b) => a + b, 0);
}

export async function addToCartScenario(ctx: BenchContext): Promise<AddScenario> {
  const { settings, product } = ctx;
  const fit = perCart(product);
  if (fit < 2) throw new BenchError(`${product.label} is too dear to add twice under the cart's maximum`);
  const budget = fit - 1; // the preparation adds one
  const body = addBody(product);
  const run = (title: string, duration: number, cookies: string[]) => rotating(ctx, { title, path: CART_PATH, duration, method: "POST", body, cookies });

  let rateGuess = 0;
  if (settings.warmup > 0) {
    // sized for 300 adds/s; a faster machine only meets a few refusals in the (unreported) warm-up
    const warmCookies = await sessionsWithCart(ctx, Math.max(settings.connections, Math.ceil((300 * settings.warmup) / budget)), "");
    console.log(`bench: add to cart warm-up (${settings.warmup} s)`);
    rateGuess = (await cannon(run("add warm-up", settings.warmup, warmCookies))).requests.average;
  }
  // Four times the warm-up rate, at least 150/s (300/s without a warm-up): the warm-up may have run on a busy
  // machine and the run on a quiet one; a run that still outruns the carts shows its 422s and fails.
  const expected = (rateGuess > 0 ? Math.max(150, rateGuess * 4) : 300) * settings.duration;
  const cookies = await sessionsWithCart(ctx, Math.max(settings.connections, Math.ceil(expected / budget)), "");
  const before = await pizzasIn(ctx, cookies);
  console.log(`bench: add to cart (${settings.duration} s, ${cookies.length} sessions, ≤ ${budget} adds each)`);
  const result = await measured(ctx.app.child.pid, run("add", settings.duration, cookies));
  const add = summarize("add to cart", `POST ${CART_PATH} intent=add (${product.name}, ${product.option}) into an existing cart, back to ${MENU_PATH}; 303 expected`, 303, result);
  await sleep(200); // the requests still in flight when autocannon stopped counting
  const added = (await pizzasIn(ctx, cookies)) - before;
  const answered = add.statusCodes[303] ?? 0;
  return {
    ...add,
    check: {
      sessions: cookies.length,
      maxAddsPerSession: Math.ceil(add.totalRequests / cookies.length),
      budgetPerSession: budget,
      pizzasAddedOnServer: added,
      answered303: answered,
      consistent: added >= answered && added - answered <= settings.connections,
    },
  };
}
