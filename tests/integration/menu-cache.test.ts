import { sql } from "kysely";
import { getMenuPage, type MenuPage } from "#server/catalog/menu";
import { counting } from "#server/db/counting";
import { SAMPLE_PIZZA_SKU } from "#server/db/seed";
import { testDatabases, type TestDatabase } from "../support/db";
import { heardBy } from "../support/notify";

/**
 * The menu's rows are cached per process (server/catalog/snapshot.ts) and hold while the catalogue's version
 * (migration 0026, raised by triggers) does; the version itself is kept in memory and read again after the NOTIFY a
 * change sends (migration 0030, server/db/versions.ts): a menu page costs no statement at all. A change to prices,
 * products or categories made by anyone (here plain SQL) shows at once on the embedded database (its one process
 * hears it before the change's caller goes on), and on Postgres, made through another pool (another process), as
 * soon as its NOTIFY arrives: waited for here, within less than the versions' HOLD_MS (past it they would be read
 * again without the NOTIFY, and the test could not fail).
 */
type Page = Extract<MenuPage, { kind: "page" }>;

async function menu(db: TestDatabase["db"], lng: "es" | "en" = "es"): Promise<{ page: Page; statements: number }> {
  const tally = { count: 0 };
  const page = await getMenuPage(counting(db, tally), lng, "pizzas", "clasicas");
  expect(page.kind).toBe("page");
  return { page: page as Page, statements: tally.count };
}

const sample = (page: Page) => page.products.find((p) => p.sku === SAMPLE_PIZZA_SKU);

describe.each(testDatabases())("the menu's cache on $name", (kind) => {
  let t: TestDatabase;
  let writer: TestDatabase["db"];
  beforeAll(async () => {
    t = await kind.create();
    writer = t.twin?.() ?? t.db;
  });
  afterAll(async () => {
    if (writer !== t.db) await writer.destroy();
    await t?.destroy();
  });

  // What a change made through `writer` shows: at once on PGlite, once its NOTIFY arrives on Postgres.
  const eventually = heardBy(kind.name);

  it("reads the rows once, then nothing per page, in any language", async () => {
    await menu(t.db);
    const again = await menu(t.db);
    expect(again.statements).toBe(0);
    const english = await menu(t.db, "en");
    expect(english.statements).toBe(0);
    expect(sample(english.page)?.description).not.toBe(sample(again.page)?.description);
  });

  it("the cards and links are built once per catalogue version and language, frozen and shared; each page has its own availability", async () => {
    const first = (await menu(t.db)).page;
    const second = (await menu(t.db)).page;
    // The same built sizes and links (nothing built again), in a card of the page's own.
    expect(sample(second)!.sizes).toBe(sample(first)!.sizes);
    expect(second.categories).toBe(first.categories);
    expect(sample(second)).not.toBe(sample(first));
    expect(Object.isFrozen(sample(first)!.sizes[0])).toBe(true);
    expect(() => {
      (sample(first)!.sizes[0] as { priceCents: number }).priceCents = 1;
    }).toThrow(TypeError);
    expect((await menu(t.db, "en")).page.categories).not.toBe(first.categories);
    // Lunch packages at 13:00 and at 19:15 in Mexico City, from the same kept cards.
    const lunch = async (at: string) =>
      (await getMenuPage(t.db, "es", "lunch-time", undefined, { at: new Date(at), timeZone: "America/Mexico_City" })) as Page;
    const noon = await lunch("2026-11-20T19:00:00Z");
    const evening = await lunch("2026-11-21T01:15:00Z");
    expect(noon.products.length).toBeGreaterThan(0);
    expect(noon.products.every((p) => p.unavailable === null)).toBe(true);
    expect(evening.products.every((p) => p.unavailable?.code === "ITEM-03")).toBe(true);
    expect(evening.products[0]!.sizes).toBe(noon.products[0]!.sizes);
  });

  it("a price changed in the database shows on the next page", async () => {
    const before = sample((await menu(t.db)).page)!;
    const size = before.sizes[0]!;
    await sql`update product_layers set price_cents = price_cents + 1000 where id = ${size.id}`.execute(writer);
    await eventually(async () => {
      const after = await menu(t.db);
      expect(sample(after.page)!.sizes[0]!.priceCents).toBe(size.priceCents + 1000);
      expect(sample(after.page)!.sizes).not.toBe(before.sizes);
    });
    expect((await menu(t.db)).statements).toBe(0);
  });

  it("the same change made again and again (a prepared statement), and one made in a transaction, show at once", async () => {
    const size = sample((await menu(t.db)).page)!.sizes[0]!;
    for (let round = 1; round <= 3; round++) {
      await sql`update product_layers set price_cents = price_cents + 100 where id = ${size.id}`.execute(writer);
      await eventually(async () => expect(sample((await menu(t.db)).page)!.sizes[0]!.priceCents).toBe(size.priceCents + 100 * round));
    }
    await writer.transaction().execute(async (trx) => {
      await sql`update product_layers set price_cents = price_cents - 300 where id = ${size.id}`.execute(trx);
      // Inside the changing transaction the new price is its own, before the commit.
      expect(sample((await getMenuPage(trx, "es", "pizzas", "clasicas")) as Page)?.sizes[0]?.priceCents).toBe(size.priceCents);
    });
    await eventually(async () => expect(sample((await menu(t.db)).page)!.sizes[0]!.priceCents).toBe(size.priceCents));
    // A transaction rolled back changes nothing and leaves the version kept.
    await writer
      .transaction()
      .execute(async (trx) => {
        await sql`update product_layers set price_cents = 1 where id = ${size.id}`.execute(trx);
        throw new Error("rolled back");
      })
      .catch(() => {});
    const kept = await menu(t.db);
    expect(sample(kept.page)!.sizes[0]!.priceCents).toBe(size.priceCents);
    expect(kept.statements).toBe(0);
  });

  it("a product taken off and a category renamed show on the next page", async () => {
    await sql`update products set active = false where sku = ${SAMPLE_PIZZA_SKU}`.execute(writer);
    await eventually(async () => expect(sample((await menu(t.db)).page)).toBeUndefined());
    await sql`update products set active = true where sku = ${SAMPLE_PIZZA_SKU}`.execute(writer);
    await eventually(async () => expect(sample((await menu(t.db)).page)).toBeDefined());
    await sql`update categories set name = jsonb_set(name, '{es}', '"Pizzas de la casa"') where slug = 'pizzas' and parent_id is null`.execute(writer);
    await eventually(async () => expect((await menu(t.db)).page.category.name).toBe("Pizzas de la casa"));
  });
});
