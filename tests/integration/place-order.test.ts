import { randomUUID } from "node:crypto";
import { addToCart, getCart, pricingSettings, removeLine } from "#server/cart/rows";
import { includedTaxCents } from "#server/cart/pricing";
import { CARRYOUT_ONLY_OUTLET_CODE, SERVED_POSTAL_CODE, productUuid } from "#server/db/seed";
import type { Outlet } from "#server/db/types";
import { checkoutSchema } from "#server/orders/checkout-schema";
import { placeOrder, type PlaceOrder } from "#server/orders/place";
import { mailOrderOf, orderForMail, trackOrder, type OrderViewRow } from "#server/orders/tracker";
import { counting } from "#server/db/counting";
import { queueConfirmationOf } from "~/web/mail.server";
import { findDeliveryOutlet } from "#server/outlets/outlets";
import { testDatabases, type TestDatabase } from "../support/db";
import { refusal } from "../support/refusal";
import { hawaiianCart } from "../support/app";
import { pinStoreNow } from "../support/clock";

// Friday 2026-11-20, 13:00 in Mexico City: the outlets are open, so ASAP orders pass the outlet check.
pinStoreNow("2026-11-20T19:00:00Z");


const form = (idempotencyKey = randomUUID()) =>
  checkoutSchema.parse({
    name: "José",
    surname: "Núñez",
    email: "jose@example.com",
    mobile: "55 1234 5678",
    comment: "Tocar el timbre",
    paymentMethod: "cash",
    idempotencyKey,
  });

describe.each(testDatabases())("placing orders on $name", (kind) => {
  let t: TestDatabase;
  let outlet: Outlet;

  /** A delivery cart: a large Hawaiian with stuffed crust and a cola (22,900 + 4,500 + 3,900 = 31,300). */
  const cart = (orderType: "D" | "C" = "D", outletId = outlet.id) => hawaiianCart(t.db, outletId, orderType);

  const order = (cartUuid: string, extra: Partial<PlaceOrder> = {}): PlaceOrder => ({
    cartUuid,
    outletId: outlet.id,
    orderType: "D",
    postalCode: SERVED_POSTAL_CODE,
    checkout: form(),
    locale: "es",
    ...extra,
  });

  const ordersWithKey = async (key: string) =>
    t.db.selectFrom("orders").selectAll().where("idempotency_key", "=", key).execute();

  beforeAll(async () => {
    t = await kind.create();
    outlet = (await findDeliveryOutlet(t.db, SERVED_POSTAL_CODE))!;
  });
  afterAll(() => t?.destroy());

  it("places an order: status 3, items, history, a number, totals from the database; the cart is gone", async () => {
    const uuid = await cart();
    const input = order(uuid);
    const placed = await placeOrder(t.db, input);
    expect(placed.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(placed.number).toMatch(/^\d+$/);

    const row = (await t.db.selectFrom("orders").selectAll().where("uuid", "=", placed.uuid).executeTakeFirstOrThrow())!;
    const { taxPercent, deliveryFeeCents } = pricingSettings();
    const subtotal = 22_900 + 4_500 + 3_900;
    expect(row).toMatchObject({
      number: placed.number,
      idempotency_key: input.checkout.idempotencyKey,
      cart_uuid: uuid,
      outlet_id: outlet.id,
      outlet_code: outlet.code,
      order_type: "D",
      status: 3,
      currency: "MXN",
      subtotal_cents: subtotal,
      delivery_fee_cents: deliveryFeeCents,
      discount_cents: 0,
      total_cents: subtotal + deliveryFeeCents,
      tax_cents: includedTaxCents(subtotal + deliveryFeeCents, taxPercent),
      advance_order: 0,
      collection_time: null,
      time_zone: "America/Mexico_City",
      comment: "Tocar el timbre",
      payment_method: "cash",
      locale: "es",
    });
    expect(Number(row.tax_percent)).toBe(taxPercent);
    expect(row.customer).toEqual({ name: "José", surname: "Núñez", email: "jose@example.com", mobile: "5512345678" });
    expect(row.delivery_address).toEqual({ postalCode: SERVED_POSTAL_CODE });
    expect(row.coupons).toEqual([]); // order_coupons: none until coupons exist
    expect(row.discount_cents).toBe(0);

    const items = await t.db.selectFrom("order_items").selectAll().where("order_id", "=", row.id).orderBy("position").execute();
    expect(items.map((i) => [i.position, i.sku, i.quantity, i.unit_price_cents, i.total_cents])).toEqual([
      [0, "PZ-HAWAIANA", 1, 27_400, 27_400],
      [1, "DR-COLA-600", 1, 3_900, 3_900],
    ]);
    expect(items[0].name).toMatchObject({ es: "Hawaiana", en: "Hawaiian" });
    expect(items[0].detail).toMatchObject({ size: { es: "Grande" }, crust: { es: "Orilla rellena de queso" } });

    const history = await t.db.selectFrom("order_status_history").selectAll().where("order_id", "=", row.id).execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 3, actor: "customer" });

    expect(await getCart(t.db, uuid)).toBeUndefined();
    const lines = await t.db.selectFrom("cart_lines").select("id").where("cart_uuid", "=", uuid).execute();
    expect(lines).toEqual([]);
  });

  it("takes 4 statements, its confirmation mail included, and the tracker reads it in one (issue 15)", async () => {
    const uuid = await cart();
    const tally = { count: 0 };
    const db = counting(t.db, tally);
    // In the transaction: the cart locked and judged for its placer, with the outlet and its order time (its hours,
    // dates, advance durations and slot bookings), in one statement; the cart read (with its lines and whether it has
    // coupons in one statement: this one has none); the order with its number, its items, its status and the cart
    // deleted in one, which gives the order back as the tracker reads it; the mail's outbox row. It was 22: the lock
    // and the customer apart, the cart's lines apart, the number apart, the outlet, the hours three statements and
    // the bookings a fourth, the items, the status and the cart's deletion one each, the tracker's read four, the
    // mail's recipient and the (empty) coupons one more each, and the key read before; 6 until the placing statement
    // gave its order back (the mail read it again) and the lock took the outlet's read with it.
    const placed = await placeOrder(db, order(uuid), { withOrder: (trx, _, written) => queueConfirmationOf(trx, written).then(() => {}) });
    expect(tally.count).toBe(4);
    tally.count = 0;
    const tracked = await trackOrder(db, placed.uuid, "es");
    expect(tally.count).toBe(1);
    expect(tracked).toMatchObject({ number: placed.number, stage: "received", items: [{ quantity: 1 }, { quantity: 1 }], history: [{ status: 3 }], onlinePayment: null });
  });

  it("gives back the order it wrote as the tracker reads it: the confirmation mail is the one a read of the order makes", async () => {
    // Two lines in their order (the pizza, then the cola), a delivery address, a comment: every part the mail shows.
    const uuid = await cart();
    let written: OrderViewRow | undefined;
    const placed = await placeOrder(t.db, order(uuid, { address: { street: "Orizaba", number: "12" } }), {
      withOrder: async (_, __, row) => {
        written = row;
      },
    });
    const read = await orderForMail(t.db, placed.uuid, () => "en" as const);
    expect(read?.order.items.map((i) => i.name)).toEqual(["Hawaiian", "Soft drink 600 ml"]);
    expect(read?.order.deliveryAddress).toMatchObject({ street: "Orizaba", postalCode: SERVED_POSTAL_CODE });
    // As soon as possible: the estimate is its placing plus the outlet's delivery quote (35 minutes at Roma Norte).
    expect(read?.order.collectionTime).toBeNull();
    expect(Date.parse(read!.order.asapBy!) - Date.parse(read!.order.createdAt)).toBe(35 * 60_000);
    expect(written && mailOrderOf(written, () => "en" as const)).toEqual(read);
  });

  it("prices the order from the database, whatever the cart was when filled", async () => {
    const uuid = await cart();
    await t.db.updateTable("products").set({ price_cents: 4_500 }).where("sku", "=", "DR-COLA-600").execute();
    try {
      const placed = await placeOrder(t.db, order(uuid));
      const row = await t.db.selectFrom("orders").selectAll().where("uuid", "=", placed.uuid).executeTakeFirstOrThrow();
      expect(row.subtotal_cents).toBe(22_900 + 4_500 + 4_500);
    } finally {
      await t.db.updateTable("products").set({ price_cents: 3_900 }).where("sku", "=", "DR-COLA-600").execute();
    }
  });

  it("gives every order its own, increasing number", async () => {
    const first = await placeOrder(t.db, order(await cart()));
    const second = await placeOrder(t.db, order(await cart()));
    expect(first.number).not.toBe(second.number);
    expect(Number(second.number)).toBeGreaterThan(Number(first.number));
    expect(Number(first.number)).toBeGreaterThanOrEqual(100_001);
  });

  it("the same idempotency key twice returns the same order", async () => {
    const input = order(await cart());
    const first = await placeOrder(t.db, input);
    const again = await placeOrder(t.db, input);
    expect(again).toEqual(first);
    // Even with another (new) cart: the key decides.
    const other = await cart();
    const third = await placeOrder(t.db, { ...input, cartUuid: other });
    expect(third).toEqual(first);
    // That other cart is left as it was (the attempt rolled back), and so is a post without a cart (a retry after
    // the placement ended the session's cart).
    expect((await getCart(t.db, other))?.lines).toHaveLength(2);
    expect(await placeOrder(t.db, { ...input, cartUuid: null })).toEqual(first);
    expect(await ordersWithKey(input.checkout.idempotencyKey)).toHaveLength(1);
  });

  it("20 concurrent identical placements make exactly one order", async () => {
    const uuid = await cart();
    const input = order(uuid);
    const results = await Promise.all(Array.from({ length: 20 }, () => placeOrder(t.db, input)));
    expect(new Set(results.map((r) => r.uuid)).size).toBe(1);
    expect(new Set(results.map((r) => r.number)).size).toBe(1);
    expect(await ordersWithKey(input.checkout.idempotencyKey)).toHaveLength(1);
    const forCart = await t.db.selectFrom("orders").select("id").where("cart_uuid", "=", uuid).execute();
    expect(forCart).toHaveLength(1);
    const [{ id }] = forCart;
    const items = await t.db.selectFrom("order_items").select("id").where("order_id", "=", id).execute();
    expect(items).toHaveLength(2);
    const history = await t.db.selectFrom("order_status_history").select("id").where("order_id", "=", id).execute();
    expect(history).toHaveLength(1);
  });

  /** A delivery cart holding one cola (below every outlet's minimum). */
  const colaCart = () =>
    addToCart(t.db, { cartUuid: null, outletId: outlet.id, orderType: "D", productUuid: productUuid("DR-COLA-600"), quantity: 1 });

  it("below the outlet's minimum for delivery: CART-03 with the minimum, and the cart is kept", async () => {
    expect(outlet.min_cart_cents).toBeGreaterThan(3_900);
    const uuid = await colaCart();
    const input = order(uuid);
    const error = await refusal(placeOrder(t.db, input));
    expect(error.code).toBe("CART-03");
    expect(error.data).toEqual({ amount: outlet.min_cart_cents });
    expect(await ordersWithKey(input.checkout.idempotencyKey)).toEqual([]);
    expect((await getCart(t.db, uuid))!.lines).toHaveLength(1);
  });

  it("the minimum does not apply to carry-out", async () => {
    const kiosk = await t.db.selectFrom("outlets").selectAll().where("code", "=", CARRYOUT_ONLY_OUTLET_CODE).executeTakeFirstOrThrow();
    const uuid = await addToCart(t.db, {
      cartUuid: null,
      outletId: kiosk.id,
      orderType: "C",
      productUuid: productUuid("DR-COLA-600"),
      quantity: 1,
    });
    const placed = await placeOrder(t.db, order(uuid, { outletId: kiosk.id, orderType: "C", postalCode: undefined }));
    const row = await t.db.selectFrom("orders").selectAll().where("uuid", "=", placed.uuid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ order_type: "C", outlet_code: CARRYOUT_ONLY_OUTLET_CODE, subtotal_cents: 3_900, delivery_fee_cents: 0, total_cents: 3_900 });
    expect(row.delivery_address).toBeNull();
  });

  it("a delivery order keeps the disposition's address with its postal code", async () => {
    const address = { st: "Av. Álvaro Obregón", houseNo: "130", interiorNo: "4B", cityName: "Ciudad de México", landmark: "Portón verde" };
    const placed = await placeOrder(t.db, order(await cart(), { address }));
    const row = await t.db.selectFrom("orders").select("delivery_address").where("uuid", "=", placed.uuid).executeTakeFirstOrThrow();
    expect(row.delivery_address).toEqual({ ...address, postalCode: SERVED_POSTAL_CODE });
  });

  it("refuses delivery from an outlet that does not deliver (HUTFE-0)", async () => {
    const kiosk = await t.db.selectFrom("outlets").select("id").where("code", "=", CARRYOUT_ONLY_OUTLET_CODE).executeTakeFirstOrThrow();
    const uuid = await cart();
    expect((await refusal(placeOrder(t.db, order(uuid, { outletId: kiosk.id, orderType: "D" })))).code).toBe("HUTFE-0");
    expect(await getCart(t.db, uuid)).toBeDefined();
  });

  it("an empty cart is CART-04", async () => {
    const uuid = await colaCart();
    await removeLine(t.db, uuid, (await getCart(t.db, uuid))!.lines[0].id);
    const error = await refusal(placeOrder(t.db, order(uuid)));
    expect(error.code).toBe("CART-04");
  });

  it("a missing cart is CART-01", async () => {
    const input = order(randomUUID());
    expect((await refusal(placeOrder(t.db, input))).code).toBe("CART-01");
    expect(await ordersWithKey(input.checkout.idempotencyKey)).toEqual([]);
  });

  it("an outlet gone from the database: a missing cart is still CART-01, a cart is refused with HUTFE-0 and kept", async () => {
    // The lock and the outlet's read are one statement; without an outlet row the lock is asked alone, so the
    // cart is judged before the outlet, as when they were two statements.
    const gone = { outletId: 2_000_000_000 };
    expect((await refusal(placeOrder(t.db, order(randomUUID(), gone)))).code).toBe("CART-01");
    const uuid = await cart();
    const input = order(uuid, gone);
    expect((await refusal(placeOrder(t.db, input))).code).toBe("HUTFE-0");
    expect(await ordersWithKey(input.checkout.idempotencyKey)).toEqual([]);
    expect((await getCart(t.db, uuid))?.lines).toHaveLength(2);
  });

  it("trackOrder shows the received stage and the items in the requested language", async () => {
    const placed = await placeOrder(t.db, order(await cart()));
    const es = (await trackOrder(t.db, placed.uuid, "es"))!;
    const en = (await trackOrder(t.db, placed.uuid, "en"))!;
    expect(es).toMatchObject({
      uuid: placed.uuid,
      number: placed.number,
      status: 3,
      stage: "received",
      needsCall: false,
      orderType: "D",
      outletName: outlet.name,
      outletPhone: outlet.phone,
      timeZone: "America/Mexico_City",
      paymentMethod: "cash",
      subtotalCents: 31_300,
    });
    expect(es.items).toEqual([
      { name: "Hawaiana", size: "Grande", crust: "Orilla rellena de queso", halves: [], comboItems: [], removedToppings: [], addedToppings: [], couponCode: null, quantity: 1, totalCents: 27_400 },
      { name: "Refresco 600 ml", size: null, crust: null, halves: [], comboItems: [], removedToppings: [], addedToppings: [], couponCode: null, quantity: 1, totalCents: 3_900 },
    ]);
    expect(en.items).toEqual([
      { name: "Hawaiian", size: "Large", crust: "Cheese-stuffed crust", halves: [], comboItems: [], removedToppings: [], addedToppings: [], couponCode: null, quantity: 1, totalCents: 27_400 },
      { name: "Soft drink 600 ml", size: null, crust: null, halves: [], comboItems: [], removedToppings: [], addedToppings: [], couponCode: null, quantity: 1, totalCents: 3_900 },
    ]);
    expect(es.history).toEqual([{ status: 3, stage: "received", at: es.createdAt }]);
    expect(new Date(es.createdAt).toISOString()).toBe(es.createdAt);
    expect(await trackOrder(t.db, randomUUID(), "es")).toBeUndefined();
    // paid in cash without saying with what: nothing more to show
    expect(es.cash).toBeNull();
  });

  it("trackOrder says what a cash order is paid with and the change to expect, as the checkout did", async () => {
    const placed = await placeOrder(t.db, order(await cart(), { checkout: { ...form(), cashTenderedCents: 50_000 } }));
    const tracked = (await trackOrder(t.db, placed.uuid, "es"))!;
    expect(tracked.cash).toEqual({ tenderedCents: 50_000, changeCents: 50_000 - tracked.totalCents });
  });

  it("trackOrder follows the order's status", async () => {
    const placed = await placeOrder(t.db, order(await cart()));
    await t.db.updateTable("orders").set({ status: 22 }).where("uuid", "=", placed.uuid).execute();
    const tracked = (await trackOrder(t.db, placed.uuid, "es"))!;
    expect(tracked.stage).toBe("error");
    expect(tracked.needsCall).toBe(true);
  });
});
