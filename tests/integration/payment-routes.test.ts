/**
 * Card payment online (issue 13), the web layer: the Remix routes of the payment through their loaders and actions
 * exactly as the server wraps them (guardModule: the edge's origin, CSRF, body and size checks), on PGlite and, with
 * TEST_DATABASE_URL, on Postgres. The routes read the provider from the environment (server/payments/index.ts,
 * cached per process): each database's block starts its own Adyen stand-in (tests/support/payments.ts), points the
 * ADYEN_* variables at it, and imports the routes afresh (vi.resetModules) so that their provider is that stand-in.
 * A last block has no provider at all.
 *
 * - the checkout with the card online: a document redirect to the payment page, the order waiting (1), no mail yet;
 * - the payment page: the card form's settings and the door's methods, an unknown attempt, a paid one, one already
 *   at 3-D Secure (a new attempt), the provider away; its action opens the hosted page;
 * - the card form's JSON action: authorised, 3-D Secure, bad data, the provider's refusals and absence;
 * - the return from the provider by GET and by a cross-site POST without our token, a garbage result, a hosted session;
 * - the status page: the six result codes' messages, the self-refresh while pending, retry and pay at the door;
 * - /credit-payment, and the webhook route (auth, HMAC, body type and size, replays, processing after the answer).
 *
 * Nothing sleeps: what happens after an answer (the webhook's processing) is waited for as a condition.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "#server/db/client";
import type { NotificationItem } from "../support/adyen";
import { signItem } from "../support/adyen/webhooks";
import { args, cookie, get, pizzaCart, sessionOf } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase, type TestDatabaseKind } from "../support/db";
import { CARDS, MERCHANT, ROMA, startPaymentsHarness, TIJUANA, type PaymentsHarness } from "../support/payments";

process.env.SESSION_SECRET = "payment-routes-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.PUBLIC_URL = "http://localhost";

// Friday 2026-11-20, 15:00 in Mexico City: Roma Norte and Tijuana are open.
const NOW = "2026-11-20T21:00:00Z";
pinStoreNow(NOW);

/** The app's process-wide database (server/db/client.ts's getDb) becomes the block's. */
const app = globalThis as typeof globalThis & { __storefrontDb?: Promise<Database> };

const ADYEN_VARIABLES = [
  "ADYEN_API_KEY", "ADYEN_MERCHANT_ACCOUNT", "ADYEN_CLIENT_KEY", "ADYEN_HMAC_KEY", "ADYEN_ENVIRONMENT", "ADYEN_ENDPOINT",
  "ADYEN_ENDPOINT_CA", "ADYEN_SHOPPER_URL", "ADYEN_WEBHOOK_USERNAME", "ADYEN_WEBHOOK_PASSWORD",
] as const;

type Handler = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;
interface Guarded {
  loader: Handler;
  action: Handler;
  handle?: unknown;
}

/** The routes of the payment (and the checkout), freshly imported and behind the edge, with what the tests use. */
async function importRoutes() {
  const { guardModule } = await import("~/web/edge.server");
  const guard = (module: object) => guardModule(module as Parameters<typeof guardModule>[0]) as unknown as Guarded;
  const { csrfToken } = await import("~/web/csrf.server");
  const { translator } = await import("~/i18n/translator.server");
  const outlets = await import("#server/outlets/outlets");
  return {
    checkout: guard(await import("~/routes/checkout/route")),
    page: guard(await import("~/routes/adyen.checkout.($transaction).($payment_url)/route")),
    pay: guard(await import("~/routes/adyen.checkout.$transaction.pay")),
    back: guard(await import("~/routes/adyen.checkout.$transaction.return")),
    status: guard(await import("~/routes/payment-status.($transaction)/route")),
    credit: guard(await import("~/routes/credit-payment.($transaction).($payment_url)")),
    webhooks: guard(await import("~/routes/api.adyen.webhooks")),
    csrfToken,
    translator,
    outlets,
  };
}
type Routes = Awaited<ReturnType<typeof importRoutes>>;

/** What Remix would answer: a returned or thrown Response as it is, data as a 200 JSON response. */
async function outcome(run: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await run();
    if (result instanceof Response) return result;
    return new Response(JSON.stringify(result), { status: 200 });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** A browser of this site: its CSRF cookie and token (the session cookie is added per request). */
async function browser(routes: Routes) {
  const [token, setCookie] = await routes.csrfToken(new Request("http://localhost/"));
  return { token, cookie: setCookie!.split(";")[0]! };
}

interface PostOptions {
  cookie?: string;
  headers?: Record<string, string>;
}

/** A form post as the browser sends it from our pages (same origin), its fields as given. */
function formPost(path: string, fields: Record<string, string>, options: PostOptions = {}) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", ...(options.cookie ? { Cookie: options.cookie } : {}), ...options.headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const bodyOf = async <T>(response: Response) => (await response.clone().json()) as T;
const documentRedirect = (response: Response) => response.headers.get("X-Remix-Reload-Document");
const transactionOf = (location: string | null) => /^\/adyen\/checkout\/([A-Za-z0-9_-]{16,64})$/.exec(location ?? "")?.[1];

describe.each(testDatabases())("the payment routes on $name", (kind: TestDatabaseKind) => {
  let t: TestDatabase;
  let h: PaymentsHarness;
  let routes: Routes;
  let csrf: { token: string; cookie: string };
  let standInOrigin: string;

  beforeAll(async () => {
    t = await kind.create();
    app.__storefrontDb = Promise.resolve(t.db);
    h = await startPaymentsHarness(t.db, { start: NOW });
    const s = h.providerSettings;
    Object.assign(process.env, {
      ADYEN_API_KEY: s.apiKey,
      ADYEN_MERCHANT_ACCOUNT: s.merchantAccount,
      ADYEN_CLIENT_KEY: s.clientKey,
      ADYEN_HMAC_KEY: s.hmacKey,
      ADYEN_ENVIRONMENT: "test",
      ADYEN_ENDPOINT: s.endpoint,
      ADYEN_ENDPOINT_CA: s.endpointCaFile,
      ADYEN_SHOPPER_URL: s.shopperUrl,
      ADYEN_WEBHOOK_USERNAME: s.webhookUsername,
      ADYEN_WEBHOOK_PASSWORD: s.webhookPassword,
    });
    // A fresh module graph: its env() and paymentProvider() read the variables above (each is cached per graph).
    vi.resetModules();
    routes = await importRoutes();
    csrf = await browser(routes);
    standInOrigin = new URL(h.standIn.shopperUrl).origin;
  });
  afterEach(() => h?.reset());
  afterAll(async () => {
    for (const name of ADYEN_VARIABLES) delete process.env[name];
    app.__storefrontDb = undefined;
    await h?.close();
    await t?.destroy();
  });

  // A context of its own per request, as the server makes one (the request's scope, its storefront and language, hangs
  // on it: app/web/request-scope.server.ts).
  const context = () => ({ clientAddress: "192.0.2.10" });
  const load = (route: Guarded, path: string, params: Record<string, string>, cookieHeader = "") =>
    outcome(() => route.loader({ ...args(get(path, cookieHeader), params), context: context() }));
  const act = (route: Guarded, request: Request, params: Record<string, string>) => outcome(() => route.action({ request, params, context: context() }));
  /** A post of our own pages: this browser's CSRF token and cookie. */
  const post = (route: Guarded, path: string, params: Record<string, string>, fields: Record<string, string>) =>
    act(route, formPost(path, { ...fields, csrf: csrf.token }, { cookie: csrf.cookie }), params);

  const pagePath = (transaction: string) => `/adyen/checkout/${transaction}`;
  const statusPath = (transaction: string) => `/payment-status/${transaction}`;

  /** The card form's post (intent pay or details, `data` as JSON): the route's answer. */
  const payRoute = (transaction: string, data: unknown, intent = "pay") =>
    post(routes.pay, `${pagePath(transaction)}/pay`, { transaction }, { intent, data: typeof data === "string" ? data : JSON.stringify(data) });

  const statusData = async (transaction: string, query = "") => {
    const response = await load(routes.status, `${statusPath(transaction)}${query}`, { transaction });
    expect(response.status).toBe(200);
    return bodyOf<{
      message: { key: string; tone: string; reason?: string };
      waiting: boolean;
      autoRefresh: boolean;
      canRetry: boolean;
      canContinue: boolean;
      door: { methods: string[]; cashCapCents: number | null };
    }>(response);
  };

  const t9n = (namespace: "payment" | "errors", key: string, values?: Record<string, string | number>) => routes.translator("es", namespace)(key, values);
  const mailsFor = async (uuid: string) =>
    (await t.db.selectFrom("mail_outbox").select("key").where("key", "=", `order-confirmation:${uuid}`).execute()).length;
  const eventCount = async () => Number((await t.db.selectFrom("payment_events").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  /** A card order's attempt paid through the pay route with a card (and a holder name: the stand-in's triggers). */
  async function paidWith(number: string, holderName?: string, outletCode = ROMA) {
    const order = await h.placeCardOrder({ outletCode });
    const response = await payRoute(order.transaction, h.cardData(number, holderName === undefined ? {} : { holderName }));
    return { order, response };
  }

  describe("the checkout", () => {
    it("the card online answers a document redirect to the payment page: the order waits for its payment (1), no mail yet", async () => {
      const roma = await t.db.selectFrom("outlets").selectAll().where("code", "=", ROMA).executeTakeFirstOrThrow();
      const cartUuid = await pizzaCart(t.db, roma.id, null);
      const session = await cookie({ disposition: routes.outlets.dispositionFor(roma, "C"), cartUuid, sid: "card-browser" });
      const cookies = `${session}; ${csrf.cookie}`;
      const page = await load(routes.checkout, "/checkout", {}, cookies);
      expect(page.status).toBe(200);
      const form = (await bodyOf<{ form: { payment: { methods: string[] }; idempotencyKey: string } }>(page)).form;
      expect(form.payment.methods).toContain("card");

      const fields = { name: "Ana", surname: "López", email: "ana@correo.mx", mobile: "5512345678", comment: "", paymentMethod: "card", idempotencyKey: form.idempotencyKey };
      const placed = await act(routes.checkout, formPost("/checkout", { ...fields, csrf: csrf.token }, { cookie: cookies }), {});
      expect(placed.status).toBe(303);
      expect(documentRedirect(placed)).toBe("true");
      const transaction = transactionOf(placed.headers.get("Location"));
      expect(transaction, placed.headers.get("Location") ?? "").toBeDefined();
      const attempt = await h.attempt(transaction!);
      const order = await t.db.selectFrom("orders").select(["uuid", "status", "payment_method", "payment_id"]).where("id", "=", attempt.order_id).executeTakeFirstOrThrow();
      expect(order).toMatchObject({ status: 1, payment_method: "card", payment_id: transaction });
      expect(attempt).toMatchObject({ state: "new", channel: null });
      expect(await mailsFor(order.uuid)).toBe(0);
      // and its tracker does not claim a confirmation was sent
      const { trackOrder } = await import("#server/orders/tracker");
      expect((await trackOrder(t.db, order.uuid, "es"))!.confirmationSent).toBe(false);

      // The browser's back button from the payment page: the checkout (its cart now the order's) says the order
      // waits for its payment, with the way to pay it, not "your cart is empty" (a guest has no history to find it).
      const after = `${(placed.headers.get("Set-Cookie") ?? "").split(";")[0]}; ${csrf.cookie}`;
      const back = await load(routes.checkout, "/checkout", {}, after);
      expect(back.status).toBe(303);
      const flashed = (await sessionOf(back)).get("notice");
      expect(flashed).toMatchObject({ key: "notices.orderAwaitsPayment", values: { number: expect.any(String) }, link: { to: `/adyen/checkout/${transaction}`, key: "notices.payNow" } });
      // Paid, the empty checkout is empty again.
      await payRoute(transaction!, h.cardData(CARDS.visa));
      const paid = await load(routes.checkout, "/checkout", {}, after);
      expect((await sessionOf(paid)).get("notice")).toMatchObject({ key: "errors:emptyCart" });
    });
  });

  describe("the payment page", () => {
    it("answers the card form's settings (client key, the stand-in's shopper URL, the amount) and the methods paid at the door", async () => {
      const order = await h.placeCardOrder();
      const response = await load(routes.page, pagePath(order.transaction), { transaction: order.transaction });
      expect(response.status).toBe(200);
      const data = await bodyOf<{ card: Record<string, unknown>; notice: unknown; door: unknown; order: { number: string; totalCents: number }; title: string }>(response);
      const attempt = await h.attempt(order.transaction);
      expect(data.card).toMatchObject({
        provider: "adyen",
        clientKey: h.providerSettings.clientKey,
        environment: "test",
        shopperUrl: h.standIn.shopperUrl,
        locale: "es-MX",
        amount: { value: attempt.amount_cents, currency: "MXN" },
      });
      expect(data.notice).toBeNull();
      expect(data.door).toEqual({ methods: ["cash", "eftpos"], cashCapCents: null });
      expect(data.order).toMatchObject({ number: order.number, totalCents: attempt.amount_cents });
      expect(data.title).toBe(t9n("payment", "title", { number: order.number }));
      // Only the asking: the attempt is not sent anywhere by a look at its page.
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "new", channel: null });
    });

    it("in Arabic the card form speaks Arabic (Adyen Web's own locale; the API's shopper locale has no Arabic)", async () => {
      const order = await h.placeCardOrder();
      const response = await load(routes.page, pagePath(order.transaction), { transaction: order.transaction }, await cookie({ lng: "ar" }));
      const data = await bodyOf<{ card: { locale: string } }>(response);
      expect(data.card.locale).toBe("ar");
    });

    it("an unknown transaction is a 404, a sub-path goes back to the page, no transaction to the checkout", async () => {
      for (const transaction of ["A".repeat(24), "short", "../../etc", "x".repeat(65)]) {
        const response = await load(routes.page, pagePath(encodeURIComponent(transaction)), { transaction });
        expect(response.status, transaction).toBe(404);
      }
      const order = await h.placeCardOrder();
      const sub = await load(routes.page, `${pagePath(order.transaction)}/anything`, { transaction: order.transaction, payment_url: "anything" });
      expect(sub.status).toBe(302);
      expect(sub.headers.get("Location")).toBe(pagePath(order.transaction));
      const none = await load(routes.page, "/adyen/checkout", {});
      expect(none.headers.get("Location")).toBe("/checkout");
    });

    it("an attempt already paid goes to its status page", async () => {
      const { order, response } = await paidWith(CARDS.visa);
      expect(response.status).toBe(200);
      const page = await load(routes.page, pagePath(order.transaction), { transaction: order.transaction });
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toBe(statusPath(order.transaction));
    });

    it("an attempt already sent (at 3-D Secure) is replaced: a document redirect to a new attempt's page, the old one superseded", async () => {
      const { order, response } = await paidWith(CARDS.visa3ds);
      expect(await bodyOf<{ action?: unknown }>(response)).toHaveProperty("action");
      expect((await h.attempt(order.transaction)).state).toBe("action");
      const page = await load(routes.page, pagePath(order.transaction), { transaction: order.transaction });
      expect(page.status).toBe(302);
      expect(documentRedirect(page)).toBe("true");
      const next = transactionOf(page.headers.get("Location"));
      expect(next).toBeDefined();
      expect(next).not.toBe(order.transaction);
      expect((await h.attempt(order.transaction)).state).toBe("superseded");
      expect(await h.attempt(next!)).toMatchObject({ state: "new", attempt: 2, merchant_reference: `${order.number}-2` });
      expect(await h.statusOf(order.uuid)).toBe(1);
      // The new attempt's page is the card form again.
      expect((await load(routes.page, pagePath(next!), { transaction: next! })).status).toBe(200);
    });

    it("the provider away: the page still answers (200) without the card form, with the translated reason", async () => {
      const order = await h.placeCardOrder();
      h.controls.loseResponses("/paymentMethods");
      const response = await load(routes.page, pagePath(order.transaction), { transaction: order.transaction });
      expect(response.status).toBe(200);
      const data = await bodyOf<{ card: unknown; notice: { tone: string; key: string } }>(response);
      expect(data.card).toBeNull();
      expect(data.notice).toMatchObject({ tone: "error", key: "errors:payProvider" });
    });

    it("its action opens the provider's hosted page (a 303 to the stand-in), and an attempt no longer payable goes to its status", async () => {
      const order = await h.placeCardOrder();
      const opened = await post(routes.page, pagePath(order.transaction), { transaction: order.transaction }, {});
      expect(opened.status).toBe(303);
      const location = new URL(opened.headers.get("Location")!);
      expect(location.origin).toBe(standInOrigin);
      expect(location.pathname).toMatch(/\/hosted\/[A-Za-z0-9]+$/);
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "action", channel: "hosted" });
      expect(await h.statusOf(order.uuid)).toBe(25);
      // Again (the back button): the same page, no second session.
      const again = await post(routes.page, pagePath(order.transaction), { transaction: order.transaction }, {});
      expect(again.headers.get("Location")).toBe(location.href);
      expect(h.callsTo("/sessions", order.transaction)).toHaveLength(1);

      const { order: paid } = await paidWith(CARDS.visa);
      const closed = await post(routes.page, pagePath(paid.transaction), { transaction: paid.transaction }, {});
      expect(closed.status).toBe(303);
      expect(closed.headers.get("Location")).toBe(statusPath(paid.transaction));
      const unknown = await post(routes.page, pagePath("B".repeat(24)), { transaction: "B".repeat(24) }, {});
      expect(unknown.status).toBe(404);
    });
  });

  describe("the card form's pay action", () => {
    it("an authorised card: JSON {redirect} to the status page, the order sent to the store with its mail, once", async () => {
      const { order, response } = await paidWith(CARDS.visa);
      expect(response.status).toBe(200);
      expect(await bodyOf(response)).toEqual({ redirect: statusPath(order.transaction) });
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "authorised", result_code: "Authorised", channel: "web" });
      expect(await h.statusOf(order.uuid)).toBe(3);
      expect(await mailsFor(order.uuid)).toBe(1);
      const { trackOrder } = await import("#server/orders/tracker");
      expect((await trackOrder(t.db, order.uuid, "es"))!.confirmationSent).toBe(true);
      // The same post again (a double click): refused, translated, and nothing reaches the provider.
      const again = await payRoute(order.transaction, h.cardData(CARDS.visa));
      expect(again.status).toBe(409);
      expect(await bodyOf(again)).toEqual({ message: t9n("errors", "payClosed") });
      expect(h.callsTo("/payments", order.transaction)).toHaveLength(1);
      expect(await mailsFor(order.uuid)).toBe(1);
    });

    it("two pays of one order at once (a second tab, a double click): one reaches the provider, the other is told a payment is on its way", async () => {
      const order = await h.placeCardOrder();
      // The first pay's call held at the provider (no timing): the second comes while it is on its way.
      const gate = h.controls.holdResponses("/payments");
      const first = payRoute(order.transaction, h.cardData(CARDS.visa));
      await gate.reached(1);
      const second = await payRoute(order.transaction, h.cardData(CARDS.visa));
      expect(second.status).toBe(409);
      expect(await bodyOf(second)).toEqual({ message: t9n("errors", "payPending") });
      gate.open();
      expect((await first).status).toBe(200);
      // One attempt, one call, one hold on the card: nothing to give back.
      const attempts = await t.db.selectFrom("payments as p").innerJoin("orders as o", "o.id", "p.order_id").select(["p.state", "p.confirming_until"]).where("o.uuid", "=", order.uuid).execute();
      expect(attempts).toEqual([{ state: "authorised", confirming_until: null }]);
      expect(h.callsTo("/payments", order.transaction)).toHaveLength(1);
      expect(await h.statusOf(order.uuid)).toBe(3);
    });

    it("a 3-D Secure card: JSON {action} for the component, then its details by the intent 'details': {redirect}", async () => {
      const { order, response } = await paidWith(CARDS.visa3ds);
      expect(response.status).toBe(200);
      const { action } = await bodyOf<{ action: { type: string; url: string } }>(response);
      expect(action).toMatchObject({ type: "redirect" });
      expect(new URL(action.url).origin).toBe(standInOrigin);
      expect(await h.statusOf(order.uuid)).toBe(25);
      const redirectResult = h.controls.completeChallenge(`${order.number}-1`, "authorise");
      const details = await payRoute(order.transaction, { details: { redirectResult } }, "details");
      expect(details.status).toBe(200);
      expect(await bodyOf(details)).toEqual({ redirect: statusPath(order.transaction) });
      expect((await h.attempt(order.transaction)).state).toBe("authorised");
      expect(await h.statusOf(order.uuid)).toBe(3);
    });

    it("missing or invalid data, an unknown intent, details without details: 400 with the translated message; the attempt unspent", async () => {
      const order = await h.placeCardOrder();
      const message = { message: t9n("errors", "payData") };
      expect(message.message).not.toMatch(/^(errors:)?payData$/);
      const cases: Array<[string, Record<string, string>]> = [
        ["no data", { intent: "pay" }],
        ["data not JSON", { intent: "pay", data: "{not json" }],
        ["data a list", { intent: "pay", data: "[1,2]" }],
        ["data a string", { intent: "pay", data: '"text"' }],
        ["data null", { intent: "pay", data: "null" }],
        ["no intent", { data: "{}" }],
        ["an unknown intent", { intent: "refund", data: JSON.stringify(h.cardData(CARDS.visa)) }],
        ["details without details", { intent: "details", data: "{}" }],
        ["details not strings", { intent: "details", data: JSON.stringify({ details: { redirectResult: 1 } }) }],
        ["a payment method that is not a card's", { intent: "pay", data: JSON.stringify({ paymentMethod: { type: "scheme" } }) }],
        // JSON escapes no Postgres text holds: a NUL, a lone surrogate.
        ["data with a NUL", { intent: "pay", data: JSON.stringify({ ...h.cardData(CARDS.visa), riskData: "a\u0000" }) }],
        ["details with a lone surrogate", { intent: "details", data: JSON.stringify({ details: { redirectResult: "x\ud800" } }) }],
      ];
      for (const [name, fields] of cases) {
        const response = await post(routes.pay, `${pagePath(order.transaction)}/pay`, { transaction: order.transaction }, fields);
        expect(response.status, name).toBe(400);
        expect(await bodyOf(response), name).toEqual(message);
      }
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "new", channel: null });
      expect(h.callsTo("/payments", order.transaction)).toHaveLength(0);
    });

    it("the provider's refusals and absence: a translated message with a 4xx or a 502", async () => {
      // A card number the provider refuses as data (its 422): 400, and the attempt is not spent.
      const order = await h.placeCardOrder();
      const invalid = await payRoute(order.transaction, h.cardData("4111 1111 1111 1112"));
      expect(invalid.status).toBe(400);
      expect(await bodyOf(invalid)).toEqual({ message: t9n("errors", "payData") });
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "new", channel: null });

      // The provider cannot be reached (the connection drops without an answer): 502.
      h.controls.loseResponses("/payments");
      const away = await payRoute(order.transaction, h.cardData(CARDS.visa));
      expect(away.status).toBe(502);
      expect(await bodyOf(away)).toEqual({ message: t9n("errors", "payProvider") });
      expect(await h.statusOf(order.uuid)).toBe(1);

      // A refused card is not an error of the action: the status page says it.
      const { order: refused, response } = await paidWith(CARDS.visa, "DECLINED");
      expect(response.status).toBe(200);
      expect(await bodyOf(response)).toEqual({ redirect: statusPath(refused.transaction) });

      // No such attempt: 404.
      const unknown = await payRoute("C".repeat(24), h.cardData(CARDS.visa));
      expect(unknown.status).toBe(404);
      expect(await bodyOf(unknown)).toEqual({ message: t9n("errors", "payNotFound") });
    });

    it("a GET is a 405 that names POST", async () => {
      const order = await h.placeCardOrder();
      const response = await load(routes.pay, `${pagePath(order.transaction)}/pay`, { transaction: order.transaction });
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
    });
  });

  describe("the return from the provider", () => {
    /** A card order's attempt at the 3-D Secure challenge, through the pay route; the challenge ended as given. */
    async function challenged(choice: "authorise" | "refuse" | "cancel" = "authorise") {
      const { order } = await paidWith(CARDS.visa3ds);
      expect((await h.attempt(order.transaction)).state).toBe("action");
      return { order, redirectResult: h.controls.completeChallenge(`${order.number}-1`, choice) };
    }
    const returnPath = (transaction: string) => `${pagePath(transaction)}/return`;

    it("by GET with the redirectResult: 303 to the status page, the attempt authorised, the order sent to the store", async () => {
      const { order, redirectResult } = await challenged();
      const response = await load(routes.back, `${returnPath(order.transaction)}?redirectResult=${encodeURIComponent(redirectResult)}`, { transaction: order.transaction });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(statusPath(order.transaction));
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "authorised", result_code: "Authorised" });
      expect(await h.statusOf(order.uuid)).toBe(3);
      expect(await mailsFor(order.uuid)).toBe(1);
      // The same return again (a reload): the status page, nothing asked twice.
      const again = await load(routes.back, `${returnPath(order.transaction)}?redirectResult=${encodeURIComponent(redirectResult)}`, { transaction: order.transaction });
      expect(again.headers.get("Location")).toBe(statusPath(order.transaction));
      expect(h.callsTo("/payments/details", order.transaction)).toHaveLength(1);
      expect(await mailsFor(order.uuid)).toBe(1);
    });

    it("by a cross-site POST from the provider's page, without our CSRF token or cookie: accepted, and confirmed", async () => {
      const { order, redirectResult } = await challenged();
      const request = new Request(`http://localhost${returnPath(order.transaction)}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: standInOrigin, "Sec-Fetch-Site": "cross-site" },
        body: new URLSearchParams({ redirectResult }).toString(),
      });
      const response = await act(routes.back, request, { transaction: order.transaction });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(statusPath(order.transaction));
      expect((await h.attempt(order.transaction)).state).toBe("authorised");
      // A failed challenge comes back the same way: refused, the order waits for another try.
      const { order: failed, redirectResult: refusedResult } = await challenged("refuse");
      const refused = await act(routes.back, formPost(returnPath(failed.transaction), { redirectResult: refusedResult }, { headers: { Origin: standInOrigin } }), { transaction: failed.transaction });
      expect(refused.status).toBe(303);
      expect(await h.attempt(failed.transaction)).toMatchObject({ state: "refused" });
      expect(await h.statusOf(failed.uuid)).toBe(1);
    });

    it("a garbage redirectResult: 303 to the status page (never a 5xx), the attempt unchanged", async () => {
      const { order } = await paidWith(CARDS.visa3ds);
      const before = await h.attempt(order.transaction);
      for (const redirectResult of ["garbage", "x".repeat(8_000), "%00", "eyJ9"]) {
        const response = await load(routes.back, `${returnPath(order.transaction)}?redirectResult=${encodeURIComponent(redirectResult)}`, { transaction: order.transaction });
        expect(response.status, redirectResult.slice(0, 20)).toBe(303);
        expect(response.headers.get("Location")).toMatch(new RegExp(`^${statusPath(order.transaction)}(\\?unconfirmed=\\d+)?$`));
      }
      // Too long to be one, or no result at all: the status page without asking the provider.
      for (const query of [`?redirectResult=${"y".repeat(8_001)}`, "", "?sessionId=only"]) {
        const response = await load(routes.back, `${returnPath(order.transaction)}${query}`, { transaction: order.transaction });
        expect(response.status).toBe(303);
        expect(response.headers.get("Location")).toBe(statusPath(order.transaction));
      }
      const posted = await act(routes.back, formPost(returnPath(order.transaction), { redirectResult: "garbage", extra: "1" }), { transaction: order.transaction });
      expect(posted.status).toBe(303);
      expect(await h.attempt(order.transaction)).toMatchObject({ state: before.state, psp_reference: before.psp_reference, result_code: before.result_code });
      expect(await h.statusOf(order.uuid)).toBe(25);
      // An unknown attempt: 404.
      const unknown = await load(routes.back, `${returnPath("D".repeat(24))}?redirectResult=garbage`, { transaction: "D".repeat(24) });
      expect(unknown.status).toBe(404);
    });

    it("the hosted page's sessionId and sessionResult by GET: confirmed with the provider, authorised", async () => {
      const order = await h.placeCardOrder();
      const opened = await post(routes.page, pagePath(order.transaction), { transaction: order.transaction }, {});
      const sessionId = /\/hosted\/([A-Za-z0-9]+)$/.exec(new URL(opened.headers.get("Location")!).pathname)![1]!;
      const back = h.controls.completeHostedSession(sessionId, { card: CARDS.visa });
      const response = await load(routes.back, `${returnPath(order.transaction)}?${new URLSearchParams(back)}`, { transaction: order.transaction });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(statusPath(order.transaction));
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "authorised" });
      expect(await h.statusOf(order.uuid)).toBe(3);
    });

    it("back from the hosted page, then forward to it: the payment page keeps the attempt, and the card paid on its session sends the order to the store", async () => {
      const order = await h.placeCardOrder();
      const opened = await post(routes.page, pagePath(order.transaction), { transaction: order.transaction }, {});
      const sessionId = /\/hosted\/([A-Za-z0-9]+)$/.exec(new URL(opened.headers.get("Location")!).pathname)![1]!;
      // The browser's back button: the payment page again, for the same attempt (no new one, nothing given up).
      const page = await load(routes.page, pagePath(order.transaction), { transaction: order.transaction });
      expect(page.status).toBe(200);
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "action", channel: "hosted", attempt: 1 });
      // Its hosted-page button reopens the same session.
      const again = await post(routes.page, pagePath(order.transaction), { transaction: order.transaction }, {});
      expect(again.headers.get("Location")).toBe(opened.headers.get("Location"));
      // Forward to the provider's page, still open: the card paid there is the order's payment, not a refund.
      const back = h.controls.completeHostedSession(sessionId, { card: CARDS.visa });
      const response = await load(routes.back, `${returnPath(order.transaction)}?${new URLSearchParams(back)}`, { transaction: order.transaction });
      expect(response.headers.get("Location")).toBe(statusPath(order.transaction));
      expect(await h.attempt(order.transaction)).toMatchObject({ state: "authorised" });
      expect(await h.statusOf(order.uuid)).toBe(3);
    });
  });

  describe("the status page", () => {
    it.each([
      ["Authorised", undefined, "success", undefined, false],
      ["Refused", "DECLINED", "error", "Refused", false],
      ["Refused", "NOT_ENOUGH_BALANCE", "error", "Not enough balance", false],
      ["Error", "ERROR", "error", "Acquirer Error", false],
      ["Pending", "STANDIN_PENDING", "info", undefined, true],
      ["Received", "RECEIVED", "info", undefined, true],
    ] as const)("%s (holder name %s): its own message", async (code, holder, tone, reason, waiting) => {
      const { order, response } = await paidWith(CARDS.visa, holder);
      expect(await bodyOf(response)).toEqual({ redirect: statusPath(order.transaction) });
      const data = await statusData(order.transaction);
      // The bank's reason is kept with the attempt, for the chain's people, and never handed to the page (Adyen asks
      // merchants not to show it to shoppers).
      expect(data.message).toEqual({ key: `status.${code}`, tone });
      const attempt = await t.db.selectFrom("payments").select("refusal_reason").where("transaction", "=", order.transaction).executeTakeFirstOrThrow();
      expect(attempt.refusal_reason).toBe(reason ?? null);
      expect(t9n("payment", `status.${code}`)).not.toBe(`status.${code}`);
      expect(data.waiting).toBe(waiting);
      expect(data.canRetry).toBe(tone === "error");
    });

    it("Cancelled: the shopper left the hosted page", async () => {
      const order = await h.placeCardOrder();
      const opened = await post(routes.page, pagePath(order.transaction), { transaction: order.transaction }, {});
      // The hosted page's cancel link: back to our return URL with the session's result.
      const cancelled = await fetch(`${opened.headers.get("Location")}/cancel`, { redirect: "manual" });
      expect(cancelled.status).toBe(303);
      const returned = new URL(cancelled.headers.get("Location")!);
      expect(returned.pathname).toBe(`${pagePath(order.transaction)}/return`);
      const response = await load(routes.back, returned.pathname + returned.search, { transaction: order.transaction });
      expect(response.headers.get("Location")).toBe(statusPath(order.transaction));
      const data = await statusData(order.transaction);
      expect(data.message).toEqual({ key: "status.Cancelled", tone: "error" });
      expect(data.canRetry).toBe(true);
      expect(await h.statusOf(order.uuid)).toBe(1);
    });

    it("pending: the page follows the outcome, and reloads itself without JavaScript unless told to stop", async () => {
      const { order } = await paidWith(CARDS.visa, "STANDIN_PENDING");
      const data = await statusData(order.transaction);
      expect(data).toMatchObject({ waiting: true, autoRefresh: true, canRetry: false, canContinue: false });
      const refresh = (routes.status.handle as { noscriptRefresh: (data: unknown) => number | null }).noscriptRefresh;
      expect(refresh(data)).toBe(5);
      const stopped = await statusData(order.transaction, "?refresh=off");
      expect(stopped.autoRefresh).toBe(false);
      expect(refresh(stopped)).toBeNull();
      // Once the webhook has settled it: authorised, nothing more to wait for.
      await h.settle();
      const settled = await statusData(order.transaction);
      expect(settled).toMatchObject({ waiting: false, message: { key: "status.Authorised" } });
      expect(refresh(settled)).toBeNull();
      expect((await statusData(order.transaction, "?unconfirmed=1")).message.key).toBe("status.Authorised");
    });

    it("a return that could not be confirmed waits a minute for the outcome, then offers to go on paying (not 'confirming' for ever)", async () => {
      const order = await h.placeCardOrder();
      const at = Date.parse(process.env.STORE_NOW ?? new Date().toISOString());
      const waiting = await statusData(order.transaction, `?unconfirmed=${at}`);
      expect(waiting).toMatchObject({ waiting: true, canContinue: false, message: { key: "status.confirming" } });
      const later = await statusData(order.transaction, `?unconfirmed=${at - 60_000}`);
      expect(later).toMatchObject({ waiting: false, canContinue: true, message: { key: "status.action" } });
      // a bare or broken flag (an old link) waits for nothing
      expect(await statusData(order.transaction, "?unconfirmed=1")).toMatchObject({ waiting: false, canContinue: true });
      expect(await statusData(order.transaction, "?unconfirmed=soon")).toMatchObject({ waiting: false, canContinue: true });
    });

    it("an unknown attempt is a 404; the bare page (the spec's optional segment) leads to finding an order", async () => {
      expect((await load(routes.status, statusPath("E".repeat(24)), { transaction: "E".repeat(24) })).status).toBe(404);
      const bare = await load(routes.status, "/payment-status", {});
      expect(bare.status).toBe(302);
      expect(bare.headers.get("Location")).toBe("/tracking");
    });

    it("retry: a document redirect to a new attempt's payment page", async () => {
      const { order } = await paidWith(CARDS.visa, "DECLINED");
      const response = await post(routes.status, statusPath(order.transaction), { transaction: order.transaction }, { intent: "retry" });
      expect(response.status).toBe(303);
      expect(documentRedirect(response)).toBe("true");
      const next = transactionOf(response.headers.get("Location"));
      expect(next).toBeDefined();
      expect(next).not.toBe(order.transaction);
      expect(await h.attempt(next!)).toMatchObject({ state: "new", attempt: 2 });
      expect(await h.statusOf(order.uuid)).toBe(1);
      expect((await load(routes.page, pagePath(next!), { transaction: next! })).status).toBe(200);
      // The old attempt's page now goes to its status, which says it was replaced.
      expect((await statusData(order.transaction)).canRetry).toBe(false);
    });

    it("retry of a paid attempt is refused with the translated notice (409)", async () => {
      const { order } = await paidWith(CARDS.visa);
      const response = await post(routes.status, statusPath(order.transaction), { transaction: order.transaction }, { intent: "retry" });
      expect(response.status).toBe(409);
      expect(await bodyOf(response)).toMatchObject({ notice: { tone: "error", key: "errors:payClosed" }, doorError: null });
    });

    it("pay at the door in cash: 303 to the tracker, the order received, its confirmation mail queued once", async () => {
      const { order } = await paidWith(CARDS.visa, "DECLINED");
      const response = await post(routes.status, statusPath(order.transaction), { transaction: order.transaction }, { intent: "door", method: "cash", cashTendered: "500" });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(`/tracker-order/${order.uuid}`);
      expect(documentRedirect(response)).toBeNull();
      const row = await h.order(order.uuid);
      expect(row).toMatchObject({ status: 3, payment_method: "cash", payment_id: null });
      expect(row.payment).toMatchObject({ method: "cash", tenderedCents: 50_000 });
      expect(await mailsFor(order.uuid)).toBe(1);
      // The same form again (a double submit): refused, nothing more written.
      const again = await post(routes.status, statusPath(order.transaction), { transaction: order.transaction }, { intent: "door", method: "cash", cashTendered: "500" });
      expect(again.status).toBe(409);
      expect(await mailsFor(order.uuid)).toBe(1);
      expect(await h.historyOf(order.id)).toEqual([1, 3]);
      // Back on the status page (the browser's Back): it says the order is paid at the door, not "refused".
      expect((await statusData(order.transaction)).message).toEqual({ key: "status.atDoor", tone: "info" });
    });

    it("pay at the door with a bad amount or method: 400 with the field's error, nothing changed", async () => {
      const { order } = await paidWith(CARDS.visa, "DECLINED");
      const before = { attempt: await h.attempt(order.transaction), order: await h.order(order.uuid) };
      const cases: Array<[Record<string, string>, { field: string; key: string }]> = [
        [{ intent: "door", method: "cash", cashTendered: "abc" }, { field: "cashTendered", key: "cashAmount" }],
        [{ intent: "door", method: "cash", cashTendered: "1e20" }, { field: "cashTendered", key: "cashAmount" }],
        [{ intent: "door", method: "cash", cashTendered: "9".repeat(21) }, { field: "cashTendered", key: "cashAmount" }],
        [{ intent: "door", method: "bitcoin" }, { field: "method", key: "paymentMethod" }],
        [{ intent: "door" }, { field: "method", key: "paymentMethod" }],
        [{ intent: "door", method: "card" }, { field: "method", key: "paymentMethod" }],
        [{ intent: "nothing" }, { field: "method", key: "paymentMethod" }],
      ];
      for (const [fields, doorError] of cases) {
        const response = await post(routes.status, statusPath(order.transaction), { transaction: order.transaction }, fields);
        expect(response.status, JSON.stringify(fields)).toBe(400);
        expect(await bodyOf(response), JSON.stringify(fields)).toMatchObject({ notice: null, doorError });
      }
      expect(await h.attempt(order.transaction)).toEqual(before.attempt);
      expect(await h.order(order.uuid)).toEqual(before.order);
      expect(await mailsFor(order.uuid)).toBe(0);
    });

    it("pay at the door with cash over the outlet's cap, or short of the total: 422 beside the amount, nothing changed", async () => {
      const { order } = await paidWith(CARDS.visa, "DECLINED", TIJUANA);
      expect((await statusData(order.transaction)).door).toEqual({ methods: ["cash", "eftpos"], cashCapCents: 100_000 });
      const over = await post(routes.status, statusPath(order.transaction), { transaction: order.transaction }, { intent: "door", method: "cash", cashTendered: "1500" });
      expect(over.status).toBe(422);
      expect(await bodyOf(over)).toMatchObject({ notice: null, doorError: { field: "cashTendered", key: "cashCap", values: { cap: 100_000 } } });
      const short = await post(routes.status, statusPath(order.transaction), { transaction: order.transaction }, { intent: "door", method: "cash", cashTendered: "1" });
      expect(short.status).toBe(422);
      // with what was posted, so the form comes back as the customer left it
      expect(await bodyOf(short)).toMatchObject({ doorError: { field: "cashTendered", key: "cashShort", posted: { method: "cash", cashTendered: "1" } } });
      expect(await h.statusOf(order.uuid)).toBe(1);
      expect((await h.attempt(order.transaction)).state).toBe("refused");
      // Card on delivery instead is taken.
      const eftpos = await post(routes.status, statusPath(order.transaction), { transaction: order.transaction }, { intent: "door", method: "eftpos" });
      expect(eftpos.status).toBe(303);
      expect(await h.order(order.uuid)).toMatchObject({ status: 3, payment_method: "eftpos" });
    });
  });

  describe("/credit-payment", () => {
    it("sends the shopper to the provider's page of the attempt, keeping the return's sub-path and query; without one, the checkout", async () => {
      const order = await h.placeCardOrder();
      const page = await load(routes.credit, `/credit-payment/${order.transaction}`, { transaction: order.transaction });
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toBe(pagePath(order.transaction));
      const back = await load(routes.credit, `/credit-payment/${order.transaction}/return?redirectResult=abc%2Bdef&x=1`, { transaction: order.transaction, payment_url: "return" });
      expect(back.headers.get("Location")).toBe(`${pagePath(order.transaction)}/return?redirectResult=abc%2Bdef&x=1`);
      const other = await load(routes.credit, `/credit-payment/${order.transaction}/elsewhere`, { transaction: order.transaction, payment_url: "elsewhere" });
      expect(other.headers.get("Location")).toBe(pagePath(order.transaction));
      const none = await load(routes.credit, "/credit-payment", {});
      expect(none.status).toBe(302);
      expect(none.headers.get("Location")).toBe("/checkout");
      expect((await load(routes.credit, `/credit-payment/${"F".repeat(24)}`, { transaction: "F".repeat(24) })).status).toBe(404);
    });
  });

  describe("the webhook route", () => {
    const path = "/api/adyen/webhooks";
    const basicAuth = () => h.webhooks.basicAuth();
    const envelope = (...items: NotificationItem[]) => JSON.stringify({ live: "false", notificationItems: items.map((item) => ({ NotificationRequestItem: item })) });
    /** What Adyen's servers send: JSON with basic auth, no Origin, no cookie, no CSRF token. */
    const hook = (body: BodyInit, headers: Record<string, string> = {}) =>
      act(routes.webhooks, new Request(`http://localhost${path}`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: basicAuth(), ...headers }, body }), {});

    /** A card order at the 3-D Secure challenge (its PSP reference known), and the AUTHORISATION Adyen would send for it. */
    async function authenticating() {
      const { order } = await paidWith(CARDS.visa3ds);
      const attempt = await h.attempt(order.transaction);
      expect(attempt.state).toBe("action");
      const item: NotificationItem = {
        amount: { value: attempt.amount_cents, currency: attempt.currency },
        eventCode: "AUTHORISATION",
        eventDate: "2026-11-20T21:00:00+00:00",
        merchantAccountCode: MERCHANT,
        merchantReference: attempt.merchant_reference,
        pspReference: attempt.psp_reference!,
        reason: "",
        success: "true",
      };
      return { order, attempt, item, signed: signItem(item, h.providerSettings.hmacKey) };
    }

    it("a signed notification: 200 [accepted] at once, processed after the answer (the order to the store, its mail once); a replay changes nothing", async () => {
      const { order, signed } = await authenticating();
      const events = await eventCount();
      const response = await hook(envelope(signed));
      expect(response.status).toBe(200);
      expect(await response.text()).toBe("[accepted]");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      // Stored with the answer; processed on a later turn of the event loop.
      expect(await eventCount()).toBe(events + 1);
      await vi.waitFor(async () => expect((await h.attempt(order.transaction)).state).toBe("authorised"), { timeout: 30_000, interval: 20 });
      await vi.waitFor(async () => expect(await mailsFor(order.uuid)).toBe(1), { timeout: 30_000, interval: 20 });
      expect(await h.statusOf(order.uuid)).toBe(3);
      const processed = await t.db.selectFrom("payment_events").select(["processed_at", "error"]).where("psp_reference", "=", signed.pspReference).execute();
      expect(processed).toEqual([{ processed_at: expect.any(Date), error: null }]);

      // The same notification again (Adyen retries): accepted, nothing stored, nothing changed.
      const before = await h.attempt(order.transaction);
      const replay = await hook(envelope(signed));
      expect(replay.status).toBe(200);
      expect(await replay.text()).toBe("[accepted]");
      expect(await eventCount()).toBe(events + 1);
      // Whatever a replay's processing would do happens on the next turns: the inbox is processed once more, to be sure.
      await h.settle();
      expect(await h.attempt(order.transaction)).toEqual(before);
      expect(await mailsFor(order.uuid)).toBe(1);
      expect(await h.historyOf(order.id)).toEqual([1, 25, 3]);
    });

    it("a bad HMAC (one tampered item among good ones) is a 401 and nothing is stored", async () => {
      const { order, item, signed } = await authenticating();
      const events = await eventCount();
      const tampered = { ...signed, amount: { ...item.amount, value: item.amount.value + 1 } };
      const unsigned = item;
      for (const body of [envelope(tampered), envelope(signed, tampered), envelope(unsigned), envelope(signItem(item, "00".repeat(32)))]) {
        const response = await hook(body);
        expect(response.status).toBe(401);
      }
      expect(await eventCount()).toBe(events);
      expect((await h.attempt(order.transaction)).state).toBe("action");
    });

    it("missing or wrong basic auth is a 401", async () => {
      const { signed } = await authenticating();
      const events = await eventCount();
      const wrong = `Basic ${Buffer.from(`${h.webhooks.username}:not-the-password`).toString("base64")}`;
      for (const authorization of ["", wrong, "Bearer x", `Basic ${"A".repeat(10_000)}`, basicAuth().toLowerCase()]) {
        const response = await hook(envelope(signed), { Authorization: authorization });
        expect(response.status, authorization.slice(0, 20)).toBe(401);
      }
      const request = new Request(`http://localhost${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: envelope(signed) });
      expect((await act(routes.webhooks, request, {})).status).toBe(401);
      expect(await eventCount()).toBe(events);
    });

    it("a body that is not JSON: 415 from the edge; JSON that is no notification: 400 from the route", async () => {
      for (const type of ["text/plain", "application/x-www-form-urlencoded", "", "application/jsonp"]) {
        const response = await hook("{}", { "Content-Type": type });
        expect(response.status, type).toBe(415);
        expect(await bodyOf(response)).toMatchObject({ edge: "content-type" });
      }
      for (const body of ["{not json", "[]", "null", '{"notificationItems":"x"}', '{"live":"false","notificationItems":[{"NotificationRequestItem":{}}]}']) {
        expect((await hook(body)).status, body).toBe(400);
      }
    });

    it("a body over the route's limit (256 KB) is a 413, declared or streamed", async () => {
      const { signed } = await authenticating();
      const big = envelope({ ...signed, reason: "x".repeat(300 * 1024) });
      const declared = await hook(big, { "Content-Length": String(big.length) });
      expect(declared.status).toBe(413);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      });
      const streamed = await act(
        routes.webhooks,
        new Request(`http://localhost${path}`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: basicAuth() }, body: stream, duplex: "half" } as RequestInit),
        {},
      );
      expect(streamed.status).toBe(413);
    });

    it("a GET is a 405 that names POST", async () => {
      const response = await load(routes.webhooks, path, {});
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
    });
  });
});

describe("without a payment provider", () => {
  let t: TestDatabase;
  let routes: Routes;
  let csrf: { token: string; cookie: string };

  beforeAll(async () => {
    for (const name of ADYEN_VARIABLES) delete process.env[name];
    t = await testDatabases()[0]!.create();
    app.__storefrontDb = Promise.resolve(t.db);
    vi.resetModules();
    routes = await importRoutes();
    csrf = await browser(routes);
  });
  afterAll(async () => {
    app.__storefrontDb = undefined;
    await t?.destroy();
  });

  it("the checkout does not offer the card online, and a posted card is refused beside the method", async () => {
    const roma = await t.db.selectFrom("outlets").selectAll().where("code", "=", ROMA).executeTakeFirstOrThrow();
    expect(roma.payment_methods).toContain("card");
    const cartUuid = await pizzaCart(t.db, roma.id, null);
    const session = await cookie({ disposition: routes.outlets.dispositionFor(roma, "C"), cartUuid, sid: "no-provider" });
    const cookies = `${session}; ${csrf.cookie}`;
    const page = await outcome(() => routes.checkout.loader(args(get("/checkout", cookies))));
    expect((await bodyOf<{ form: { payment: { methods: string[] } } }>(page)).form.payment.methods).toEqual(["cash", "eftpos"]);
    const fields = { name: "Ana", surname: "López", email: "ana@correo.mx", mobile: "5512345678", comment: "", paymentMethod: "card", idempotencyKey: randomUUID(), csrf: csrf.token };
    const response = await outcome(() => routes.checkout.action(args(formPost("/checkout", fields, { cookie: cookies }))));
    // A well-formed form: the placement refuses the card online without a provider, beside the choice (422), and
    // writes nothing.
    expect(response.status).toBe(422);
    expect((await bodyOf<{ result: { error: Record<string, string[]> } }>(response)).result.error).toEqual({ paymentMethod: ["paymentUnavailable"] });
    expect(await t.db.selectFrom("orders").select("id").where("cart_uuid", "=", cartUuid).execute()).toEqual([]);
  });

  it("the payment routes answer 404 (the status page reads what is stored), the webhook route a plain 404", async () => {
    const transaction = "G".repeat(24);
    const page = await outcome(() => routes.page.loader(args(get(`/adyen/checkout/${transaction}`, ""), { transaction })));
    expect(page.status).toBe(404);
    const pay = await outcome(() =>
      routes.pay.action(args(formPost(`/adyen/checkout/${transaction}/pay`, { intent: "pay", data: "{}", csrf: csrf.token }, { cookie: csrf.cookie }), { transaction })),
    );
    expect(pay.status).toBe(404);
    expect(await bodyOf(pay)).toEqual({ message: routes.translator("es", "errors")("payNotFound") });
    const back = await outcome(() => routes.back.loader(args(get(`/adyen/checkout/${transaction}/return?redirectResult=x`, ""), { transaction })));
    expect(back.status).toBe(303);
    const hook = await outcome(() =>
      routes.webhooks.action(args(new Request("http://localhost/api/adyen/webhooks", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }))),
    );
    expect(hook.status).toBe(404);
  });
});
