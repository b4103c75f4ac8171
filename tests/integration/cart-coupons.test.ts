/**
 * Coupons on the cart (issue 12 points 3-5): applied and removed by code, checked again on every read of the cart
 * (lines, quantities, order type, outlet, order time, and the payment at placement), flagged with their reason when
 * they stop applying (never dropped), checked again inside the order's transaction, and kept by the order with what
 * each gave. On each test database.
 */
import { randomUUID } from "node:crypto";
import { addToCart, getCart, reassignCart, removeLine, setCartOrderTime, setLineQuantity } from "#server/cart/rows";
import { applyCouponCode, dealCouponFor, dealPath, removeCouponCode, type CouponPlace } from "#server/coupons/apply";
import { counting } from "#server/db/counting";
import { productUuid } from "#server/db/seed";
import type { Database } from "#server/db/client";
import { placeOrder, type PlaceOrder } from "#server/orders/place";
import { trackOrder } from "#server/orders/tracker";
import { orderHistory, reorderLines } from "#server/customers/history";
import { cartOf } from "../support/app";
import { makeCustomer } from "../support/customers";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";
import { ROMA } from "../support/orders";

// Friday 2026-11-20, 13:00 in Mexico City: lunch time, Roma Norte open.
pinStoreNow("2026-11-20T19:00:00.000Z");

const PEPPERONI_L = 22_900;
const FEE = 3_900;

/** The refusal a promise rejects with: its code and data. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; data?: unknown };
    if (e.code) return { code: e.code, data: e.data };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe.each(testDatabases())("coupons on the cart on $name", (kind) => {
  let t: TestDatabase;
  let roma: { id: number };
  let polanco: { id: number };
  beforeAll(async () => {
    t = await kind.create();
    roma = await t.db.selectFrom("outlets").select("id").where("code", "=", ROMA).executeTakeFirstOrThrow();
    polanco = await t.db.selectFrom("outlets").select("id").where("code", "=", "MX-POL-01").executeTakeFirstOrThrow();
  });
  afterAll(() => t?.destroy());

  const place = (cartUuid: string | null, over: Partial<CouponPlace> = {}): CouponPlace => ({
    cartUuid,
    outletId: roma.id,
    orderType: "C",
    orderTime: null,
    customerId: null,
    address: "10.0.0.1",
    ...over,
  });
  const cartWith = (pizzas: number, orderType: "C" | "D" = "C", customerId: number | null = null) =>
    cartOf(t.db, { outletId: roma.id, orderType }, { sku: "PZ-PEPPERONI", size: "L", crust: "L-PAN", quantity: pizzas }).then(async (uuid) => {
      if (customerId !== null) await t.db.updateTable("carts").set({ customer_id: customerId }).where("uuid", "=", uuid).execute();
      return uuid;
    });
  const cart = async (uuid: string) => (await getCart(t.db, uuid))!;
  const couponRow = async (code: string, conditions: object, benefit: object = { type: 2, amountCents: 2_000 }) => {
    const at = new Date();
    await t.db
      .insertInto("coupons")
      .values({ code, name: JSON.stringify({ es: code, en: code, ar: code }), type: (benefit as { type: number }).type, group: "discount", benefit: JSON.stringify(benefit), conditions: JSON.stringify(conditions), created_at: at, updated_at: at })
      .execute();
  };
  const order = (db: Database, cartUuid: string, over: Partial<PlaceOrder> & { payment?: "cash" | "eftpos" } = {}) =>
    placeOrder(db, {
      cartUuid,
      outletId: roma.id,
      orderType: "C",
      checkout: { name: "Ana", surname: "López", email: "ana@correo.mx", mobile: "5512345678", comment: "", paymentMethod: over.payment ?? "cash", idempotencyKey: randomUUID() },
      locale: "es",
      ...over,
    });

  it("a percent coupon takes its share off the goods, half up to the centavo; removing it puts the total back", async () => {
    const uuid = await cartWith(2);
    const outcome = await applyCouponCode(t.db, place(uuid), " pizza15 ");
    expect(outcome).toMatchObject({ kind: "applied", cartUuid: uuid });
    const applied = await cart(uuid);
    // 45,800 × 15 % = 6,870 exactly; the rules' unit tests carry the half-up cases.
    expect(applied.totals).toMatchObject({ subtotalCents: 2 * PEPPERONI_L, discountCents: 6_870, totalCents: 2 * PEPPERONI_L - 6_870 });
    expect(applied.coupons.coupons).toMatchObject([{ code: "PIZZA15", problem: null }]);
    expect(await removeCouponCode(t.db, uuid, "pizza15")).toEqual({ removed: true, code: "PIZZA15" });
    expect((await cart(uuid)).totals).toMatchObject({ discountCents: 0, totalCents: 2 * PEPPERONI_L });
    // Without coupons the cart is one statement (its row says it has none); with one, its coupons are read too.
    const tally = { count: 0 };
    expect((await getCart(counting(t.db, tally), uuid))?.coupons.coupons).toEqual([]);
    expect(tally.count).toBe(1);
    await applyCouponCode(t.db, place(uuid), "PIZZA15");
    tally.count = 0;
    expect((await getCart(counting(t.db, tally), uuid))?.coupons.coupons).toMatchObject([{ code: "PIZZA15" }]);
    expect(tally.count).toBeGreaterThan(1);
    await removeCouponCode(t.db, uuid, "PIZZA15");
    // A second remove (a doubled post) changes nothing.
    expect(await removeCouponCode(t.db, uuid, "PIZZA15")).toEqual({ removed: false, code: "PIZZA15" });
  });

  it("guessing codes is limited per client address (and per account): 30 wrong guesses, then every try waits", async () => {
    const uuid = await cartWith(2);
    const from = (address: string, code: string) => refusal(applyCouponCode(t.db, place(uuid, { address }), code));
    // Codes that name a coupon do not count, refused or not.
    for (let i = 0; i < 40; i++) expect(await from("10.7.7.7", "LUNESMARTES")).toMatchObject({ code: "CP-18" });
    for (let i = 0; i < 30; i++) expect(await from("10.7.7.7", `NOPE-${i}`)).toEqual({ code: "CP-12", data: {} });
    expect(await from("10.7.7.7", "NOPE-X")).toEqual({ code: "CUS-100016", data: { minutes: 60 } });
    expect(await from("10.7.7.7", "PIZZA15")).toEqual({ code: "CUS-100016", data: { minutes: 60 } });
    expect(await applyCouponCode(t.db, place(uuid, { address: "10.7.7.8" }), "PIZZA15")).toMatchObject({ kind: "applied" });
  });

  it("a refusal names its CP code and data and leaves the cart as it was", async () => {
    const uuid = await cartWith(1);
    expect(await refusal(applyCouponCode(t.db, place(uuid), "PIZZA15"))).toEqual({ code: "CP-02", data: { amount: 25_000 } });
    expect(await refusal(applyCouponCode(t.db, place(uuid), "NOEXISTE"))).toEqual({ code: "CP-12", data: {} });
    expect(await refusal(applyCouponCode(t.db, place(uuid), "LUNESMARTES"))).toEqual({ code: "CP-18", data: { days: "1,2" } });
    expect(await refusal(applyCouponCode(t.db, place(uuid), "AHORRA50"))).toEqual({ code: "CP-07", data: {} });
    expect((await cart(uuid)).coupons.coupons).toEqual([]);
    // One discount at a time: the first applied wins, the second is CP-01 naming it; the same coupon twice too.
    await applyCouponCode(t.db, place(uuid), "COMIDA20");
    expect(await refusal(applyCouponCode(t.db, place(uuid), "COMIDA20"))).toEqual({ code: "CP-01", data: { code: "COMIDA20" } });
    await t.db.updateTable("carts").set({ order_time: null }).where("uuid", "=", uuid).execute();
    const bigger = await cartWith(2);
    await applyCouponCode(t.db, place(bigger), "COMIDA20");
    expect(await refusal(applyCouponCode(t.db, place(bigger), "PIZZA15"))).toEqual({ code: "CP-01", data: { code: "COMIDA20" } });
  });

  it("is checked again when a quantity or a line changes: flagged with its reason, never dropped, and back when it holds", async () => {
    const uuid = await cartWith(2);
    await applyCouponCode(t.db, place(uuid), "PIZZA15");
    const line = (await cart(uuid)).lines[0]!;
    await setLineQuantity(t.db, uuid, line.id, 1);
    let now = await cart(uuid);
    expect(now.coupons.coupons).toMatchObject([{ code: "PIZZA15", problem: { code: "CP-02", data: { amount: 25_000 } }, effect: null }]);
    expect(now.totals).toMatchObject({ discountCents: 0, totalCents: PEPPERONI_L });
    await setLineQuantity(t.db, uuid, line.id, 2);
    now = await cart(uuid);
    expect(now.coupons.coupons).toMatchObject([{ code: "PIZZA15", problem: null }]);
    expect(now.totals.discountCents).toBe(6_870);
    await removeLine(t.db, uuid, line.id);
    expect((await cart(uuid)).coupons.coupons).toMatchObject([{ code: "PIZZA15", problem: { code: "CP-02" } }]);
  });

  it("is checked again when the order type, the outlet or the order time changes", async () => {
    // Free delivery: the fee is waived on delivery; a switch to carry-out flags it (CP-05, delivery only).
    const delivery = await cartWith(1, "D");
    expect((await cart(delivery)).totals.deliveryFeeCents).toBe(FEE);
    await applyCouponCode(t.db, place(delivery, { orderType: "D" }), "ENVIOGRATIS");
    let now = await cart(delivery);
    expect(now.coupons).toMatchObject({ deliveryFeeWaived: true, discountCents: 0 });
    expect(now.totals).toMatchObject({ deliveryFeeCents: 0, totalCents: PEPPERONI_L });
    await reassignCart(t.db, delivery, roma.id, "C");
    now = await cart(delivery);
    expect(now.coupons.coupons).toMatchObject([{ code: "ENVIOGRATIS", problem: { code: "CP-05", data: { orderType: "D" } } }]);

    // A coupon of one outlet: another outlet flags it (CP-09, naming the cart's outlet).
    await couponRow("SOLOROMA", { outletCodes: [ROMA] });
    const local = await cartWith(1);
    await applyCouponCode(t.db, place(local), "SOLOROMA");
    await reassignCart(t.db, local, polanco.id, "C");
    expect((await cart(local)).coupons.coupons).toMatchObject([{ code: "SOLOROMA", problem: { code: "CP-09", data: { outlet: "MX-POL-01" } } }]);

    // Lunch time: applied at 13:00 (ASAP); a slot at 19:00 flags it with the lunch window.
    const lunch = await cartWith(1);
    await applyCouponCode(t.db, place(lunch), "COMIDA20");
    expect((await cart(lunch)).totals.discountCents).toBe(4_580);
    await setCartOrderTime(t.db, lunch, new Date("2026-11-21T01:00:00.000Z"));
    expect((await cart(lunch)).coupons.coupons).toMatchObject([{ code: "COMIDA20", problem: { code: "CP-20", data: { start: "12:00", end: "17:00" } } }]);
  });

  it("placing the order checks again inside its transaction: the payment (cash only), and a flagged coupon refuses it", async () => {
    await couponRow("SOLOEFECTIVO", { payment: "cash" });
    const uuid = await cartWith(1);
    await applyCouponCode(t.db, place(uuid), "SOLOEFECTIVO");
    // The cart takes it (no payment chosen yet); card at checkout does not.
    expect(await refusal(order(t.db, uuid, { payment: "eftpos" }))).toEqual({ code: "CP-14", data: {} });
    expect(await getCart(t.db, uuid), "the cart is kept").toBeDefined();
    const placed = await order(t.db, uuid, { payment: "cash" });
    const row = await t.db.selectFrom("orders").selectAll().where("uuid", "=", placed.uuid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ subtotal_cents: PEPPERONI_L, discount_cents: 2_000, total_cents: PEPPERONI_L - 2_000 });
    expect(row.coupons).toMatchObject([{ code: "SOLOEFECTIVO", discountCents: 2_000 }]);
    const uses = await t.db.selectFrom("coupon_uses").innerJoin("coupons", "coupons.id", "coupon_uses.coupon_id").select(["coupons.code", "coupon_uses.discount_cents", "coupons.uses"]).where("order_id", "=", row.id).execute();
    expect(uses).toEqual([{ code: "SOLOEFECTIVO", discount_cents: 2_000, uses: 1 }]);

    const flagged = await cartWith(2);
    await applyCouponCode(t.db, place(flagged), "PIZZA15");
    await setLineQuantity(t.db, flagged, (await cart(flagged)).lines[0]!.id, 1);
    expect(await refusal(order(t.db, flagged))).toEqual({ code: "CP-02", data: { amount: 25_000 } });
    const count = await t.db.selectFrom("coupon_uses").innerJoin("coupons", "coupons.id", "coupon_uses.coupon_id").select("coupon_uses.id").where("coupons.code", "=", "PIZZA15").execute();
    expect(count).toEqual([]);
  });

  it("an order with free delivery keeps the waived fee as what the coupon gave", async () => {
    const outlet = await t.db.selectFrom("outlets").select("postal_code").where("id", "=", roma.id).executeTakeFirstOrThrow();
    const uuid = await cartWith(1, "D");
    await applyCouponCode(t.db, place(uuid, { orderType: "D" }), "ENVIOGRATIS");
    const placed = await order(t.db, uuid, { orderType: "D", postalCode: outlet.postal_code, address: { street: "Calle 1", number: "10" } });
    const row = await t.db.selectFrom("orders").selectAll().where("uuid", "=", placed.uuid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ delivery_fee_cents: 0, discount_cents: 0, total_cents: PEPPERONI_L });
    expect(row.coupons).toMatchObject([{ code: "ENVIOGRATIS", discountCents: FEE }]);
    // The tracker shows it, named in the visitor's language.
    expect((await trackOrder(t.db, placed.uuid, "en"))!.coupons).toEqual([{ code: "ENVIOGRATIS", name: "Free delivery", discountCents: FEE }]);
  });

  it("the customer's history shows an order's coupons, and ordering it again leaves the coupon's free item out", async () => {
    const customer = await makeCustomer(t.db);
    const uuid = await cartWith(2, "C", customer.id);
    await applyCouponCode(t.db, place(uuid, { customerId: customer.id }), "REFRESCO");
    await applyCouponCode(t.db, place(uuid, { customerId: customer.id }), "PIZZA15");
    const placed = await order(t.db, uuid, { customerId: customer.id });
    const history = (await orderHistory(t.db, customer.id, 1, "es"))!;
    expect(history.orders[0]!.coupons).toEqual([
      { code: "REFRESCO", name: "Refresco de regalo", discountCents: 3_900 },
      { code: "PIZZA15", name: "15 % en tu pedido", discountCents: 6_870 },
    ]);
    const again = (await reorderLines(t.db, customer.id, placed.uuid))!;
    expect(again.map((l) => l.productUuid)).toEqual([productUuid("PZ-PEPPERONI")]);
  });

  it("a free item comes in its own line at no cost, cannot be changed, and leaves with its coupon (either way round)", async () => {
    const uuid = await cartWith(2);
    await applyCouponCode(t.db, place(uuid), "REFRESCO");
    // A cola the customer adds is a line of its own, paid: nothing merges into the gift.
    await addToCart(t.db, { cartUuid: uuid, outletId: roma.id, orderType: "C", productUuid: productUuid("DR-COLA-600"), quantity: 1 });
    let now = await cart(uuid);
    const gift = now.lines.find((l) => l.couponCode === "REFRESCO")!;
    expect(gift).toMatchObject({ productUuid: productUuid("DR-COLA-600"), quantity: 1, unitCents: 0, totalCents: 0, couponSavingCents: 3_900 });
    expect(now.lines.filter((l) => l.productUuid === productUuid("DR-COLA-600") && l.couponCode === null)).toMatchObject([{ unitCents: 3_900 }]);
    expect(now.totals.subtotalCents).toBe(2 * PEPPERONI_L + 3_900);
    expect(await refusal(setLineQuantity(t.db, uuid, gift.id, 3))).toEqual({ code: "ORDER-5", data: {} });
    await removeCouponCode(t.db, uuid, "REFRESCO");
    now = await cart(uuid);
    expect(now.lines.some((l) => l.couponCode)).toBe(false);
    await applyCouponCode(t.db, place(uuid), "REFRESCO");
    await removeLine(t.db, uuid, (await cart(uuid)).lines.find((l) => l.couponCode)!.id);
    expect((await cart(uuid)).coupons.coupons).toEqual([]);
  });

  it("a deal opens its combo, and the combo goes in once at the deal's price", async () => {
    const uuid = await cartWith(1);
    const combo = productUuid("CB-PAREJA");
    expect(await applyCouponCode(t.db, place(uuid), "COMBOPAREJA")).toMatchObject({ kind: "deal", path: dealPath(combo, "COMBOPAREJA") });
    expect((await cart(uuid)).coupons.coupons, "nothing is applied before the combo is added").toEqual([]);
    expect(await refusal(dealCouponFor(t.db, place(uuid), "COMBOPAREJA", productUuid("CB-PIZZA-ALITAS")))).toEqual({ code: "ORDER-6", data: {} });
    const coupon = await dealCouponFor(t.db, place(uuid), "COMBOPAREJA", combo);
    const slots = await t.db
      .selectFrom("combo_slots as s")
      .innerJoin("products as p", "p.id", "s.product_id")
      .innerJoin("combo_slot_options as o", "o.slot_id", "s.id")
      .innerJoin("products as item", "item.id", "o.product_id")
      .select(["s.id", "item.uuid", "o.surcharge_cents"])
      .where("p.uuid", "=", combo)
      .where("o.surcharge_cents", "=", 0)
      .orderBy("s.id")
      .orderBy("o.position")
      .execute();
    const first = new Map<number, string>();
    for (const s of slots) if (!first.has(s.id)) first.set(s.id, s.uuid);
    await addToCart(t.db, {
      cartUuid: uuid,
      outletId: roma.id,
      orderType: "C",
      productUuid: combo,
      quantity: 1,
      combo: [...first].map(([slotId, productUuid]) => ({ slotId, productUuid })),
      couponId: coupon.id,
    });
    const now = await cart(uuid);
    expect(now.lines.find((l) => l.couponCode === "COMBOPAREJA")).toMatchObject({ unitCents: 22_900, couponSavingCents: 27_900 - 22_900 });
    expect(now.coupons.coupons).toMatchObject([{ code: "COMBOPAREJA", problem: null }]);
    expect(now.totals.subtotalCents).toBe(PEPPERONI_L + 22_900);
  });

  it("a login-only coupon with one use per customer: a guest is told to sign in; the customer uses it once", async () => {
    const customer = await makeCustomer(t.db);
    const guest = await cartWith(2);
    expect(await refusal(applyCouponCode(t.db, place(guest), "AHORRA50"))).toEqual({ code: "CP-07", data: {} });
    const first = await cartWith(2, "C", customer.id);
    await applyCouponCode(t.db, place(first, { customerId: customer.id }), "AHORRA50");
    expect((await cart(first)).totals.discountCents).toBe(5_000);
    await order(t.db, first, { customerId: customer.id });
    const second = await cartWith(2, "C", customer.id);
    expect(await refusal(applyCouponCode(t.db, place(second, { customerId: customer.id }), "AHORRA50"))).toEqual({ code: "CP-10", data: { uses: 1 } });
  });

  it("a game's prize is for the accounts that hold it: typed by another customer it is CP-08; won, it applies", async () => {
    const customer = await makeCustomer(t.db);
    const uuid = await cartWith(1, "C", customer.id);
    expect(await refusal(applyCouponCode(t.db, place(uuid, { customerId: customer.id }), "RULETA10"))).toEqual({ code: "CP-08", data: {} });
    const prize = await t.db.selectFrom("coupons").select("id").where("code", "=", "RULETA10").executeTakeFirstOrThrow();
    await t.db.insertInto("customer_coupons").values({ customer_id: customer.id, coupon_id: prize.id, source: "game", attached_at: new Date() }).execute();
    await applyCouponCode(t.db, place(uuid, { customerId: customer.id }), "RULETA10");
    expect((await cart(uuid)).totals.discountCents).toBe(2_290);
  });

  it("placing a cart whose session signed out judges it for a guest: a login-only coupon refuses the order", async () => {
    const customer = await makeCustomer(t.db);
    const uuid = await cartWith(2, "C", customer.id);
    await applyCouponCode(t.db, place(uuid, { customerId: customer.id }), "AHORRA50");
    expect(await refusal(order(t.db, uuid))).toEqual({ code: "CP-07", data: {} });
  });
});
