/**
 * The root's and the menu's loaders answer with `defer` and no promise (app/web/page-data.server.ts, issue 15): a
 * document renders their objects as they are, without the JSON round trip `json()` made. The browser still gets
 * them through JSON (the page's hydration data, a data request), so what the server renders from must be exactly
 * what JSON gives back, or the two renders could differ: checked here on the pages that carry the most (a customer
 * with an outlet, a cart, a notice and the order-time dialog open; a product's builder on a cart line; a half and
 * half's builder with its halves). And the render is not handed them as deferred (no deferred-data script).
 */
import { defer } from "@remix-run/node";
import type { EntryContext } from "@remix-run/node";
import { answerOf, args, cookie, get, pizzaCart } from "../support/app";
import { pinStoreNow } from "../support/clock";

process.env.SESSION_SECRET = "page-data-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";

/** Friday 2026-11-20, 13:00 in Mexico City: the outlets are open. */
const NOW = "2026-11-20T19:00:00.000Z";
pinStoreNow(NOW);

let root: typeof import("~/root");
let menu: typeof import("~/routes/order.($slug).($sub).($uuid)/route");
let outlets: typeof import("#server/outlets/outlets");
let db: import("#server/db/client").Database;

beforeAll(async () => {
  menu = await import("~/routes/order.($slug).($sub).($uuid)/route");
  root = await import("~/root");
  outlets = await import("#server/outlets/outlets");
  db = await (await import("#server/db/client")).getDb();
});

/** Where in `value` something is not what JSON gives back (a Date, a class, a function, NaN, undefined in a list). */
function notJson(value: unknown, at = "data"): string[] {
  if (value === null || typeof value === "string" || typeof value === "boolean") return [];
  if (typeof value === "number") return Number.isFinite(value) ? [] : [`${at}: ${value}`];
  if (Array.isArray(value)) return value.flatMap((item, i) => (item === undefined ? [`${at}[${i}]: undefined`] : notJson(item, `${at}[${i}]`)));
  if (typeof value === "object") {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return [`${at}: ${prototype?.constructor?.name ?? "an object"}`];
    return Object.entries(value).flatMap(([key, item]) => (item === undefined ? [] : notJson(item, `${at}.${key}`)));
  }
  return [`${at}: ${typeof value}`];
}

/** The answer's data as the render gets it, after checking it is a `defer` with nothing deferred. */
async function renderedData(answer: unknown): Promise<Record<string, unknown>> {
  const deferred = (await answer) as { data: Record<string, unknown>; deferredKeys: string[] };
  expect(deferred).not.toBeInstanceOf(Response);
  expect(deferred.deferredKeys).toEqual([]);
  return deferred.data;
}

async function expectPlainJson(answer: unknown) {
  const data = await renderedData(answer);
  expect(notJson(data)).toEqual([]);
  // And the browser's copy is the same data (the check above would miss a toJSON method).
  expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  return data;
}

describe("the data a page renders from is what the browser gets through JSON", () => {
  it("the root's, for a customer with an outlet, a cart, a notice and the order-time dialog open", async () => {
    const roma = await db.selectFrom("outlets").selectAll().where("code", "=", "MX-ROM-01").executeTakeFirstOrThrow();
    const cartUuid = await pizzaCart(db, roma.id, null);
    const c = await cookie({
      disposition: outlets.dispositionFor(roma, "C"),
      cartUuid,
      // A notice is flashed (session.flash) by the action that makes it; set plainly here, the root reads it the same.
      ...({ notice: { tone: "success", key: "cart.added" } } as object),
    });
    const data = await expectPlainJson(root.loader(args(get("/order/pizzas/clasicas?dialog=order-time", c))));
    expect(data.orderTime).not.toBeNull();
    expect(data.cartCount).toBe(1);
    expect(data.notice).not.toBeNull();
    expect(data.disposition).not.toBeNull();
  });

  it("the menu's, for a category, a pizza's builder on a cart line, and a half and half's builder", async () => {
    const roma = await db.selectFrom("outlets").selectAll().where("code", "=", "MX-ROM-01").executeTakeFirstOrThrow();
    const cartUuid = await pizzaCart(db, roma.id, null);
    const line = await db.selectFrom("cart_lines").select("id").where("cart_uuid", "=", cartUuid).executeTakeFirstOrThrow();
    const pizza = await db.selectFrom("products").select("uuid").where("sku", "=", "PZ-PEPPERONI").executeTakeFirstOrThrow();
    const half = await db.selectFrom("products").select("uuid").where("product_type", "=", 2).orderBy("id").executeTakeFirstOrThrow();
    const c = await cookie({ disposition: outlets.dispositionFor(roma, "C"), cartUuid });
    const list = await expectPlainJson(menu.loader(args(get("/order/pizzas/clasicas", c), { slug: "pizzas", sub: "clasicas" })));
    expect((list.products as unknown[]).length).toBeGreaterThan(0);
    expect(list.cart).not.toBeNull();
    const onLine = await expectPlainJson(
      menu.loader(args(get(`/order/pizzas/clasicas/${pizza.uuid}?line=${line.id}`, c), { slug: "pizzas", sub: "clasicas", uuid: pizza.uuid })),
    );
    expect(onLine.builder).toMatchObject({ lineId: line.id });
    const halves = await expectPlainJson(menu.loader(args(get(`/order/pizzas/${half.uuid}`, c), { slug: "pizzas", uuid: half.uuid })));
    expect((halves.builder as { halves: unknown[] }).halves.length).toBeGreaterThan(0);
  });

  it("the root's answer carries its cookies (the CSRF cookie) beside its data, as `json` did", async () => {
    const answer = await answerOf(root.loader(args(get("/home", ""))));
    expect(answer.headers.get("Set-Cookie")).toMatch(/__csrf=/);
    expect(((await answer.json()) as { csrf: string }).csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("withoutSettledDeferreds", () => {
  const contextOf = (activeDeferreds: Record<string, unknown> | null) =>
    ({ staticHandlerContext: { activeDeferreds } }) as unknown as EntryContext;

  it("drops the answers with nothing deferred, so the page gets no deferred-data script for them", async () => {
    const { withoutSettledDeferreds } = await import("~/web/page-data.server");
    const context = contextOf({ root: defer({ a: 1 }), "routes/x": defer({ b: [2] }) });
    withoutSettledDeferreds(context);
    expect(context.staticHandlerContext.activeDeferreds).toBeNull();
  });

  it("keeps an answer with a promise in it, which Remix streams", async () => {
    const { withoutSettledDeferreds } = await import("~/web/page-data.server");
    const pending = defer({ later: new Promise<number>(() => {}) });
    const context = contextOf({ root: defer({ a: 1 }), "routes/slow": pending });
    withoutSettledDeferreds(context);
    expect(context.staticHandlerContext.activeDeferreds).toEqual({ "routes/slow": pending });
    (pending as unknown as { cancel(): void }).cancel();
  });
});

describe("the hydration data is written out only for a page with scripts", () => {
  it("stands in for the string, makes it once when first turned into text, the same text", async () => {
    const { lazyServerHandoff } = await import("~/web/page-data.server");
    const original = vi.fn((value: unknown) => JSON.stringify(value));
    const handoff = lazyServerHandoff(original)({ state: { loaderData: { root: { a: 1 } } } });
    expect(original).not.toHaveBeenCalled();
    expect(`window.__remixContext = ${handoff};`).toBe('window.__remixContext = {"state":{"loaderData":{"root":{"a":1}}}};');
    expect(String(handoff)).toBe('{"state":{"loaderData":{"root":{"a":1}}}}');
    expect(original).toHaveBeenCalledTimes(1);
  });

  it("is in place on the server runtime's module that Remix's document handler calls", async () => {
    const { installLazyServerHandoff } = await import("~/web/page-data.server");
    const { createRequire } = await import("node:module");
    const handoff = createRequire(import.meta.url)("@remix-run/server-runtime/dist/serverHandoff.js") as { createServerHandoffString: (v: unknown) => string };
    installLazyServerHandoff();
    installLazyServerHandoff();
    const made = handoff.createServerHandoffString({ text: "</script>" });
    expect(typeof made).toBe("object");
    // Escaped for a script element as Remix escapes it.
    expect(`${made}`).toBe('{"text":"\\u003c/script\\u003e"}');
  });
});
