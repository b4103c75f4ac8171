import { randomUUID } from "node:crypto";
import { addToCart, deleteCart, getCart, updateLineOptions, type AddToCart } from "#server/cart/rows";
import type { Database } from "#server/db/client";
import { SERVED_POSTAL_CODE, productUuid } from "#server/db/seed";
import { placeOrder } from "#server/orders/place";
import { findDeliveryOutlet } from "#server/outlets/outlets";
import { testDatabases, type TestDatabase } from "../support/db";
import { refusal } from "../support/refusal";
import { pinStoreNow } from "../support/clock";

/** Friday 20 Nov 2026, 13:00 in Mexico City: lunch time, not Tuesday, before the 18:00 items. */
const FRIDAY_LUNCH = "2026-11-20T19:00:00.000Z";
const FRIDAY_EVENING = "2026-11-21T01:00:00.000Z"; // Friday 19:00 in Mexico City
const TUESDAY_NOON = "2026-11-24T18:00:00.000Z"; // Tuesday 12:00 in Mexico City

async function ids(db: Database, sku: string) {
  const product = await db.selectFrom("products").select("id").where("sku", "=", sku).executeTakeFirstOrThrow();
  const layers = await db.selectFrom("product_layers").select(["id", "sku"]).where("product_id", "=", product.id).execute();
  const toppings = await db
    .selectFrom("product_toppings as pt")
    .innerJoin("toppings as t", "t.id", "pt.topping_id")
    .select(["t.id", "t.code", "pt.type"])
    .where("pt.product_id", "=", product.id)
    .execute();
  const layer = (s: string) => layers.find((l) => l.sku === s)!.id;
  const topping = (code: string) => toppings.find((t) => t.code === code)!.id;
  return { layer, topping };
}

describe.each(testDatabases())("builder selections in the cart on $name", (kind) => {
  let t: TestDatabase;
  let outletId: number;
  const add = (input: Partial<AddToCart> & Pick<AddToCart, "productUuid">) =>
    addToCart(t.db, { cartUuid: null, outletId, orderType: "C", quantity: 1, ...input });

  /** Places a cart as a carry-out cash order with a valid form and a fresh idempotency key. */
  const placeCarryout = (cartUuid: string) =>
    placeOrder(t.db, {
      cartUuid,
      outletId,
      orderType: "C",
      locale: "es",
      checkout: { name: "Ana", surname: "López", email: "ana@correo.mx", mobile: "5512345678", comment: "", paymentMethod: "cash", idempotencyKey: randomUUID() },
    });

  beforeAll(async () => {
    t = await kind.create();
    outletId = (await findDeliveryOutlet(t.db, SERVED_POSTAL_CODE))!.id;
  });
  pinStoreNow(FRIDAY_LUNCH);
  afterAll(() => t?.destroy());

  it("prices extras, gives no discount for a removal, and keeps different choices on different lines", async () => {
    const h = await ids(t.db, "PZ-HAWAIANA");
    const large = { firstLayerId: h.layer("L"), secondLayerId: h.layer("L-STUFFED") };
    const uuid = await add({
      productUuid: productUuid("PZ-HAWAIANA"),
      ...large,
      toppings: { removed: [h.topping("pina")], extras: { [h.topping("champinones")]: 1 } },
    });
    await add({ cartUuid: uuid, productUuid: productUuid("PZ-HAWAIANA"), ...large, toppings: { removed: [], extras: { [h.topping("champinones")]: 1 } } });
    // The same choice written in another order merges with the first line.
    await add({
      cartUuid: uuid,
      productUuid: productUuid("PZ-HAWAIANA"),
      ...large,
      toppings: { extras: { [h.topping("champinones")]: 1 }, removed: [h.topping("pina")] },
    });
    const cart = (await getCart(t.db, uuid))!;
    expect(cart.lines).toHaveLength(2);
    expect(cart.lines[0]).toMatchObject({ quantity: 2, unitCents: 22_900 + 4_500 + 2_500 });
    expect(cart.lines[0].removedToppings.map((n) => n.es)).toEqual(["Piña"]);
    expect(cart.lines[0].addedToppings.map((a) => [a.name.es, a.count])).toEqual([["Champiñones", 1]]);
    expect(cart.lines[1]).toMatchObject({ quantity: 1, unitCents: 22_900 + 4_500 + 2_500 });
    expect(cart.totals.subtotalCents).toBe(3 * 29_900);
  });

  it("refuses over-limit and foreign topping choices with the limit as count", async () => {
    const s = await ids(t.db, "PZ-SUPREMA");
    const medium = { firstLayerId: s.layer("M"), secondLayerId: s.layer("M-PAN") };
    const product = productUuid("PZ-SUPREMA");
    const twoExtras = await refusal(add({ productUuid: product, ...medium, toppings: { removed: [], extras: { [s.topping("jamon")]: 1, [s.topping("tocino")]: 1 } } }));
    expect(twoExtras.code).toBe("TOPPING-EXTRA-LIMIT");
    expect(twoExtras.data).toMatchObject({ max: 1, count: 1 });
    const twoRemovals = await refusal(add({ productUuid: product, ...medium, toppings: { removed: [s.topping("cebolla"), s.topping("pimiento")], extras: {} } }));
    expect(twoRemovals.code).toBe("TOPPING-REMOVAL-LIMIT");
    const doubled = await refusal(add({ productUuid: product, ...medium, toppings: { removed: [], extras: { [s.topping("jamon")]: 2 } } }));
    expect(doubled.code).toBe("TOPPING-PER-LIMIT");
    const removeExtraOnly = await refusal(add({ productUuid: product, ...medium, toppings: { removed: [s.topping("jamon")], extras: {} } }));
    expect(removeExtraOnly.code).toBe("TOPPING-INVALID");
    const notOfProduct = await refusal(add({ productUuid: product, ...medium, toppings: { removed: [], extras: { 999999: 1 } } }));
    expect(notOfProduct.code).toBe("TOPPING-INVALID");
    // A per-product limit of 2 extras accepts two.
    await t.db.updateTable("products").set({ max_extras: 2 }).where("sku", "=", "PZ-SUPREMA").execute();
    try {
      const uuid = await add({ productUuid: product, ...medium, toppings: { removed: [], extras: { [s.topping("jamon")]: 1, [s.topping("tocino")]: 1 } } });
      const size = await t.db.selectFrom("product_layers").select("price_cents").where("id", "=", medium.firstLayerId).executeTakeFirstOrThrow();
      expect((await getCart(t.db, uuid))!.lines[0].unitCents).toBe(size.price_cents + 2_500 + 2_500);
    } finally {
      await t.db.updateTable("products").set({ max_extras: 1 }).where("sku", "=", "PZ-SUPREMA").execute();
    }
  });

  it("changes a line's size, crust and toppings in place", async () => {
    const p = await ids(t.db, "PZ-PEPPERONI");
    const uuid = await add({ productUuid: productUuid("PZ-PEPPERONI"), firstLayerId: p.layer("M"), secondLayerId: p.layer("M-PAN"), quantity: 2 });
    const lineId = (await getCart(t.db, uuid))!.lines[0].id;
    await updateLineOptions(t.db, uuid, lineId, {
      firstLayerId: p.layer("F"),
      secondLayerId: p.layer("F-THIN"),
      toppings: { removed: [], extras: { [p.topping("jalapeno")]: 1 } },
    });
    const line = (await getCart(t.db, uuid))!.lines[0];
    expect(line).toMatchObject({ id: lineId, quantity: 2, firstLayerId: p.layer("F"), secondLayerId: p.layer("F-THIN"), unitCents: 27_900 + 2_000 });
    // A crust of another size is refused and the line is unchanged.
    expect((await refusal(updateLineOptions(t.db, uuid, lineId, { firstLayerId: p.layer("F"), secondLayerId: p.layer("M-PAN") }))).code).toBe("ITEM-NOT-FOUND");
    expect((await getCart(t.db, uuid))!.lines[0].secondLayerId).toBe(p.layer("F-THIN"));
    expect((await refusal(updateLineOptions(t.db, uuid, 999_999, { firstLayerId: p.layer("F"), secondLayerId: p.layer("F-THIN") }))).code).toBe("ITEM-NOT-FOUND");
  });

  it("sells items only inside their windows at the order time", async () => {
    const tuesdayOnly = await refusal(add({ productUuid: productUuid("HD-ALITAS-2X1") }));
    expect(tuesdayOnly.code).toBe("ITEM-02");
    const night = await refusal(add({ productUuid: productUuid("SD-ALITAS-NOCTURNAS") }));
    expect(night.code).toBe("SINGLE-06");
    expect(night.data).toMatchObject({ start: "18:00" });
    const lunchItem = await t.db.selectFrom("products").select("uuid").where("lunch_only", "=", true).where("product_type", "=", 0).executeTakeFirstOrThrow();
    const uuid = await add({ productUuid: lunchItem.uuid });

    process.env.STORE_NOW = FRIDAY_EVENING;
    expect((await refusal(add({ productUuid: lunchItem.uuid }))).code).toBe("ITEM-03");
    await add({ productUuid: productUuid("SD-ALITAS-NOCTURNAS") });
    process.env.STORE_NOW = TUESDAY_NOON;
    await add({ productUuid: productUuid("HD-ALITAS-2X1") });

    // The lunch line added at 13:00 no longer applies at 19:00: the cart says so and placement refuses it.
    process.env.STORE_NOW = FRIDAY_EVENING;
    const cart = (await getCart(t.db, uuid))!;
    expect(cart.lines[0].unavailable).toMatchObject({ code: "ITEM-03", start: "12:00", end: "17:00" });
    const refused = await refusal(placeCarryout(uuid));
    expect(refused.code).toBe("ITEM-03");
    // A scheduled order time inside the window makes it valid again (the cart's order time decides, not now).
    await t.db.updateTable("carts").set({ order_time: new Date("2026-11-21T19:30:00.000Z") }).where("uuid", "=", uuid).execute();
    expect((await getCart(t.db, uuid))!.lines[0].unavailable).toBeNull();
  });

  it("half-and-half: the dearer half plus $50 (lunch: $40), only valid pairs, the lunch one only at lunch", async () => {
    const hh = await ids(t.db, "HH-MITAD-Y-MITAD");
    const large = { firstLayerId: hh.layer("L"), secondLayerId: hh.layer("L-PAN") };
    const normal = productUuid("HH-MITAD-Y-MITAD");
    const [classicA, classicB, speciality] = ["PZ-PEPPERONI", "PZ-HAWAIANA", "PZ-SUPREMA"].map(productUuid);
    const uuid = await add({ productUuid: normal, ...large, halves: [classicA, classicB] });
    await add({ cartUuid: uuid, productUuid: normal, ...large, halves: [classicA, speciality] });
    const specialityLarge = await t.db
      .selectFrom("product_layers as l")
      .innerJoin("products as p", "p.id", "l.product_id")
      .select("l.price_cents")
      .where("p.sku", "=", "PZ-SUPREMA")
      .where("l.sku", "=", "L")
      .executeTakeFirstOrThrow();
    const cart = (await getCart(t.db, uuid))!;
    expect(cart.lines.map((l) => l.unitCents)).toEqual([22_900 + 5_000, specialityLarge.price_cents + 5_000]);
    expect(cart.lines[0].halves.map((h) => h.es)).toEqual(["Pepperoni", "Hawaiana"]);
    expect(cart.lines[0].productType).toBe(2);

    for (const halves of [[classicA, classicA], [classicA, productUuid("DR-COLA-600")], [classicA, randomUUID()]] as [string, string][]) {
      expect((await refusal(add({ productUuid: normal, ...large, halves }))).code).toBe("HALF-PAIR");
    }
    expect((await refusal(add({ productUuid: normal, ...large }))).code).toBe("HALF-PAIR");

    const lunchHH = await ids(t.db, "HH-MITAD-COMIDA");
    const lunchUuid = productUuid("HH-MITAD-COMIDA");
    const medium = { firstLayerId: lunchHH.layer("M"), secondLayerId: lunchHH.layer("M-PAN") };
    const lunchCart = await add({ productUuid: lunchUuid, ...medium, halves: [classicA, classicB] });
    expect((await getCart(t.db, lunchCart))!.lines[0].unitCents).toBe(18_900 + 4_000);
    // A speciality is not in the lunch set.
    expect((await refusal(add({ productUuid: lunchUuid, ...medium, halves: [classicA, speciality] }))).code).toBe("HALF-PAIR");
    process.env.STORE_NOW = FRIDAY_EVENING;
    expect((await refusal(add({ productUuid: lunchUuid, ...medium, halves: [classicA, classicB] }))).code).toBe("ITEM-03");
  });

  it("free items: priced 0, counted as free, and a cart of free items alone cannot be placed", async () => {
    const uuid = await add({ productUuid: productUuid("SD-SALSAS-CORTESIA"), quantity: 2 });
    let cart = (await getCart(t.db, uuid))!;
    expect(cart.lines[0]).toMatchObject({ unitCents: 0, totalCents: 0, quantity: 2 });
    expect(cart.freeItems).toBe(2);
    expect(cart.totals.subtotalCents).toBe(0);
    const order = () => placeCarryout(uuid);
    expect((await refusal(order())).code).toBe("CART-04");
    await add({ cartUuid: uuid, productUuid: productUuid("DR-COLA-600") });
    cart = (await getCart(t.db, uuid))!;
    expect(cart.freeItems).toBe(2);
    expect(cart.totals.subtotalCents).toBe(3_900);
    const placed = await order();
    const items = await t.db
      .selectFrom("order_items as i")
      .innerJoin("orders as o", "o.id", "i.order_id")
      .select(["i.sku", "i.total_cents"])
      .where("o.uuid", "=", placed.uuid)
      .orderBy("i.position")
      .execute();
    expect(items).toEqual([
      { sku: "SD-SALSAS-CORTESIA", total_cents: 0 },
      { sku: "DR-COLA-600", total_cents: 3_900 },
    ]);
  });

  it("empties a cart", async () => {
    const uuid = await add({ productUuid: productUuid("DR-COLA-600") });
    await deleteCart(t.db, uuid);
    expect(await getCart(t.db, uuid)).toBeUndefined();
    expect(await t.db.selectFrom("cart_lines").select("id").where("cart_uuid", "=", uuid).execute()).toEqual([]);
  });
});
