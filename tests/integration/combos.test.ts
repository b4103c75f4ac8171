import { randomUUID } from "node:crypto";
import { describeLine } from "#server/cart/line";
import { addToCart, getCart, updateLineOptions, type AddToCart } from "#server/cart/rows";
import { getComboDetail } from "#server/catalog/combo";
import { getMenuPage } from "#server/catalog/menu";
import { migrate, type Database } from "#server/db/client";
import { SERVED_POSTAL_CODE, productUuid, seed } from "#server/db/seed";
import { placeOrder } from "#server/orders/place";
import { findDeliveryOutlet } from "#server/outlets/outlets";
import { testDatabases, type TestDatabase } from "../support/db";
import { refusal } from "../support/refusal";
import { pinStoreNow } from "../support/clock";

/** Friday 20 Nov 2026, 13:00 in Mexico City (before the 18:00 items); the same Friday at 19:00. */
const FRIDAY_LUNCH = "2026-11-20T19:00:00.000Z";
const FRIDAY_EVENING = "2026-11-21T01:00:00.000Z";

const COMBOS = ["CB-PAREJA", "CB-PIZZA-ALITAS", "CB-FAMILIAR", "CB-SUPER-HUT"];

interface Slot {
  id: number;
  name: string;
  options: { sku: string; uuid: string; productId: number; sizeSku: string | null; surchargeCents: number }[];
}

/** A combo's slots as seeded, in order, with their options by sku. */
async function slotsOf(db: Database, comboSku: string): Promise<Slot[]> {
  const rows = await db
    .selectFrom("combo_slots as s")
    .innerJoin("products as c", "c.id", "s.product_id")
    .innerJoin("combo_slot_options as o", "o.slot_id", "s.id")
    .innerJoin("products as p", "p.id", "o.product_id")
    .select(["s.id", "s.name", "s.position", "p.sku", "p.uuid", "p.id as product_id", "o.size_sku", "o.surcharge_cents", "o.position as option_position"])
    .where("c.sku", "=", comboSku)
    .orderBy("s.position")
    .orderBy("o.position")
    .execute();
  const slots: Slot[] = [];
  for (const r of rows) {
    let slot = slots.find((s) => s.id === r.id);
    if (!slot) {
      slot = { id: r.id, name: (r.name as { es: string }).es, options: [] };
      slots.push(slot);
    }
    slot.options.push({ sku: r.sku, uuid: r.uuid, productId: r.product_id, sizeSku: r.size_sku, surchargeCents: r.surcharge_cents });
  }
  return slots;
}

const option = (slot: Slot, sku: string) => {
  const found = slot.options.find((o) => o.sku === sku);
  if (!found) throw new Error(`slot ${slot.name} does not offer ${sku}`);
  return found;
};

describe.each(testDatabases())("combos on $name", (kind) => {
  let t: TestDatabase;
  let outletId: number;
  let pareja: Slot[];
  const add = (input: Partial<AddToCart> & Pick<AddToCart, "productUuid">) =>
    addToCart(t.db, { cartUuid: null, outletId, orderType: "C", quantity: 1, ...input });
  /** A CB-PAREJA choice: a pizza, breadsticks, a cola and a water. */
  const parejaChoice = (pizza = "PZ-PEPPERONI", side = "SD-BREADSTICKS"): Record<number, string> => ({
    [pareja[0]!.id]: option(pareja[0]!, pizza).uuid,
    [pareja[1]!.id]: option(pareja[1]!, side).uuid,
    [pareja[2]!.id]: option(pareja[2]!, "DR-COLA-600").uuid,
    [pareja[3]!.id]: option(pareja[3]!, "DR-AGUA-600").uuid,
  });
  const combo = productUuid("CB-PAREJA");

  beforeAll(async () => {
    t = await kind.create();
    outletId = (await findDeliveryOutlet(t.db, SERVED_POSTAL_CODE))!.id;
    pareja = await slotsOf(t.db, "CB-PAREJA");
  });
  pinStoreNow(FRIDAY_LUNCH);
  afterAll(() => t?.destroy());

  it("migration 0002 is applied, and seeding twice more duplicates no slot or option and keeps their ids", async () => {
    expect(await migrate(t.db)).toEqual([]);
    const applied = await t.db.selectFrom("kysely_migration" as never).select("name" as never).execute();
    expect(applied.map((r) => (r as { name: string }).name)).toContain("0002_combos");
    // The new column exists (selecting it on an empty result is enough).
    await t.db.selectFrom("cart_lines").select("combo_uuid").where("id", "=", -1).execute();
    const snapshot = async () => ({
      slots: await t.db.selectFrom("combo_slots").select(["id", "product_id", "position", "name"]).orderBy("id").execute(),
      options: await t.db.selectFrom("combo_slot_options").selectAll().orderBy("slot_id").orderBy("product_id").execute(),
    });
    const before = await snapshot();
    await seed(t.db);
    await seed(t.db);
    expect(await snapshot()).toEqual(before);
    expect(before.slots.length).toBe(4 + 3 + 3 + 5);
  });

  it("the four CB-* combos have slots; the deals have none", async () => {
    expect(pareja.map((s) => s.name)).toEqual(["Pizza mediana", "Complemento", "Primera bebida", "Segunda bebida"]);
    const pizza = pareja[0]!;
    expect(option(pizza, "PZ-PEPPERONI")).toMatchObject({ sizeSku: "M", surchargeCents: 0 });
    expect(option(pizza, "PZ-SUPREMA")).toMatchObject({ sizeSku: "M", surchargeCents: 3_000 });
    expect(option(pareja[1]!, "SD-BREADSTICKS")).toMatchObject({ sizeSku: null, surchargeCents: 0 });
    expect((await slotsOf(t.db, "CB-FAMILIAR"))[0]!.options.every((o) => o.sizeSku === "F")).toBe(true);
    const superHut = await slotsOf(t.db, "CB-SUPER-HUT");
    expect(superHut.filter((s) => s.options.every((o) => o.sizeSku === "L"))).toHaveLength(2);
    expect((await slotsOf(t.db, "CB-PIZZA-ALITAS"))[1]!.options.map((o) => o.sku)).toEqual(["SD-ALITAS-BBQ"]);
    const deals = await t.db
      .selectFrom("products as p")
      .leftJoin("combo_slots as s", "s.product_id", "p.id")
      .select(["p.sku", "s.id"])
      .where("p.sku", "like", "DL-%")
      .execute();
    expect(deals.length).toBe(4);
    expect(deals.every((d) => d.id === null)).toBe(true);
  });

  it("each combo costs less than its contents bought one by one, but not absurdly less", async () => {
    for (const sku of COMBOS) {
      const slots = await slotsOf(t.db, sku);
      expect(slots.length, sku).toBeGreaterThanOrEqual(3);
      let contents = 0;
      for (const slot of slots) {
        // Every slot has an option included in the price (no surcharge).
        expect(slot.options.some((o) => o.surchargeCents === 0), `${sku} ${slot.name}`).toBe(true);
        const prices = [];
        for (const o of slot.options.filter((x) => x.surchargeCents === 0)) {
          const product = await t.db.selectFrom("products").select("price_cents").where("id", "=", o.productId).executeTakeFirstOrThrow();
          if (o.sizeSku === null) {
            prices.push(product.price_cents);
          } else {
            const size = await t.db.selectFrom("product_layers").select(["id", "price_cents"]).where("product_id", "=", o.productId).where("sku", "=", o.sizeSku).where("parent_id", "is", null).executeTakeFirstOrThrow();
            prices.push(size.price_cents);
          }
        }
        contents += Math.min(...prices);
      }
      const { price_cents } = await t.db.selectFrom("products").select("price_cents").where("sku", "=", sku).executeTakeFirstOrThrow();
      expect(price_cents, sku).toBeLessThan(contents);
      expect(price_cents, sku).toBeGreaterThan(contents * 0.7);
    }
  });

  it("adds a combo with its choice as one line: the combo's price plus the surcharge, with its items", async () => {
    const uuid = await add({ productUuid: combo, combo: parejaChoice("PZ-SUPREMA"), quantity: 2 });
    const cart = (await getCart(t.db, uuid))!;
    expect(cart.lines).toHaveLength(1);
    const line = cart.lines[0]!;
    expect(line).toMatchObject({ sku: "CB-PAREJA", productType: 1, quantity: 2, unitCents: 27_900 + 3_000, totalCents: 2 * 30_900 });
    expect(line.unavailable).toBeNull();
    expect(line.comboUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(line.comboItems.map((n) => n.es)).toEqual(["Suprema (Mediana)", "Palitos de pan", "Refresco 600 ml", "Agua natural 600 ml"]);
    expect(describeLine(line, "en").comboItems).toEqual(["Supreme (Medium)", "Breadsticks", "Soft drink 600 ml", "Still water 600 ml"]);
    expect(cart.totals.subtotalCents).toBe(61_800);
    // The pizza is stored at the slot's size and that size's first crust; the other items have no layers.
    const suprema = await t.db.selectFrom("product_layers as l").innerJoin("products as p", "p.id", "l.product_id").select(["l.id", "l.sku"]).where("p.sku", "=", "PZ-SUPREMA").execute();
    expect(line.combo).toEqual([
      { slotId: pareja[0]!.id, productId: option(pareja[0]!, "PZ-SUPREMA").productId, firstLayerId: suprema.find((l) => l.sku === "M")!.id, secondLayerId: suprema.find((l) => l.sku === "M-PAN")!.id },
      { slotId: pareja[1]!.id, productId: option(pareja[1]!, "SD-BREADSTICKS").productId, firstLayerId: null, secondLayerId: null },
      { slotId: pareja[2]!.id, productId: option(pareja[2]!, "DR-COLA-600").productId, firstLayerId: null, secondLayerId: null },
      { slotId: pareja[3]!.id, productId: option(pareja[3]!, "DR-AGUA-600").productId, firstLayerId: null, secondLayerId: null },
    ]);
    // The price is read from the database at every view: a new surcharge shows at once.
    await t.db.updateTable("combo_slot_options").set({ surcharge_cents: 4_000 }).where("slot_id", "=", pareja[0]!.id).where("product_id", "=", option(pareja[0]!, "PZ-SUPREMA").productId).execute();
    try {
      expect((await getCart(t.db, uuid))!.lines[0]!.unitCents).toBe(27_900 + 4_000);
    } finally {
      await seed(t.db);
    }
    expect((await getCart(t.db, uuid))!.lines[0]!.unitCents).toBe(30_900);
  });

  it("refuses a missing slot, a foreign product, a slot chosen twice or another combo's slot with COMBO-CHOICE", async () => {
    const full = parejaChoice();
    const { [pareja[3]!.id]: _dropped, ...missing } = full;
    expect((await refusal(add({ productUuid: combo, combo: missing }))).data).toMatchObject({ reason: "missing", slotId: pareja[3]!.id });

    const cases: AddToCart["combo"][] = [
      // a drink of another size, a product of another slot, an unknown uuid, not a uuid at all
      { ...full, [pareja[2]!.id]: productUuid("DR-COLA-2L") },
      { ...full, [pareja[1]!.id]: productUuid("PZ-PEPPERONI") },
      { ...full, [pareja[0]!.id]: randomUUID() },
      { ...full, [pareja[0]!.id]: "not-a-uuid" },
      // a slot chosen twice (a form may post a name twice): with every slot filled, or instead of another
      [...Object.entries(full).map(([slotId, productUuid]) => ({ slotId: Number(slotId), productUuid })), { slotId: pareja[2]!.id, productUuid: option(pareja[2]!, "DR-AGUA-600").uuid }],
      Object.entries(missing).map(([slotId, productUuid]) => ({ slotId: Number(slotId), productUuid })).concat({ slotId: pareja[2]!.id, productUuid: option(pareja[2]!, "DR-AGUA-600").uuid }),
      // a slot of another combo
      { ...full, [(await slotsOf(t.db, "CB-FAMILIAR"))[2]!.id]: productUuid("DR-COLA-2L") },
    ];
    for (const choice of cases) {
      const error = await refusal(add({ productUuid: combo, combo: choice }));
      expect(error.code, JSON.stringify(choice)).toBe("COMBO-CHOICE");
    }
    // A refused first add leaves no cart behind.
    const before = await t.db.selectFrom("carts").select("uuid").execute();
    await refusal(add({ productUuid: combo, combo: missing }));
    expect(await t.db.selectFrom("carts").select("uuid").execute()).toEqual(before);
  });

  it("a combo with slots added without a choice is refused; a deal (no slots) adds as it is and takes no choice", async () => {
    expect((await refusal(add({ productUuid: combo }))).code).toBe("COMBO-CHOICE");
    expect((await refusal(add({ productUuid: combo, combo: {} }))).code).toBe("COMBO-CHOICE");
    expect((await refusal(add({ productUuid: productUuid("CB-SUPER-HUT") }))).code).toBe("COMBO-CHOICE");
    const deal = productUuid("DL-MEDIANA-REFRESCO");
    const uuid = await add({ productUuid: deal });
    const line = (await getCart(t.db, uuid))!.lines[0]!;
    expect(line).toMatchObject({ sku: "DL-MEDIANA-REFRESCO", productType: 1, unitCents: 17_900, comboUuid: null, comboItems: [], unavailable: null });
    expect((await refusal(add({ productUuid: deal, combo: parejaChoice() }))).code).toBe("COMBO-CHOICE");
    expect((await refusal(add({ productUuid: productUuid("DR-COLA-600"), combo: parejaChoice() }))).code).toBe("COMBO-CHOICE");
  });

  it("merges two identical combo choices by quantity, keeps different choices apart, each line with its own combo_uuid", async () => {
    const uuid = await add({ productUuid: combo, combo: parejaChoice("PZ-HAWAIANA") });
    // The same choice in another shape and order merges.
    const pairs = Object.entries(parejaChoice("PZ-HAWAIANA")).map(([slotId, productUuid]) => ({ slotId: Number(slotId), productUuid })).reverse();
    await add({ cartUuid: uuid, productUuid: combo, combo: pairs, quantity: 2 });
    await add({ cartUuid: uuid, productUuid: combo, combo: parejaChoice("PZ-HAWAIANA", "SD-PAPAS-GAJO") });
    const cart = (await getCart(t.db, uuid))!;
    expect(cart.lines.map((l) => [l.quantity, l.unitCents])).toEqual([
      [3, 27_900],
      [1, 27_900],
    ]);
    expect(cart.lines[0]!.comboItems.map((n) => n.es)).toContain("Hawaiana (Mediana)");
    expect(cart.lines[1]!.comboItems.map((n) => n.es)).toContain("Papas gajo");
    expect(cart.lines[0]!.comboUuid).not.toBe(cart.lines[1]!.comboUuid);
    expect(cart.totals.subtotalCents).toBe(4 * 27_900);
    // A combo's choice is not changed through the size-and-toppings form.
    expect((await refusal(updateLineOptions(t.db, uuid, cart.lines[0]!.id, { firstLayerId: null, secondLayerId: null }))).code).toBe("COMBO-CHOICE");
  });

  it("judges the combo's own window and each chosen item's at the order time", async () => {
    const side = pareja[1]!;
    const nightWings = await t.db.selectFrom("products").select(["id", "uuid"]).where("sku", "=", "SD-ALITAS-NOCTURNAS").executeTakeFirstOrThrow();
    await t.db.insertInto("combo_slot_options").values({ slot_id: side.id, product_id: nightWings.id, size_sku: null, surcharge_cents: 0, position: 9 }).execute();
    try {
      const withWings = { ...parejaChoice(), [side.id]: nightWings.uuid };
      const refused = await refusal(add({ productUuid: combo, combo: withWings }));
      expect(refused.code).toBe("SINGLE-06");
      expect(refused.data).toMatchObject({ start: "18:00" });
      process.env.STORE_NOW = FRIDAY_EVENING;
      const uuid = await add({ productUuid: combo, combo: withWings });
      // Back at lunch time the line is flagged and checkout refuses it.
      process.env.STORE_NOW = FRIDAY_LUNCH;
      expect((await getCart(t.db, uuid))!.lines[0]!.unavailable).toMatchObject({ code: "SINGLE-06" });
      expect((await refusal(place(uuid))).code).toBe("SINGLE-06");
    } finally {
      await t.db.deleteFrom("combo_slot_options").where("slot_id", "=", side.id).where("product_id", "=", nightWings.id).execute();
    }
    // The combo's own rules count too.
    await t.db.updateTable("products").set({ hut_day: 2 }).where("sku", "=", "CB-PAREJA").execute();
    try {
      expect((await refusal(add({ productUuid: combo, combo: parejaChoice() }))).code).toBe("ITEM-02");
    } finally {
      await seed(t.db);
    }
  });

  it("a line whose choice no longer holds (its option was withdrawn) is flagged COMBO-CHOICE and checkout refuses it", async () => {
    const uuid = await add({ productUuid: combo, combo: parejaChoice("PZ-MARGARITA") });
    const margarita = option(pareja[0]!, "PZ-MARGARITA").productId;
    await t.db.deleteFrom("combo_slot_options").where("slot_id", "=", pareja[0]!.id).where("product_id", "=", margarita).execute();
    try {
      const line = (await getCart(t.db, uuid))!.lines[0]!;
      expect(line.unavailable).toMatchObject({ code: "COMBO-CHOICE", reason: "not-offered" });
      expect(line.comboItems.map((n) => n.es)[0]).toBe("Margarita (Mediana)");
      expect((await refusal(place(uuid))).code).toBe("COMBO-CHOICE");
    } finally {
      await seed(t.db);
    }
    expect((await getCart(t.db, uuid))!.lines[0]!.unavailable).toBeNull();
  });

  it("places a combo: the item keeps its price, its combo_uuid and its chosen items", async () => {
    const uuid = await add({ productUuid: combo, combo: parejaChoice("PZ-CARNES-FRIAS") });
    const comboUuid = (await getCart(t.db, uuid))!.lines[0]!.comboUuid;
    const order = await place(uuid);
    const item = await t.db
      .selectFrom("order_items as i")
      .innerJoin("orders as o", "o.id", "i.order_id")
      .select(["i.sku", "i.product_type", "i.unit_price_cents", "i.detail"])
      .where("o.uuid", "=", order.uuid)
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({ sku: "CB-PAREJA", product_type: 1, unit_price_cents: 30_900 });
    const detail = item.detail as { comboUuid: string; comboItems: { es: string }[]; combo: unknown[] };
    expect(detail.comboUuid).toBe(comboUuid);
    expect(detail.comboItems.map((n) => n.es)).toEqual(["Carnes frías (Mediana)", "Palitos de pan", "Refresco 600 ml", "Agua natural 600 ml"]);
    expect(detail.combo).toHaveLength(4);
  });

  it("the combo page's data and the menu's hasSlots flag", async () => {
    const detail = (await getComboDetail(t.db, "es", combo))!;
    expect(detail).toMatchObject({ name: "Combo pareja", priceCents: 27_900, menuPath: "/order/combos/para-dos" });
    expect(detail.slots.map((s) => s.name)).toEqual(["Pizza mediana", "Complemento", "Primera bebida", "Segunda bebida"]);
    expect(detail.slots[0]!.options.find((o) => o.name === "Suprema")).toMatchObject({ surchargeCents: 3_000, image: "/images/products/PZ-SUPREMA.svg" });
    expect((await getComboDetail(t.db, "en", combo))!.slots[2]!.name).toBe("First drink");
    for (const unknown of [randomUUID(), "not-a-uuid", productUuid("DL-MEDIANA-REFRESCO"), productUuid("PZ-PEPPERONI")]) {
      expect(await getComboDetail(t.db, "es", unknown)).toBeUndefined();
    }
    const combos = await getMenuPage(t.db, "es", "combos", "para-dos");
    const deals = await getMenuPage(t.db, "es", "deals", "para-compartir");
    if (combos.kind !== "page" || deals.kind !== "page") throw new Error("expected pages");
    expect(combos.products.map((p) => [p.sku, p.hasSlots])).toEqual([
      ["CB-PAREJA", true],
      ["CB-PIZZA-ALITAS", true],
    ]);
    expect(deals.products.every((p) => !p.hasSlots)).toBe(true);
  });

  function place(cartUuid: string) {
    return placeOrder(t.db, {
      cartUuid,
      outletId,
      orderType: "C",
      locale: "es",
      checkout: { name: "Ana", surname: "López", email: "ana@correo.mx", mobile: "5512345678", comment: "", paymentMethod: "cash", idempotencyKey: randomUUID() },
    });
  }
});
