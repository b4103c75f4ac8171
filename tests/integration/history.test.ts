/**
 * The order history and reorder (issue 11 point 9). First the rules on each test database: the customer's orders
 * newest first, ten a page, only theirs; a past order's items as cart adds, only for its customer; guest orders
 * placed with an email join the account's history once that email is confirmed. Then the page through its route
 * module on the app's own database, with the demo customer's past orders (server/db/seed/demo-orders.ts): the
 * list, paging, and the reorder into the session's cart at today's prices, a line that no longer sells at this
 * hour left out and listed, never dropped silently.
 */
import { claimGuestOrders, confirmEmail, registerCustomer } from "#server/customers/accounts";
import { orderHistory, reorderLines } from "#server/customers/history";
import { demoCustomer } from "#server/db/seed/customers";
import { demoOrders } from "#server/db/seed/demo-orders";
import { answerOf, args, cookie, get, post, sessionOf, thrown } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { makeCustomer, signedInCookie } from "../support/customers";
import { testDatabases, type TestDatabase } from "../support/db";
import { placeTestOrder } from "../support/orders";

process.env.SESSION_SECRET = "history-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";

// Friday 2026-11-20, 13:00 in Mexico City: lunch time, the outlets are open, the late-night wings do not sell.
const NOW = "2026-11-20T19:00:00.000Z";
process.env.STORE_NOW = NOW;
pinStoreNow(NOW);
const at = new Date(NOW);
const HOUR = 3_600_000;

describe.each(testDatabases())("the order history on $name", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());

  /** `count` orders of a customer, placed an hour apart (the last one newest); answers their numbers, oldest first. */
  async function ordersOf(customerId: number, count: number, firstAt: number): Promise<string[]> {
    const numbers: string[] = [];
    for (let i = 0; i < count; i++) {
      const order = await placeTestOrder(t.db);
      await t.db.updateTable("orders").set({ customer_id: customerId, created_at: new Date(firstAt + i * HOUR) }).where("id", "=", order.id).execute();
      numbers.push(order.number);
    }
    return numbers;
  }

  it("lists the customer's orders newest first, ten a page, with stage, outlet and total; none of anyone else's", async () => {
    const ana = await makeCustomer(t.db);
    const beto = await makeCustomer(t.db);
    const anas = await ordersOf(ana.id, 12, at.getTime() - 30 * HOUR);
    const betos = await ordersOf(beto.id, 1, at.getTime() - 20 * HOUR);
    const first = await orderHistory(t.db, ana.id, 1, "es");
    expect(first).toMatchObject({ page: 1, pages: 2, total: 12 });
    expect(first!.orders.map((o) => o.number)).toEqual(anas.slice(2).reverse());
    expect(first!.orders[0]).toMatchObject({
      stage: "received",
      status: 3,
      orderType: "C",
      outletName: "Roma Norte",
      timeZone: "America/Mexico_City",
      totalCents: expect.any(Number),
      items: [{ name: "Pepperoni", quantity: 1 }],
    });
    const second = await orderHistory(t.db, ana.id, 2, "es");
    expect(second!.orders.map((o) => o.number)).toEqual(anas.slice(0, 2).reverse());
    expect(await orderHistory(t.db, ana.id, 3, "es")).toBeUndefined();
    const bOnly = await orderHistory(t.db, beto.id, 1, "en");
    expect(bOnly!.orders.map((o) => o.number)).toEqual(betos);
    expect(bOnly!.orders.some((o) => anas.includes(o.number))).toBe(false);
    // Ties of the same instant keep a stable order (newest id first).
    const carla = await makeCustomer(t.db);
    const same = await ordersOf(carla.id, 2, at.getTime());
    await t.db.updateTable("orders").set({ created_at: at }).where("customer_id", "=", carla.id).execute();
    expect((await orderHistory(t.db, carla.id, 1, "es"))!.orders.map((o) => o.number)).toEqual([...same].reverse());
  });

  it("an account without orders has one empty page", async () => {
    const ana = await makeCustomer(t.db);
    expect(await orderHistory(t.db, ana.id, 1, "es")).toEqual({ orders: [], page: 1, pages: 1, total: 0 });
    expect(await orderHistory(t.db, ana.id, 2, "es")).toBeUndefined();
  });

  it("reorder reads the customer's own order only: another's, an unknown uuid or no uuid is none", async () => {
    const ana = await makeCustomer(t.db);
    const beto = await makeCustomer(t.db);
    const [number] = await ordersOf(ana.id, 1, at.getTime() - HOUR);
    const { uuid } = await t.db.selectFrom("orders").select("uuid").where("number", "=", number!).executeTakeFirstOrThrow();
    const lines = await reorderLines(t.db, ana.id, uuid);
    expect(lines).toEqual([
      expect.objectContaining({ name: expect.objectContaining({ es: "Pepperoni" }), quantity: 1, firstLayerId: expect.any(Number), secondLayerId: expect.any(Number), half: [], combo: [] }),
    ]);
    expect(await reorderLines(t.db, beto.id, uuid)).toBeUndefined();
    expect(await reorderLines(t.db, ana.id, "00000000-0000-4000-8000-000000000000")).toBeUndefined();
    expect(await reorderLines(t.db, ana.id, "not-a-uuid")).toBeUndefined();
  });

  it("guest orders placed with an email join the history when the account confirms that email, not before", async () => {
    const email = `guest.${kind.name}@correo.mx`;
    const guest = await placeTestOrder(t.db, { email: email.toUpperCase() });
    const other = await placeTestOrder(t.db, { email: `someone.else.${kind.name}@correo.mx` });
    const { id, token } = await registerCustomer(
      t.db,
      {
        firstName: "Ana", lastName: "López", email, phone: "5512345678", birthDay: 17, birthMonth: 5, birthYear: 1990,
        gender: "F", password: "Pizza*2026-x", confirmPassword: "Pizza*2026-x", terms: true, news: false, htmlMail: true,
      },
      { now: at, locale: "es", today: "2026-11-20" },
    );
    expect((await orderHistory(t.db, id, 1, "es"))!.total).toBe(0);
    await confirmEmail(t.db, token, at);
    const history = await orderHistory(t.db, id, 1, "es");
    expect(history!.orders.map((o) => o.number)).toEqual([guest.number]);
    const unclaimed = await t.db.selectFrom("orders").select("customer_id").where("id", "=", other.id).executeTakeFirstOrThrow();
    expect(unclaimed.customer_id).toBeNull();
    // An order already someone's is never taken by another account.
    const beto = await makeCustomer(t.db);
    expect(await claimGuestOrders(t.db, beto.id, email)).toBe(0);
  });
});

describe("the /history page and reorder", () => {
  let route: typeof import("~/routes/history/route");
  let root: typeof import("~/root");
  let rows: typeof import("#server/cart/rows");
  let db: import("#server/db/client").Database;
  let demoId: number;
  let carryout: import("#server/outlets/outlets").Disposition;
  const demoUuid = async (key: string) => (await import("#server/db/seed")).seedUuid(`demo-order:${key}`);

  beforeAll(async () => {
    route = await import("~/routes/history/route");
    root = await import("~/root");
    rows = await import("#server/cart/rows");
    db = await (await import("#server/db/client")).getDb();
    demoId = (await db.selectFrom("customers").select("id").where("email", "=", demoCustomer.email).executeTakeFirstOrThrow()).id;
    const roma = await db.selectFrom("outlets").selectAll().where("code", "=", "MX-ROM-01").executeTakeFirstOrThrow();
    carryout = (await import("#server/outlets/outlets")).dispositionFor(roma, "C");
  });

  const demoCookie = () => signedInCookie(db, demoId, { disposition: carryout, lastActivity: at.getTime() });
  const reorder = async (c: string, key: string) => (await route.action(args(post("/history", c, { intent: "reorder", order: await demoUuid(key) })))) as Response;
  /** What the page a response leads to shows from the session: the root loader's notice and the reorder's left-out lines. */
  async function rootAfter(response: Response) {
    const c = response.headers.get("Set-Cookie")!.split(";")[0]!;
    return (await (await answerOf(root.loader(args(get(response.headers.get("Location")!, c))))).json()) as {
      notice: { key: string; tone: string } | null;
      reorderLeftOut: { name: string; quantity: number; reason: { key: string; values: Record<string, unknown> } }[] | null;
    };
  }

  it("asks a guest to sign in first, and comes back to the history after", async () => {
    const response = await thrown(route.loader(args(get("/history?page=1", await cookie({})))) as Promise<unknown>);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fhistory%3Fpage%3D1");
  });

  it("lists the demo customer's past orders, newest first, with stage, outlet and total", async () => {
    const data = await ((await route.loader(args(get("/history", await demoCookie())))) as Response).json();
    expect(data.title).toBe("Mis pedidos");
    expect(data.history).toMatchObject({ page: 1, pages: 1, total: demoOrders.length });
    const byDate = [...demoOrders].sort((a, b) => a.daysAgo - b.daysAgo);
    expect(data.history.orders.map((o: { uuid: string }) => o.uuid)).toEqual(await Promise.all(byDate.map((d) => demoUuid(d.key))));
    expect(data.history.orders[0]).toMatchObject({ stage: "completed", orderType: "D", outletName: "Roma Norte" });
    // The seed's totals are the cart's: the lines (tax included) and the delivery fee.
    const order = await db.selectFrom("orders").selectAll().where("uuid", "=", await demoUuid("delivery")).executeTakeFirstOrThrow();
    const items = await db.selectFrom("order_items").select(["total_cents", "detail"]).where("order_id", "=", order.id).execute();
    expect(order.subtotal_cents).toBe(items.reduce((sum, i) => sum + i.total_cents, 0));
    expect(order.total_cents).toBe(order.subtotal_cents + order.delivery_fee_cents - order.discount_cents);
    expect(order.delivery_fee_cents).toBeGreaterThan(0);
    expect(order.tax_cents).toBeGreaterThan(0);
    expect(items[0]!.detail).toMatchObject({ toppings: { removed: [], extras: expect.any(Object) } });
  });

  it("a page that is not a number is a 400, a page past the last a 404", async () => {
    const c = await demoCookie();
    for (const page of ["abc", "0", "-1", "1.5", "9999999"]) {
      expect((await thrown(route.loader(args(get(`/history?page=${page}`, c))) as Promise<unknown>)).status, page).toBe(400);
    }
    expect((await thrown(route.loader(args(get("/history?page=2", c))) as Promise<unknown>)).status).toBe(404);
  });

  it("reorders everything that still sells: the cart has the same lines at today's prices; 303 to the cart", async () => {
    const response = await reorder(await demoCookie(), "delivery");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/cart");
    const session = await sessionOf(response);
    const cart = await rows.getCart(db, session.get("cartUuid")!);
    expect(cart!.lines.map((l) => [l.sku, l.quantity, l.size?.es ?? null, l.crust?.es ?? null])).toEqual([
      ["PZ-PEPPERONI", 1, "Grande", "Orilla rellena de queso"],
      ["DR-COLA-2L", 1, null, null],
    ]);
    // The extra cheese came along, and the price is today's: raise the pizza and order again.
    expect(Object.keys(cart!.lines[0]!.toppings.extras)).toHaveLength(1);
    expect(cart!.orderType).toBe("C");
    expect((await rootAfter(response)).notice).toMatchObject({ tone: "success", key: "notices.account.reordered" });
  });

  it("prices a reorder now, not at the old order's prices", async () => {
    const cola = await db.selectFrom("products").select(["id", "price_cents"]).where("sku", "=", "DR-COLA-2L").executeTakeFirstOrThrow();
    await db.updateTable("products").set({ price_cents: cola.price_cents + 1_000 }).where("id", "=", cola.id).execute();
    try {
      const response = await reorder(await demoCookie(), "delivery");
      const cart = await rows.getCart(db, (await sessionOf(response)).get("cartUuid")!);
      expect(cart!.lines.find((l) => l.sku === "DR-COLA-2L")!.unitCents).toBe(cola.price_cents + 1_000);
    } finally {
      await db.updateTable("products").set({ price_cents: cola.price_cents }).where("id", "=", cola.id).execute();
    }
  });

  it("a line that no longer sells at this hour is left out and listed with its reason, never dropped silently", async () => {
    const response = await reorder(await demoCookie(), "carryout-evening");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/history");
    const cart = await rows.getCart(db, (await sessionOf(response)).get("cartUuid")!);
    expect(cart!.lines.map((l) => [l.sku, l.quantity])).toEqual([
      ["PZ-HAWAIANA", 1],
      ["DS-ROLLOS-CANELA", 2],
    ]);
    const after = await rootAfter(response);
    expect(after.notice).toMatchObject({ tone: "info", key: "notices.account.reorderPartial" });
    expect(after.reorderLeftOut).toEqual([
      { name: "Alitas nocturnas (12 piezas)", quantity: 1, reason: expect.objectContaining({ tone: "error", key: "errors:sellingTime" }) },
    ]);
  });

  it("adds to the cart the session has, and a half-and-half comes back with its halves", async () => {
    const first = await reorder(await demoCookie(), "delivery");
    const c = first.headers.get("Set-Cookie")!.split(";")[0]!;
    const second = (await route.action(args(post("/history", c, { intent: "reorder", order: await demoUuid("half-and-half") })))) as Response;
    expect(second.headers.get("Location")).toBe("/cart");
    const cart = await rows.getCart(db, (await sessionOf(second)).get("cartUuid")!);
    expect(cart!.uuid).toBe((await sessionOf(first)).get("cartUuid"));
    const half = cart!.lines.find((l) => l.sku === "HH-MITAD-Y-MITAD")!;
    expect(half.halves.map((h) => h.es)).toEqual(["Pepperoni", "Hawaiana"]);
    expect(half.unavailable).toBeNull();
  });

  it("without an outlet chosen, reorder goes home to choose one first, and the choice puts the order in the cart", async () => {
    const response = (await route.action(args(post("/history", await signedInCookie(db, demoId), { intent: "reorder", order: await demoUuid("delivery") })))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/home");
    expect((await rootAfter(response)).notice).toMatchObject({ key: "notices.account.reorderAfterChoice" });
    // the customer chooses carry-out at Roma Norte on /home: straight to the cart with the old order in it
    const home = await import("~/routes/home");
    const chosen = (await home.action(args(post("/home", response.headers.get("Set-Cookie")!.split(";")[0]!, { orderType: "C", outletId: String(carryout.outletId) })))) as Response;
    expect([chosen.status, chosen.headers.get("Location")]).toEqual([303, "/cart"]);
    const session = await sessionOf(chosen);
    expect(session.get("pendingReorder")).toBeUndefined();
    const cart = await rows.getCart(db, session.get("cartUuid")!);
    expect(cart!.lines.map((l) => l.sku)).toEqual(["PZ-PEPPERONI", "DR-COLA-2L"]);
    // a reorder left waiting by another account (signed out, someone else signed in): the choice goes to the menu
    const ana = await makeCustomer(db);
    const other = (await home.action(
      args(post("/home", await signedInCookie(db, ana.id, { pendingReorder: await demoUuid("delivery") }), { orderType: "C", outletId: String(carryout.outletId) })),
    )) as Response;
    expect(other.status).toBe(303);
    expect(other.headers.get("Location")).toMatch(/^\/order\//);
    // the next choice is only a choice: the menu, no second reorder
    const again = (await home.action(args(post("/home", chosen.headers.get("Set-Cookie")!.split(";")[0]!, { orderType: "C", outletId: String(carryout.outletId) })))) as Response;
    expect(again.headers.get("Location")).not.toBe("/cart");
  });

  it("another customer's order is a 404; a form that is not a reorder a 400", async () => {
    const ana = await makeCustomer(db);
    const c = await signedInCookie(db, ana.id, { disposition: carryout });
    const refused = await thrown(route.action(args(post("/history", c, { intent: "reorder", order: await demoUuid("delivery") }))) as Promise<unknown>);
    expect(refused.status).toBe(404);
    const forms: Record<string, string>[] = [{ intent: "reorder", order: "nope" }, { intent: "other", order: await demoUuid("delivery") }, {}];
    for (const fields of forms) {
      const response = (await route.action(args(post("/history", c, fields)))) as Response;
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ notice: { key: "errors:orderNotFound" } });
    }
  });
});
