/**
 * The edge (app/web/edge.server.ts) on the posts that answered 500 before issue 9, each now a 4xx with a reason the
 * error page translates, through the routes exactly as the server wraps them (guardModule). The cart and the
 * session are never touched by a refused post. Over HTTP (Express, Remix's own checks, the Host header) the same
 * is proven by tests/server/edge.spec.ts against the built server.
 */
import { answerOf, args, get, post } from "../support/app";
import { pinStoreNow } from "../support/clock";

process.env.SESSION_SECRET = "edge-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";
process.env.STORE_NOW = "2026-11-20T19:00:00.000Z";
pinStoreNow(process.env.STORE_NOW);

type Edge = typeof import("~/web/edge.server");
let edge: Edge;
let csrf: { token: string; cookie: string };
let session: string;

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

const reasonOf = async (response: Response) => ((await response.clone().json()) as { edge?: string }).edge;

beforeAll(async () => {
  edge = await import("~/web/edge.server");
  const { csrfToken } = await import("~/web/csrf.server");
  const [token, setCookie] = await csrfToken(new Request("http://localhost/"));
  csrf = { token, cookie: setCookie!.split(";")[0]! };
  const { getDb } = await import("#server/db/client");
  const roma = await (await getDb()).selectFrom("outlets").select("id").where("code", "=", "MX-ROM-01").executeTakeFirstOrThrow();
  const home = edge.guardModule(await import("~/routes/home"));
  const chosen = (await home.action!(args(post("/home", csrf.cookie, { orderType: "C", outletId: String(roma.id), csrf: token })))) as Response;
  expect(chosen.status).toBe(303);
  session = chosen.headers.getSetCookie().find((c) => c.startsWith("__pizza="))!.split(";")[0]!;
});

const cookies = () => `${session}; ${csrf.cookie}`;

function raw(path: string, body: BodyInit | null, headers: Record<string, string>) {
  return new Request(`http://localhost${path}`, { method: "POST", headers: { Cookie: cookies(), ...headers }, body, duplex: "half" } as RequestInit);
}

const form = (fields: Record<string, string>) => new URLSearchParams({ ...fields, csrf: csrf.token }).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

describe("the edge refuses what is not a form of this site", () => {
  it.each([
    ["JSON", { "Content-Type": "application/json" }, '{"orderType":"C"}'],
    ["plain text", { "Content-Type": "text/plain" }, "orderType=C"],
    ["no content type", {}, "orderType=C"],
    ["multipart without a boundary", { "Content-Type": "multipart/form-data" }, "--x\r\n"],
  ])("%s is a 415", async (_name, headers, body) => {
    const home = edge.guardModule(await import("~/routes/home"));
    const response = await outcome(() => home.action!(args(raw("/home", body, headers as Record<string, string>))));
    expect(response.status).toBe(415);
    expect(await reasonOf(response)).toBe("content-type");
  });

  it("a truncated multipart body is a 400", async () => {
    const home = edge.guardModule(await import("~/routes/home"));
    const body = `--XyZ\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf.token}\r\n--XyZ\r\nContent-Disposition: form-data; name="orderType"\r\n\r\nC`;
    const response = await outcome(() => home.action!(args(raw("/home", body, { "Content-Type": "multipart/form-data; boundary=XyZ" }))));
    expect(response.status).toBe(400);
    expect(await reasonOf(response)).toBe("malformed");
  });

  it("a well-formed multipart form passes (a browser's enctype=multipart/form-data)", async () => {
    const language = edge.guardModule(await import("~/routes/language"));
    const body = new FormData();
    body.set("csrf", csrf.token);
    body.set("lng", "en");
    body.set("back", "/huts");
    const response = await outcome(() => language.action!(args(new Request("http://localhost/language", { method: "POST", headers: { Cookie: cookies() }, body }))));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/huts");
  });

  it("a language that is not one of the shop's is a 400 with conform's reply beside the drop-down; the session keeps its own", async () => {
    const language = edge.guardModule(await import("~/routes/language"));
    for (const lng of ["fr", "", "es,en"]) {
      const response = await outcome(() => language.action!(args(raw("/language", form({ lng, back: "/huts" }), FORM))));
      expect(response.status, lng).toBe(400);
      expect(response.headers.get("Set-Cookie")).toBeNull();
      const data = (await response.json()) as { back: string; result: { error: Record<string, string[]> } };
      expect(data).toMatchObject({ back: "/huts", result: { error: { lng: ["language"] } } });
    }
    const page = (await language.loader!(args(get("/language?back=/huts", session)))) as Response;
    expect(await page.json()).toMatchObject({ back: "/huts", result: null });
  });

  it("a body over 64 KB is a 413: a declared one before a byte is read, a streamed one as soon as it passes the limit", async () => {
    const home = edge.guardModule(await import("~/routes/home"));
    let pulled = 0;
    const declared = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const big = await outcome(() => home.action!(args(raw("/home", declared, { ...FORM, "Content-Length": String(100 * 1024 * 1024) }))));
    expect(big.status).toBe(413);
    expect(await reasonOf(big)).toBe("too-large");
    expect(pulled).toBeLessThanOrEqual(1); // a stream may be primed once; nothing of it is read
    // 100 MB streamed without a length: what passes the limit is thrown away, and reading stops at the drain limit
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 100 * 1024 * 1024) return controller.close();
        sent += 16 * 1024;
        controller.enqueue(new TextEncoder().encode("a".repeat(16 * 1024)));
      },
    });
    const streamed = await outcome(() => home.action!(args(raw("/home", endless, FORM))));
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThanOrEqual(edge.DRAIN_LIMIT_BYTES + 64 * 1024);
    // 64 KB itself is fine (the form is then judged on its fields)
    const limit = edge.FORM_LIMIT_BYTES;
    const padded = `${form({ orderType: "C", outletId: "1" })}&pad=${"a".repeat(limit - 200)}`;
    expect(padded.length).toBeLessThanOrEqual(limit);
    expect((await outcome(() => home.action!(args(raw("/home", padded, FORM))))).status).not.toBe(413);
  });

  it.each([
    ["another site's Origin", { Origin: "http://evil.example" }],
    ["an Origin of null", { Origin: "null" }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: same-site (a subdomain)", { "Sec-Fetch-Site": "same-site" }],
  ])("%s is a 403, before the body is read", async (_name, headers) => {
    const home = edge.guardModule(await import("~/routes/home"));
    const response = await outcome(() => home.action!(args(raw("/home", form({ orderType: "C", outletId: "1" }), { ...FORM, ...headers }))));
    expect(response.status).toBe(403);
    expect(await reasonOf(response)).toBe("cross-site");
  });

  it("the server's own cross-site verdict (the load context) is followed", async () => {
    const home = edge.guardModule(await import("~/routes/home"));
    const request = raw("/home", form({ orderType: "C", outletId: "1" }), FORM);
    const response = await outcome(() => home.action!({ request, params: {}, context: { crossSite: true } }));
    expect(response.status).toBe(403);
  });

  it("a missing or wrong CSRF token is a 403; the same form with this browser's token goes through", async () => {
    const home = edge.guardModule(await import("~/routes/home"));
    const fields = { orderType: "C", outletId: "1" };
    const missing = await outcome(() => home.action!(args(raw("/home", new URLSearchParams(fields).toString(), FORM))));
    expect(missing.status).toBe(403);
    expect(await reasonOf(missing)).toBe("csrf");
    const wrong = await outcome(() => home.action!(args(raw("/home", new URLSearchParams({ ...fields, csrf: "x".repeat(43) }).toString(), FORM))));
    expect(wrong.status).toBe(403);
    // another browser's cookie with this token
    const { csrfToken } = await import("~/web/csrf.server");
    const [, other] = await csrfToken(new Request("http://localhost/"));
    const foreign = new Request("http://localhost/home", { method: "POST", headers: { ...FORM, Cookie: `${session}; ${other!.split(";")[0]}` }, body: form(fields) });
    expect((await outcome(() => home.action!(args(foreign)))).status).toBe(403);
    expect((await outcome(() => home.action!(args(raw("/home", form(fields), FORM))))).status).toBe(303);
  });
});

describe("the payment provider's two exceptions (issue 13) are those routes' only", () => {
  // No provider is configured here: what the edge lets through reaches the route, which answers without one (the
  // return goes to the status page, the webhook route is a plain 404); what it refuses never gets there.
  const transaction = "T".repeat(24);
  const JSON_TYPE = { "Content-Type": "application/json" };
  const provider = { Origin: "http://127.0.0.1:9999", "Sec-Fetch-Site": "cross-site" };
  type Act = (input: ReturnType<typeof args>) => Promise<unknown>;
  /** A route module's action behind the edge. */
  const guarded = (module: object) => ({ action: edge.guardModule(module as Parameters<Edge["guardModule"]>[0]).action as Act });
  const routes = async () => ({
    page: guarded(await import("~/routes/adyen.checkout.($transaction).($payment_url)/route")),
    pay: guarded(await import("~/routes/adyen.checkout.$transaction.pay")),
    status: guarded(await import("~/routes/payment-status.($transaction)/route")),
    back: guarded(await import("~/routes/adyen.checkout.$transaction.return")),
    webhooks: guarded(await import("~/routes/api.adyen.webhooks")),
  });
  /** Our own actions among them: the payment page's (the hosted page), the card form's, the status page's two. */
  const own = async () => {
    const r = await routes();
    return [
      ["the payment page's action", r.page.action, `/adyen/checkout/${transaction}`, {}],
      ["the card form's pay action", r.pay.action, `/adyen/checkout/${transaction}/pay`, { intent: "pay", data: "{}" }],
      ["the status page's retry", r.status.action, `/payment-status/${transaction}`, { intent: "retry" }],
      ["the status page's door", r.status.action, `/payment-status/${transaction}`, { intent: "door", method: "cash" }],
    ] as const;
  };

  it("our own payment forms posted from another site (even with this browser's token) are a 403, before the body is read", async () => {
    for (const [name, action, path, fields] of await own()) {
      for (const headers of [provider, { Origin: "http://evil.example" }, { "Sec-Fetch-Site": "same-site" }] as Record<string, string>[]) {
        const response = await outcome(() => action(args(raw(path, form(fields), { ...FORM, ...headers }), { transaction })));
        expect(response.status, `${name} ${JSON.stringify(headers)}`).toBe(403);
        expect(await reasonOf(response)).toBe("cross-site");
      }
    }
  });

  it("our own payment forms without this browser's CSRF token (or with another's) are a 403", async () => {
    for (const [name, action, path, fields] of await own()) {
      const missing = await outcome(() => action(args(raw(path, new URLSearchParams(fields).toString(), FORM), { transaction })));
      expect(missing.status, name).toBe(403);
      expect(await reasonOf(missing)).toBe("csrf");
      const wrong = await outcome(() => action(args(raw(path, new URLSearchParams({ ...fields, csrf: "x".repeat(43) }).toString(), FORM), { transaction })));
      expect(wrong.status, name).toBe(403);
    }
  });

  it("a JSON body is a 415 on every payment route but the webhook's, the return's included", async () => {
    const r = await routes();
    const cases = [...(await own()).map(([name, action, path]) => [name, action, path] as const), ["the return", r.back.action, `/adyen/checkout/${transaction}/return`] as const];
    for (const [name, action, path] of cases) {
      const response = await outcome(() => action(args(raw(path, JSON.stringify({ csrf: csrf.token, redirectResult: "x" }), JSON_TYPE), { transaction })));
      expect(response.status, name).toBe(415);
      expect(await reasonOf(response)).toBe("content-type");
    }
    // And elsewhere as before: the checkout, the cart.
    const elsewhere = [
      ["/checkout", edge.guardModule(await import("~/routes/checkout/route"))],
      ["/cart", edge.guardModule(await import("~/routes/cart"))],
    ] as const;
    for (const [path, route] of elsewhere) {
      expect((await outcome(() => route.action!(args(raw(path, '{"intent":"add"}', JSON_TYPE))))).status, path).toBe(415);
    }
  });

  it("the return takes the provider's cross-site form post without a token, and still only a form within its 16 KB", async () => {
    const { back } = await routes();
    const path = `/adyen/checkout/${transaction}/return`;
    const accepted = await outcome(() => back.action(args(new Request(`http://localhost${path}`, { method: "POST", headers: { ...FORM, ...provider }, body: "redirectResult=abc" }), { transaction })));
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("Location")).toBe(`/payment-status/${transaction}`);
    const text = await outcome(() => back.action(args(raw(path, "redirectResult=abc", { "Content-Type": "text/plain", ...provider }), { transaction })));
    expect(text.status).toBe(415);
    const big = await outcome(() => back.action(args(raw(path, `redirectResult=${"a".repeat(17 * 1024)}`, { ...FORM, ...provider }), { transaction })));
    expect(big.status).toBe(413);
    const broken = await outcome(() =>
      back.action(args(raw(path, '--b\r\nContent-Disposition: form-data; name="redirectResult"\r\n\r\nabc', { "Content-Type": "multipart/form-data; boundary=b", ...provider }), { transaction })),
    );
    expect(broken.status).toBe(400);
    expect(await reasonOf(broken)).toBe("malformed");
  });

  it("the webhook takes JSON without a token, never a form, and never a browser's post from another site", async () => {
    const { webhooks } = await routes();
    const path = "/api/adyen/webhooks";
    // Past the edge: the route itself answers (no provider here: a plain 404).
    const passed = await outcome(() => webhooks.action(args(new Request(`http://localhost${path}`, { method: "POST", headers: JSON_TYPE, body: "{}" }))));
    expect(passed.status).toBe(404);
    expect(await passed.text()).toBe("Not Found");
    const formBody = await outcome(() => webhooks.action(args(raw(path, form({ live: "false" }), FORM))));
    expect(formBody.status).toBe(415);
    for (const headers of [{ Origin: "http://evil.example" }, { "Sec-Fetch-Site": "cross-site" }, { Origin: "null" }] as Record<string, string>[]) {
      const response = await outcome(() => webhooks.action(args(raw(path, "{}", { ...JSON_TYPE, ...headers }))));
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await reasonOf(response)).toBe("cross-site");
    }
  });
});

describe("a CSRF cookie that holds no token", () => {
  it.each(['__csrf="', "__csrf=%E0%A4%A", "__csrf=", `__csrf=${"x".repeat(5000)}`])("(%s) is replaced by a new one, never a 500", async (cookie) => {
    const { csrfToken } = await import("~/web/csrf.server");
    const [token, setCookie] = await csrfToken(new Request("http://localhost/home", { headers: { Cookie: cookie } }));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookie).toMatch(/^__csrf=/);
    const root = await import("~/root");
    const page = await outcome(() => answerOf(root.loader(args(get("/home", cookie)) as never)));
    expect(page.status).toBe(200);
    expect(((await page.json()) as { csrf: string }).csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("ids, dates and return paths are checked before they reach a query", () => {
  it("an outlet id past int4 is a 400 with the field's message", async () => {
    const home = edge.guardModule(await import("~/routes/home"));
    for (const outletId of ["2147483648", "1e20", "-1"]) {
      const response = await outcome(() => home.action!(args(raw("/home", form({ orderType: "C", outletId }), FORM))));
      expect(response.status, outletId).toBe(400);
    }
  });

  it.each(["remove", "quantity", "update"])("a cart line id of 1e20 or 2147483648 (%s) is a 400, and the cart is kept", async (intent) => {
    const cart = edge.guardModule(await import("~/routes/cart"));
    for (const lineId of ["1e20", "2147483648"]) {
      const body = form({ intent, lineId, quantity: "2", firstLayerId: "1", secondLayerId: "2", back: "/order/pizzas/clasicas" });
      const response = await outcome(() => cart.action!(args(raw("/cart", body, FORM))));
      expect(response.status, `${intent} ${lineId}`).toBe(400);
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("a list index past FIELD_INDEX_LIMIT in a field's name is a 400 before any route parses it", async () => {
    const cart = edge.guardModule(await import("~/routes/cart"));
    // Parsed by conform, `extra[100000000].toppingId` would be a list of a hundred million entries to validate.
    for (const name of ["extra[100000000].toppingId", "combo[1000].slotId", "half[00001]", "x[0][99999999]"]) {
      const body = form({ intent: "add", productUuid: "6f1c2a9e-4b7d-4e0a-9c55-3d2f8b1e7a40", [name]: "1" });
      const response = await outcome(() => cart.action!(args(raw("/cart", body, FORM))));
      expect(response.status, name).toBe(400);
      expect(await response.json()).toMatchObject({ edge: "malformed" });
    }
  });

  it("a NUL character in a field's text or name is a 400 before any route stores it; a file may hold NUL bytes", async () => {
    // The fuzz found a coupon's name with a NUL answered 500 (Postgres: "\u0000 cannot be converted to text").
    const coupons = edge.guardModule(await import("~/routes/store.coupons.new"));
    for (const fields of [{ nameEs: "Pizza\u0000gratis" }, { "name\u0000Es": "Pizza" }] as Record<string, string>[]) {
      const body = form({ code: "NULO", type: "3", percent: "10", ...fields });
      const response = await outcome(() => coupons.action!(args(raw("/store/coupons/new", body, FORM))));
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await reasonOf(response)).toBe("malformed");
    }
    // As multipart too; and a file's bytes are not text: a file with NUL bytes passes the edge.
    const language = edge.guardModule(await import("~/routes/language"));
    const multipart = (lng: string, file?: Blob) => {
      const body = new FormData();
      body.set("csrf", csrf.token);
      body.set("lng", lng);
      body.set("back", "/huts");
      if (file) body.set("attachment", file, "cv.pdf");
      return new Request("http://localhost/language", { method: "POST", headers: { Cookie: cookies() }, body });
    };
    const refused = await outcome(() => language.action!(args(multipart("en\u0000"))));
    expect(refused.status).toBe(400);
    expect(await reasonOf(refused)).toBe("malformed");
    const withFile = await outcome(() => language.action!(args(multipart("en", new Blob([new Uint8Array([37, 80, 68, 70, 0, 0, 1])], { type: "application/pdf" })))));
    expect(withFile.status).toBe(303);
  });

  it("a product path segment that is not a uuid goes back to its category, never a 500", async () => {
    const menu = edge.guardModule(await import("~/routes/order.($slug).($sub).($uuid)/route"));
    for (const uuid of ["not-a-uuid", "------------------------------------"]) {
      const response = await outcome(() => menu.loader!(args(get(`/order/pizzas/clasicas/${uuid}`, session), { slug: "pizzas", sub: "clasicas", uuid })));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/order/pizzas/clasicas");
    }
    const combo = edge.guardModule(await import("~/routes/combo-detail.$id.($ssid).($coupon)/route"));
    const gone = await outcome(() => combo.loader!(args(get("/combo-detail/not-a-uuid", session), { id: "not-a-uuid" })));
    expect(gone.status).toBeLessThan(500);
    const tracker = edge.guardModule(await import("~/routes/tracker-order.($uuid)/route"));
    const dashes = await outcome(() => tracker.loader!(args(get("/tracker-order/------------------------------------", session), { uuid: "------------------------------------" })));
    expect(dashes.status).toBe(302);
  });

  it.each(["9999-99-99 99:99", "2026-02-30 25:61", "2026-13-01 10:00", "2026-02-30 10:00", "2026-11-21 24:00"])(
    "the order time %s is a 400 with the dialog's message",
    async (value) => {
      const orderTime = edge.guardModule(await import("~/routes/order-time/route"));
      const response = await outcome(() => orderTime.action!(args(raw("/order-time", form({ value, back: "/order/deals" }), FORM))));
      expect(response.status).toBe(400);
      // conform's reply: the message beside the hour.
      expect(((await response.json()) as { result: { error: Record<string, string[]> } }).result.error).toEqual({ value: ["invalid"] });
    },
  );

  it.each(["/\t/evil.example", "/\r\n/evil.example", "/\n/evil.example", "/home\r\nSet-Cookie: x=1", "//evil.example", "https://evil.example"])(
    "the language form's back %j goes home instead, never into a header",
    async (back) => {
      const language = edge.guardModule(await import("~/routes/language"));
      const response = await outcome(() => language.action!(args(raw("/language", form({ lng: "en", back }), FORM))));
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/home");
    },
  );

  it("the order-time page's Close link never leads off the site", async () => {
    const orderTime = edge.guardModule(await import("~/routes/order-time/route"));
    const response = await outcome(() => orderTime.loader!(args(get(`/order-time?back=${encodeURIComponent("/\t/evil.example")}`, session))));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { back: string }).back).toBe("/order");
  });
});

describe("a database that cannot be reached is a 503, not a 500", () => {
  it("loaders and actions answer 503 with Retry-After; any other error stays an error", async () => {
    const down = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const loader = edge.guardLoader(async () => {
      throw down;
    });
    const response = await outcome(() => loader(args(get("/home", "")) as never) as Promise<unknown>);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("30");
    expect(await reasonOf(response)).toBe("database");
    const action = edge.guardAction(async () => {
      throw Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    });
    expect((await outcome(() => action(args(raw("/home", form({}), FORM)) as never) as Promise<unknown>)).status).toBe(503);
    const bug = edge.guardLoader(async () => {
      throw new TypeError("a bug");
    });
    await expect(bug(args(get("/home", "")) as never)).rejects.toThrow(TypeError);
  });
});
