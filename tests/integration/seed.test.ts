import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { migrate } from "#server/db/client";
import { migrations } from "#server/db/migrations";
import type { DB } from "#server/db/types";
import { demoOrders } from "#server/db/seed/demo-orders";
import {
  CARRYOUT_ONLY_OUTLET_CODE,
  CLOSED_MONDAY_OUTLET_CODE,
  MIDNIGHT_OUTLET_CODE,
  SAMPLE_PIZZA_SKU,
  SERVED_POSTAL_CODE,
  TIJUANA_OUTLET_CODE,
  productUuid,
  seed,
} from "#server/db/seed";
import { testDatabases, type TestDatabase } from "../support/db";

const publicDir = fileURLToPath(new URL("../../public", import.meta.url));
const tables: (keyof DB)[] = [
  "outlets", "outlet_postal_codes", "outlet_hours", "categories", "products", "product_layers", "toppings",
  "product_toppings", "carts", "cart_lines", "orders", "order_items", "order_status_history", "combo_slots",
  "combo_slot_options",
];
const time = (value: unknown) => String(value).slice(0, 8);

describe.each(testDatabases())("migrations and seed on $name", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());

  async function counts() {
    const result: Record<string, number> = {};
    for (const table of tables) {
      const row = await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      result[table] = Number(row.n);
    }
    return result;
  }

  it("migrating again applies nothing", async () => {
    expect(await migrate(t.db)).toEqual([]);
    expect(await migrate(t.db)).toEqual([]);
  });

  /*
   * Regression: without `migrationTableSchema`, Kysely takes "kysely_migration" as present when ANY schema of
   * the server has it, and a second database isolated in its own schema could not be migrated. migrate() now
   * names the current schema. (PGlite databases are separate servers, so only Postgres could show it.)
   */
  it("migrate() sets up a second isolated database of the same server", async () => {
    const other = await kind.create({ migrate: false, seed: false });
    try {
      // Every migration, in order (the list is the migrations module's, so a new migration needs no edit here).
      expect(await migrate(other.db)).toEqual(Object.keys(migrations).sort());
      expect(Object.keys(migrations).slice(0, 4)).toEqual(["0001_initial", "0002_combos", "0003_hours_slots", "0004_checkout"]);
      expect(await migrate(other.db)).toEqual([]);
    } finally {
      await other.destroy();
    }
  });

  it("seeding again duplicates nothing and keeps every id", async () => {
    const before = await counts();
    const ids = await t.db.selectFrom("products").select(["id", "sku", "uuid"]).orderBy("id").execute();
    await seed(t.db);
    await seed(t.db);
    expect(await counts()).toEqual(before);
    expect(await t.db.selectFrom("products").select(["id", "sku", "uuid"]).orderBy("id").execute()).toEqual(ids);
    expect(before.outlets).toBeGreaterThanOrEqual(9);
    expect(before.products).toBeGreaterThan(20);
    // The demo customer's past orders (server/db/seed/demo-orders.ts), found again by their uuids, not duplicated.
    expect(before.orders).toBe(demoOrders.length);
  });

  it("seeding restores a price and a removed opening interval", async () => {
    const pizza = await t.db.selectFrom("products").select(["id", "price_cents"]).where("sku", "=", SAMPLE_PIZZA_SKU).executeTakeFirstOrThrow();
    const outlet = await t.db.selectFrom("outlets").select("id").where("code", "=", MIDNIGHT_OUTLET_CODE).executeTakeFirstOrThrow();
    const hours = await t.db.selectFrom("outlet_hours").select((eb) => eb.fn.countAll<number>().as("n")).where("outlet_id", "=", outlet.id).executeTakeFirstOrThrow();
    await t.db.updateTable("products").set({ price_cents: 1 }).where("id", "=", pizza.id).execute();
    await t.db.deleteFrom("outlet_hours").where("outlet_id", "=", outlet.id).where("weekday", "=", 5).execute();
    await seed(t.db);
    const after = await t.db.selectFrom("products").select("price_cents").where("id", "=", pizza.id).executeTakeFirstOrThrow();
    expect(after.price_cents).toBe(pizza.price_cents);
    const restored = await t.db.selectFrom("outlet_hours").select((eb) => eb.fn.countAll<number>().as("n")).where("outlet_id", "=", outlet.id).executeTakeFirstOrThrow();
    expect(Number(restored.n)).toBe(Number(hours.n));
  });

  it("has at least eight outlets in Mexico City, with accented names kept intact", async () => {
    const outlets = await t.db.selectFrom("outlets").selectAll().orderBy("position").execute();
    const cdmx = outlets.filter((o) => o.time_zone === "America/Mexico_City");
    expect(cdmx.length).toBeGreaterThanOrEqual(8);
    expect(outlets.find((o) => o.code === CLOSED_MONDAY_OUTLET_CODE)?.name).toBe("Coyoacán");
    expect(cdmx.filter((o) => /[áéíóúñ]/i.test(o.name)).length).toBeGreaterThanOrEqual(2);
    expect(cdmx.some((o) => /[áéíóúñ]/i.test(o.street))).toBe(true);
    expect(outlets.find((o) => o.code === TIJUANA_OUTLET_CODE)?.time_zone).toBe("America/Tijuana");
    expect(new Set(outlets.map((o) => o.code)).size).toBe(outlets.length);
    for (const o of outlets) {
      expect(o.postal_code, o.code).toMatch(/^\d{5}$/);
      expect(o.quote_delivery_min, o.code).toBeGreaterThan(0);
      expect(o.quote_carryout_min, o.code).toBeGreaterThan(0);
      expect(o.active, o.code).toBe(true);
    }
  });

  it("every outlet has opening hours, and postal codes unless it is carry-out only", async () => {
    const outlets = await t.db.selectFrom("outlets").select(["id", "code", "offers_delivery"]).execute();
    const codes = await t.db.selectFrom("outlet_postal_codes").selectAll().execute();
    const hours = await t.db.selectFrom("outlet_hours").selectAll().execute();
    for (const o of outlets) {
      const own = codes.filter((c) => c.outlet_id === o.id);
      if (o.code === CARRYOUT_ONLY_OUTLET_CODE) {
        expect(o.offers_delivery).toBe(false);
        expect(own).toEqual([]);
      } else {
        expect(o.offers_delivery, o.code).toBe(true);
        expect(own.length, o.code).toBeGreaterThan(0);
      }
      expect(hours.filter((h) => h.outlet_id === o.id).length, o.code).toBeGreaterThan(0);
    }
    expect(codes.some((c) => c.postal_code === SERVED_POSTAL_CODE)).toBe(true);
    for (const h of hours) {
      expect(h.weekday).toBeGreaterThanOrEqual(0);
      expect(h.weekday).toBeLessThanOrEqual(6);
      expect(time(h.opens)).toMatch(/^\d\d:\d\d:\d\d$/);
      expect(h.interval_min).toBeGreaterThan(0);
    }
  });

  it("one outlet closes at midnight ('00:00:00')", async () => {
    const rows = await t.db
      .selectFrom("outlet_hours as h")
      .innerJoin("outlets as o", "o.id", "h.outlet_id")
      .select(["o.code", "h.weekday", "h.opens", "h.closes"])
      .execute();
    const midnight = rows.filter((r) => time(r.closes) === "00:00:00");
    expect(midnight.length).toBeGreaterThan(0);
    expect(new Set(midnight.map((r) => r.code))).toEqual(new Set([MIDNIGHT_OUTLET_CODE]));
    expect(midnight.map((r) => r.weekday).sort()).toEqual([5, 6]); // Friday and Saturday
  });

  it("one outlet has no Monday hours (and opens the other days)", async () => {
    const rows = await t.db
      .selectFrom("outlet_hours as h")
      .innerJoin("outlets as o", "o.id", "h.outlet_id")
      .select(["h.weekday"])
      .where("o.code", "=", CLOSED_MONDAY_OUTLET_CODE)
      .execute();
    const weekdays = new Set(rows.map((r) => r.weekday));
    expect(weekdays.has(1)).toBe(false);
    expect([...weekdays].sort()).toEqual([0, 2, 3, 4, 5, 6]);
  });

  it("has every category kind of the spec, each with sub-categories except coupons and campaigns", async () => {
    const rows = await t.db.selectFrom("categories").selectAll().execute();
    const tops = rows.filter((r) => r.parent_id === null);
    const kinds = ["deals", "lunch-time", "hut-day", "pizzas", "half-and-half", "combos", "singles", "coupons", "campaigns"];
    expect(tops.map((r) => r.kind).sort()).toEqual([...kinds].sort());
    for (const top of tops) {
      const subs = rows.filter((r) => r.parent_id === top.id);
      if (top.kind === "coupons" || top.kind === "campaigns") expect(subs).toEqual([]);
      else expect(subs.length, top.kind).toBeGreaterThan(0);
      for (const sub of subs) expect(sub.kind).toBe(top.kind);
    }
    for (const row of rows) {
      const name = row.name as unknown as { es: string; en: string };
      expect(name.es, row.slug).toBeTruthy();
      expect(name.en, row.slug).toBeTruthy();
    }
  });

  it("every pizza has four sizes, each with its crusts", async () => {
    const pizzas = await t.db
      .selectFrom("products as p")
      .innerJoin("categories as c", "c.id", "p.category_id")
      .innerJoin("categories as top", "top.id", "c.parent_id")
      .select(["p.id", "p.sku", "p.price_cents"])
      .where("top.slug", "=", "pizzas")
      .execute();
    expect(pizzas.length).toBeGreaterThanOrEqual(8);
    expect(pizzas.map((p) => p.sku)).toContain(SAMPLE_PIZZA_SKU);
    const layers = await t.db.selectFrom("product_layers").selectAll().where("product_id", "in", pizzas.map((p) => p.id)).execute();
    for (const pizza of pizzas) {
      const sizes = layers.filter((l) => l.product_id === pizza.id && l.parent_id === null);
      expect(sizes.map((s) => s.sku).sort(), pizza.sku).toEqual(["F", "L", "M", "S"]);
      for (const size of sizes) {
        const crusts = layers.filter((l) => l.parent_id === size.id);
        expect(crusts.length, `${pizza.sku} ${size.sku}`).toBeGreaterThanOrEqual(2);
        expect(crusts.every((c) => c.sku.startsWith(`${size.sku}-`)), `${pizza.sku} ${size.sku}`).toBe(true);
      }
      // The product's price is its cheapest size.
      expect(pizza.price_cents).toBe(Math.min(...sizes.map((s) => s.price_cents)));
    }
  });

  it("gives seeded products stable name-based uuids", async () => {
    const row = await t.db.selectFrom("products").select("uuid").where("sku", "=", SAMPLE_PIZZA_SKU).executeTakeFirstOrThrow();
    expect(row.uuid).toBe(productUuid(SAMPLE_PIZZA_SKU));
    expect(productUuid(SAMPLE_PIZZA_SKU)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("every product image exists under public/", async () => {
    const products = await t.db.selectFrom("products").select(["sku", "image"]).execute();
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) {
      expect(p.image, p.sku).toMatch(/^\/images\/.+\.svg$/);
      expect(existsSync(`${publicDir}${p.image}`), `${p.sku}: public${p.image}`).toBe(true);
    }
  });

  it("pizzas carry their recipe toppings as defaults and extra cheese both ways", async () => {
    const rows = await t.db
      .selectFrom("product_toppings as pt")
      .innerJoin("products as p", "p.id", "pt.product_id")
      .innerJoin("toppings as t", "t.id", "pt.topping_id")
      .select(["t.code", "pt.type"])
      .where("p.sku", "=", SAMPLE_PIZZA_SKU)
      .execute();
    const type = Object.fromEntries(rows.map((r) => [r.code, r.type]));
    expect(type.pepperoni).toBe(1);
    expect(type["extra-queso"]).toBe(0);
    expect(type.jamon).toBe(2);
  });

  it("numbers orders from 100001 (the demo customer's past orders took the first numbers)", async () => {
    const { rows } = await sql<{ last_value: number; is_called: boolean }>`select last_value::int as last_value, is_called from order_number_seq`.execute(t.db);
    expect(rows[0]).toEqual({ last_value: 100000 + demoOrders.length, is_called: true });
    const numbers = await t.db.selectFrom("orders").select("number").orderBy("number").execute();
    expect(numbers.map((o) => o.number)).toEqual(demoOrders.map((_, i) => String(100001 + i)));
  });
});
