/**
 * The checkout through the app's own loader and action (POST /checkout with a session cookie), on PGlite and, when
 * TEST_DATABASE_URL is set, on a real Postgres (the app's database is the suite's: getDb() answers it):
 * the form's delivery details, payment and invoice are kept with the order; prices and totals never come from the
 * form; payment rules (method per outlet, cash amount, cash cap, driver's change) refuse beside their field;
 * 20 concurrent identical posts make one order.
 *
 * session.server.ts reads SESSION_SECRET when first imported, so it is set before the app's modules are imported.
 */
import { randomUUID } from "node:crypto";
import { CARRYOUT_ONLY_OUTLET_CODE, SERVED_POSTAL_CODE, TIJUANA_OUTLET_CODE } from "#server/db/seed";
import type { Database } from "#server/db/client";
import { getCart } from "#server/cart/rows";
import type { Outlet } from "#server/db/types";
import { args, cartOf, cookie, get, hawaiianCart, post, sessionOf } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";

process.env.SESSION_SECRET = "checkout-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";

// Friday 2026-11-20, 15:00 in Mexico City and 13:00 in Tijuana: every outlet is open for ASAP orders.
pinStoreNow("2026-11-20T21:00:00Z");

let route: typeof import("~/routes/checkout/route");
let outlets: typeof import("#server/outlets/outlets");
let place: typeof import("#server/orders/place");
let payments: typeof import("#server/orders/payment-methods");

beforeAll(async () => {
  route = await import("~/routes/checkout/route");
  outlets = await import("#server/outlets/outlets");
  place = await import("#server/orders/place");
  payments = await import("#server/orders/payment-methods");
});

/** The app's process-wide database (server/db/client.ts's getDb) becomes the suite's. */
const app = globalThis as typeof globalThis & { __storefrontDb?: Promise<Database> };

const ADDRESS = {
  st: "Av. Álvaro Obregón",
  houseNo: "130",
  interiorNo: "4B",
  villeageName: "Roma Norte",
  cityName: "Ciudad de México",
  prefectureName: "Ciudad de México",
  landmark: "Portón verde",
};

/** A valid checkout form (carry-out fields; `delivery` adds the address and a property type). */
const form = (over: Record<string, string> = {}) => ({
  name: "Ana",
  surname: "López",
  email: "ana@correo.mx",
  mobile: "55 1234 5678",
  comment: "",
  paymentMethod: "cash",
  idempotencyKey: randomUUID(),
  ...over,
});
const deliveryForm = (over: Record<string, string> = {}) => form({ ...ADDRESS, propertyType: "house", ...over });

/** The order a 303 leads to (its uuid ends the Location, whatever page shows it). */
const placedUuid = (response: Response) => {
  expect(response.status, "the action answers 303 after placing").toBe(303);
  const uuid = /([0-9a-f-]{36})$/.exec(response.headers.get("Location") ?? "")?.[1];
  expect(uuid).toBeDefined();
  return uuid!;
};

describe.each(testDatabases())("checkout through the route on $name", (kind) => {
  let t: TestDatabase;
  let roma: Outlet;
  let tijuana: Outlet;
  let kiosk: Outlet;

  beforeAll(async () => {
    t = await kind.create();
    app.__storefrontDb = Promise.resolve(t.db);
    roma = (await outlets.findDeliveryOutlet(t.db, SERVED_POSTAL_CODE))!;
    tijuana = await t.db.selectFrom("outlets").selectAll().where("code", "=", TIJUANA_OUTLET_CODE).executeTakeFirstOrThrow();
    kiosk = await t.db.selectFrom("outlets").selectAll().where("code", "=", CARRYOUT_ONLY_OUTLET_CODE).executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    app.__storefrontDb = undefined;
    await t?.destroy();
  });

  /** A cart of large stuffed-crust Hawaiians (27,400 each) and a cola (3,900). */
  const cart = (outlet: Outlet, orderType: "D" | "C", pizzas = 1) => hawaiianCart(t.db, outlet.id, orderType, pizzas);

  /** A session with a delivery to 06700 (Roma Norte) at ADDRESS and that cart. */
  async function deliverySession(cartUuid: string) {
    return cookie({ disposition: { ...outlets.dispositionFor(roma, "D", SERVED_POSTAL_CODE), ...ADDRESS }, cartUuid, sid: SID });
  }
  // The session id the checkout page gives a browser before its form can be posted (see ensureSessionId).
  const SID = "browser-a";
  const carryoutSession = (outlet: Outlet, cartUuid: string, sid = SID) => cookie({ disposition: outlets.dispositionFor(outlet, "C"), cartUuid, sid });

  const orderRow = (uuid: string) => t.db.selectFrom("orders").selectAll().where("uuid", "=", uuid).executeTakeFirstOrThrow();
  const ordersWithKey = (key: string) => t.db.selectFrom("orders").select("id").where("idempotency_key", "=", `${SID}:${key}`).execute();
  const cartExists = async (uuid: string) => Boolean(await t.db.selectFrom("carts").select("uuid").where("uuid", "=", uuid).executeTakeFirst());

  /** The 4xx answer's form state: conform's errors per field and the values as typed. */
  async function refused(response: Response, status: number) {
    expect(response.status).toBe(status);
    const body = (await response.json()) as { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };
    return { errors: body.result.error ?? {}, values: body.result.initialValue ?? {} };
  }

  it("the page gives the form its context: methods, cash cap, total, the address to start from and the postal code", async () => {
    const uuid = await cart(roma, "D");
    const response = await route.loader(args(get("/checkout", await deliverySession(uuid))));
    const data = await response.json();
    expect(data.form).toMatchObject({
      orderType: "D",
      postalCode: SERVED_POSTAL_CODE,
      address: ADDRESS,
      payment: { methods: ["cash", "eftpos"], cashCapCents: null, totalCents: 31_300 + 3_900 },
    });
    expect(data.form.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const tj = await route.loader(args(get("/checkout", await carryoutSession(tijuana, await cart(tijuana, "C")))));
    expect((await tj.json()).form.payment).toEqual({ methods: ["cash", "eftpos"], cashCapCents: 100_000, totalCents: 31_300 });
    const sf = await route.loader(args(get("/checkout", await carryoutSession(kiosk, await cart(kiosk, "C")))));
    expect((await sf.json()).form.payment.methods).toEqual(["cash"]);
  });

  it("a delivery under the outlet's minimum is said on the page before the form is filled in, with the minimum's amount (spec 5; the header's badge leads here past the cart)", async () => {
    const small = await cartOf(t.db, { outletId: roma.id, orderType: "D" }, { sku: "PZ-PEPPERONI", size: "S", crust: "S-PAN", quantity: 1 });
    const under = await (await route.loader(args(get("/checkout", await deliverySession(small))))).json();
    expect(under.notice).toEqual({ tone: "error", key: "errors:minimumCart", values: { amount: "$150.00" } });
    // Reached, or carry-out (no minimum): nothing to say.
    expect((await (await route.loader(args(get("/checkout", await deliverySession(await cart(roma, "D")))))).json()).notice).toBeNull();
    const carryout = await cartOf(t.db, { outletId: roma.id, orderType: "C" }, { sku: "PZ-PEPPERONI", size: "S", crust: "S-PAN", quantity: 1 });
    expect((await (await route.loader(args(get("/checkout", await carryoutSession(roma, carryout))))).json()).notice).toBeNull();
  });

  it("a coupon applied from the checkout form (no JavaScript) answers with the form's values untouched; a deal's goes to its combo", async () => {
    const session = await carryoutSession(roma, await cart(roma, "C"));
    const typed = { ...form({ name: "Tere" }), intent: "apply-coupon", code: "NOEXISTE" };
    const unknown = (await route.action(args(post("/checkout", session, typed)))) as Response;
    expect(unknown.status).toBe(422);
    const body = await unknown.json();
    expect(body.couponMessage).toMatchObject({ key: "errors:cp12", link: { to: "/order/deals" } });
    expect(body.result.initialValue).toMatchObject({ name: "Tere", email: form().email });
    expect(body.result.error).toBeUndefined();
    const applied = (await route.action(args(post("/checkout", session, { ...typed, code: "comida20" })))) as Response;
    expect(applied.status).toBe(200);
    expect((await applied.json()).notice).toMatchObject({ key: "notices.couponApplied", values: { code: "COMIDA20" } });
    const deal = await route.action(args(post("/checkout", session, { ...typed, code: "COMBOPAREJA" }))).catch((error: unknown) => error);
    expect(deal instanceof Response && deal.status).toBe(303);
    expect((deal as Response).headers.get("Location")).toMatch(/^\/combo-detail\//);
    expect(await ordersWithKey(typed.idempotencyKey)).toEqual([]); // nothing placed
  });

  it("a code left in the coupon field when the form is posted to place the order (Enter in the field, no JavaScript) is applied, and nothing is placed", async () => {
    const uuid = await cart(roma, "C");
    const session = await carryoutSession(roma, uuid);
    const fields = { ...form({ name: "Tere" }), code: " pizza15 " };
    const response = (await route.action(args(post("/checkout", session, fields)))) as Response;
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.notice).toMatchObject({ key: "notices.couponApplied", values: { code: "PIZZA15" }, also: { key: "notices.couponNotPlacedYet" } });
    expect(body.result.initialValue).toMatchObject({ name: "Tere", email: form().email });
    expect(await ordersWithKey(fields.idempotencyKey)).toEqual([]);
    expect((await getCart(t.db, uuid))!.coupons.coupons.map((coupon) => coupon.code)).toEqual(["PIZZA15"]);
    // an empty field places as before
    const placed = await route.action(args(post("/checkout", session, { ...fields, code: "  " }))).catch((error: unknown) => error);
    expect(placed instanceof Response && placed.status).toBe(303);
    expect(await ordersWithKey(fields.idempotencyKey)).toHaveLength(1);
  });

  it("prices, totals, outlet and postal code posted in the form are ignored: the order is priced from the database", async () => {
    const uuid = await cart(roma, "D");
    const fields = deliveryForm({
      st: "Calle Colima",
      houseNo: "S/N",
      cashTendered: "500",
      company: "Oficinas Roma, S.C.",
      propertyType: "office-apartment-other",
      receipt: "on",
      // Tampering: none of these is a field of the form, and none may count.
      total: "1.00",
      totalCents: "100",
      subtotalCents: "100",
      deliveryFeeCents: "0",
      discountCents: "30000",
      price: "1",
      unitPriceCents: "1",
      "lines[0].totalCents": "1",
      changeCents: "99999",
      tenderedCents: "100",
      currency: "USD",
      status: "7",
      outletId: String(kiosk.id),
      outletCode: CARRYOUT_ONLY_OUTLET_CODE,
      orderType: "C",
      postalCode: "01000",
    });
    const response = await route.action(args(post("/checkout", await deliverySession(uuid), fields)));
    const order = await orderRow(placedUuid(response));
    expect(order).toMatchObject({
      outlet_id: roma.id,
      outlet_code: roma.code,
      order_type: "D",
      status: 3,
      currency: "MXN",
      subtotal_cents: 31_300,
      delivery_fee_cents: 3_900,
      discount_cents: 0,
      total_cents: 35_200,
      company: "Oficinas Roma, S.C.",
      property_type: "office-apartment-other",
      receipt: true,
      invoice: null,
      payment_method: "cash",
    });
    expect(order.payment).toEqual({ id: 9, method: "cash", tenderedCents: 50_000, changeCents: 14_800 });
    // The address as confirmed on the form, with the disposition's postal code.
    expect(order.delivery_address).toEqual({ ...ADDRESS, st: "Calle Colima", houseNo: "S/N", postalCode: SERVED_POSTAL_CODE });
    const items = await t.db.selectFrom("order_items").select(["sku", "unit_price_cents", "total_cents"]).where("order_id", "=", order.id).orderBy("position").execute();
    expect(items).toEqual([
      { sku: "PZ-HAWAIANA", unit_price_cents: 27_400, total_cents: 27_400 },
      { sku: "DR-COLA-600", unit_price_cents: 3_900, total_cents: 3_900 },
    ]);
    expect(await cartExists(uuid)).toBe(false);
    // The session forgets the cart and keeps the corrected address for the next order.
    const session = await sessionOf(response);
    expect(session.get("cartUuid")).toBeUndefined();
    expect(session.get("disposition")).toMatchObject({ outletId: roma.id, postalCode: SERVED_POSTAL_CODE, st: "Calle Colima", houseNo: "S/N", interiorNo: "4B" });
  });

  it("20 concurrent identical posts make one order, and every answer leads to it", async () => {
    const uuid = await cart(roma, "D");
    const session = await deliverySession(uuid);
    const fields = deliveryForm({ cashTendered: "400" });
    const responses = await Promise.all(Array.from({ length: 20 }, () => route.action(args(post("/checkout", session, fields)))));
    const uuids = responses.map(placedUuid);
    expect(new Set(uuids).size).toBe(1);
    const orders = await ordersWithKey(fields.idempotencyKey);
    expect(orders).toHaveLength(1);
    const byCart = await t.db.selectFrom("orders").select("id").where("cart_uuid", "=", uuid).execute();
    expect(byCart).toEqual(orders);
    const items = await t.db.selectFrom("order_items").select("id").where("order_id", "=", orders[0]!.id).execute();
    expect(items).toHaveLength(2);
    const history = await t.db.selectFrom("order_status_history").select("id").where("order_id", "=", orders[0]!.id).execute();
    expect(history).toHaveLength(1);
    expect((await orderRow(uuids[0]!)).payment).toEqual({ id: 9, method: "cash", tenderedCents: 40_000, changeCents: 4_800 });
  });

  it("a post repeated after the order was placed (the old cookie, the cart gone) leads to the same order", async () => {
    const uuid = await cart(roma, "C");
    const session = await carryoutSession(roma, uuid);
    const fields = form();
    const first = placedUuid(await route.action(args(post("/checkout", session, fields))));
    expect(await cartExists(uuid)).toBe(false);
    const again = placedUuid(await route.action(args(post("/checkout", session, fields))));
    expect(again).toBe(first);
    // Even from a session that no longer names a cart.
    const noCart = await cookie({ disposition: outlets.dispositionFor(roma, "C"), sid: SID });
    expect(placedUuid(await route.action(args(post("/checkout", noCart, fields))))).toBe(first);
    expect(await ordersWithKey(fields.idempotencyKey)).toHaveLength(1);
  });

  it("the idempotency key belongs to its session: the same key from another session never leads to the order", async () => {
    const uuid = await cart(roma, "C");
    const fields = form();
    const first = placedUuid(await route.action(args(post("/checkout", await carryoutSession(roma, uuid), fields))));
    // another browser posts the same form key: without a cart of its own it is refused, never sent to the order
    const stranger = await cookie({ disposition: outlets.dispositionFor(roma, "C"), sid: "browser-b" });
    const refusedAnswer = await route.action(args(post("/checkout", stranger, fields)));
    expect(refusedAnswer.status).toBe(422);
    expect(refusedAnswer.headers.get("Location")).toBeNull();
    expect(JSON.stringify(await refusedAnswer.json())).not.toContain(first);
    // with a cart of its own, the same key makes its own order
    const own = placedUuid(await route.action(args(post("/checkout", await carryoutSession(roma, await cart(roma, "C"), "browser-b"), fields))));
    expect(own).not.toBe(first);
  });

  it("the checkout page gives a new session its id at once (so a double submit carries one id)", async () => {
    const fresh = await cookie({ disposition: outlets.dispositionFor(roma, "C"), cartUuid: await cart(roma, "C") });
    const page = await route.loader(args(get("/checkout", fresh)));
    expect((await sessionOf(page)).get("sid")).toMatch(/^[\w-]{22}$/);
    const known = await route.loader(args(get("/checkout", await carryoutSession(roma, await cart(roma, "C")))));
    expect(known.headers.get("Set-Cookie")).toBeNull();
  });

  it("bad input answers 400 with every field's message and the values as typed; nothing is placed", async () => {
    const uuid = await cart(roma, "D");
    const fields = deliveryForm({
      name: "Ana <b>",
      email: "ana@correo",
      mobile: "55 12",
      st: "",
      propertyType: "castle",
      cashTendered: "100",
      invoiceWanted: "on",
      rfc: "GODE561301GR8",
      legalName: "Ana López",
      taxRegime: "612",
      fiscalPostalCode: "6700",
      cfdiUse: "G03",
    });
    const { errors, values } = await refused(await route.action(args(post("/checkout", await deliverySession(uuid), fields))), 400);
    expect(errors).toEqual({
      name: ["nameCharacters"],
      email: ["email"],
      mobile: ["mobile"],
      st: ["required"],
      propertyType: ["propertyType"],
      cashTendered: ["cashShort"],
      rfc: ["rfcDate"],
      fiscalPostalCode: ["postalCode"],
    });
    expect(values).toMatchObject({ name: "Ana <b>", email: "ana@correo", mobile: "55 12", cashTendered: "100", rfc: "GODE561301GR8", legalName: "Ana López", houseNo: "130" });
    expect(await ordersWithKey(fields.idempotencyKey)).toEqual([]);
    expect(await cartExists(uuid)).toBe(true);
  });

  it("delivery cash: more than $200.00 of change for the driver is refused beside the amount", async () => {
    const uuid = await cart(roma, "D");
    const fields = deliveryForm({ cashTendered: "552.01" }); // total $352.00
    const { errors } = await refused(await route.action(args(post("/checkout", await deliverySession(uuid), fields))), 422);
    expect(errors).toEqual({ cashTendered: ["cashChange"] });
    const ok = await route.action(args(post("/checkout", await deliverySession(uuid), { ...fields, cashTendered: "552" })));
    expect((await orderRow(placedUuid(ok))).payment).toEqual({ id: 9, method: "cash", tenderedCents: 55_200, changeCents: 20_000 });
  });

  it("Tijuana's cash cap ($1,000.00): more cash is refused beside the amount, a card is taken", async () => {
    const uuid = await cart(tijuana, "C");
    const session = await carryoutSession(tijuana, uuid);
    const fields = form({ cashTendered: "1,500" });
    const { errors, values } = await refused(await route.action(args(post("/checkout", session, fields))), 422);
    expect(errors).toEqual({ cashTendered: ["cashCap"] });
    expect(values).toMatchObject({ cashTendered: "1,500", name: "Ana" });
    expect(await ordersWithKey(fields.idempotencyKey)).toEqual([]);

    const card = await route.action(args(post("/checkout", session, { ...fields, paymentMethod: "eftpos" })));
    const order = await orderRow(placedUuid(card));
    expect(order).toMatchObject({ outlet_code: TIJUANA_OUTLET_CODE, payment_method: "eftpos", total_cents: 31_300, company: "", property_type: null });
    expect(order.payment).toEqual({ id: payments.paymentMethods.eftpos.code, method: "eftpos" });
  });

  it("Tijuana: a total above the cash cap cannot be paid in cash at all", async () => {
    const uuid = await cart(tijuana, "C", 4); // 4 × 27,400 + 3,900 = 113,500
    const { errors } = await refused(await route.action(args(post("/checkout", await carryoutSession(tijuana, uuid), form()))), 422);
    expect(errors).toEqual({ cashTendered: ["cashCapTotal"] });
  });

  it("the Santa Fe kiosk takes cash only: card on delivery is refused beside the choice", async () => {
    const uuid = await cart(kiosk, "C");
    const session = await carryoutSession(kiosk, uuid);
    const { errors } = await refused(await route.action(args(post("/checkout", session, form({ paymentMethod: "eftpos" })))), 422);
    expect(errors).toEqual({ paymentMethod: ["paymentUnavailable"] });
    const cash = await route.action(args(post("/checkout", session, form())));
    expect((await orderRow(placedUuid(cash))).payment).toEqual({ id: 9, method: "cash", tenderedCents: 31_300, changeCents: 0 });
  });

  it("the placement checks the payment again on the total it computes: a total that grew answers 422 beside the amount", async () => {
    // The cart row was priced as carry-out, the session's order is a delivery: the placement adds the $39.00 fee
    // to the total the form was checked against ($313.00), so "313" no longer covers it.
    const uuid = await cart(roma, "C");
    const fields = deliveryForm({ cashTendered: "313" });
    const { errors, values } = await refused(await route.action(args(post("/checkout", await deliverySession(uuid), fields))), 422);
    expect(errors).toEqual({ cashTendered: ["cashShort"] });
    expect(values).toMatchObject({ cashTendered: "313", st: ADDRESS.st });
    expect(await ordersWithKey(fields.idempotencyKey)).toEqual([]);
    expect(await cartExists(uuid)).toBe(true);
  });

  it("the order is placed only at the total the page showed: a price changed meanwhile is a 422 with the new total", async () => {
    // A Hawaiian and a soft drink delivered from Roma Norte: $313.00 and the $39.00 fee, as the page shows.
    const uuid = await cart(roma, "D");
    const page = await (await route.loader(args(get("/checkout", await deliverySession(uuid))))).json();
    expect(page.form.payment.totalCents).toBe(35_200);
    // Meanwhile the drink costs more (a manager's edit; a coupon edited, or the cart changed in another tab, alike).
    await t.db.updateTable("products").set({ price_cents: 4_500 }).where("sku", "=", "DR-COLA-600").execute();
    try {
      const fields = deliveryForm({ shownTotalCents: "35200" });
      const answer = await route.action(args(post("/checkout", await deliverySession(uuid), fields)));
      expect(answer.status).toBe(422);
      const body = await answer.json();
      expect(body.notice).toMatchObject({ tone: "error", key: "errors:orderTotalChanged", values: { total: "$358.00" } });
      expect(body.result.initialValue).toMatchObject({ st: ADDRESS.st, name: fields.name });
      expect(await ordersWithKey(fields.idempotencyKey)).toEqual([]);
      expect(await cartExists(uuid)).toBe(true);
      // Confirmed at the new total (the page shows it now), it is placed.
      const placed = await route.action(args(post("/checkout", await deliverySession(uuid), { ...fields, shownTotalCents: "35800" })));
      expect((await orderRow(placedUuid(placed))).total_cents).toBe(35_800);
    } finally {
      await t.db.updateTable("products").set({ price_cents: 3_900 }).where("sku", "=", "DR-COLA-600").execute();
    }
  });

  it("an invoice request is kept with the order, normalised", async () => {
    const uuid = await cart(roma, "C");
    const fields = form({
      invoiceWanted: "on",
      rfc: "eku-900317-3c9",
      legalName: "Escuela Kemper Urgate",
      taxRegime: "601",
      fiscalPostalCode: "26015",
      cfdiUse: "G03",
    });
    const order = await orderRow(placedUuid(await route.action(args(post("/checkout", await carryoutSession(roma, uuid), fields)))));
    expect(order.invoice).toEqual({
      rfc: "EKU9003173C9",
      personType: "moral",
      legalName: "ESCUELA KEMPER URGATE",
      taxRegime: "601",
      fiscalPostalCode: "26015",
      cfdiUse: "G03",
    });
    // Carry-out keeps no company or property type, whatever was posted.
    expect(order).toMatchObject({ company: "", property_type: null, receipt: false });
  });

  it("placeOrder on its own refuses a payment the outlet does not take, or cash short of the total, and places nothing", async () => {
    const checkout = {
      name: "Ana",
      surname: "López",
      email: "ana@correo.mx",
      mobile: "5512345678",
      comment: "",
      idempotencyKey: randomUUID(),
    };
    const kioskCart = await cart(kiosk, "C");
    const base = { cartUuid: kioskCart, outletId: kiosk.id, orderType: "C" as const, locale: "es" as const };
    /** The PaymentRefusal a placement is refused with. */
    const paymentRefusal = async (placing: Promise<unknown>) => {
      const error = await placing.then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(payments.PaymentRefusal);
      return (error as InstanceType<typeof payments.PaymentRefusal>).problem;
    };
    const card = await paymentRefusal(place.placeOrder(t.db, { ...base, checkout: { ...checkout, paymentMethod: "eftpos" } }));
    expect(card).toEqual({ field: "paymentMethod", key: "paymentUnavailable" });
    const short = await paymentRefusal(place.placeOrder(t.db, { ...base, checkout: { ...checkout, paymentMethod: "cash", cashTenderedCents: 31_299 } }));
    expect(short).toEqual({ field: "cashTendered", key: "cashShort", totalCents: 31_300 });
    expect(await ordersWithKey(checkout.idempotencyKey)).toEqual([]);
    expect(await cartExists(kioskCart)).toBe(true);
  });

  it("the seed's payment settings: cash and both cards at most outlets, the kiosk cash and the card online, Tijuana a $1,000.00 cash cap", async () => {
    const rows = await t.db.selectFrom("outlets").select(["code", "payment_methods", "cash_cap_cents"]).execute();
    for (const row of rows) {
      if (row.code === CARRYOUT_ONLY_OUTLET_CODE) expect(row.payment_methods).toEqual(["cash", "card"]);
      else expect(row.payment_methods, row.code).toEqual(["cash", "eftpos", "card"]);
      expect(row.cash_cap_cents, row.code).toBe(row.code === TIJUANA_OUTLET_CODE ? 100_000 : null);
    }
  });
});
