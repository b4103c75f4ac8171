/**
 * The session rules of spec section 4, through the app's own loaders and actions on the app's database (PGlite
 * in memory): a disposition change with products in the cart asks for confirmation and then clears the cart;
 * an hour or more without activity empties the cart on the server and reloads the page.
 *
 * session.server.ts reads SESSION_SECRET and getDb() reads DATA_DIR when first used, so both are set before the
 * app's modules are imported (dynamically, below).
 */
import { answerOf, args, cookie, get, post, sessionOf, thrown } from "../support/app";

process.env.SESSION_SECRET = "session-rules-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";

const NOW = "2026-11-20T19:00:00.000Z";
const MINUTE = 60_000;
/** Where /order leads with the demo menu: a chosen disposition goes straight there. */
const MENU_START = "/order/deals/para-compartir";
const at = (minutesBefore: number) => new Date(NOW).getTime() - minutesBefore * MINUTE;

let store: typeof import("~/web/storefront.server");
let home: typeof import("~/routes/home");
let order: typeof import("~/routes/order.($slug).($sub).($uuid)/route");
let root: typeof import("~/root");
let cart: typeof import("#server/cart/rows");
let outlets: typeof import("#server/outlets/outlets");
let disposition: typeof import("~/web/disposition.server");
let db: import("#server/db/client").Database;
let cola: string;
let roma: import("#server/db/types").Outlet;
let condesa: import("#server/db/types").Outlet;

beforeAll(async () => {
  store = await import("~/web/storefront.server");
  home = await import("~/routes/home");
  order = await import("~/routes/order.($slug).($sub).($uuid)/route");
  root = await import("~/root");
  cart = await import("#server/cart/rows");
  outlets = await import("#server/outlets/outlets");
  disposition = await import("~/web/disposition.server");
  db = await (await import("#server/db/client")).getDb();
  cola = (await import("#server/db/seed")).productUuid("DR-COLA-600");
  roma = await db.selectFrom("outlets").selectAll().where("code", "=", "MX-ROM-01").executeTakeFirstOrThrow();
  condesa = await db.selectFrom("outlets").selectAll().where("code", "=", "MX-CON-01").executeTakeFirstOrThrow();
});

beforeEach(() => {
  vi.stubEnv("STORE_NOW", NOW);
});

const carryoutAt = (outlet: typeof roma) => outlets.dispositionFor(outlet, "C");
const deliveryTo = (outlet: typeof roma, postalCode: string) => ({ ...outlets.dispositionFor(outlet, "D", postalCode), ...ADDRESS });

/** A delivery address in Roma Norte, as the home form posts it (the disposition's field names). */
const ADDRESS = {
  st: "Av. Álvaro Obregón",
  houseNo: "130",
  villeageName: "Roma Norte",
  cityName: "Ciudad de México",
  prefectureName: "Ciudad de México",
  landmark: "Frente al parque",
};
const deliveryPost = (postalCode: string, fields: Record<string, string> = {}) => ({ orderType: "D", ...ADDRESS, postalCode, ...fields });

/** A cart at the disposition's outlet with one drink in it. */
async function cartWithProduct(disposition: { outletId: number; orderType: "C" | "D" }) {
  return cart.addToCart(db, { cartUuid: null, outletId: disposition.outletId, orderType: disposition.orderType, productUuid: cola, quantity: 2 });
}

async function cartExists(uuid: string) {
  return Boolean(await db.selectFrom("carts").select("uuid").where("uuid", "=", uuid).executeTakeFirst());
}


describe("idle reset (an hour or more without activity empties the cart and reloads the page)", () => {
  it("exactly 60 minutes after the last activity a page request deletes the cart and redirects to the same URL", async () => {
    const disposition = carryoutAt(roma);
    const uuid = await cartWithProduct(disposition);
    const c = await cookie({ disposition, cartUuid: uuid, lastActivity: at(60) });

    const response = await thrown(order.loader(args(get("/order/pizzas/clasicas?from=menu", c), { slug: "pizzas", sub: "clasicas" })));

    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/order/pizzas/clasicas?from=menu");
    expect(await cartExists(uuid)).toBe(false);
    const after = await sessionOf(response);
    expect(after.get("cartUuid")).toBeUndefined();
    expect(after.get("lastActivity")).toBe(new Date(NOW).getTime());
    expect(after.get("notice")).toEqual({ tone: "info", key: "notices.idleReset" });
    expect(after.get("disposition")).toEqual(disposition);
  });

  it("a post after the idle hour is not applied: the cart is deleted and the page reloads (303 to the same URL)", async () => {
    const disposition = carryoutAt(roma);
    const uuid = await cartWithProduct(disposition);
    const c = await cookie({ disposition, cartUuid: uuid, lastActivity: at(90) });

    const response = await thrown(home.action(args(post("/home", c, { orderType: "C", outletId: String(condesa.id) }))));

    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/home");
    expect(await cartExists(uuid)).toBe(false);
    const after = await sessionOf(response);
    expect(after.get("cartUuid")).toBeUndefined();
    expect(after.get("disposition")?.outletId).toBe(roma.id);
    expect(after.get("notice")?.key).toBe("notices.idleReset");
  });

  it("59 minutes is not idle: the page renders and the cart stays", async () => {
    const disposition = carryoutAt(roma);
    const uuid = await cartWithProduct(disposition);
    const c = await cookie({ disposition, cartUuid: uuid, lastActivity: at(59) });

    const response = await home.loader(args(get("/home", c)));

    expect(response.status).toBe(200);
    expect(await cartExists(uuid)).toBe(true);
  });

  it("a loader and an action of one request both meeting the idle session both redirect; the delete is idempotent", async () => {
    const disposition = carryoutAt(roma);
    const uuid = await cartWithProduct(disposition);
    const c = await cookie({ disposition, cartUuid: uuid, lastActivity: at(120) });
    const request = get("/order/pizzas/clasicas", c);

    const responses = await Promise.all([thrown(store.storefront(request)), thrown(store.storefront(request))]);
    const again = await thrown(store.storefront(request));

    for (const response of [...responses, again]) {
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/order/pizzas/clasicas");
    }
    expect(await cartExists(uuid)).toBe(false);
  });

  it("without a cart, or without a recorded activity, nothing is reset", async () => {
    const disposition = carryoutAt(roma);
    const noCart = await home.loader(args(get("/home", await cookie({ disposition, lastActivity: at(600) }))));
    expect(noCart.status).toBe(200);

    const uuid = await cartWithProduct(disposition);
    const noActivity = await home.loader(args(get("/home", await cookie({ disposition, cartUuid: uuid }))));
    expect(noActivity.status).toBe(200);
    expect(await cartExists(uuid)).toBe(true);
  });

  it("every rendered page records activity: the root loader commits lastActivity = now", async () => {
    const disposition = carryoutAt(roma);
    const uuid = await cartWithProduct(disposition);
    const c = await cookie({ disposition, cartUuid: uuid, lastActivity: at(30) });

    const response = await answerOf(root.loader(args(get("/order/pizzas/clasicas", c))));

    expect(response.status).toBe(200);
    const after = await sessionOf(response);
    expect(after.get("lastActivity")).toBe(new Date(NOW).getTime());
    expect(after.get("cartUuid")).toBe(uuid);
  });
});

describe("changing the disposition with products in the cart asks for confirmation, then clears the cart", () => {
  it("another outlet: 409 with the confirmation; nothing changes (cart, session)", async () => {
    const disposition = carryoutAt(roma);
    const uuid = await cartWithProduct(disposition);
    const c = await cookie({ disposition, cartUuid: uuid, lastActivity: at(1) });

    const response = await home.action(args(post("/home", c, { orderType: "C", outletId: String(condesa.id) })));

    expect(response.status).toBe(409);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const body = await response.json();
    expect(body.confirm).toEqual({
      choice: { orderType: "C", outletId: condesa.id },
      next: { orderType: "C", outletName: "Condesa", postalCode: null },
      count: 2,
    });
    expect(await cartExists(uuid)).toBe(true);
    expect((await cart.getCart(db, uuid))!.outletId).toBe(roma.id);
  });

  it("confirmed (confirm=1): the cart row is gone, the session forgets it, stores the new outlet, notice on /order", async () => {
    const disposition = carryoutAt(roma);
    const uuid = await cartWithProduct(disposition);
    const c = await cookie({ disposition, cartUuid: uuid, lastActivity: at(1) });

    const response = await home.action(args(post("/home", c, { orderType: "C", outletId: String(condesa.id), confirm: "1" })));

    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(MENU_START);
    expect(await cartExists(uuid)).toBe(false);
    expect(await db.selectFrom("cart_lines").select("id").where("cart_uuid", "=", uuid).execute()).toEqual([]);
    const after = await sessionOf(response);
    expect(after.get("cartUuid")).toBeUndefined();
    expect(after.get("disposition")).toMatchObject({ orderType: "C", outletId: condesa.id, outletName: "Condesa" });
    expect(after.get("notice")).toEqual({ tone: "info", key: "notices.dispositionCartCleared" });
  });

  it("another postal code (same outlet) and another order type (same outlet) also ask", async () => {
    const delivery = deliveryTo(roma, "06700");
    const uuid = await cartWithProduct(delivery);
    const c = await cookie({ disposition: delivery, cartUuid: uuid, lastActivity: at(1) });

    const otherCode = await home.action(args(post("/home", c, deliveryPost("06760"))));
    expect(otherCode.status).toBe(409);
    expect((await otherCode.json()).confirm.next).toEqual({ orderType: "D", outletName: "Roma Norte", postalCode: "06760" });

    const carryout = await home.action(args(post("/home", c, { orderType: "C", outletId: String(roma.id) })));
    expect(carryout.status).toBe(409);
    expect(await cartExists(uuid)).toBe(true);
  });

  it("the same disposition as now applies directly and keeps the cart", async () => {
    const disposition = carryoutAt(roma);
    const uuid = await cartWithProduct(disposition);
    const c = await cookie({ disposition, cartUuid: uuid, lastActivity: at(1) });

    const response = await home.action(args(post("/home", c, { orderType: "C", outletId: String(roma.id) })));

    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(MENU_START);
    expect(await cartExists(uuid)).toBe(true);
    const after = await sessionOf(response);
    expect(after.get("cartUuid")).toBe(uuid);
    expect(after.get("disposition")?.outletId).toBe(roma.id);
    expect(after.get("notice")).toBeUndefined();
  });

  it("an empty cart applies directly: no confirmation, no notice, the empty cart row is dropped", async () => {
    const disposition = carryoutAt(roma);
    const noCart = await home.action(args(post("/home", await cookie({ disposition }), { orderType: "C", outletId: String(condesa.id) })));
    expect(noCart.status).toBe(303);
    expect((await sessionOf(noCart)).get("disposition")?.outletId).toBe(condesa.id);

    const uuid = await cartWithProduct(disposition);
    const line = (await cart.getCart(db, uuid))!.lines[0]!;
    await cart.removeLine(db, uuid, line.id);
    const c = await cookie({ disposition, cartUuid: uuid, lastActivity: at(1) });
    const emptyCart = await home.action(args(post("/home", c, { orderType: "C", outletId: String(condesa.id) })));

    expect(emptyCart.status).toBe(303);
    const after = await sessionOf(emptyCart);
    expect(after.get("disposition")?.outletId).toBe(condesa.id);
    expect(after.get("cartUuid")).toBeUndefined();
    expect(after.get("notice")).toBeUndefined();
    expect(await cartExists(uuid)).toBe(false);
  });

  it("a refused choice (postal code nobody serves) is refused before any confirmation", async () => {
    const disposition = carryoutAt(roma);
    const uuid = await cartWithProduct(disposition);
    const c = await cookie({ disposition, cartUuid: uuid, lastActivity: at(1) });

    const response = await home.action(args(post("/home", c, deliveryPost("01000", { confirm: "1" }))));

    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.notice.key).toBe("errors:noOutlet");
    expect(body.carryoutNear).toBe("01000"); // the page links to the carry-out outlets near it
    expect(await cartExists(uuid)).toBe(true);
  });
});

describe("delivery to an address (home's form)", () => {
  it("a complete address to a served postal code: 303 to the menu, the address stored under the spec's names", async () => {
    const response = await home.action(args(post("/home", await cookie({}), deliveryPost("06700", { interiorNo: "4" }))));

    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(MENU_START);
    expect((await sessionOf(response)).get("disposition")).toMatchObject({
      orderType: "D",
      outletId: roma.id,
      postalCode: "06700",
      ...ADDRESS,
      interiorNo: "4",
      // no geocoder is configured: the outlet's coordinates
      lat: roma.lat,
      long: roma.lng,
    });
  });

  it("missing street, number and reference: 400 with an error per field and the typed values kept", async () => {
    const response = await home.action(
      args(post("/home", await cookie({}), deliveryPost("06700", { st: "", houseNo: " ", landmark: "", cityName: "Ciudad de México" }))),
    );

    expect(response.status).toBe(400);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const { result } = await response.json();
    expect(result.error).toEqual({ st: ["required"], houseNo: ["required"], landmark: ["required"] });
    expect(result.initialValue).toMatchObject({ postalCode: "06700", cityName: "Ciudad de México", villeageName: "Roma Norte" });
  });

  it("a field too long or with characters outside the rule is a 400 with its message, never a 500", async () => {
    const c = await cookie({});
    const long = await home.action(args(post("/home", c, deliveryPost("06700", { landmark: "x".repeat(5_000) }))));
    expect(long.status).toBe(400);
    expect((await long.json()).result.error).toEqual({ landmark: ["tooLong"] });

    const chars = await home.action(args(post("/home", c, deliveryPost("06700", { st: "<script>alert(1)</script>" }))));
    expect(chars.status).toBe(400);
    expect((await chars.json()).result.error).toEqual({ st: ["addressCharacters"] });
  });

  it("another street in the same postal code keeps the cart (same outlet, same prices) and takes the new address", async () => {
    const delivery = { ...deliveryTo(roma, "06700"), interiorNo: "9" };
    const uuid = await cartWithProduct(delivery);
    const c = await cookie({ disposition: delivery, cartUuid: uuid, lastActivity: at(1) });

    const response = await home.action(args(post("/home", c, deliveryPost("06700", { st: "Calle Colima", houseNo: "S/N" }))));

    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(MENU_START);
    expect(await cartExists(uuid)).toBe(true);
    const after = await sessionOf(response);
    expect(after.get("cartUuid")).toBe(uuid);
    expect(after.get("notice")).toBeUndefined();
    expect(after.get("disposition")).toMatchObject({ postalCode: "06700", st: "Calle Colima", houseNo: "S/N", landmark: "Frente al parque" });
    expect(after.get("disposition")?.interiorNo).toBeUndefined(); // the new address replaced the old one entirely
  });

  it("with a geocoder, an applied address takes its first result's coordinates; a confirmation does not ask it", async () => {
    const asked: string[] = [];
    const geocoder = {
      search: async (address: string) => {
        asked.push(address);
        return [{ lat: 19.4201, lng: -99.1599, label: "Avenida Álvaro Obregón 130" }];
      },
    };
    const choice = { orderType: "D" as const, ...ADDRESS, postalCode: "06700" };

    const fresh = await store.storefront(post("/home", await cookie({}), {}));
    const applied = await disposition.chooseDisposition(fresh, choice, { geocoder });
    expect(applied).toMatchObject({ kind: "applied", disposition: { lat: 19.4201, long: -99.1599, st: ADDRESS.st } });
    expect(fresh.session.get("disposition")).toMatchObject({ lat: 19.4201, long: -99.1599 });
    expect(asked).toEqual(["Av. Álvaro Obregón 130, Roma Norte, 06700 Ciudad de México, Ciudad de México, México"]);

    const carryout = carryoutAt(roma);
    const uuid = await cartWithProduct(carryout);
    const withCart = await store.storefront(post("/home", await cookie({ disposition: carryout, cartUuid: uuid, lastActivity: at(1) }), {}));
    expect(await disposition.chooseDisposition(withCart, choice, { geocoder })).toMatchObject({ kind: "confirm" });
    expect(asked).toHaveLength(1);
  });

  it("the confirmation carries the whole address, and confirming stores it", async () => {
    const disposition = carryoutAt(roma);
    const uuid = await cartWithProduct(disposition);
    const c = await cookie({ disposition, cartUuid: uuid, lastActivity: at(1) });

    const asked = await home.action(args(post("/home", c, deliveryPost("06700", { interiorNo: "2" }))));
    expect(asked.status).toBe(409);
    const { confirm } = await asked.json();
    expect(confirm.choice).toEqual({ orderType: "D", ...ADDRESS, interiorNo: "2", postalCode: "06700" });

    // the dialog's form: every field of the choice, hidden, plus confirm=1
    const confirmed = await home.action(args(post("/home", c, { ...confirm.choice, confirm: "1" })));
    expect(confirmed.status).toBe(303);
    expect(await cartExists(uuid)).toBe(false);
    expect((await sessionOf(confirmed)).get("disposition")).toMatchObject({ orderType: "D", ...ADDRESS, interiorNo: "2" });
  });
});

