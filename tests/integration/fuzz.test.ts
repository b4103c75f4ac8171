/// <reference types="vite/client" />
/**
 * Bad input is a 4xx, never a 5xx (issue 9): for every action of the storefront, random form posts (fast-check,
 * tests/support/fuzz.ts) go through the edge guard exactly as the server applies it (guardModule), with a valid
 * CSRF token, a carry-out session with a cart, and a signed-in member of staff (the demo manager for the managers'
 * pages, so their actions are reached; a clerk elsewhere); whatever the fields, the answer is
 * a response below 500. An error thrown out of an action (Remix's 500) fails the property. FUZZ_RUNS sets the
 * posts per action (60 here; `npm run test:deep` runs 1,000); `npm run fuzz` does the same over HTTP.
 * The payment routes (issue 13) talk to a local Adyen stand-in (tests/support/adyen), configured as the provider
 * before any route is imported; the webhook's notifications are signed with its HMAC key, so they reach the inbox.
 */
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { resetEnvCache } from "#server/config";
import { type AdyenStandIn, startAdyenStandIn } from "../support/adyen";
import { formArb, fuzzTargets, NO_IDS, urlEncoded, webhookArb, webhookBody } from "../support/fuzz";
import { answerOf, args, get, placeCardOrder, placeCashOrder, post, statusOf } from "../support/app";
import { pinStoreNow } from "../support/clock";

process.env.SESSION_SECRET = "fuzz-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";
process.env.SEED_DEMO_STAFF = "true";
process.env.STORE_NOW = "2026-11-20T19:00:00.000Z"; // Friday 13:00 in Mexico City: the outlets are open
pinStoreNow(process.env.STORE_NOW);

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

type Action = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;


const join = (...cookies: (string | null | undefined)[]) => cookies.filter(Boolean).join("; ");
const first = (setCookies: string[], name: string) => setCookies.find((c) => c.startsWith(`${name}=`))?.split(";")[0];

let ids: Parameters<typeof fuzzTargets>[0];

/** The provider's keys (the stand-in's), set as the ADYEN_* variables before the first route reads them. */
const adyen = {
  apiKey: `AQE-${randomBytes(12).toString("hex")}`,
  clientKey: `test_${randomBytes(12).toString("hex").toUpperCase()}`,
  merchantAccount: "PizzaFuzzMX",
  hmacKey: randomBytes(32).toString("hex").toUpperCase(),
  webhookUsername: "fuzz-webhooks",
  webhookPassword: randomBytes(12).toString("base64url"),
};
let standIn: AdyenStandIn | undefined;
const webhookAuth = `Basic ${Buffer.from(`${adyen.webhookUsername}:${adyen.webhookPassword}`).toString("base64")}`;

/**
 * A browser as the forms leave it: a CSRF token, a carry-out session at Roma Norte with a pizza in the cart and,
 * unless it is the sign-in being fuzzed, a member of staff signed in. Each action gets a fresh one, so one action's
 * successes (emptying the cart, signing out) do not starve the next.
 */
async function freshBrowser(signedIn: "clerk" | "manager" | null, customer = false): Promise<{ cookie: string; csrf: string }> {
  const { guardModule } = await import("~/web/edge.server");
  const { csrfToken } = await import("~/web/csrf.server");
  const [csrf, csrfSetCookie] = await csrfToken(new Request("http://localhost/home"));
  const csrfCookie = csrfSetCookie!.split(";")[0]!;
  const home = guardModule(await import("~/routes/home"));
  const chosen = (await home.action!({ ...args(post("/home", csrfCookie, { orderType: "C", outletId: ids.outletId, csrf })) })) as Response;
  const session = first(chosen.headers.getSetCookie(), "__pizza")!;
  const cart = guardModule(await import("~/routes/cart"));
  const added = (await cart.action!({
    ...args(post("/cart", join(session, csrfCookie), { intent: "add", productUuid: ids.product, option: option!, back: "/order/pizzas/clasicas", csrf })),
  })) as Response;
  expect(added.status).toBe(303);
  let withCart = first(added.headers.getSetCookie(), "__pizza")!;
  if (customer) {
    // The demo customer signed in: a server-side session's token in the browser's session, as /login leaves it.
    const { getDb } = await import("#server/db/client");
    const { openSession } = await import("#server/security/sessions");
    const { now } = await import("#server/clock");
    const { getSession, commitSession } = await import("~/web/session.server");
    const db = await getDb();
    const { id } = await db.selectFrom("customers").select("id").where("email", "=", "cliente@pizzademo.mx").executeTakeFirstOrThrow();
    const session = await getSession(withCart);
    session.set("customerToken", await openSession(db, { subject: "customer", subjectId: id, now: now(), ttlMs: 3_600_000 }));
    withCart = (await commitSession(session)).split(";")[0]!;
  }
  let staff: string | undefined;
  if (signedIn) {
    const login = guardModule(await import("~/routes/store.login"));
    const staffMember = signedIn === "manager" ? { email: "gerencia@tienda.example", password: "demo-gerencia-2026" } : { email: "roma@tienda.example", password: "demo-roma-2026" };
    const answer = (await login.action!({ ...args(post("/store/login", csrfCookie, { ...staffMember, csrf })) })) as Response;
    expect(answer.status).toBe(303);
    staff = first(answer.headers.getSetCookie(), "__staff");
  }
  return { cookie: join(withCart, staff, csrfCookie), csrf };
}

let option: string | undefined;

beforeAll(async () => {
  standIn = await startAdyenStandIn(adyen);
  Object.assign(process.env, {
    ADYEN_API_KEY: adyen.apiKey,
    ADYEN_MERCHANT_ACCOUNT: adyen.merchantAccount,
    ADYEN_CLIENT_KEY: adyen.clientKey,
    ADYEN_HMAC_KEY: adyen.hmacKey,
    ADYEN_WEBHOOK_USERNAME: adyen.webhookUsername,
    ADYEN_WEBHOOK_PASSWORD: adyen.webhookPassword,
    ADYEN_ENDPOINT: standIn.apiUrl,
    ADYEN_ENDPOINT_CA: standIn.caCertPath,
    ADYEN_SHOPPER_URL: standIn.shopperUrl,
  });
  resetEnvCache();
  const { guardModule } = await import("~/web/edge.server");
  const { getDb } = await import("#server/db/client");
  const db = await getDb();
  const roma = await db.selectFrom("outlets").select("id").where("code", "=", "MX-ROM-01").executeTakeFirstOrThrow();
  const menu = guardModule(await import("~/routes/order.($slug).($sub).($uuid)/route"));
  const page = await answerOf(menu.loader!({ ...args(get("/order/pizzas/clasicas", ""), { slug: "pizzas", sub: "clasicas" }) }));
  const product = ((await page.json()) as { products: { uuid: string; sizes: { id: number; crusts: { id: number }[] }[] }[] }).products[0]!;
  option = `${product.sizes[0]!.id}:${product.sizes[0]!.crusts[0]!.id}`;
  const combo = await db.selectFrom("products").select("uuid").where("product_type", "=", 1).orderBy("id").executeTakeFirstOrThrow();
  const order = await placeCashOrder(db, { outletCode: "MX-ROM-01" });
  const card = async () => placeCardOrder(db, { outletCode: "MX-ROM-01" });
  const [onPage, pay, back, retry, door, webhook] = [await card(), await card(), await card(), await card(), await card(), await card()];
  const opening = await db.selectFrom("job_openings").select("id").where("open", "=", true).orderBy("id").executeTakeFirstOrThrow();
  const message = await db
    .insertInto("contact_messages")
    .values({ name: "Luis", email: "luis@correo.mx", phone: "5587654321", message: "Un mensaje para el buzón.", lng: "es", created_at: new Date(process.env.STORE_NOW!) })
    .returning("id")
    .executeTakeFirstOrThrow();
  ids = {
    product: product.uuid,
    opening: String(opening.id),
    message: String(message.id),
    outletId: String(roma.id),
    combo: combo.uuid,
    order: order.uuid,
    card: {
      page: onPage.transaction,
      pay: pay.transaction,
      back: back.transaction,
      retry: retry.transaction,
      door: door.transaction,
      webhook: { merchantAccount: adyen.merchantAccount, merchantReference: webhook.merchantReference, amountCents: webhook.totalCents },
    },
  };
});

afterAll(async () => {
  await standIn?.close();
  for (const name of ["ADYEN_API_KEY", "ADYEN_MERCHANT_ACCOUNT", "ADYEN_CLIENT_KEY", "ADYEN_HMAC_KEY", "ADYEN_WEBHOOK_USERNAME", "ADYEN_WEBHOOK_PASSWORD", "ADYEN_ENDPOINT", "ADYEN_ENDPOINT_CA", "ADYEN_SHOPPER_URL"]) {
    delete process.env[name];
  }
});

const names = fuzzTargets(NO_IDS).map((t) => t.name);

/** Every route module, flat (.tsx, or .ts for resource routes) or a folder's route.tsx (Vite resolves a dynamic import's variable one level deep only). */
const routeModules = import.meta.glob(["../../app/routes/*.tsx", "../../app/routes/*.ts", "../../app/routes/*/route.tsx"]);

describe.each(names)("random posts to %s", (name) => {
  it(`answer below 500 (${RUNS} posts)`, async () => {
    const target = fuzzTargets(ids).find((t) => t.name === name)!;
    const browser = await freshBrowser(target.module === "store.login" ? null : target.manager ? "manager" : "clerk", target.customer === true);
    const { guardModule } = await import("~/web/edge.server");
    const load = routeModules[`../../app/routes/${target.module}.tsx`] ?? routeModules[`../../app/routes/${target.module}.ts`];
    expect(load, `the route module of ${target.name}`).toBeDefined();
    const route = guardModule((await load!()) as Parameters<typeof guardModule>[0]);
    const action = route.action as Action;
    let n = 0;
    if (target.body === "webhook") {
      // The provider's servers: JSON with basic auth, no cookie, no token; most items signed with the HMAC key.
      await fc.assert(
        fc.asyncProperty(webhookArb(target), fc.constantFrom(webhookAuth, webhookAuth, webhookAuth, webhookAuth, "", "Basic Zm9vOmJhcg=="), async (draw, authorization) => {
          n++;
          const request = new Request(`http://localhost${target.path}`, {
            method: "POST",
            headers: { "Content-Type": "application/json", ...(authorization ? { Authorization: authorization } : {}) },
            body: webhookBody(draw, adyen.hmacKey),
          });
          const status = await statusOf(() => action({ request, params: target.params, context: { clientAddress: "198.51.100.7" } }));
          expect(status).toBeLessThan(500);
        }),
        { numRuns: RUNS },
      );
      // What they stored is processed without an error escaping (the route does it after each answer too).
      const { processInbox } = await import("#server/payments/inbox");
      const { payments } = await import("~/web/payments.server");
      const { getDb } = await import("#server/db/client");
      await expect(processInbox(payments(await getDb())!)).resolves.toBeGreaterThanOrEqual(0);
      return;
    }
    await fc.assert(
      fc.asyncProperty(formArb(target), async (pairs) => {
        n++;
        const request = new Request(`http://localhost${target.path}`, {
          method: "POST",
          headers: { Cookie: browser.cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
          body: urlEncoded(pairs, browser.csrf),
        });
        const status = await statusOf(() => action({ request, params: target.params, context: { clientAddress: `198.51.100.${n % 250}` } }));
        expect(status).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });
});
