/**
 * The order lookup (/tracking, issue 5) and its privacy rule: number + email must match one order; a mismatch and
 * an unknown number get the same answer; an email alone is always answered "we sent you the links", and the mail
 * goes only when that address has recent orders. First the rule on each test database (app/routes/tracking/lookup.server.ts),
 * then the route's answers (statuses, redirects, the rate limit) through its action on the app's own database.
 */
import { LINKS_MAIL_WINDOW_MS, LINKS_WINDOW_DAYS } from "#server/orders/lookup";
import { args, cookie, post, sessionOf } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";
import { placeTestOrder, type TestOrder } from "../support/orders";

process.env.SESSION_SECRET = "tracking-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";

// Friday 2026-11-20, 13:00 in Mexico City (the outlets are open); set now too, for the orders placed in beforeAll.
const NOW = "2026-11-20T19:00:00.000Z";
process.env.STORE_NOW = NOW;
pinStoreNow(NOW);
const DAY = 86_400_000;

let tracking: typeof import("~/routes/tracking/lookup.server");
let mail: typeof import("~/web/mail.server");
beforeAll(async () => {
  tracking = await import("~/routes/tracking/lookup.server");
  mail = await import("~/web/mail.server");
});

describe.each(testDatabases())("the lookup's privacy rule on $name", (kind) => {
  let t: TestDatabase;
  let ana: TestOrder;
  let beto: TestOrder;
  const outbox = () => t.db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();

  beforeAll(async () => {
    t = await kind.create();
    ana = await placeTestOrder(t.db, { email: "ana.lopez@correo.mx" });
    beto = await placeTestOrder(t.db, { email: "beto@correo.mx", name: "Beto" });
  });
  afterAll(() => t?.destroy());
  beforeEach(async () => {
    await t.db.deleteFrom("mail_outbox").execute();
  });

  it("number and email of the same order find it (the email compared case-blind)", async () => {
    expect(await tracking.lookUpOrder(t.db, { number: ana.number, email: "ana.lopez@correo.mx" }, "es")).toEqual({ kind: "found", uuid: ana.uuid });
    expect(await tracking.lookUpOrder(t.db, { number: ana.number, email: "Ana.Lopez@CORREO.mx" }, "es")).toEqual({ kind: "found", uuid: ana.uuid });
  });

  it("another order's email, or an unknown number, get the same 'not found'", async () => {
    const mismatch = await tracking.lookUpOrder(t.db, { number: ana.number, email: "beto@correo.mx" }, "es");
    const unknown = await tracking.lookUpOrder(t.db, { number: "999999", email: "ana.lopez@correo.mx" }, "es");
    expect(mismatch).toEqual({ kind: "notFound" });
    expect(unknown).toEqual(mismatch);
    expect(await outbox()).toHaveLength(0);
  });

  it("an email alone: the same answer with or without orders; the links mail goes only to an address that has them", async () => {
    const withOrders = await tracking.lookUpOrder(t.db, { email: "beto@correo.mx" }, "es");
    const without = await tracking.lookUpOrder(t.db, { email: "nadie@correo.mx" }, "es");
    expect(withOrders).toEqual({ kind: "linksSent", email: "beto@correo.mx" });
    expect(without).toEqual({ kind: "linksSent", email: "nadie@correo.mx" });
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "order-links", to: "beto@correo.mx", subject: "Tus pedidos en Horno Rojo Pizza" });
    expect(mails[0].text).toContain(`Pedido ${beto.number}`);
    expect(mails[0].text).toContain(`/tracker-order/${beto.uuid}`);
    // Only that address's orders.
    expect(mails[0].text).not.toContain(ana.uuid);
  });

  it("the links mail is in the asker's language and lists the newest orders first", async () => {
    const second = await placeTestOrder(t.db, { email: "beto@correo.mx" });
    await tracking.lookUpOrder(t.db, { email: "BETO@correo.mx" }, "en");
    const [sent] = await outbox();
    expect(sent.subject).toBe("Your orders at Horno Rojo Pizza");
    expect(sent.text.indexOf(second.uuid)).toBeGreaterThan(-1);
    expect(sent.text.indexOf(second.uuid)).toBeLessThan(sent.text.indexOf(beto.uuid));
  });

  it("one links mail per address per ten minutes, however often the form is sent", async () => {
    expect(await mail.sendOrderLinks(t.db, "beto@correo.mx", "es")).toBe(true);
    expect(await mail.sendOrderLinks(t.db, "beto@correo.mx", "es")).toBe(false);
    vi.stubEnv("STORE_NOW", new Date(new Date(NOW).getTime() + LINKS_MAIL_WINDOW_MS).toISOString());
    expect(await mail.sendOrderLinks(t.db, "beto@correo.mx", "es")).toBe(true);
    expect(await outbox()).toHaveLength(2);
  });

  it("orders older than the window are not mailed (and an address with only those gets no mail)", async () => {
    const old = await placeTestOrder(t.db, { email: "carla@correo.mx" });
    await t.db.updateTable("orders").set({ created_at: new Date(new Date(NOW).getTime() - (LINKS_WINDOW_DAYS + 1) * DAY) }).where("id", "=", old.id).execute();
    expect(await tracking.lookUpOrder(t.db, { email: "carla@correo.mx" }, "es")).toEqual({ kind: "linksSent", email: "carla@correo.mx" });
    expect(await outbox()).toHaveLength(0);
  });
});

describe("the /tracking route", () => {
  let route: typeof import("~/routes/tracking/route");
  let order: TestOrder;

  beforeAll(async () => {
    route = await import("~/routes/tracking/route");
    const { getDb } = await import("#server/db/client");
    order = await placeTestOrder(await getDb(), { email: "dora@correo.mx" });
  });

  let address = 0;
  beforeEach(() => {
    address++; // each test looks up from an address of its own
  });

  /** Posts the lookup form from a client address (the load context's, as scripts/serve.mjs gives it). */
  async function lookUp(fields: Record<string, string>, from = `203.0.113.${address}`) {
    const session = await cookie({ lng: "es" });
    const request = post("/tracking", session, fields);
    return (await route.action({ ...args(request), context: { clientAddress: from } })) as Response;
  }

  it("a match opens the order's tracker (303)", async () => {
    const response = await lookUp({ number: order.number, email: "dora@correo.mx" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/tracker-order/${order.uuid}`);
  });

  it("a mismatch is a 404 with the translated 'not found', and the form keeps what was typed", async () => {
    const response = await lookUp({ number: order.number, email: "otra@correo.mx" });
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body.result.error).toEqual({ "": ["tracking:notFound"] });
    expect(body.result.initialValue).toEqual({ number: order.number, email: "otra@correo.mx" });
  });

  it.each([
    [{}, { number: ["tracking:oneRequired"] }],
    [{ number: "100001" }, { email: ["tracking:emailWithNumber"] }],
    [{ number: "abc", email: "dora@correo.mx" }, { number: ["tracking:numberFormat"] }],
    [{ email: "dora@correo" }, { email: ["email"] }],
  ] as [Record<string, string>, Record<string, string[]>][])("invalid input %j is a 400 with its field's message", async (fields, errors) => {
    const response = await lookUp(fields);
    expect(response.status).toBe(400);
    expect((await response.json()).result.error).toEqual(errors);
  });

  it("an email alone goes back to /tracking (303) with the same notice whether or not the address has orders", async () => {
    for (const email of ["dora@correo.mx", "nadie@correo.mx"]) {
      const response = await lookUp({ email });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/tracking");
      expect((await sessionOf(response)).get("notice")).toEqual({ tone: "success", key: "tracking:linksSent", values: { email } });
    }
  });

  it("an address gets 20 lookups in fifteen minutes, counted on the server: a new browser or no cookie changes nothing", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(NOW) });
    try {
      // every lookup comes without cookies, as a script that drops them would send it
      for (let i = 0; i < 20; i++) expect((await lookUp({ number: order.number, email: "otra@correo.mx" })).status).toBe(404);
      const refused = await lookUp({ number: order.number, email: "dora@correo.mx" });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await refused.json()).result.error).toEqual({ "": ["tracking:tooMany"] });
      // another address is not held back
      expect((await lookUp({ number: order.number, email: "dora@correo.mx" }, "198.51.100.77")).status).toBe(303);
      // fifteen minutes later the window has room again
      vi.setSystemTime(new Date(new Date(NOW).getTime() + 15 * 60_000 + 1_000));
      expect((await lookUp({ number: order.number, email: "dora@correo.mx" })).status).toBe(303);
    } finally {
      vi.useRealTimers();
    }
  });
});
