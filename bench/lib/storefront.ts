// The storefront as the benchmarks drive it over HTTP: one browser's CSRF token, carry-out sessions, carts, orders.
// What to choose comes from the seed (the sample pizza, the first outlet) and the ids from the app's own loaders as
// JSON (`?_data=<route id>`), typed by those loaders: no page is searched for a form.
import { randomUUID } from "node:crypto";
import type { SerializeFrom } from "@remix-run/node";
import type { loader as rootLoader } from "~/root";
import type { loader as homeLoader } from "~/routes/home";
import type { loader as menuLoader } from "~/routes/order.($slug).($sub).($uuid)/route";
import type { SessionData } from "~/web/session.server";
import { constants } from "../../server/constants";
import { SAMPLE_PIZZA_SKU, products } from "../../server/db/seed/menu";
import { outlets } from "../../server/db/seed/outlets";
import { BenchError } from "./report";

/** The cookies of a server with COOKIE_SECURE=false (app/web/cookies.server.ts: `__Host-` only when secure). */
export const SESSION_COOKIE = "__pizza";
const CSRF_COOKIE = "__csrf";
export const FORM = "application/x-www-form-urlencoded";
/** What a browser sends with every request that matters to the server's work: it takes gzip. */
export const BROWSER_HEADERS = { "accept-encoding": "gzip" } as const;

const sample = products.find((p) => p.sku === SAMPLE_PIZZA_SKU)!;
/** The menu page of the seed's sample pizza (the classic pizzas): the page the benchmarks load and add from. */
export const MENU_PATH = `/order/${sample.category.parent}/${sample.category.slug}`;
const MENU_ROUTE = "routes/order.($slug).($sub).($uuid)";

/** The product the benchmarks add: the sample pizza in its cheapest size and crust. */
export interface BenchProduct {
  productUuid: string;
  name: string;
  /** The form's `option`: "size id:crust id" (or the size alone). */
  option: string;
  label: string;
  unitCents: number;
}

export interface Answer {
  status: number;
  text: string;
  location: string | null;
  /** The session cookie ("__pizza=…") the answer set, if it set one. */
  cookie: string | null;
}

/** The session inside a session cookie (signed, not encrypted: base64 JSON before the signature). */
export function sessionOf(cookie: string): Partial<SessionData> {
  const value = decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1));
  return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8")) as Partial<SessionData>;
}

/** Runs `task(0…count-1)`, `parallel` at a time; answers the results in order. */
export async function inBatches<T>(count: number, parallel: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  return results;
}

/** The customer of the bench's orders: on a real Postgres, the orders a run placed are deleted afterwards. */
export const BENCH_ORDER_EMAIL = "orden.bench@pizzeria-bench.mx";

/** A checkout form (carry-out; cash, or `card` online: the payment page next) with a fresh idempotency key. */
export function checkoutBody(paymentMethod: "cash" | "card" = "cash"): string {
  return new URLSearchParams({
    name: "Banco",
    surname: "Prueba",
    email: BENCH_ORDER_EMAIL,
    mobile: "5512345678",
    comment: "",
    paymentMethod,
    idempotencyKey: randomUUID(),
  }).toString();
}

/** The order uuid a checkout's 303 names (`/tracker-order/<uuid>`), or null. */
export const placedOrder = (status: number, location: string | null | undefined) =>
  status === 303 ? (/\/([0-9a-f-]{36})(?:$|[/?])/.exec(location ?? "")?.[1] ?? null) : null;

export class Storefront {
  readonly base: string;
  /**
   * Every post carries the CSRF token of one browser (its cookie beside each session's, its value in the body), as
   * the storefront's forms do: read once, from the root loader.
   */
  readonly #csrf = { cookie: "", token: "" };

  constructor(base: string) {
    this.base = base.replace(/\/+$/, "");
  }

  url(path: string): string {
    return `${this.base}${path}`;
  }

  /** The Cookie header of a session (its "__pizza=…", or none) with the CSRF cookie. */
  withCsrf(cookie: string | null | undefined): string {
    return [cookie, this.#csrf.cookie].filter(Boolean).join("; ");
  }

  /** A form body with the CSRF token added. */
  withToken(body: string): string {
    return `${body}${body ? "&" : ""}csrf=${encodeURIComponent(this.#csrf.token)}`;
  }

  async request(method: "GET" | "POST", path: string, options: { cookie?: string | null; body?: string } = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    const cookie = this.withCsrf(options.cookie);
    if (cookie) headers.cookie = cookie;
    if (options.body !== undefined) headers["content-type"] = FORM;
    const body = options.body === undefined ? undefined : this.withToken(options.body);
    const send = () => fetch(this.url(path), { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(30_000) });
    // A kept-alive socket the server closed as it was reused (its keep-alive timeout, long waits on a busy machine)
    // fails before any answer: sent again once on a new one.
    const res = await send().catch((error: Error) => {
      const code = (error.cause as { code?: string } | undefined)?.code;
      if (code === "UND_ERR_SOCKET" || code === "ECONNRESET") return send();
      throw error;
    });
    const text = await res.text();
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    if (!this.#csrf.cookie) {
      const csrf = res.headers.getSetCookie().find((c) => c.startsWith(`${CSRF_COOKIE}=`));
      if (csrf) this.#csrf.cookie = csrf.split(";")[0]!;
    }
    return { status: res.status, text, location: res.headers.get("location"), cookie: set ? set.split(";")[0]! : null };
  }

  /** A route's loader data as JSON (`?_data=`), typed by the loader. */
  async data<T>(path: string, routeId: string, cookie?: string | null): Promise<{ data: T; answer: Answer }> {
    const answer = await this.request("GET", `${path}${path.includes("?") ? "&" : "?"}_data=${encodeURIComponent(routeId)}`, { cookie });
    expectStatus(answer, 200, `GET ${path} (${routeId} data)`);
    return { data: JSON.parse(answer.text) as T, answer };
  }

  /** Takes the browser's CSRF token (and cookie) from the root loader, before any post. */
  async start(): Promise<void> {
    const { data } = await this.data<SerializeFrom<typeof rootLoader>>("/home", "root");
    if (!this.#csrf.cookie || !data.csrf) throw new BenchError(`GET /home: the root loader gave no CSRF token and cookie`);
    this.#csrf.token = data.csrf;
  }

  /** The database id of the seed's first outlet (Roma Norte), from the home page's carry-out list. */
  async carryoutOutlet(): Promise<{ id: number; name: string }> {
    const code = outlets[0]!.code;
    const { data } = await this.data<SerializeFrom<typeof homeLoader>>("/home", "routes/home");
    const outlet = data.outlets.find((o) => o.code === code);
    if (!outlet) throw new BenchError(`GET /home: the carry-out outlets do not include the seed's ${code}`);
    return { id: outlet.id, name: outlet.name };
  }

  /** A new carry-out session at the outlet: its session cookie. */
  async newSession(outletId: number): Promise<string> {
    const res = await this.request("POST", "/home", { body: `orderType=C&outletId=${outletId}` });
    expectStatus(res, 303, "POST /home (carry-out)");
    if (!res.cookie) throw new BenchError(`POST /home did not set the ${SESSION_COOKIE} cookie`);
    return res.cookie;
  }

  /** The seed's sample pizza on the menu page, in its cheapest size and crust (ids and prices from the loader). */
  async product(cookie: string): Promise<BenchProduct> {
    const { data } = await this.data<SerializeFrom<typeof menuLoader>>(MENU_PATH, MENU_ROUTE, cookie);
    const product = data.products.find((p) => p.sku === SAMPLE_PIZZA_SKU);
    if (!product) throw new BenchError(`GET ${MENU_PATH}: the menu does not offer the seed's ${SAMPLE_PIZZA_SKU}`);
    const options = product.sizes.flatMap((size) =>
      size.crusts.length
        ? size.crusts.map((crust) => ({ option: `${size.id}:${crust.id}`, label: `${size.name}, ${crust.name}`, unitCents: size.priceCents + crust.priceCents }))
        : [{ option: String(size.id), label: size.name, unitCents: size.priceCents }],
    );
    const cheapest = options.reduce<(typeof options)[number] | undefined>((a, b) => (a && a.unitCents <= b.unitCents ? a : b), undefined);
    if (!cheapest) throw new BenchError(`GET ${MENU_PATH}: ${product.name} has no size to choose`);
    return { productUuid: product.uuid, name: product.name, ...cheapest, label: `${cheapest.label}: $${(cheapest.unitCents / 100).toFixed(2)}` };
  }

  /** A carry-out session whose cart already holds one of the product (so the bench's adds merge into a line). */
  async sessionWithCart(outletId: number, product: BenchProduct): Promise<string> {
    const cookie = await this.newSession(outletId);
    let added = await this.request("POST", CART_PATH, { cookie, body: addBody(product) });
    // A build from before issue 10 (bench:weight's "before") has no /cart: its menu page took the cart's forms.
    if (added.status === 303 && !(added.cookie && sessionOf(added.cookie).cartUuid)) {
      added = await this.request("POST", MENU_PATH, { cookie, body: addBody(product) });
    }
    expectStatus(added, 303, `first POST ${CART_PATH} (add)`);
    if (!added.cookie || !sessionOf(added.cookie).cartUuid) throw new BenchError("the first add did not keep a cart in the session");
    return added.cookie;
  }

  /** How many items the session's cart holds (the root loader's badge). */
  async cartCount(cookie: string): Promise<number> {
    const { data } = await this.data<SerializeFrom<typeof rootLoader>>(MENU_PATH, "root", cookie);
    return data.cartCount;
  }

  /** Checks out the session's cart (carry-out, cash): the new order's uuid. */
  async placeOrder(cookie: string): Promise<string> {
    const res = await this.request("POST", "/checkout", { cookie, body: checkoutBody() });
    const uuid = placedOrder(res.status, res.location);
    if (!uuid) throw new BenchError(`POST /checkout: expected a 303 to the new order, got ${res.status} ${res.location ?? res.text.slice(0, 300)}`);
    return uuid;
  }
}

/** The add-to-cart form of one product. */
export const addBody = (p: BenchProduct) =>
  `intent=add&productUuid=${p.productUuid}&option=${encodeURIComponent(p.option)}&quantity=1&back=${encodeURIComponent(MENU_PATH)}`;

/** Where every cart form posts (app/routes/cart.tsx). */
export const CART_PATH = "/cart";

/** How many of one product fit in a cart before its maximum refuses the next add (MAX-CART). */
export const perCart = (p: BenchProduct) => Math.min(99, Math.floor(constants.maxCartCents / p.unitCents));

export function expectStatus(res: Answer, status: number, what: string): void {
  if (res.status !== status) throw new BenchError(`${what}: expected HTTP ${status}, got ${res.status}\n${res.text.slice(0, 300)}`);
}
