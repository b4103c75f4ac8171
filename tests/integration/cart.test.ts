import { randomUUID } from "node:crypto";
import { addToCart, getCart, isRepeatedAdd, pricingSettings, reassignCart, removeLine, setLineQuantity, type AddToCart } from "#server/cart/rows";
import { includedTaxCents } from "#server/cart/pricing";
import { constants } from "#server/config";
import type { Database } from "#server/db/client";
import { CARRYOUT_ONLY_OUTLET_CODE, SAMPLE_PIZZA_SKU, SERVED_POSTAL_CODE, productUuid } from "#server/db/seed";
import { findDeliveryOutlet } from "#server/outlets/outlets";
import { testDatabases, type TestDatabase } from "../support/db";
import { refusal } from "../support/refusal";


/** The ids of a product's size (first layer) and crust (second layer) by their skus. */
async function layers(db: Database, sku: string, size: string, crust?: string) {
  const rows = await db
    .selectFrom("product_layers as l")
    .innerJoin("products as p", "p.id", "l.product_id")
    .select(["l.id", "l.sku", "l.price_cents"])
    .where("p.sku", "=", sku)
    .execute();
  const first = rows.find((r) => r.sku === size);
  const second = crust ? rows.find((r) => r.sku === crust) : undefined;
  if (!first || (crust && !second)) throw new Error(`no layer ${sku} ${size} ${crust}`);
  return { firstLayerId: first.id, secondLayerId: second?.id ?? null, cents: first.price_cents + (second?.price_cents ?? 0) };
}

describe.each(testDatabases())("cart on $name", (kind) => {
  let t: TestDatabase;
  let outletId: number;
  const pizza = productUuid(SAMPLE_PIZZA_SKU);
  const cola = productUuid("DR-COLA-600");
  const wedges = productUuid("SD-PAPAS-GAJO");

  const add = (input: Partial<AddToCart> & Pick<AddToCart, "productUuid">) =>
    addToCart(t.db, { cartUuid: null, outletId, orderType: "D", quantity: 1, ...input });
  const lineCount = async (uuid: string) =>
    Number(
      (
        await t.db
          .selectFrom("cart_lines")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("cart_uuid", "=", uuid)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await kind.create();
    outletId = (await findDeliveryOutlet(t.db, SERVED_POSTAL_CODE))!.id;
  });
  afterAll(() => t?.destroy());

  it("the first add creates the cart with the outlet and the order type", async () => {
    const medium = await layers(t.db, SAMPLE_PIZZA_SKU, "M", "M-PAN");
    const uuid = await add({ productUuid: pizza, ...medium, quantity: 2 });
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    const row = await t.db.selectFrom("carts").selectAll().where("uuid", "=", uuid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ outlet_id: outletId, order_type: "D", order_time: null });
    const cart = (await getCart(t.db, uuid))!;
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({
      sku: SAMPLE_PIZZA_SKU,
      productUuid: pizza,
      quantity: 2,
      unitCents: 18_900,
      totalCents: 37_800,
      firstLayerId: medium.firstLayerId,
      secondLayerId: medium.secondLayerId,
    });
    expect(cart.lines[0].size).toMatchObject({ es: "Mediana", en: "Medium" });
    expect(cart.lines[0].crust).toMatchObject({ es: "Original (Pan)" });
    expect(cart.count).toBe(2);
  });

  it("adding the same product with the same options merges the quantity", async () => {
    const large = await layers(t.db, SAMPLE_PIZZA_SKU, "L", "L-STUFFED");
    const uuid = await add({ productUuid: pizza, ...large });
    expect(await add({ cartUuid: uuid, productUuid: pizza, ...large, quantity: 2 })).toBe(uuid);
    await add({ cartUuid: uuid, productUuid: cola, quantity: 1 });
    await add({ cartUuid: uuid, productUuid: cola, quantity: 3 });
    const cart = (await getCart(t.db, uuid))!;
    expect(cart.lines.map((l) => [l.sku, l.quantity, l.unitCents])).toEqual([
      [SAMPLE_PIZZA_SKU, 3, 22_900 + 4_500],
      ["DR-COLA-600", 4, 3_900],
    ]);
    // Another crust of the same size is another line.
    const thin = await layers(t.db, SAMPLE_PIZZA_SKU, "L", "L-THIN");
    await add({ cartUuid: uuid, productUuid: pizza, ...thin });
    expect(await lineCount(uuid)).toBe(3);
    expect(cart.count).toBe(7);
  });

  it("refuses a crust of another size (ITEM-NOT-FOUND)", async () => {
    const medium = await layers(t.db, SAMPLE_PIZZA_SKU, "M");
    const largeCrust = await layers(t.db, SAMPLE_PIZZA_SKU, "L", "L-PAN");
    const uuid = await add({ productUuid: cola });
    const error = await refusal(
      add({ cartUuid: uuid, productUuid: pizza, firstLayerId: medium.firstLayerId, secondLayerId: largeCrust.secondLayerId }),
    );
    expect(error.code).toBe("ITEM-NOT-FOUND");
    expect(await lineCount(uuid)).toBe(1);
  });

  it("refuses a size or crust of another product", async () => {
    const other = await layers(t.db, "PZ-HAWAIANA", "M", "M-PAN");
    expect((await refusal(add({ productUuid: pizza, ...other }))).code).toBe("ITEM-NOT-FOUND");
  });

  it("refuses a layered product without its options (ITEM-NOT-FOUND)", async () => {
    expect((await refusal(add({ productUuid: pizza }))).code).toBe("ITEM-NOT-FOUND");
    const medium = await layers(t.db, SAMPLE_PIZZA_SKU, "M");
    // A size that has crusts needs one of them.
    expect((await refusal(add({ productUuid: pizza, firstLayerId: medium.firstLayerId }))).code).toBe("ITEM-NOT-FOUND");
    // A crust id given as the size.
    const crust = await layers(t.db, SAMPLE_PIZZA_SKU, "M", "M-PAN");
    expect((await refusal(add({ productUuid: pizza, firstLayerId: crust.secondLayerId, secondLayerId: null }))).code).toBe(
      "ITEM-NOT-FOUND",
    );
  });

  it("refuses options on a product that has none", async () => {
    const medium = await layers(t.db, SAMPLE_PIZZA_SKU, "M", "M-PAN");
    expect((await refusal(add({ productUuid: cola, ...medium }))).code).toBe("ITEM-NOT-FOUND");
  });

  it("refuses an unknown or inactive product (ITEM-NOT-FOUND) without creating a cart", async () => {
    const before = await t.db.selectFrom("carts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect((await refusal(add({ productUuid: randomUUID() }))).code).toBe("ITEM-NOT-FOUND");
    await t.db.updateTable("products").set({ active: false }).where("sku", "=", "DR-AGUA-600").execute();
    try {
      expect((await refusal(add({ productUuid: productUuid("DR-AGUA-600") }))).code).toBe("ITEM-NOT-FOUND");
    } finally {
      await t.db.updateTable("products").set({ active: true }).where("sku", "=", "DR-AGUA-600").execute();
    }
    const after = await t.db.selectFrom("carts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("sets a line's quantity and removes a line", async () => {
    const uuid = await add({ productUuid: cola });
    await add({ cartUuid: uuid, productUuid: wedges });
    const [colaLine, wedgesLine] = (await getCart(t.db, uuid))!.lines;
    await setLineQuantity(t.db, uuid, colaLine.id, 5);
    let cart = (await getCart(t.db, uuid))!;
    expect(cart.lines.find((l) => l.id === colaLine.id)).toMatchObject({ quantity: 5, totalCents: 5 * 3_900 });
    expect(cart.totals.subtotalCents).toBe(5 * 3_900 + 5_900);
    await removeLine(t.db, uuid, colaLine.id);
    cart = (await getCart(t.db, uuid))!;
    expect(cart.lines.map((l) => l.id)).toEqual([wedgesLine.id]);
    expect(cart.totals.subtotalCents).toBe(5_900);
  });

  it("does not touch a line of another cart", async () => {
    const mine = await add({ productUuid: cola });
    const theirs = await add({ productUuid: wedges });
    const theirLine = (await getCart(t.db, theirs))!.lines[0];
    expect((await refusal(setLineQuantity(t.db, mine, theirLine.id, 7))).code).toBe("ITEM-NOT-FOUND");
    await removeLine(t.db, mine, theirLine.id);
    expect((await getCart(t.db, theirs))!.lines).toEqual([expect.objectContaining({ id: theirLine.id, quantity: 1 })]);
  });

  it("operations on a missing cart are CART-01", async () => {
    const missing = randomUUID();
    expect(await getCart(t.db, missing)).toBeUndefined();
    expect((await refusal(add({ cartUuid: missing, productUuid: cola }))).code).toBe("CART-01");
    expect((await refusal(setLineQuantity(t.db, missing, 1, 2))).code).toBe("CART-01");
    expect((await refusal(removeLine(t.db, missing, 1))).code).toBe("CART-01");
    expect(await lineCount(missing)).toBe(0);
  });

  it("accepts a cart of exactly $2,000 and refuses to go over it (MAX-CART), leaving the cart unchanged", async () => {
    expect(constants.maxCartCents).toBe(200_000);
    // 22 × 5,900 + 18 × 3,900 = 200,000 exactly.
    const uuid = await add({ productUuid: wedges, quantity: 22 });
    await add({ cartUuid: uuid, productUuid: cola, quantity: 18 });
    const full = (await getCart(t.db, uuid))!;
    expect(full.totals.subtotalCents).toBe(200_000);

    const error = await refusal(add({ cartUuid: uuid, productUuid: cola, quantity: 1 }));
    expect(error.code).toBe("MAX-CART");
    expect(error.data).toMatchObject({ max: 200_000 });
    const line = full.lines.find((l) => l.sku === "DR-COLA-600")!;
    expect((await refusal(setLineQuantity(t.db, uuid, line.id, 19))).code).toBe("MAX-CART");
    expect((await refusal(add({ cartUuid: uuid, productUuid: pizza, ...(await layers(t.db, SAMPLE_PIZZA_SKU, "S", "S-PAN")) }))).code).toBe(
      "MAX-CART",
    );

    const after = (await getCart(t.db, uuid))!;
    expect(after.lines.map((l) => [l.id, l.sku, l.quantity])).toEqual(full.lines.map((l) => [l.id, l.sku, l.quantity]));
    expect(after.totals).toEqual(full.totals);
    // Going down is fine.
    await setLineQuantity(t.db, uuid, line.id, 17);
    expect((await getCart(t.db, uuid))!.totals.subtotalCents).toBe(200_000 - 3_900);
  });

  it("a first add refused for the maximum leaves no empty cart behind", async () => {
    const before = await t.db.selectFrom("carts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect((await refusal(add({ productUuid: wedges, quantity: 40 }))).code).toBe("MAX-CART");
    const after = await t.db.selectFrom("carts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("a cart pushed over the maximum by a price rise can still be reduced, but not grown", async () => {
    const uuid = await add({ productUuid: cola, quantity: 50 }); // 50 × 3,900 = 195,000
    const line = (await getCart(t.db, uuid))!.lines.find((l) => l.sku === "DR-COLA-600")!;
    try {
      await t.db.updateTable("products").set({ price_cents: 4_500 }).where("sku", "=", "DR-COLA-600").execute();
      expect((await getCart(t.db, uuid))!.totals.subtotalCents).toBeGreaterThan(200_000);
      expect((await refusal(setLineQuantity(t.db, uuid, line.id, 50 + 1))).code).toBe("MAX-CART");
      await setLineQuantity(t.db, uuid, line.id, 49);
      expect((await getCart(t.db, uuid))!.lines.find((l) => l.id === line.id)!.quantity).toBe(49);
    } finally {
      await t.db.updateTable("products").set({ price_cents: 3_900 }).where("sku", "=", "DR-COLA-600").execute();
    }
  });

  it("prices come from the database every time the cart is read", async () => {
    const product = await t.db.selectFrom("products").select("id").where("sku", "=", "PZ-HAWAIANA").executeTakeFirstOrThrow();
    const large = await layers(t.db, "PZ-HAWAIANA", "L", "L-STUFFED");
    const uuid = await add({ productUuid: productUuid("PZ-HAWAIANA"), ...large, quantity: 2 });
    await add({ cartUuid: uuid, productUuid: cola });
    expect((await getCart(t.db, uuid))!.totals.subtotalCents).toBe(2 * (22_900 + 4_500) + 3_900);
    try {
      await t.db.updateTable("product_layers").set({ price_cents: 25_000 }).where("product_id", "=", product.id).where("sku", "=", "L").execute();
      await t.db.updateTable("product_layers").set({ price_cents: 5_000 }).where("product_id", "=", product.id).where("sku", "=", "L-STUFFED").execute();
      await t.db.updateTable("products").set({ price_cents: 4_200 }).where("sku", "=", "DR-COLA-600").execute();
      const cart = (await getCart(t.db, uuid))!;
      expect(cart.lines.map((l) => l.unitCents)).toEqual([30_000, 4_200]);
      expect(cart.totals.subtotalCents).toBe(2 * 30_000 + 4_200);
      const { taxPercent, deliveryFeeCents } = pricingSettings();
      expect(cart.totals.totalCents).toBe(64_200 + deliveryFeeCents);
      expect(cart.totals.taxCents).toBe(includedTaxCents(64_200 + deliveryFeeCents, taxPercent));
    } finally {
      await t.db.updateTable("product_layers").set({ price_cents: 22_900 }).where("product_id", "=", product.id).where("sku", "=", "L").execute();
      await t.db.updateTable("product_layers").set({ price_cents: 4_500 }).where("product_id", "=", product.id).where("sku", "=", "L-STUFFED").execute();
      await t.db.updateTable("products").set({ price_cents: 3_900 }).where("sku", "=", "DR-COLA-600").execute();
    }
  });

  it("charges the delivery fee for delivery only", async () => {
    const { taxPercent, deliveryFeeCents } = pricingSettings();
    expect(deliveryFeeCents).toBeGreaterThan(0);
    const uuid = await add({ productUuid: wedges, quantity: 3 });
    let cart = (await getCart(t.db, uuid))!;
    expect(cart.orderType).toBe("D");
    expect(cart.totals).toEqual({
      subtotalCents: 17_700,
      discountCents: 0,
      deliveryFeeCents,
      taxPercent,
      taxCents: includedTaxCents(17_700 + deliveryFeeCents, taxPercent),
      totalCents: 17_700 + deliveryFeeCents,
    });
    const kiosk = await t.db.selectFrom("outlets").select("id").where("code", "=", CARRYOUT_ONLY_OUTLET_CODE).executeTakeFirstOrThrow();
    await reassignCart(t.db, uuid, kiosk.id, "C");
    cart = (await getCart(t.db, uuid))!;
    expect(cart.orderType).toBe("C");
    expect(cart.outletId).toBe(kiosk.id);
    expect(cart.totals).toMatchObject({ subtotalCents: 17_700, deliveryFeeCents: 0, totalCents: 17_700 });
    expect(cart.totals.taxCents).toBe(includedTaxCents(17_700, taxPercent));
    // A carry-out cart started as such has no fee either.
    const carryout = await add({ productUuid: wedges, orderType: "C", outletId: kiosk.id });
    expect((await getCart(t.db, carryout))!.totals.deliveryFeeCents).toBe(0);
  });

  it("10 concurrent adds of different products to one cart all land", async () => {
    const uuid = await add({ productUuid: productUuid("DS-BROWNIE") });
    await removeLine(t.db, uuid, (await getCart(t.db, uuid))!.lines[0].id);
    const skus = [
      "DR-COLA-600", "DR-AGUA-600", "DR-COLA-2L", "SD-BREADSTICKS", "SD-ALITAS-BBQ", "SD-PAPAS-GAJO",
      // A deal: a product_type 1 product without slots adds as it is (a combo with slots needs its choice).
      "DS-ROLLOS-CANELA", "DS-BROWNIE", "DS-PAY-QUESO", "DL-MEDIANA-REFRESCO",
    ];
    const results = await Promise.all(skus.map((sku) => add({ cartUuid: uuid, productUuid: productUuid(sku) })));
    expect(new Set(results)).toEqual(new Set([uuid]));
    const cart = (await getCart(t.db, uuid))!;
    expect(cart.lines).toHaveLength(10);
    expect(cart.lines.map((l) => l.sku).sort()).toEqual([...skus].sort());
    expect(cart.lines.every((l) => l.quantity === 1)).toBe(true);
  });

  it("10 concurrent adds of the same product merge into one line of 10", async () => {
    const uuid = await add({ productUuid: cola });
    await Promise.all(Array.from({ length: 10 }, () => add({ cartUuid: uuid, productUuid: wedges })));
    const cart = (await getCart(t.db, uuid))!;
    expect(cart.lines.map((l) => [l.sku, l.quantity])).toEqual([
      ["DR-COLA-600", 1],
      ["SD-PAPAS-GAJO", 10],
    ]);
  });

  it("the same add 10 times at once (one key: a double click's posts) adds once; another key adds again", async () => {
    // The clock held still (server/clock.ts), so the 10 s are the rule's, not the machine's speed.
    const previous = process.env.STORE_NOW;
    process.env.STORE_NOW = new Date().toISOString();
    try {
      const uuid = await add({ productUuid: cola });
      await Promise.all(Array.from({ length: 10 }, () => add({ cartUuid: uuid, productUuid: wedges, repeatKey: "page-1:wedges" })));
      const quantities = async () => (await getCart(t.db, uuid))!.lines.map((l) => [l.sku, l.quantity]);
      expect(await quantities()).toEqual([
        ["DR-COLA-600", 1],
        ["SD-PAPAS-GAJO", 1],
      ]);
      expect(await isRepeatedAdd(t.db, uuid, "page-1:wedges")).toBe(true);
      await add({ cartUuid: uuid, productUuid: wedges, repeatKey: "page-2:wedges" });
      expect(await isRepeatedAdd(t.db, uuid, "page-1:wedges")).toBe(false);
      expect(await quantities()).toEqual([
        ["DR-COLA-600", 1],
        ["SD-PAPAS-GAJO", 2],
      ]);
    } finally {
      if (previous === undefined) delete process.env.STORE_NOW;
      else process.env.STORE_NOW = previous;
    }
  });
});
