/**
 * The one cart action (app/routes/cart.tsx), through the app's own route modules on the app's database (PGlite in
 * memory): every cart form posts there with conform's names, goes back where it says (safely), and a refusal keeps
 * the cart and, without JavaScript, the customer's choice for the page it came from.
 */
import { answerOf, args, cookie, get, post, sessionOf, thrown } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { firstComboChoice } from "../support/combos";

process.env.SESSION_SECRET = "cart-route-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";

const NOW = "2026-11-20T19:00:00.000Z"; // Friday 13:00 in Mexico City
const MENU = "/order/pizzas/especialidades";

let cartRoute: typeof import("~/routes/cart");
let rootRoute: typeof import("~/root");
let rows: typeof import("#server/cart/rows");
let db: import("#server/db/client").Database;
let disposition: import("#server/outlets/outlets").Disposition;
let suprema: { uuid: string; size: number; crust: number; topping: (code: string) => number };
let combo: { uuid: string; slots: { id: number; option: string }[]; fields: Record<string, string> };

beforeAll(async () => {
  cartRoute = await import("~/routes/cart");
  rootRoute = await import("~/root");
  rows = await import("#server/cart/rows");
  db = await (await import("#server/db/client")).getDb();
  const { productUuid } = await import("#server/db/seed");
  const outlets = await import("#server/outlets/outlets");
  const roma = await db.selectFrom("outlets").selectAll().where("code", "=", "MX-ROM-01").executeTakeFirstOrThrow();
  disposition = outlets.dispositionFor(roma, "C");

  const product = await db.selectFrom("products").select("id").where("sku", "=", "PZ-SUPREMA").executeTakeFirstOrThrow();
  const layers = await db.selectFrom("product_layers").select(["id", "sku"]).where("product_id", "=", product.id).orderBy("id").execute();
  const toppings = await db
    .selectFrom("product_toppings as pt")
    .innerJoin("toppings as t", "t.id", "pt.topping_id")
    .select(["t.id", "t.code"])
    .where("pt.product_id", "=", product.id)
    .execute();
  suprema = {
    uuid: productUuid("PZ-SUPREMA"),
    size: layers.find((l) => l.sku === "L")!.id,
    crust: layers.find((l) => l.sku === "L-PAN")!.id,
    topping: (code) => toppings.find((t) => t.code === code)!.id,
  };

  const comboRow = await db
    .selectFrom("products as p")
    .innerJoin("combo_slots as s", "s.product_id", "p.id")
    .select(["p.uuid"])
    .executeTakeFirstOrThrow();
  combo = { uuid: comboRow.uuid, ...(await firstComboChoice(db, comboRow.uuid)) };
});

pinStoreNow(NOW);

/** The session cookie ("__pizza=…") a response sets, as the browser sends it back. */
const cookieOf = (response: Response) => response.headers.get("Set-Cookie")!.split(";")[0]!;

const carryout = () => cookie({ disposition, lastActivity: new Date(NOW).getTime() });

/** Posts a cart form as the browser does (a document post), or as a fetcher does (a data request: the load context says). */
async function postCart(cookieHeader: string, fields: Record<string, string>, { fetcher = false } = {}): Promise<Response> {
  return (await cartRoute.action({ ...args(post("/cart", cookieHeader, fields)), context: { dataRequest: fetcher } })) as Response;
}

/** What the page a response leads to shows from the session: the root loader's notice and kept choice. */
async function rootAfter(response: Response) {
  const session = await sessionOf(response);
  const c = cookieOf(response);
  const data = await (await answerOf(rootRoute.loader(args(get(response.headers.get("Location") ?? "/", c))))).json();
  return { session, notice: data.notice, cartChoice: data.cartChoice };
}

const largePan = () => ({ firstLayerId: String(suprema.size), secondLayerId: String(suprema.crust) });

describe("the cart action", () => {
  it("adds with conform's names (a count per extra topping) and goes back to the form's page", async () => {
    const response = await postCart(await carryout(), {
      intent: "add",
      productUuid: suprema.uuid,
      ...largePan(),
      remove: String(suprema.topping("cebolla")),
      "extra[0].toppingId": String(suprema.topping("jamon")),
      "extra[0].count": "1",
      "extra[1].toppingId": String(suprema.topping("tocino")),
      "extra[1].count": "",
      quantity: "2",
      back: MENU,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(MENU);
    const { session, notice } = await rootAfter(response);
    expect(notice).toMatchObject({ tone: "success", key: "notices.cartAdded" });
    const cart = await rows.getCart(db, session.get("cartUuid")!);
    expect(cart!.lines).toHaveLength(1);
    expect(cart!.lines[0]).toMatchObject({
      quantity: 2,
      toppings: { removed: [suprema.topping("cebolla")], extras: { [suprema.topping("jamon")]: 1 } },
    });
  });

  it("goes to a safe redirectTo once done, and back to the form's page for anything else", async () => {
    const fields = { intent: "add", productUuid: suprema.uuid, ...largePan(), back: MENU };
    expect((await postCart(await carryout(), { ...fields, redirectTo: "/order/combos" })).headers.get("Location")).toBe("/order/combos");
    for (const hostile of ["//evil.example", "https://evil.example/", "/\\evil.example", "/\t/evil.example", "/.//evil.example/x", "/%2e//evil.example"]) {
      expect((await postCart(await carryout(), { ...fields, redirectTo: hostile })).headers.get("Location"), hostile).toBe(MENU);
    }
    for (const back of ["//evil.example", "/.//evil.example/x"]) {
      expect((await postCart(await carryout(), { ...fields, back })).headers.get("Location"), back).toBe("/cart");
    }
  });

  it("a document post from a product's card comes back to the card with its message there; a fetcher's, never", async () => {
    const card = `product-${suprema.uuid}`;
    const fields = { intent: "add", productUuid: suprema.uuid, ...largePan(), back: MENU, at: card };
    const document = await postCart(await carryout(), fields);
    expect(document.headers.get("Location")).toBe(`${MENU}#${card}`);
    expect((await rootAfter(document)).notice).toMatchObject({ key: "notices.cartAdded", at: card });
    // A refusal comes back to the card too (a product the outlet does not have: a uuid of no product).
    const refusal = await postCart(await carryout(), { ...fields, productUuid: "00000000-0000-4000-8000-000000000000" });
    expect(refusal.headers.get("Location")).toBe(`${MENU}#${card}`);
    expect((await rootAfter(refusal)).notice).toMatchObject({ tone: "error", at: card });
    // A fetcher keeps its page where it is: no anchor, the message for the top of the page it reloads.
    const fetched = await postCart(await carryout(), fields, { fetcher: true });
    expect(fetched.headers.get("Location")).toBe(MENU);
    expect((await rootAfter(fetched)).notice).not.toHaveProperty("at");
    // Done elsewhere (a redirectTo), or an id that is not a plain one: the page as it was asked for, no anchor.
    expect((await postCart(await carryout(), { ...fields, redirectTo: "/order/combos" })).headers.get("Location")).toBe("/order/combos");
    // A `back` that was refused or missing (the fallback, /cart, has no such card), or one with its own fragment.
    const fallback = await postCart(await carryout(), { ...fields, back: "//evil.example" });
    expect(fallback.headers.get("Location")).toBe("/cart");
    expect((await rootAfter(fallback)).notice).not.toHaveProperty("at");
    const { back: _, ...withoutBack } = fields;
    expect((await postCart(await carryout(), withoutBack)).headers.get("Location")).toBe("/cart");
    const fragment = await postCart(await carryout(), { ...fields, back: `${MENU}#top` });
    expect(fragment.headers.get("Location")).toBe(`${MENU}#top`);
    expect((await rootAfter(fragment)).notice).not.toHaveProperty("at");
    for (const hostile of ['a"><script>', "a b", "#x", "1abc", "x".repeat(81)]) {
      const response = await postCart(await carryout(), { ...fields, at: hostile });
      expect(response.headers.get("Location"), hostile).toBe(MENU);
      expect((await rootAfter(response)).notice, hostile).not.toHaveProperty("at");
    }
  });

  it("an add form posted twice from one page (a double click) adds once; another choice, page or moment adds again", async () => {
    // Each page gets its own one-time value for its add forms (root loader), which CartForm posts as `once`.
    const c = await carryout();
    const pageOnce = async (cookieHeader: string) =>
      ((await (await answerOf(rootRoute.loader(args(get(MENU, cookieHeader))))).json()) as { once: string }).once;
    const once = await pageOnce(c);
    expect(once).toMatch(/^[0-9a-f-]{36}$/);
    expect(await pageOnce(c)).not.toBe(once);
    const fields = { intent: "add", productUuid: suprema.uuid, ...largePan(), back: MENU, at: `product-${suprema.uuid}` };
    const first = await postCart(c, { ...fields, once });
    const cartCookie = cookieOf(first);
    const uuid = (await sessionOf(first)).get("cartUuid")!;
    const quantity = async () => (await rows.getCart(db, uuid))!.lines.map((line) => line.quantity);
    expect(await quantity()).toEqual([1]);
    // The second post of the click, and a third at the same moment: answered as the first, the cart as it was.
    const repeats = await Promise.all([postCart(cartCookie, { ...fields, once }), postCart(cartCookie, { ...fields, once })]);
    for (const repeat of repeats) {
      expect(repeat.status).toBe(303);
      expect(repeat.headers.get("Location")).toBe(`${MENU}#product-${suprema.uuid}`);
      expect((await rootAfter(repeat)).notice).toMatchObject({ tone: "success", key: "notices.cartAdded" });
    }
    expect(await quantity()).toEqual([1]);
    // Another choice from the same page is another add (the same line: merged, 1 + 2).
    await postCart(cartCookie, { ...fields, once, quantity: "2" });
    expect(await quantity()).toEqual([3]);
    // The same choice from another page (a new value) adds; so does that page's form posted again after 10 s.
    const next = await pageOnce(cartCookie);
    await postCart(cartCookie, { ...fields, once: next });
    expect(await quantity()).toEqual([4]);
    process.env.STORE_NOW = new Date(new Date(NOW).getTime() + 9_999).toISOString();
    await postCart(cartCookie, { ...fields, once: next });
    expect(await quantity()).toEqual([4]);
    process.env.STORE_NOW = new Date(new Date(NOW).getTime() + 10_000).toISOString();
    await postCart(cartCookie, { ...fields, once: next });
    expect(await quantity()).toEqual([5]);
    // Without a value (a form from before it, a crafted post) every post adds; a malformed one is no cart form.
    await postCart(cartCookie, fields);
    await postCart(cartCookie, fields);
    expect(await quantity()).toEqual([7]);
    expect((await postCart(cartCookie, { ...fields, once: "x" })).status).toBe(400);
  });

  it("a refusal without JavaScript goes back with the reason and what was chosen; the cart is unchanged", async () => {
    const c = await carryout();
    const response = await postCart(c, {
      intent: "add",
      productUuid: suprema.uuid,
      ...largePan(),
      "extra[0].toppingId": String(suprema.topping("jamon")),
      "extra[0].count": "1",
      "extra[1].toppingId": String(suprema.topping("tocino")),
      "extra[1].count": "1",
      back: `${MENU}/${suprema.uuid}?size=${suprema.size}`,
      redirectTo: MENU,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${MENU}/${suprema.uuid}?size=${suprema.size}`);
    const { session, notice, cartChoice } = await rootAfter(response);
    expect(notice).toMatchObject({ tone: "error", key: "errors:toppingExtraLimit" });
    expect(cartChoice).toMatchObject({
      productUuid: suprema.uuid,
      secondLayerId: suprema.crust,
      extras: { [suprema.topping("jamon")]: 1, [suprema.topping("tocino")]: 1 },
    });
    expect(session.get("cartUuid")).toBeUndefined();
  });

  it("a refusal to a fetcher is a 422 with the translated notice, and changes nothing", async () => {
    const response = await postCart(
      await carryout(),
      {
        intent: "add",
        productUuid: suprema.uuid,
        ...largePan(),
        "extra[0].toppingId": String(suprema.topping("jamon")),
        "extra[0].count": "5",
        back: MENU,
      },
      { fetcher: true },
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ notice: { tone: "error" } });
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("a combo's choice comes as combo[i].slotId and combo[i].productUuid", async () => {
    const fields = { intent: "add", productUuid: combo.uuid, back: `/combo-detail/${combo.uuid}`, redirectTo: "/order/combos", ...combo.fields };
    const response = await postCart(await carryout(), fields);
    expect(response.headers.get("Location")).toBe("/order/combos");
    const cart = await rows.getCart(db, (await sessionOf(response)).get("cartUuid")!);
    expect(cart!.lines[0]!.combo?.map((c) => c.slotId)).toEqual(combo.slots.map((s) => s.id));
  });

  it("changes a line's quantity, removes it, and empties the cart, each back to its page", async () => {
    const added = await postCart(await carryout(), { intent: "add", productUuid: suprema.uuid, ...largePan(), back: MENU });
    let session = await sessionOf(added);
    const c = cookieOf(added);
    const uuid = session.get("cartUuid")!;
    const lineId = String((await rows.getCart(db, uuid))!.lines[0]!.id);
    expect((await postCart(c, { intent: "quantity", lineId, quantity: "3", back: "/cart" })).headers.get("Location")).toBe("/cart");
    expect((await rows.getCart(db, uuid))!.lines[0]!.quantity).toBe(3);
    await postCart(c, { intent: "remove", lineId, back: MENU });
    expect((await rows.getCart(db, uuid))!.lines).toHaveLength(0);
    const emptied = await postCart(c, { intent: "empty", back: MENU });
    session = await sessionOf(emptied);
    expect(session.get("cartUuid")).toBeUndefined();
    expect(await rows.getCart(db, uuid)).toBeUndefined();
  });

  it("a post that is not a cart form is a 400 with the translated message; a gone cart goes home", async () => {
    const c = await carryout();
    const malformed: Record<string, string>[] = [{ intent: "fly" }, { intent: "add", productUuid: "not-a-uuid" }, { intent: "quantity", lineId: "1", quantity: "100" }];
    for (const fields of malformed) {
      const response = await postCart(c, { ...fields, back: MENU });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.json()).toEqual({ notice: { tone: "error", key: "validation:cartForm" }, field: null });
    }
    const gone = await postCart(await cookie({ disposition, cartUuid: "6f1c2a9e-4b7d-4e0a-9c55-3d2f8b1e7a40", lastActivity: new Date(NOW).getTime() }), {
      intent: "remove",
      lineId: "1",
      back: MENU,
    });
    expect(gone.headers.get("Location")).toBe("/home");
  });

  it("without a disposition an add goes home to choose one first", async () => {
    const response = await postCart(await cookie({}), { intent: "add", productUuid: suprema.uuid, back: MENU });
    expect(response.headers.get("Location")).toBe("/home");
    expect((await rootAfter(response)).notice).toMatchObject({ key: "errors:outletRequired" });
  });

  it("GET /cart shows the session's cart", async () => {
    const added = await postCart(await carryout(), { intent: "add", productUuid: suprema.uuid, ...largePan(), back: MENU });
    const c = cookieOf(added);
    const data = await ((await cartRoute.loader(args(get("/cart", c)))) as Response).json();
    expect(data.cart.lines).toHaveLength(1);
    expect(data.title).toBe("Tu carrito");
  });
});

it("an idle cart posted to after an hour is emptied, and the visitor goes back to the form's page", async () => {
  const uuid = await rows.addToCart(db, { cartUuid: null, outletId: disposition.outletId, orderType: "C", productUuid: suprema.uuid, quantity: 1, firstLayerId: suprema.size, secondLayerId: suprema.crust });
  const c = await cookie({ disposition, cartUuid: uuid, lastActivity: new Date(NOW).getTime() - 60 * 60_000 });
  const response = await thrown(cartRoute.action(args(post("/cart", c, { intent: "quantity", lineId: "1", quantity: "2", back: MENU }))));
  expect(response.headers.get("Location")).toBe(MENU);
  expect(await rows.getCart(db, uuid)).toBeUndefined();
});
