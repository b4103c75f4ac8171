/**
 * The cart action's coupon intents (issue 12 point 3) through the app's own route modules: a code typed into the
 * coupon field is answered under that field (with JavaScript: 422 data naming the field; without: 303 back with a
 * one-shot message for the field), one picked from the list as a notification; a coupon that does not exist links to
 * the deals; an empty code is a 400 under the field; success notices for applied and removed; a deal opens its combo
 * page at the deal's price. Only the code is read: a discount, coupon id or price posted beside it is ignored.
 */
import { answerOf, args, cookie, get, post, sessionOf } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { firstComboChoice } from "../support/combos";

process.env.SESSION_SECRET = "coupon-route-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";

const NOW = "2026-11-20T19:00:00.000Z"; // Friday 13:00 in Mexico City
const MENU = "/order/pizzas/clasicas";

let cartRoute: typeof import("~/routes/cart");
let rootRoute: typeof import("~/root");
let comboRoute: typeof import("~/routes/combo-detail.$id.($ssid).($coupon)/route");
let rows: typeof import("#server/cart/rows");
let seedIds: typeof import("#server/db/seed");
let disposition: import("#server/outlets/outlets").Disposition;
let pepperoni: { firstLayerId: string; secondLayerId: string; productUuid: string };

beforeAll(async () => {
  cartRoute = await import("~/routes/cart");
  rootRoute = await import("~/root");
  comboRoute = await import("~/routes/combo-detail.$id.($ssid).($coupon)/route");
  rows = await import("#server/cart/rows");
  seedIds = await import("#server/db/seed");
  const db = await (await import("#server/db/client")).getDb();
  const outlets = await import("#server/outlets/outlets");
  const roma = await db.selectFrom("outlets").selectAll().where("code", "=", "MX-ROM-01").executeTakeFirstOrThrow();
  disposition = outlets.dispositionFor(roma, "C");
  const layers = await db
    .selectFrom("product_layers as l")
    .innerJoin("products as p", "p.id", "l.product_id")
    .select(["l.id", "l.sku"])
    .where("p.sku", "=", "PZ-PEPPERONI")
    .execute();
  pepperoni = {
    productUuid: seedIds.productUuid("PZ-PEPPERONI"),
    firstLayerId: String(layers.find((l) => l.sku === "L")!.id),
    secondLayerId: String(layers.find((l) => l.sku === "L-PAN")!.id),
  };
});

pinStoreNow(NOW);

const cookieOf = (response: Response) => response.headers.get("Set-Cookie")!.split(";")[0]!;

async function postCart(cookieHeader: string, fields: Record<string, string>, { fetcher = false } = {}): Promise<Response> {
  return (await cartRoute.action({ ...args(post("/cart", cookieHeader, fields)), context: { dataRequest: fetcher } })) as Response;
}

/** A browser with a carry-out cart of `pizzas` large pan pepperonis; answers its cookie. */
async function withPizzas(pizzas: number): Promise<string> {
  const response = await postCart(await cookie({ disposition, lastActivity: new Date(NOW).getTime() }), {
    intent: "add",
    ...pepperoni,
    quantity: String(pizzas),
    back: MENU,
  });
  expect(response.status).toBe(303);
  // The page it goes back to shows (and so spends) the "added" notice.
  return cookieOf(await answerOf(rootRoute.loader(args(get(MENU, cookieOf(response))))));
}

/** What the page a response leads to shows from the session: the root loader's notice and coupon message. */
async function rootAfter(response: Response) {
  const data = await (await answerOf(rootRoute.loader(args(get(response.headers.get("Location") ?? "/", cookieOf(response)))))).json();
  return { notice: data.notice, couponMessage: data.couponMessage };
}

/** The cart a response leaves in the session. */
async function cartOf(response: Response) {
  const db = await (await import("#server/db/client")).getDb();
  return (await rows.getCart(db, (await sessionOf(response)).get("cartUuid")!))!;
}

describe("the coupon intents of the cart action", () => {
  it("a typed code the rules refuse: with JavaScript, 422 data for the code field; without, back with a message for that field", async () => {
    const c = await withPizzas(1);
    const fields = { intent: "apply-coupon", code: "PIZZA15", source: "typed", back: "/cart" };
    const data = await postCart(c, fields, { fetcher: true });
    expect(data.status).toBe(422);
    expect(await data.json()).toEqual({ notice: { tone: "error", key: "errors:cp02", values: { amount: "$250.00" } }, field: "code" });

    const page = await postCart(c, fields);
    expect(page.status).toBe(303);
    expect(page.headers.get("Location")).toBe("/cart");
    expect(await rootAfter(page)).toEqual({ notice: null, couponMessage: { tone: "error", key: "errors:cp02", values: { amount: "$250.00" } } });
  });

  it("a code picked from the list is refused as a notification; a coupon that does not exist links to the deals", async () => {
    const c = await withPizzas(1);
    const listed = await postCart(c, { intent: "apply-coupon", code: "PIZZA15", source: "list", back: "/order/coupons" });
    expect(listed.headers.get("Location")).toBe("/order/coupons");
    expect(await rootAfter(listed)).toMatchObject({ notice: { key: "errors:cp02" }, couponMessage: null });
    // With JavaScript too (the list's form is a navigation's, sent as a data request): back to the list with the
    // notification, not the cart page.
    const withScript = await postCart(c, { intent: "apply-coupon", code: "PIZZA15", source: "list", back: "/order/coupons" }, { fetcher: true });
    expect([withScript.status, withScript.headers.get("Location")]).toEqual([303, "/order/coupons"]);
    expect(await rootAfter(withScript)).toMatchObject({ notice: { key: "errors:cp02" }, couponMessage: null });

    const unknown = await postCart(c, { intent: "apply-coupon", code: "NOEXISTE", back: "/cart" }, { fetcher: true });
    expect(await unknown.json()).toEqual({ notice: { tone: "error", key: "errors:cp12", values: {}, link: { to: "/order/deals", key: "notices.seeDeals" } }, field: "code" });
    // a coupon for signed-in customers, to a guest: the way to sign in, back to the cart
    const members = await postCart(c, { intent: "apply-coupon", code: "AHORRA50", back: "/cart" }, { fetcher: true });
    expect(await members.json()).toEqual({ notice: { tone: "error", key: "errors:cp07", values: {}, link: { to: "/login?redirectTo=%2Fcart", key: "notices.signInLink" } }, field: "code" });
  });

  it("an empty code is a 400 under the code field; a broken intent a 400 for the form", async () => {
    const c = await withPizzas(1);
    for (const code of ["", "   "]) {
      const response = await postCart(c, { intent: "apply-coupon", code, back: "/cart" });
      expect(response.status, JSON.stringify(code)).toBe(400);
      expect(await response.json()).toEqual({ notice: { tone: "error", key: "validation:couponRequired" }, field: "code" });
    }
    const long = await postCart(c, { intent: "apply-coupon", code: "X".repeat(41), back: "/cart" });
    expect(await long.json()).toMatchObject({ notice: { key: "validation:couponInvalid" }, field: "code" });
    const broken = await postCart(c, { intent: "remove-coupon", back: "/cart" });
    expect(broken.status).toBe(400);
  });

  it("applied and removed say so; only the code is read: a discount, coupon id or price posted beside it changes nothing", async () => {
    const c = await withPizzas(2);
    const applied = await postCart(c, {
      intent: "apply-coupon",
      code: "pizza15",
      back: "/cart",
      discountCents: "4580000",
      discount: "100",
      couponId: "1",
      percentBasisPoints: "10000",
      totalCents: "1",
    });
    expect(applied.status).toBe(303);
    expect(await rootAfter(applied)).toMatchObject({ notice: { tone: "success", key: "notices.couponApplied", values: { code: "PIZZA15" } } });
    expect((await cartOf(applied)).totals).toMatchObject({ subtotalCents: 45_800, discountCents: 6_870, totalCents: 38_930 });

    const removed = await postCart(cookieOf(applied), { intent: "remove-coupon", code: "PIZZA15", back: "/cart" });
    expect(await rootAfter(removed)).toMatchObject({ notice: { tone: "success", key: "notices.couponRemoved", values: { code: "PIZZA15" } } });
    expect((await cartOf(removed)).totals).toMatchObject({ discountCents: 0, totalCents: 45_800 });
  });

  it("a coupon applied before any delivery or carry-out choice waits for the choice, then for a cart it can apply to", async () => {
    const home = await import("~/routes/home");
    const db = await (await import("#server/db/client")).getDb();
    const asked = await postCart(await cookie({}), { intent: "apply-coupon", code: "comida20", source: "list", back: "/order/coupons" });
    expect([asked.status, asked.headers.get("Location")]).toEqual([303, "/home"]);
    expect(await rootAfter(asked)).toMatchObject({ notice: { tone: "info", key: "notices.couponAfterChoice", values: { code: "COMIDA20" } } });
    expect((await sessionOf(asked)).get("pendingCoupon")).toBe("comida20");
    // carry-out at Roma Norte: the cart is empty, so the coupon waits on, and the menu says it will be applied
    const chosen = (await home.action(args(post("/home", cookieOf(asked), { orderType: "C", outletId: String(disposition.outletId) })))) as Response;
    expect(chosen.headers.get("Location")).toMatch(/^\/order\//);
    expect(await rootAfter(chosen)).toMatchObject({ notice: { tone: "info", key: "notices.couponAfterAdd", values: { code: "COMIDA20" } } });
    expect((await sessionOf(chosen)).get("pendingCoupon")).toBe("comida20");
    // the first add applies it (Friday 13:00: lunch time), and says so with the add
    const added = await postCart(cookieOf(chosen), { intent: "add", ...pepperoni, quantity: "1", back: MENU });
    expect(await rootAfter(added)).toMatchObject({ notice: { tone: "success", key: "notices.cartAddedCoupon", values: { code: "COMIDA20" } } });
    const session = await sessionOf(added);
    expect(session.get("pendingCoupon")).toBeUndefined();
    expect((await rows.getCart(db, session.get("cartUuid")!))!.coupons.coupons.map((coupon) => coupon.code)).toEqual(["COMIDA20"]);
    // a code that does not exist waits no longer than the choice: the menu says why
    const unknown = await postCart(await cookie({}), { intent: "apply-coupon", code: "NOEXISTE", source: "list", back: "/order/coupons" });
    const refused = (await home.action(args(post("/home", cookieOf(unknown), { orderType: "C", outletId: String(disposition.outletId) })))) as Response;
    expect(await rootAfter(refused)).toMatchObject({
      notice: { tone: "error", key: "notices.couponNotApplied", values: { code: "NOEXISTE" }, also: { key: "errors:cp12", link: { to: "/order/deals" } } },
    });
    expect((await sessionOf(refused)).get("pendingCoupon")).toBeUndefined();
  });

  it("a waiting coupon the first add cannot take for good: the add's message goes on to say which coupon and why", async () => {
    const home = await import("~/routes/home");
    // COMIDA20 (lunch time only) waits for a cart from 13:00; the first add comes at 20:00, after lunch. The
    // menu has no coupon field for the reason to wait under, so the add's own message says it.
    const asked = await postCart(await cookie({}), { intent: "apply-coupon", code: "comida20", source: "list", back: "/order/coupons" });
    const chosen = (await home.action(args(post("/home", cookieOf(asked), { orderType: "C", outletId: String(disposition.outletId) })))) as Response;
    expect(await rootAfter(chosen)).toMatchObject({ notice: { key: "notices.couponAfterAdd", values: { code: "COMIDA20" } } });
    process.env.STORE_NOW = "2026-11-21T02:00:00.000Z"; // Friday 20:00 in Mexico City (the file's pin comes back with the next test)
    const added = await postCart(cookieOf(chosen), { intent: "add", ...pepperoni, quantity: "2", back: MENU, at: "product-card" });
    expect(added.headers.get("Location")).toBe(`${MENU}#product-card`);
    expect(await rootAfter(added)).toEqual({
      notice: {
        tone: "info",
        key: "notices.cartAdded",
        at: "product-card",
        also: { tone: "error", key: "notices.couponNotApplied", values: { code: "COMIDA20" }, also: expect.objectContaining({ key: "errors:cp20" }) },
      },
      couponMessage: null,
    });
    expect((await sessionOf(added)).get("pendingCoupon")).toBeUndefined();
    expect((await cartOf(added)).lines).toHaveLength(1);
  });

  it("a waiting coupon an add does not satisfy yet: the add says it still waits, and for what (customer review)", async () => {
    const home = await import("~/routes/home");
    // REFRESCO (a free soft drink from 2 products) waits; one pizza is not enough yet.
    const asked = await postCart(await cookie({}), { intent: "apply-coupon", code: "refresco", source: "list", back: "/order/coupons" });
    const chosen = (await home.action(args(post("/home", cookieOf(asked), { orderType: "C", outletId: String(disposition.outletId) })))) as Response;
    const added = await postCart(cookieOf(chosen), { intent: "add", ...pepperoni, quantity: "1", back: MENU });
    const notice = (await rootAfter(added)).notice;
    expect(notice).toMatchObject({ key: "notices.cartAdded", also: { tone: "info", key: "notices.couponStillWaiting", values: { code: "REFRESCO" }, also: { tone: "info" } } });
    const why = notice.also.also;
    expect(why.key).toMatch(/^errors:cp0[23]$/);
    const { translator } = await import("~/i18n/translator.server");
    expect(translator("es", "common")(why.key, why.values)).toMatch(/2 productos/);
    expect((await sessionOf(added)).get("pendingCoupon")).toBe("refresco");
  });

  it("a choice made while the outlet is closed: the coupon waits for the order time too, and saving the time tries it", async () => {
    const home = await import("~/routes/home");
    const orderTime = await import("~/routes/order-time/route");
    const chooseAndSave = async (code: string) => {
      process.env.STORE_NOW = "2026-11-20T11:00:00.000Z"; // Friday 05:00 in Mexico City: Roma Norte is closed
      const asked = await postCart(await cookie({}), { intent: "apply-coupon", code, source: "list", back: "/order/coupons" });
      const chosen = (await home.action(args(post("/home", cookieOf(asked), { orderType: "C", outletId: String(disposition.outletId) })))) as Response;
      expect(chosen.headers.get("Location")).toMatch(/^\/order\/[^?]+\?dialog=order-time$/);
      // the dialog says why, then that the coupon waits for the time (refused now, it would be for the closed hour: CP-04)
      expect(await rootAfter(chosen)).toMatchObject({
        notice: { key: "errors:advanceOrder", also: { tone: "info", key: "notices.couponAfterTime", values: { code: code.toUpperCase() } } },
      });
      expect((await sessionOf(chosen)).get("pendingCoupon")).toBe(code);
      process.env.STORE_NOW = NOW; // open again: as soon as possible holds
      const saved = (await orderTime.action(args(post("/order-time", cookieOf(chosen), { value: "asap", back: MENU })))) as Response;
      expect((await sessionOf(saved)).get("pendingCoupon")).toBeUndefined();
      return { to: saved.headers.get("Location"), shown: await rootAfter(saved) };
    };
    const unknown = await chooseAndSave("noexiste");
    expect(unknown.to).toBe(MENU);
    expect(unknown.shown.notice).toMatchObject({
      key: "ordertime:savedAsap",
      tone: "info",
      also: { tone: "error", key: "notices.couponNotApplied", values: { code: "NOEXISTE" }, also: { key: "errors:cp12" } },
    });
    // a deal's code: the saved time goes on to the deal's combo, at the deal's price
    const deal = await chooseAndSave("combopareja");
    expect(deal.to).toMatch(/^\/combo-detail\/.+\/COMBOPAREJA$/);
    expect(deal.shown.notice).toMatchObject({ key: "ordertime:savedAsap", tone: "success", also: { key: "notices.couponDeal" } });
  });

  it("an add that names a coupon which is not a deal for that product adds nothing", async () => {
    const c = await withPizzas(1);
    const response = await postCart(c, { intent: "add", ...pepperoni, coupon: "PIZZA15", back: MENU }, { fetcher: true });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ notice: { key: "errors:couponFailed" } });
  });

  it("a deal's combo posted twice from its page (a double click) goes in once, both answered as added", async () => {
    const c = await withPizzas(1);
    const db = await (await import("#server/db/client")).getDb();
    const combo = seedIds.productUuid("CB-PAREJA");
    const fields: Record<string, string> = {
      intent: "add",
      productUuid: combo,
      ...(await firstComboChoice(db, combo)).fields,
      coupon: "COMBOPAREJA",
      back: `/combo-detail/${combo}/deal/COMBOPAREJA`,
      once: "a1b2c3d4-page",
    };
    for (const post of [1, 2]) {
      const response = await postCart(c, fields);
      expect(response.headers.get("Location"), `post ${post}`).toBe("/cart");
      expect(await rootAfter(response), `post ${post}`).toMatchObject({ notice: { tone: "success", key: "notices.couponApplied", values: { code: "COMBOPAREJA" } } });
      const cart = await cartOf(response);
      expect(cart.lines.filter((line) => (line.combo ?? []).length > 0), `post ${post}`).toHaveLength(1);
      expect(cart.coupons.coupons.map((coupon) => coupon.code)).toEqual(["COMBOPAREJA"]);
    }
    // Posted again from a new page (another value): the deal is on the cart already (CP-01), as before.
    const again = await postCart(c, { ...fields, once: "e5f6a7b8-page" }, { fetcher: true });
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ notice: { key: "errors:cp01" } });
  });

  it("a deal's code opens its combo page at the deal's price; a coupon segment that is not a deal opens the combo with CP-12", async () => {
    const c = await withPizzas(1);
    const combo = seedIds.productUuid("CB-PAREJA");
    const response = await postCart(c, { intent: "apply-coupon", code: "COMBOPAREJA", back: "/cart" });
    expect(response.headers.get("Location")).toBe(`/combo-detail/${combo}/deal/COMBOPAREJA`);
    expect(await rootAfter(response)).toMatchObject({ notice: { tone: "info", key: "notices.couponDeal" } });

    const page = (await comboRoute.loader(args(get(`/combo-detail/${combo}/deal/COMBOPAREJA`, c), { id: combo, ssid: "deal", coupon: "COMBOPAREJA" }))) as Response;
    expect(await page.json()).toMatchObject({ deal: { code: "COMBOPAREJA", priceCents: 22_900 } });
    let bogus: unknown;
    try {
      await comboRoute.loader(args(get(`/combo-detail/${combo}/deal/PIZZA15`, c), { id: combo, ssid: "deal", coupon: "PIZZA15" }));
    } catch (thrown) {
      bogus = thrown;
    }
    expect(bogus).toBeInstanceOf(Response);
    expect((bogus as Response).headers.get("Location")).toBe(`/combo-detail/${combo}`);
    expect(await rootAfter(bogus as Response)).toMatchObject({ notice: { key: "errors:cp12", link: { to: "/order/deals" } } });
  });
});
