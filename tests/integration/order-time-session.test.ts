/**
 * The order time through the app's own loaders and actions (spec sections 2, 4 and 8): saving a slot or ASAP
 * sets the disposition's fields and the cart's order time; the outlet check at a disposition and at checkout
 * opens the order-time dialog with its message; the menu follows the time.
 *
 * session.server.ts reads SESSION_SECRET and getDb() reads DATA_DIR when first used, so both are set before the
 * app's modules are imported (dynamically, below).
 */
import { answerOf, args, cookie, get, pizzaCart as cartAt, post, sessionOf, thrown } from "../support/app";

process.env.SESSION_SECRET = "order-time-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";

/** Friday 2026-11-20, 13:00 in Mexico City (UTC-6); 11:00 in Tijuana, which opens at 12:00. */
const NOW = "2026-11-20T19:00:00.000Z";
const MENU_START = "/order/deals/para-compartir";

let orderTime: typeof import("~/routes/order-time/route");
let home: typeof import("~/routes/home");
let checkout: typeof import("~/routes/checkout/route");
let menu: typeof import("~/routes/order.($slug).($sub).($uuid)/route");
let root: typeof import("~/root");
let outlets: typeof import("#server/outlets/outlets");
let db: import("#server/db/client").Database;
let roma: import("#server/db/types").Outlet;
let tijuana: import("#server/db/types").Outlet;

beforeAll(async () => {
  orderTime = await import("~/routes/order-time/route");
  home = await import("~/routes/home");
  checkout = await import("~/routes/checkout/route");
  menu = await import("~/routes/order.($slug).($sub).($uuid)/route");
  root = await import("~/root");
  outlets = await import("#server/outlets/outlets");
  db = await (await import("#server/db/client")).getDb();
  roma = await db.selectFrom("outlets").selectAll().where("code", "=", "MX-ROM-01").executeTakeFirstOrThrow();
  tijuana = await db.selectFrom("outlets").selectAll().where("code", "=", "MX-TIJ-01").executeTakeFirstOrThrow();
});

beforeEach(() => {
  vi.stubEnv("STORE_NOW", NOW);
});

/** A carry-out cart at Roma Norte with one large pizza. */
const pizzaCart = (orderTimeAt: Date | null = null) => cartAt(db, roma.id, orderTimeAt);

const orderTimeOf = async (uuid: string) =>
  (await db.selectFrom("carts").select("order_time").where("uuid", "=", uuid).executeTakeFirstOrThrow()).order_time;

describe("saving the order time (POST /order-time)", () => {
  it("a slot sets advanceOrder 1, collectionTime, its text and value, and the cart's order time; back with a 303", async () => {
    const uuid = await pizzaCart();
    const c = await cookie({ disposition: outlets.dispositionFor(roma, "C"), cartUuid: uuid });
    const response = await orderTime.action(args(post("/order-time", c, { value: "2026-11-21 19:15", back: "/order/pizzas?dialog=order-time&day=2026-11-21" })));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/order/pizzas");
    const disposition = (await sessionOf(response)).get("disposition")!;
    expect(disposition).toMatchObject({
      advanceOrder: 1,
      collectionTime: { pickedDay: "2026-11-21", pickedHours: "19:00-19:15" },
      collectionTimeText: "2026-11-21 19:00-19:15",
      collectionTimeValue: "2026-11-21 19:15",
      collectionAt: Date.parse("2026-11-22T01:15:00Z"),
    });
    expect(new Date((await orderTimeOf(uuid))!).toISOString()).toBe("2026-11-22T01:15:00.000Z");

    const asap = await orderTime.action(args(post("/order-time", await cookie({ disposition, cartUuid: uuid }), { value: "asap", back: "/order" })));
    expect(asap.status).toBe(303);
    const after = (await sessionOf(asap)).get("disposition")!;
    expect(after.advanceOrder).toBe(0);
    expect(after.collectionTime).toBeUndefined();
    expect(after.collectionAt).toBeUndefined();
    expect(await orderTimeOf(uuid)).toBeNull();
  });

  it("an order placed for a slot leaves the next order as soon as possible: the header no longer shows a time that passes", async () => {
    const uuid = await pizzaCart();
    const chosen = await orderTime.action(args(post("/order-time", await cookie({ disposition: outlets.dispositionFor(roma, "C"), cartUuid: uuid }), { value: "2026-11-20 19:15", back: "/checkout" })));
    const disposition = (await sessionOf(chosen)).get("disposition")!;
    expect(disposition.advanceOrder).toBe(1);
    const fields = { name: "Ana", surname: "López", email: "ana@correo.mx", mobile: "55 1234 5678", comment: "", paymentMethod: "cash", idempotencyKey: crypto.randomUUID() };
    const placed = await checkout.action(args(post("/checkout", await cookie({ disposition, cartUuid: uuid }), fields))).catch((error: unknown) => error);
    expect(placed instanceof Response && placed.status).toBe(303);
    const order = await db.selectFrom("orders").select(["collection_time"]).where("idempotency_key", "like", `%${fields.idempotencyKey}`).executeTakeFirstOrThrow();
    expect(order.collection_time).not.toBeNull(); // the order keeps its slot
    const after = (await sessionOf(placed as Response)).get("disposition")!;
    expect(after).toMatchObject({ outletId: roma.id, orderType: "C", advanceOrder: 0 });
    expect(after.collectionTime).toBeUndefined();
  });

  it("a value that is not a slot's is a 400; a slot the outlet does not offer is a 422 with its message; nothing changes", async () => {
    const uuid = await pizzaCart();
    const disposition = outlets.dispositionFor(roma, "C");
    const c = await cookie({ disposition, cartUuid: uuid });
    const garbage = await orderTime.action(args(post("/order-time", c, { value: "mañana", back: "/order" })));
    expect(garbage.status).toBe(400);
    const offGrid = await orderTime.action(args(post("/order-time", c, { value: "2026-11-21 19:07", back: "/order" })));
    expect(offGrid.status).toBe(422);
    expect((await offGrid.json()).notice).toMatchObject({ tone: "error", key: "errors:invalidOrderTime" });
    const past = await orderTime.action(args(post("/order-time", c, { value: "2026-11-20 12:00", back: "/order" })));
    expect(past.status).toBe(422);
    expect((await past.json()).notice).toMatchObject({ key: "errors:pastOrderTime" });
    expect(await orderTimeOf(uuid)).toBeNull();
  });
});

describe("the outlet check at a disposition and at checkout", () => {
  it("carry-out at an outlet that is not open yet lands on the menu with the order-time dialog and its message", async () => {
    const response = await home.action(args(post("/home", await cookie({}), { orderType: "C", outletId: String(tijuana.id) })));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${MENU_START}?dialog=order-time`);
    const after = await sessionOf(response);
    expect(after.get("disposition")).toMatchObject({ outletId: tijuana.id, advanceOrder: 0 });
    expect(after.get("notice")).toMatchObject({ tone: "error", key: "errors:advanceOrder" });
    // The dialog closed without a time: the header asks for one ("Programa tu pedido") until Tijuana opens at 12:00,
    // not "Lo antes posible"; from then on ASAP is what the order is for.
    const header = async (disposition: ReturnType<typeof after.get<"disposition">>) =>
      (await (await answerOf(root.loader(args(get(MENU_START, await cookie({ disposition })))))).json()).disposition;
    expect(await header(after.get("disposition"))).toMatchObject({ collectionTime: null, scheduleNeeded: true });
    vi.stubEnv("STORE_NOW", "2026-11-20T20:00:00.000Z");
    expect(await header(after.get("disposition"))).toMatchObject({ collectionTime: null, scheduleNeeded: false });
    vi.stubEnv("STORE_NOW", NOW);
    // A slot chosen meanwhile is what the header shows, and the note goes.
    const chosen = await orderTime.action(args(post("/order-time", await cookie({ disposition: after.get("disposition") }), { value: "2026-11-20 12:30", back: MENU_START })));
    const slotted = (await sessionOf(chosen)).get("disposition");
    expect(slotted).not.toHaveProperty("asapFrom");
    expect(await header(slotted)).toMatchObject({ collectionTime: { pickedDay: "2026-11-20", pickedHours: "12:15-12:30" }, scheduleNeeded: false });
    // Once that slot has passed, the header does not show it as the order's time any more: it asks for one.
    vi.stubEnv("STORE_NOW", "2026-11-20T20:30:00.000Z");
    expect(await header(slotted)).toMatchObject({ collectionTime: null, scheduleNeeded: true });
    vi.stubEnv("STORE_NOW", NOW);
    // An outlet open now: ASAP, nothing asked.
    const open = await home.action(args(post("/home", await cookie({}), { orderType: "C", outletId: String(roma.id) })));
    expect(await header((await sessionOf(open)).get("disposition"))).toMatchObject({ collectionTime: null, scheduleNeeded: false });
  });

  it("the root loader renders the dialog's days only when the URL asks for it; ASAP is hidden while closed", async () => {
    const c = await cookie({ disposition: outlets.dispositionFor(tijuana, "C") });
    const open = await (await answerOf(root.loader(args(get(`${MENU_START}?dialog=order-time`, c))))).json();
    expect(open.orderTime!.days[0]).toMatchObject({ date: "2026-11-20", asap: false });
    expect(open.orderTime!.days[0]!.slots[0]).toEqual({ value: "2026-11-20 12:15", start: "12:00", end: "12:15" });
    const closed = await (await answerOf(root.loader(args(get(MENU_START, c))))).json();
    expect(closed.orderTime).toBeNull();
  });

  it("the dialog says a day of its week is closed, and says nothing of a past day or one beyond the week (spec 2; spec review)", async () => {
    const coyoacan = await db.selectFrom("outlets").selectAll().where("name", "=", "Coyoacán").executeTakeFirstOrThrow();
    const c = await cookie({ disposition: outlets.dispositionFor(coyoacan, "C") });
    const dialogFor = async (day: string) => (await (await answerOf(root.loader(args(get(`${MENU_START}?dialog=order-time&day=${day}`, c))))).json()).orderTime!;
    // Mondays it does not open: this week's Monday is closed.
    expect((await dialogFor("2026-11-23")).closedDay).toBe("2026-11-23");
    // Yesterday (it was open) and next week's Monday (not offered yet) are not "closed": the dialog opens on today.
    // The week is today and the six days after it: the 26th is its last day (a Thursday, open: not closed either), the 27th the first beyond it.
    expect((await dialogFor("2026-11-26")).closedDay).toBeNull();
    expect((await dialogFor("2026-11-26")).day).toBe("2026-11-26");
    for (const day of ["2026-11-19", "2026-11-27", "2026-11-30", "2026-13-01"]) {
      const dialog = await dialogFor(day);
      expect(dialog.closedDay, day).toBeNull();
      expect(dialog.day, day).toBe("2026-11-20");
    }
  });

  it("at checkout, a cart whose time has passed opens the dialog with the past-order-time message", async () => {
    const uuid = await pizzaCart(new Date("2026-11-20T18:30:00Z"));
    const disposition = { ...outlets.dispositionFor(roma, "C"), advanceOrder: 1 as const, collectionAt: Date.parse("2026-11-20T18:30:00Z") };
    const response = await thrown(checkout.loader(args(get("/checkout", await cookie({ disposition, cartUuid: uuid })))));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/checkout?dialog=order-time");
    expect((await sessionOf(response)).get("notice")).toMatchObject({ key: "errors:pastOrderTime" });
  });
});

describe("the menu follows the order time", () => {
  it("lunch packages sell at 13:00 today and say why not at 19:00 tomorrow", async () => {
    const today = outlets.dispositionFor(roma, "C");
    const load = async (disposition: typeof today) =>
      (await (await answerOf(menu.loader(args(get("/order/lunch-time", await cookie({ disposition })), { slug: "lunch-time" })))).json()) as {
        products: { unavailable: { code: string } | null }[];
      };
    const now = await load(today);
    expect(now.products.length).toBeGreaterThan(0);
    expect(now.products.every((p) => p.unavailable === null)).toBe(true);
    const later = await load({ ...today, advanceOrder: 1, collectionAt: Date.parse("2026-11-22T01:15:00Z") });
    expect(later.products.every((p) => p.unavailable?.code === "ITEM-03")).toBe(true);
  });
});
