/**
 * `npm run fuzz`: random posts to every action of the built storefront over HTTP, and a table of how it answered.
 * It starts the built server (scripts/serve.mjs, production mode, a fresh in-memory database, the clock pinned),
 * becomes a customer with a cart and a member of staff (through the forms, with the CSRF token), then per action
 * posts FUZZ_POSTS (1,000) forms drawn from tests/support/fuzz.ts (damaged valid forms and random fields), and a set
 * of hostile requests the forms never make (JSON, text, broken multipart, oversized, cross-site, no token, bad
 * Host). Prints "N posts, M × 5xx" per action; exits 1 when any answer is a 5xx.
 * The online card payment's routes (issue 13) need a provider: the server started here talks to a local Adyen
 * stand-in (tests/support/adyen), which sends its webhooks back to it; the fuzz's webhook notifications are signed
 * with the stand-in's HMAC key. Against FUZZ_URL they are fuzzed when that server offers the card online, signed
 * with ADYEN_HMAC_KEY and authenticated with ADYEN_WEBHOOK_USERNAME/_PASSWORD from this environment when set.
 *
 *   npm run fuzz                       FUZZ_POSTS=200 npm run fuzz          FUZZ_SEED=42 npm run fuzz
 *   FUZZ_URL=http://127.0.0.1:3000 npx tsx scripts/fuzz.ts     (a server already running, with the demo chain)
 *   FUZZ_ONLY=banners,campaigns npm run fuzz    (only the actions whose names contain one of those words)
 */
import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import fc from "fast-check";
import { type AdyenStandIn, startAdyenStandIn } from "../tests/support/adyen";
import { freePort, startApp } from "../tests/support/app-process";
import { formArb, fuzzTargets, NO_IDS, urlEncoded, webhookArb, webhookBody } from "../tests/support/fuzz";
import { Shopper } from "../tests/support/shopper";

const POSTS = Number(process.env.FUZZ_POSTS ?? 1_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const PARALLEL = 4;

interface Row {
  statuses: Map<number, number>;
  name: string;
  posts: number;
  ok: number;
  refused: number;
  errors: number;
  examples: string[];
}

function row(name: string): Row {
  return { name, posts: 0, ok: 0, refused: 0, errors: 0, examples: [], statuses: new Map() };
}

function count(r: Row, status: number, what: string) {
  r.posts++;
  r.statuses.set(status, (r.statuses.get(status) ?? 0) + 1);
  if (status >= 500 || status === 0) {
    r.errors++;
    if (r.examples.length < 3) r.examples.push(`${status} ← ${what.slice(0, 300)}`);
  } else if (status >= 400) r.refused++;
  else r.ok++;
}

async function inParallel<T>(items: T[], work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: PARALLEL }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/** A raw request (for a Host that fetch will not send); answers the status, 0 when the connection broke. */
function raw(base: string, text: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      if (status) {
        socket.destroy();
        resolve(Number(status));
      }
    });
    socket.on("error", () => resolve(0));
    socket.on("close", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.write(text);
  });
}

async function main() {
  const given = process.env.FUZZ_URL?.replace(/\/+$/, "");
  console.log(`fuzz: ${given ? `fuzzing ${given}` : "starting the built server"} (seed ${SEED}, ${POSTS} posts per action)`);
  // The provider: a stand-in of our own beside a server of our own; a given server's own settings otherwise.
  const own = {
    apiKey: `AQE-${randomBytes(12).toString("hex")}`,
    clientKey: `test_${randomBytes(12).toString("hex").toUpperCase()}`,
    merchantAccount: "PizzaFuzzMX",
    hmacKey: randomBytes(32).toString("hex").toUpperCase(),
    webhookUsername: "fuzz-webhooks",
    webhookPassword: randomBytes(12).toString("base64url"),
  };
  const adyen: { merchantAccount: string; hmacKey?: string; webhookUsername?: string; webhookPassword?: string } = given
    ? {
        merchantAccount: process.env.ADYEN_MERCHANT_ACCOUNT ?? "",
        hmacKey: process.env.ADYEN_HMAC_KEY,
        webhookUsername: process.env.ADYEN_WEBHOOK_USERNAME,
        webhookPassword: process.env.ADYEN_WEBHOOK_PASSWORD,
      }
    : own;
  let standIn: AdyenStandIn | null = null;
  let app: Awaited<ReturnType<typeof startApp>> | null = null;
  if (!given) {
    const port = await freePort();
    standIn = await startAdyenStandIn({ ...own, webhookUrl: `http://127.0.0.1:${port}/api/adyen/webhooks` });
    app = await startApp(
      {
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ADYEN_API_KEY: own.apiKey,
        ADYEN_MERCHANT_ACCOUNT: own.merchantAccount,
        ADYEN_CLIENT_KEY: own.clientKey,
        ADYEN_HMAC_KEY: own.hmacKey,
        ADYEN_WEBHOOK_USERNAME: own.webhookUsername,
        ADYEN_WEBHOOK_PASSWORD: own.webhookPassword,
        ADYEN_ENVIRONMENT: "test",
        ADYEN_ENDPOINT: standIn.apiUrl,
        ADYEN_ENDPOINT_CA: standIn.caCertPath,
        ADYEN_SHOPPER_URL: standIn.shopperUrl,
      },
      { port },
    );
  }
  const webhookAuth = adyen.webhookUsername && adyen.webhookPassword ? `Basic ${Buffer.from(`${adyen.webhookUsername}:${adyen.webhookPassword}`).toString("base64")}` : null;
  try {
    await app?.health();
    const base = given ?? app!.base;
    // The demo chain's ids, and an order for the console's forms.
    const first = new Shopper(base);
    const order = await first.placeCarryoutOrder("Fuzz");
    const product = await first.addFirstProduct("/order/pizzas/clasicas");
    const combo = /\/combo-detail\/([0-9a-f-]{36})/.exec((await first.page("/order/combos")).text)?.[1] ?? product;
    const outletId = /name="outletId" value="(\d+)"/.exec((await first.page("/home")).text)?.[1] ?? "1";
    const opening = /href="\/careers\/(\d+)"/.exec((await first.page("/careers")).text)?.[1] ?? "1";
    // Card orders waiting for their payment, one per payment target (none when the server offers no card online).
    let card: (typeof NO_IDS)["card"] | null = null;
    try {
      const placed = [];
      for (let i = 0; i < 6; i++) placed.push(await new Shopper(base).placeCardOrder(`Fuzz tarjeta ${i}`));
      const [page, pay, back, retry, door, webhook] = placed as [typeof placed[0], typeof placed[0], typeof placed[0], typeof placed[0], typeof placed[0], typeof placed[0]];
      card = {
        page: page.transaction,
        pay: pay.transaction,
        back: back.transaction,
        retry: retry.transaction,
        door: door.transaction,
        webhook: { merchantAccount: adyen.merchantAccount, merchantReference: `${webhook.number}-1`, amountCents: webhook.totalCents },
      };
    } catch (error) {
      console.log(`fuzz: no card order (${(error as Error).message}): the payment routes are left out`);
    }

    /**
     * A fresh browser per action (one action's successes must not starve the next): a cart, and staff signed in (the
     * demo manager for the managers' pages, so their actions are fuzzed, not only their 403; a clerk elsewhere).
     */
    async function browser(withStaff: "clerk" | "manager" | null, withCustomer = false) {
      const shopper = new Shopper(base);
      await shopper.page("/home");
      await shopper.request("POST", "/home", { orderType: "C", outletId });
      await shopper.addFirstProduct("/order/pizzas/clasicas");
      if (withStaff) {
        const member = withStaff === "manager" ? { email: "gerencia@tienda.example", password: "demo-gerencia-2026" } : { email: "roma@tienda.example", password: "demo-roma-2026" };
        const signedIn = await shopper.request("POST", "/store/login", member);
        if (signedIn.status !== 303) throw new Error(`the demo staff could not sign in (${signedIn.status})`);
      }
      if (withCustomer) {
        const signedIn = await shopper.request("POST", "/login", { email: "cliente@pizzademo.mx", password: "Pizza*2026" });
        if (signedIn.status !== 303) throw new Error(`the demo customer could not sign in (${signedIn.status})`);
      }
      const csrf = /name="csrf" value="([^"]+)"/.exec((await shopper.page("/home")).text)?.[1] ?? "";
      const cookie = shopper.cookieHeader;
      return { csrf, cookie, headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" } };
    }

    const rows: Row[] = [];
    // The sign-in goes last: its wrong passwords spend this address's sign-in budget (20 per 15 minutes, by design),
    // and every other action's browser signs staff in first.
    const hostileBrowser = await browser("clerk");
    // A contact message for the inbox's form: posted as a customer would, its id read from the managers' list.
    const manager = await browser("manager");
    await first.request("POST", "/contact", { name: "Fuzz", email: "fuzz@correo.mx", phone: "5587654321", outlet: "none", message: "Un mensaje para el buzón.", website: "" });
    const inbox = await fetch(`${base}/store/messages?kind=contact`, { headers: { Cookie: manager.cookie } }).then((res) => res.text());
    const message = /href="\/store\/messages\/contact\/(\d+)"/.exec(inbox)?.[1] ?? "1";
    // FUZZ_ONLY: only the actions whose names contain one of its comma-separated words (for example "banners,campaigns"),
    // and the hostile requests.
    const only = process.env.FUZZ_ONLY?.split(",").filter(Boolean);
    const targets = fuzzTargets({ product, outletId, combo, order: order.uuid, opening, message, card: card ?? NO_IDS.card })
      .filter((target) => card || !target.payment)
      .filter((target) => !only || only.some((word) => target.name.includes(word)))
      .sort((a, b) => Number(a.module === "store.login") - Number(b.module === "store.login"));
    // Every action's browser before any fuzzing: the wrong passwords of the sign-ins (and of the account pages'
    // password checks) spend this address's tries for the demo customer too, by design.
    const browsers: Awaited<ReturnType<typeof browser>>[] = [];
    for (const target of targets) browsers.push(await browser(target.module === "store.login" ? null : target.manager ? "manager" : "clerk", target.customer === true));
    for (const [index, target] of targets.entries()) {
      const r = row(target.name);
      rows.push(r);
      const { csrf, headers } = browsers[index]!;
      if (target.body === "webhook") {
        // The provider's servers: JSON with basic auth (now and then none, or a wrong one), no cookie, no token.
        const draws = fc.sample(fc.tuple(webhookArb(target), fc.nat(5)), { numRuns: POSTS, seed: SEED + index });
        await inParallel(draws, async ([draw, auth]) => {
          const body = webhookBody(draw, adyen.hmacKey);
          const authorization = auth === 0 ? null : auth === 1 ? "Basic Zm9vOmJhcg==" : webhookAuth;
          const status = await fetch(`${base}${target.path}`, {
            method: "POST",
            headers: { "Content-Type": "application/json", ...(authorization ? { Authorization: authorization } : {}) },
            body,
            redirect: "manual",
            signal: AbortSignal.timeout(30_000),
          }).then(
            (res) => res.arrayBuffer().then(() => res.status),
            () => 0,
          );
          count(r, status, `${target.path} ${body}`);
        });
        console.log(`fuzz: ${r.name}: ${r.posts} posts, ${r.errors} × 5xx`);
        continue;
      }
      const forms = fc.sample(formArb(target), { numRuns: POSTS, seed: SEED + index });
      await inParallel(forms, async (pairs) => {
        const body = urlEncoded(pairs, csrf);
        const status = await fetch(`${base}${target.path}`, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(30_000) }).then(
          (res) => res.arrayBuffer().then(() => res.status),
          () => 0,
        );
        count(r, status, `${target.path} ${body}`);
      });
      console.log(`fuzz: ${r.name}: ${r.posts} posts, ${r.errors} × 5xx`);
    }

    // What no form of the shop sends.
    const { csrf, cookie, headers } = hostileBrowser;
    const hostile = row("hostile requests");
    rows.push(hostile);
    const { host } = new URL(base);
    const cases: [string, () => Promise<number>][] = [
      ["JSON", () => fetch(`${base}/home`, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: '{"orderType":"C"}' }).then((r) => r.status)],
      ["text", () => fetch(`${base}/checkout`, { method: "POST", headers: { ...headers, "Content-Type": "text/plain" }, body: "name=x" }).then((r) => r.status)],
      ["no content type", () => fetch(`${base}/order-time`, { method: "POST", headers: { Cookie: cookie, Origin: base }, body: new Blob(["value=asap"]) }).then((r) => r.status)],
      ["multipart without a boundary", () => fetch(`${base}/language`, { method: "POST", headers: { ...headers, "Content-Type": "multipart/form-data" }, body: "--x" }).then((r) => r.status)],
      ["truncated multipart", () => fetch(`${base}/tracking`, { method: "POST", headers: { ...headers, "Content-Type": "multipart/form-data; boundary=b" }, body: `--b\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf}\r\n--b\r\nContent-Disposition: form-data; name="email"\r\n\r\nx` }).then((r) => r.status)],
      // On a socket of its own: past the drain limit the server answers 413 and cuts the connection (docs/operations.md),
      // which a pooled client would only notice on a later request, as a reset that is not the server's answer.
      ["1 MB form", () => {
        const body = `csrf=${csrf}&comment=${"a".repeat(1024 * 1024)}`;
        return raw(base, `POST /checkout HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      }],
      // The job application's multipart form (issue 14): a CV that is not a PDF, one too large, a broken body.
      ["a CV that is no PDF", () => {
        const form = new FormData();
        for (const [name, value] of Object.entries({ csrf, name: "Ana", email: "ana@correo.mx", phone: "5512345678" })) form.append(name, value);
        form.append("cv", new File(["<script>alert(1)</script>"], "cv.pdf", { type: "application/pdf" }));
        return fetch(`${base}/careers/${opening}`, { method: "POST", headers: { Cookie: cookie, Origin: base }, body: form }).then((r) => r.status);
      }],
      ["a 3 MB CV (over the CV's 2 MB, under the form's 4 MB)", () => {
        const form = new FormData();
        form.append("csrf", csrf);
        form.append("cv", new File([new Uint8Array(3 * 1024 * 1024)], "cv.pdf", { type: "application/pdf" }));
        return fetch(`${base}/careers/${opening}`, { method: "POST", headers: { Cookie: cookie, Origin: base }, body: form }).then((r) => r.status);
      }],
      ["a truncated CV", () => fetch(`${base}/careers/${opening}`, { method: "POST", headers: { ...headers, "Content-Type": "multipart/form-data; boundary=b" }, body: `--b\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf}\r\n--b\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4` }).then((r) => r.status)],
      ["cross-site post", () => fetch(`${base}/home`, { method: "POST", headers: { ...headers, Origin: "http://evil.example" }, body: `csrf=${csrf}&orderType=C` }).then((r) => r.status)],
      ["cross-site data request", () => fetch(`${base}/store?index&_data=routes%2Fstore._index`, { method: "POST", headers: { ...headers, "Sec-Fetch-Site": "cross-site" }, body: "intent=status" }).then((r) => r.status)],
      ["no CSRF token", () => fetch(`${base}/home`, { method: "POST", headers, body: "orderType=C" }).then((r) => r.status)],
      ["a Host that is no host", () => raw(base, "GET /home HTTP/1.1\r\nHost: bad host\r\nConnection: close\r\n\r\n")],
      ["a 100 MB Content-Length", () => raw(base, `POST /home HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 104857600\r\n\r\na=1`)],
      ["a header with a NUL", () => raw(base, `GET /home HTTP/1.1\r\nHost: ${host}\r\nAccept-Language: es\u0000\r\nConnection: close\r\n\r\n`)],
      ["a broken cookie", () => fetch(`${base}/order/pizzas/clasicas`, { headers: { Cookie: "__pizza=%E0%A4%A; __csrf=\"" } }).then((r) => r.status)],
      ["an absurd Accept-Language", () => fetch(`${base}/home`, { headers: { "Accept-Language": "x".repeat(4000) } }).then((r) => r.status)],
      ["a product id that is no uuid", () => fetch(`${base}/order/pizzas/clasicas/not-a-uuid`, { redirect: "manual" }).then((r) => r.status)],
      ["a tracker id of dashes", () => fetch(`${base}/tracker-order/------------------------------------`, { redirect: "manual" }).then((r) => r.status)],
      ["a broken day in the dialog", () => fetch(`${base}/order/pizzas/clasicas?dialog=order-time&day=9999-99-99`, { headers: { Cookie: cookie } }).then((r) => r.status)],
      ["a builder size past int4", () => fetch(`${base}/order/pizzas/clasicas/${product}?size=99999999999&line=1e20`, { headers: { Cookie: cookie } }).then((r) => r.status)],
      // The online payment's routes (issue 13), whether or not the server has a provider.
      ["JSON to the card form", () => fetch(`${base}/adyen/checkout/${card?.pay ?? "x".repeat(24)}/pay`, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: `{"csrf":"${csrf}","intent":"pay","data":{}}` }).then((r) => r.status)],
      ["the card form from another site", () => fetch(`${base}/adyen/checkout/${card?.pay ?? "x".repeat(24)}/pay`, { method: "POST", headers: { ...headers, Origin: "http://evil.example" }, body: `csrf=${csrf}&intent=pay&data=%7B%7D` }).then((r) => r.status)],
      ["the provider's return from its site", () => fetch(`${base}/adyen/checkout/${card?.back ?? "x".repeat(24)}/return`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://127.0.0.1:9", "Sec-Fetch-Site": "cross-site" }, body: "redirectResult=abc" }).then((r) => r.status)],
      ["a 20 KB return", () => fetch(`${base}/adyen/checkout/${card?.back ?? "x".repeat(24)}/return`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: `redirectResult=${"a".repeat(20 * 1024)}` }).then((r) => r.status)],
      ["a return's query of 100 KB", () => fetch(`${base}/adyen/checkout/${card?.back ?? "x".repeat(24)}/return?redirectResult=${"a".repeat(100 * 1024)}`, { redirect: "manual" }).then((r) => r.status)],
      ["a form to the webhook", () => fetch(`${base}/api/adyen/webhooks`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "live=false" }).then((r) => r.status)],
      ["a webhook from a browser of another site", () => fetch(`${base}/api/adyen/webhooks`, { method: "POST", headers: { "Content-Type": "application/json", Origin: "http://evil.example" }, body: "{}" }).then((r) => r.status)],
      ["a webhook with a 64 KB Authorization", () => fetch(`${base}/api/adyen/webhooks`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Basic ${"A".repeat(64 * 1024)}` }, body: "{}" }).then((r) => r.status)],
      ["a 300 KB webhook", () => fetch(`${base}/api/adyen/webhooks`, { method: "POST", headers: { "Content-Type": "application/json", ...(webhookAuth ? { Authorization: webhookAuth } : {}) }, body: `{"live":"false","x":"${"a".repeat(300 * 1024)}"}` }).then((r) => r.status)],
      ["a GET of the webhook", () => fetch(`${base}/api/adyen/webhooks`).then((r) => r.status)],
      ["an unknown payment's pages", async () => Math.max(...(await Promise.all([`/adyen/checkout/${"Z".repeat(24)}`, `/payment-status/${"Z".repeat(24)}`, `/credit-payment/${"Z".repeat(24)}`, "/adyen/checkout/..%2F..", "/payment-status/%00"].map((path) => fetch(`${base}${path}`, { redirect: "manual" }).then((r) => r.status)))))],
    ];
    for (const [what, run] of cases) count(hostile, await run().catch(() => 0), what);
    console.log(`fuzz: hostile requests: ${hostile.posts} requests, ${hostile.errors} × 5xx`);

    const total = rows.reduce((sum, r) => sum + r.posts, 0);
    const errors = rows.reduce((sum, r) => sum + r.errors, 0);
    console.log("\n| action | posts | 2xx/3xx | 4xx | 5xx | answers |\n|---|--:|--:|--:|--:|---|");
    for (const r of rows) {
      const answers = [...r.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${n} × ${status}`).join(", ");
      console.log(`| ${r.name} | ${r.posts} | ${r.ok} | ${r.refused} | ${r.errors} | ${answers} |`);
    }
    console.log(`\n${total} posts, ${errors} × 5xx (seed ${SEED})`);
    for (const r of rows) for (const example of r.examples) console.log(`  ${r.name}: ${example}`);
    if (app && !app.alive()) throw new Error("the server exited during the run");
    process.exitCode = errors > 0 ? 1 : 0;
  } finally {
    await app?.stop();
    await standIn?.close();
  }
}

main().catch((error: Error) => {
  console.error(`fuzz: ${error.message}`);
  process.exit(1);
});
