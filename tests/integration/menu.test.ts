import { getMenuPage, listCategories, type MenuPage } from "#server/catalog/menu";
import { SAMPLE_PIZZA_SKU, productUuid } from "#server/db/seed";
import { testDatabases, type TestDatabase } from "../support/db";

type Page = Extract<MenuPage, { kind: "page" }>;

function asPage(page: MenuPage): Page {
  expect(page.kind).toBe("page");
  return page as Page;
}

describe.each(testDatabases())("menu on $name", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());

  it("no category: redirects to the first category and its first sub-category", async () => {
    expect(await getMenuPage(t.db, "es", undefined, undefined)).toEqual({ kind: "redirect", to: "/order/deals/para-compartir" });
    expect(await getMenuPage(t.db, "en", undefined, undefined)).toEqual({ kind: "redirect", to: "/order/deals/para-compartir" });
  });

  it("a category without a sub-category shows its first sub-category", async () => {
    const page = asPage(await getMenuPage(t.db, "es", "pizzas", undefined));
    expect(page.category.slug).toBe("pizzas");
    expect(page.sub).toBe("clasicas");
    expect(page.products.map((p) => p.sku)).toContain(SAMPLE_PIZZA_SKU);
  });

  it("an unknown category redirects to /order", async () => {
    expect(await getMenuPage(t.db, "es", "no-such-category", undefined)).toEqual({ kind: "redirect", to: "/order" });
    expect(await getMenuPage(t.db, "es", "no-such-category", "clasicas")).toEqual({ kind: "redirect", to: "/order" });
  });

  it("an unknown sub-category redirects to its category", async () => {
    expect(await getMenuPage(t.db, "es", "pizzas", "no-such-sub")).toEqual({ kind: "redirect", to: "/order/pizzas" });
    // A sub-category of another category is unknown here.
    expect(await getMenuPage(t.db, "es", "pizzas", "bebidas")).toEqual({ kind: "redirect", to: "/order/pizzas" });
  });

  it("lists the categories in order, each with its sub-categories", async () => {
    const categories = await listCategories(t.db, "es");
    expect(categories.map((c) => c.slug)).toEqual([
      "deals", "lunch-time", "hut-day", "pizzas", "half-and-half", "combos", "singles", "coupons", "campaigns",
    ]);
    expect(categories.find((c) => c.slug === "pizzas")?.subs.map((s) => s.slug)).toEqual(["clasicas", "especialidades", "vegetarianas"]);
  });

  it("the pizzas page lists products with sizes, crusts and prices", async () => {
    const page = asPage(await getMenuPage(t.db, "es", "pizzas", "clasicas"));
    expect(page.categories.length).toBe(9);
    expect(page.products.length).toBeGreaterThanOrEqual(4);
    const pepperoni = page.products.find((p) => p.sku === SAMPLE_PIZZA_SKU)!;
    expect(pepperoni).toBeDefined();
    expect(pepperoni.uuid).toBe(productUuid(SAMPLE_PIZZA_SKU));
    expect(pepperoni.image).toBe(`/images/products/${SAMPLE_PIZZA_SKU}.svg`);
    expect(pepperoni.name).toBe("Pepperoni");
    expect(pepperoni.description).toMatch(/mozzarella/);
    expect(pepperoni.sizes.map((s) => [s.name, s.priceCents])).toEqual([
      ["Chica", 12_900],
      ["Mediana", 18_900],
      ["Grande", 22_900],
      ["Familiar", 27_900],
    ]);
    expect(pepperoni.fromPriceCents).toBe(12_900);
    const [small, medium] = pepperoni.sizes;
    expect(small.crusts.map((c) => [c.name, c.priceCents])).toEqual([
      ["Original (Pan)", 0],
      ["Delgada", 0],
    ]);
    expect(medium.crusts.map((c) => [c.name, c.priceCents])).toEqual([
      ["Original (Pan)", 0],
      ["Delgada", 0],
      ["Orilla rellena de queso", 3_500],
    ]);
    // Layer ids are distinct (a crust belongs to one size).
    const ids = pepperoni.sizes.flatMap((s) => [s.id, ...s.crusts.map((c) => c.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    // Every product of the page is a pizza with four sizes.
    for (const p of page.products) expect(p.sizes.length, p.sku).toBe(4);
  });

  it("a page of single products has no sizes and shows the product price", async () => {
    const page = asPage(await getMenuPage(t.db, "es", "singles", "bebidas"));
    expect(page.products.length).toBeGreaterThan(0);
    for (const p of page.products) {
      expect(p.sizes).toEqual([]);
      expect(p.fromPriceCents).toBeGreaterThan(0);
    }
    expect(page.products.find((p) => p.sku === "DR-COLA-600")?.fromPriceCents).toBe(3_900);
  });

  it("names are in the visitor's language", async () => {
    const es = asPage(await getMenuPage(t.db, "es", "pizzas", "clasicas"));
    const en = asPage(await getMenuPage(t.db, "en", "pizzas", "clasicas"));
    expect(es.products.map((p) => p.sku)).toEqual(en.products.map((p) => p.sku));
    const name = (page: Page, sku: string) => page.products.find((p) => p.sku === sku)!;
    expect(name(es, "PZ-HAWAIANA").name).toBe("Hawaiana");
    expect(name(en, "PZ-HAWAIANA").name).toBe("Hawaiian");
    expect(name(es, "PZ-HAWAIANA").description).not.toBe(name(en, "PZ-HAWAIANA").description);
    expect(name(en, SAMPLE_PIZZA_SKU).sizes.map((s) => s.name)).toEqual(["Small", "Medium", "Large", "Family"]);
    expect(es.category.name).toBe("Pizzas");
    expect(es.categories[0].name).toBe("Promociones");
    expect(en.categories[0].name).toBe("Deals");
    expect(en.category.subs[0].name).toBe("Classics");
    // Arabic names and describes the catalogue in Arabic (issue 14).
    const ar = asPage(await getMenuPage(t.db, "ar", "pizzas", "clasicas"));
    expect(name(ar, "PZ-HAWAIANA").name).toBe("هاواي");
    expect(name(ar, SAMPLE_PIZZA_SKU).sizes.map((s) => s.name)).toEqual(["صغيرة", "وسط", "كبيرة", "عائلية"]);
    expect(ar.category.subs[0].name).toBe("الكلاسيكية");
    expect(name(ar, "PZ-HAWAIANA").description).toBe("صلصة طماطم وجبن موتزاريلا ولحم خنزير مدخّن وأناناس.");
  });

  it("every product of the demo seed has its Arabic description (none falls back to English)", async () => {
    const rows = await t.db.selectFrom("products").select(["sku", "description"]).execute();
    const missing = rows.filter((r) => !(r.description as { ar?: string }).ar?.match(/[\u0600-\u06FF]/)).map((r) => r.sku);
    expect(rows.length).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });

  it("the coupons category has the coupons kind and no sub-category", async () => {
    const page = asPage(await getMenuPage(t.db, "es", "coupons", undefined));
    expect(page.category.kind).toBe("coupons");
    expect(page.category.subs).toEqual([]);
    expect(page.sub).toBeNull();
    expect(page.products).toEqual([]);
  });

  it("an inactive product is not listed", async () => {
    await t.db.updateTable("products").set({ active: false }).where("sku", "=", "PZ-MARGARITA").execute();
    try {
      const page = asPage(await getMenuPage(t.db, "es", "pizzas", "clasicas"));
      expect(page.products.map((p) => p.sku)).not.toContain("PZ-MARGARITA");
      expect(page.products.map((p) => p.sku)).toContain(SAMPLE_PIZZA_SKU);
    } finally {
      await t.db.updateTable("products").set({ active: true }).where("sku", "=", "PZ-MARGARITA").execute();
    }
  });

  /*
   * Regression: a size cannot be bought without one of its crusts, so the "from" price is the cheapest size
   * with its cheapest crust (it once ignored crust prices and showed a price nobody could pay).
   */
  it("the 'from' price is the cheapest size with its cheapest crust", async () => {
    const product = await t.db.selectFrom("products").select("id").where("sku", "=", "PZ-MARGARITA").executeTakeFirstOrThrow();
    const crusts = ["S-PAN", "S-THIN"];
    await t.db
      .updateTable("product_layers")
      .set({ price_cents: 1_500 })
      .where("product_id", "=", product.id)
      .where("sku", "in", crusts)
      .execute();
    try {
      const page = asPage(await getMenuPage(t.db, "es", "pizzas", "clasicas"));
      const margarita = page.products.find((p) => p.sku === "PZ-MARGARITA")!;
      const small = margarita.sizes[0];
      expect(Math.min(...small.crusts.map((c) => c.priceCents))).toBe(1_500);
      // The cheapest thing one can buy: a small (12,900) with a 1,500 crust = 14,400 (a medium is 18,900).
      expect(margarita.fromPriceCents).toBe(14_400);
    } finally {
      await t.db
        .updateTable("product_layers")
        .set({ price_cents: 0 })
        .where("product_id", "=", product.id)
        .where("sku", "in", crusts)
        .execute();
    }
  });
});
