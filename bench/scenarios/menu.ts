// The menu page: GET of the classic pizzas as a carry-out visitor with a one-line cart (the categories, the
// category, the products with their sizes and crusts, the cart, then the React render of the page).
import { rotating, type BenchContext } from "../lib/context";
import { cannon, measured, summarize, type Scenario } from "../lib/load";
import { MENU, roundSuffix } from "../lib/ratio";
import { MENU_PATH, expectStatus } from "../lib/storefront";

/** The menu scenario's visitor: a carry-out session with a one-line cart, and the page's HTML as it gets it. */
export async function menuVisitor(ctx: BenchContext): Promise<{ cookie: string; html: string }> {
  const cookie = await ctx.shop.sessionWithCart(ctx.outletId, ctx.product);
  const seen = await ctx.shop.request("GET", MENU_PATH, { cookie }); // consumes the one-shot "added" notice
  expectStatus(seen, 200, `GET ${MENU_PATH}`);
  const steady = await ctx.shop.request("GET", MENU_PATH, { cookie: seen.cookie ?? cookie }); // the page every run request gets
  expectStatus(steady, 200, `GET ${MENU_PATH}`);
  const visitor = steady.cookie ?? seen.cookie ?? cookie;
  ctx.cookies.push(visitor);
  return { cookie: visitor, html: steady.text };
}

/** The menu page's run; `round` (of BENCH_ROUNDS, when more than one) names it. */
export async function menuScenario(ctx: BenchContext, cookie: string, round?: number): Promise<Scenario> {
  const { settings } = ctx;
  const suffix = roundSuffix(round);
  const run = (title: string, duration: number) => rotating(ctx, { title, path: MENU_PATH, duration, method: "GET", cookies: [cookie] });
  if (settings.warmup > 0) {
    console.log(`bench: menu page warm-up${suffix} (${settings.warmup} s)`);
    await cannon(run("menu warm-up", settings.warmup));
  }
  console.log(`bench: menu page${suffix} (${settings.duration} s)`);
  const result = await measured(ctx.app.child.pid, run("menu", settings.duration));
  return summarize(MENU + suffix, `GET ${MENU_PATH}, visitor with a carry-out disposition and a 1-line cart`, 200, result);
}
