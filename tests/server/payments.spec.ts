import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import { Shopper } from "../support/shopper";

/**
 * Card payment online (issue 13) over HTTP, against the built server of the end-to-end tests (its Adyen stand-in:
 * tests/support/e2e-server.mjs): what only the whole server shows. The payment page's Content-Security-Policy opens
 * the provider's origin, and no other page's does; the webhook route and the provider's return take hostile
 * requests (huge or broken headers, bodies over their limits, broken forms) with a 4xx, never a 5xx.
 */

/**
 * A raw HTTP/1.1 exchange (what fetch will not send), head and body in one write; answers the head of the response,
 * or "" when the connection was reset before an answer could be read (Node refusing a header block too large closes
 * the socket while the client may still be sending: the reset can then overtake its 431).
 */
function raw(base: string, head: string, body = ""): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      if (/\r\n\r\n/.test(answer)) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on("error", () => resolve(answer));
    socket.on("close", () => resolve(answer));
    socket.write(`${head}\r\n\r\n${body}`);
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);

/** A refusal: a 4xx, or (a header block over Node's limit only) the connection cut before the 431 could be read. */
function expectRefused(answer: string, name: string, cutAllowed = false) {
  if (cutAllowed && answer === "") return;
  const status = statusOf(answer);
  expect(status, `${name}: ${answer.slice(0, 80)}`).toBeGreaterThanOrEqual(400);
  expect(status, name).toBeLessThan(500);
}

/** The Content-Security-Policy's directives by name. */
function csp(header: string | null): Map<string, string[]> {
  expect(header, "the page has a Content-Security-Policy").toBeTruthy();
  return new Map(header!.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

test.describe("the payment page's Content-Security-Policy", () => {
  test("opens the provider's origin (frames, calls, images, the hosted page's form) on that page, and on no other", async ({ baseURL }) => {
    const shopper = new Shopper(baseURL!);
    const { transaction } = await shopper.placeCardOrder("Política");
    const page = await fetch(`${baseURL}/adyen/checkout/${transaction}`, { headers: { Cookie: shopper.cookieHeader } });
    expect(page.status).toBe(200);
    const html = await page.text();
    // The provider's origin is the stand-in's, as the card form's settings name it.
    const shopperUrl = /"shopperUrl":"(https?:\/\/[^"]+)"/.exec(html)?.[1];
    expect(shopperUrl).toBeDefined();
    const provider = new URL(shopperUrl!).origin;
    expect(provider).not.toBe(new URL(baseURL!).origin);
    const paying = csp(page.headers.get("content-security-policy"));
    expect(paying.get("frame-src")).toEqual([provider]);
    expect(paying.get("connect-src")).toEqual(["'self'", provider]);
    expect(paying.get("img-src")).toContain(provider);
    expect(paying.get("form-action")).toEqual(["'self'", provider]);
    expect(paying.get("default-src")).toEqual(["'self'"]);
    expect(paying.get("frame-ancestors")).toEqual(["'none'"]);
    expect(paying.get("script-src")!.filter((source) => !source.startsWith("'nonce-"))).toEqual(["'self'"]);

    // Every other page keeps 'self': the home, a checkout with a cart, the payment's own status page, the tracker.
    const other = new Shopper(baseURL!);
    const home = await other.page("/home");
    const outletId = /name="outletId" value="(\d+)"/.exec(home.text)![1]!;
    expect((await other.request("POST", "/home", { orderType: "C", outletId })).status).toBe(303);
    await other.addFirstProduct("/order/pizzas/clasicas");
    for (const path of ["/home", "/checkout", `/payment-status/${transaction}`, "/huts", "/order/pizzas/clasicas"]) {
      const response = await fetch(`${baseURL}${path}`, { headers: { Cookie: other.cookieHeader }, redirect: "manual" });
      expect(response.status, path).toBe(200);
      const policy = csp(response.headers.get("content-security-policy"));
      expect(policy.has("frame-src"), path).toBe(false);
      expect(policy.get("connect-src"), path).toEqual(["'self'"]);
      expect(policy.get("form-action"), path).toEqual(["'self'"]);
      expect(response.headers.get("content-security-policy"), path).not.toContain(provider);
      await response.arrayBuffer();
    }
    // The payment page's own error page (an unknown attempt's 404) loads nothing from the provider: 'self' too.
    const unknown = await fetch(`${baseURL}/adyen/checkout/AAAAAAAAAAAAAAAAAAAAAA`, { headers: { Cookie: other.cookieHeader } });
    expect(unknown.status).toBe(404);
    expect(csp(unknown.headers.get("content-security-policy")).has("frame-src")).toBe(false);
    expect(unknown.headers.get("content-security-policy")).not.toContain(provider);
    await unknown.arrayBuffer();
  });
});

test.describe("hostile requests to the payment routes over HTTP", () => {
  test("the webhook route: a huge Authorization, a broken or lying Content-Length, a chunked body past 256 KB: a 4xx each", async ({ baseURL }) => {
    const { host } = new URL(baseURL!);
    const head = (extra: string) => `POST /api/adyen/webhooks HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nConnection: close\r\n${extra}`;
    expect(statusOf(await raw(baseURL!, head(`Authorization: Basic ${"A".repeat(12 * 1024)}\r\nContent-Length: 2`), "{}")), "an Authorization of 12 KB").toBe(401);
    expectRefused(await raw(baseURL!, head(`Authorization: Basic ${"A".repeat(64 * 1024)}\r\nContent-Length: 2`), "{}"), "an Authorization of 64 KB", true);
    const cases: Array<[string, string, string]> = [
      ["an Authorization that is no basic auth", head("Authorization: Basic %%%\r\nContent-Length: 2"), "{}"],
      ["a Content-Length that is no number", head("Content-Length: abc"), "{}"],
      ["a negative Content-Length", head("Content-Length: -1"), "{}"],
      ["two Content-Lengths", head("Content-Length: 2\r\nContent-Length: 3"), "{}"],
      ["a Content-Length and chunked", head("Content-Length: 2\r\nTransfer-Encoding: chunked"), "2\r\n{}\r\n0\r\n\r\n"],
      ["a 100 MB Content-Length", head("Content-Length: 104857600"), "{}"],
      ["a Content-Length past 256 KB", head(`Content-Length: ${300 * 1024}`), "{".repeat(1024)],
      ["a broken chunk size", head("Transfer-Encoding: chunked"), "zz\r\n{}\r\n0\r\n\r\n"],
    ];
    for (const [name, request, body] of cases) expectRefused(await raw(baseURL!, request, body), name);
    // 320 KB of JSON streamed in chunks without a length: read up to the limit, the rest thrown away, then the 413.
    const chunk = "a".repeat(32 * 1024);
    const chunks = `${Array.from({ length: 10 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join("")}0\r\n\r\n`;
    const streamed = await raw(baseURL!, head("Authorization: Basic ZTJlLWFkeWVuOmUyZS1hZHllbi13ZWJob29rLXBhc3N3b3Jk\r\nTransfer-Encoding: chunked"), chunks);
    expect(statusOf(streamed)).toBe(413);
    // And the route still answers as it should afterwards: wrong credentials are a 401, a GET a 405.
    const unauthorised = await fetch(`${baseURL}/api/adyen/webhooks`, { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Basic Zm9vOmJhcg==" }, body: "{}" });
    expect(unauthorised.status).toBe(401);
    expect((await fetch(`${baseURL}/api/adyen/webhooks`)).status).toBe(405);
  });

  test("the provider's return by POST with a broken form: a 4xx each, never a 5xx; a good one from the provider's site goes to the status page", async ({ baseURL }) => {
    const shopper = new Shopper(baseURL!);
    const { transaction } = await shopper.placeCardOrder("Regreso");
    const path = `/adyen/checkout/${transaction}/return`;
    const provider = { Origin: "http://127.0.0.1:9", "Sec-Fetch-Site": "cross-site" };
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${baseURL}${path}`, { method: "POST", redirect: "manual", headers: { ...provider, ...headers }, body }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      });
    const cases: Array<[string, Record<string, string>, string, number]> = [
      ["a truncated multipart body", { "Content-Type": "multipart/form-data; boundary=b" }, '--b\r\nContent-Disposition: form-data; name="redirectResult"\r\n\r\nabc', 400],
      ["multipart without a boundary", { "Content-Type": "multipart/form-data" }, "--b\r\n", 415],
      ["JSON", { "Content-Type": "application/json" }, '{"redirectResult":"abc"}', 415],
      ["text", { "Content-Type": "text/plain" }, "redirectResult=abc", 415],
      ["a form over 16 KB", { "Content-Type": "application/x-www-form-urlencoded" }, `redirectResult=${"a".repeat(17 * 1024)}`, 413],
      ["a list index past the limit", { "Content-Type": "application/x-www-form-urlencoded" }, "redirectResult[100000000]=abc", 400],
    ];
    for (const [name, headers, body, status] of cases) expect(await post(headers, body), name).toBe(status);
    // Forms that parse, however odd: the status page (the provider is asked about what looks like a result).
    for (const body of ["redirectResult=%E0%A4%A", "redirectResult=&sessionId=&sessionResult=", "redirectResult=abc&redirectResult=def", `sessionId=${"s".repeat(9000)}&sessionResult=x`]) {
      const response = await fetch(`${baseURL}${path}`, { method: "POST", redirect: "manual", headers: { ...provider, "Content-Type": "application/x-www-form-urlencoded" }, body });
      expect(response.status, body.slice(0, 40)).toBe(303);
      expect(response.headers.get("location"), body.slice(0, 40)).toMatch(new RegExp(`^/payment-status/${transaction}(\\?unconfirmed=\\d+)?$`));
    }
    // A header block too large for the server: refused by Node before the app (431).
    const { host } = new URL(baseURL!);
    const huge = await raw(baseURL!, `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nCookie: ${"c".repeat(70 * 1024)}\r\nContent-Length: 5\r\nConnection: close`, "a=bcd");
    expectRefused(huge, "a 70 KB Cookie", true);
    // The server is still there, and the attempt's page answers.
    const page = await fetch(`${baseURL}/payment-status/${transaction}`);
    expect(page.status).toBe(200);
  });
});
