/**
 * The menu's allergen and nutrition table (/nutritional-content, issue 14 point 2): from the catalogue on each test
 * database (server/catalog/nutrition.ts), and through the route on the app's own database, where the filter is the
 * URL's `hide` (a GET form, so it works without JavaScript).
 */
import { ALLERGENS } from "#server/catalog/allergens";
import { getNutritionTable, hiddenAllergens } from "#server/catalog/nutrition";
import { products } from "#server/db/seed/menu";
import { args, cookie, get } from "../support/app";
import { testDatabases, type TestDatabase } from "../support/db";

const rows = (table: Awaited<ReturnType<typeof getNutritionTable>>) => table.groups.flatMap((g) => g.products);
const skus = (table: Awaited<ReturnType<typeof getNutritionTable>>) => rows(table).map((p) => p.sku);

describe.each(testDatabases())("allergen and nutrition table on $name", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());

  it("lists every product of the demo menu once, by category, with known allergens and energy", async () => {
    const table = await getNutritionTable(t.db, "es", []);
    expect(skus(table).sort()).toEqual(products.map((p) => p.sku).sort());
    expect(table.groups.map((g) => g.slug)).toEqual(["deals", "lunch-time", "hut-day", "pizzas", "half-and-half", "combos", "singles"]);
    for (const p of rows(table)) {
      expect(p.allergens.every((a) => (ALLERGENS as readonly string[]).includes(a))).toBe(true);
      expect(p.energy.length).toBeGreaterThan(0);
    }
    const pepperoni = rows(table).find((p) => p.sku === "PZ-PEPPERONI")!;
    expect(pepperoni.energy.map((e) => e.size)).toEqual(["Chica", "Mediana", "Grande", "Familiar"]);
    expect(pepperoni.energy.every((e) => e.kcal > 0)).toBe(true);
    expect(rows(table).find((p) => p.sku === "DR-COLA-600")!.energy).toEqual([{ size: "", kcal: 252 }]);
  });

  it("gives a pizza the allergens of its recipe's toppings", async () => {
    const table = await getNutritionTable(t.db, "es", []);
    const find = (sku: string) => rows(table).find((p) => p.sku === sku)!;
    expect(find("PZ-MARGARITA").allergens).toEqual(["gluten", "milk"]);
    // pepperoni (the topping) brings sulphites
    expect(find("PZ-PEPPERONI").allergens).toEqual(["gluten", "milk", "sulphites"]);
    // a topping's allergen reaches every product whose recipe has it
    await t.db.updateTable("toppings").set({ allergens: ["sulphites", "celery"] }).where("code", "=", "pepperoni").execute();
    const after = rows(await getNutritionTable(t.db, "es", [])).find((p) => p.sku === "PZ-PEPPERONI")!;
    expect(after.allergens).toEqual(["gluten", "milk", "celery", "sulphites"]);
    await t.db.updateTable("toppings").set({ allergens: ["sulphites"] }).where("code", "=", "pepperoni").execute();
  });

  it("a half-and-half and a combo declare every allergen of what can be chosen in them (customer review: hiding mustard or sulphites left them listed)", async () => {
    const table = await getNutritionTable(t.db, "es", []);
    const find = (sku: string) => rows(table).find((p) => p.sku === sku)!;
    // Pepperoni can be a half of either half-and-half, so its sulphites are theirs.
    expect(find("PZ-PEPPERONI").allergens).toContain("sulphites");
    expect(find("HH-MITAD-Y-MITAD").allergens).toContain("sulphites");
    expect(find("HH-MITAD-COMIDA").allergens).toContain("sulphites");
    // Every allergen of every option of the couple combo's slots is the combo's.
    const options = await t.db
      .selectFrom("combo_slots as s")
      .innerJoin("combo_slot_options as o", "o.slot_id", "s.id")
      .innerJoin("products as c", "c.id", "s.product_id")
      .innerJoin("products as p", "p.id", "o.product_id")
      .select("p.sku")
      .where("c.sku", "=", "CB-PAREJA")
      .execute();
    const optionAllergens = new Set(options.flatMap((o) => find(o.sku)?.allergens ?? []));
    expect(optionAllergens.has("mustard")).toBe(true);
    expect(find("CB-PAREJA").allergens).toEqual(expect.arrayContaining([...optionAllergens]));
    // So hiding mustard hides the couple combo, and hiding sulphites hides both half-and-halves.
    expect(skus(await getNutritionTable(t.db, "es", ["mustard"]))).not.toContain("CB-PAREJA");
    expect(skus(await getNutritionTable(t.db, "es", ["sulphites"]))).not.toContain("HH-MITAD-Y-MITAD");
    expect(skus(await getNutritionTable(t.db, "es", ["sulphites"]))).not.toContain("HH-MITAD-COMIDA");
  });

  it("hides the products containing a filtered allergen, and counts them", async () => {
    const all = await getNutritionTable(t.db, "es", []);
    const noMilk = await getNutritionTable(t.db, "es", ["milk"]);
    expect(noMilk.hidden).toEqual(["milk"]);
    expect(rows(noMilk).some((p) => p.allergens.includes("milk"))).toBe(false);
    expect(skus(noMilk)).toEqual(expect.arrayContaining(["DR-COLA-600", "SD-PAPAS-GAJO", "SD-ALITAS-BBQ"]));
    expect(skus(noMilk)).not.toContain("PZ-MARGARITA");
    expect(noMilk.hiddenCount).toBe(rows(all).filter((p) => p.allergens.includes("milk")).length);
    expect(noMilk.hiddenCount).toBeGreaterThan(0);
    const noMilkNoSoy = await getNutritionTable(t.db, "es", ["milk", "soy"]);
    expect(skus(noMilkNoSoy)).not.toContain("SD-ALITAS-BBQ");
  });

  it("reads only known allergen codes from a filter, once each, in the list's order", () => {
    expect(hiddenAllergens(["soy", "milk", "milk", "bogus", "__proto__", ""])).toEqual(["soy", "milk"]);
  });
});

describe("the /nutritional-content route", () => {
  process.env.SESSION_SECRET = "nutrition-route-secret";
  process.env.DATA_DIR = "memory://";
  process.env.DATABASE_URL = "";
  process.env.SEED_ON_START = "true";
  let route: typeof import("~/routes/nutritional-content");
  beforeAll(async () => {
    await (await import("#server/db/client")).getDb();
    route = await import("~/routes/nutritional-content");
  });

  const load = async (query: string, lng: "es" | "en" | "ar" = "es") => {
    const response = (await route.loader(args(get(`/nutritional-content${query}`, await cookie({ lng })) as Request) as never)) as Response;
    return (await response.json()) as { title: string; table: Awaited<ReturnType<typeof getNutritionTable>> };
  };

  it("filters by the URL: ?hide=milk hides every product containing milk; junk in the URL is ignored", async () => {
    const all = await load("");
    const noMilk = await load("?hide=milk&hide=nope");
    expect(rows(all.table).some((p) => p.sku === "PZ-MARGARITA")).toBe(true);
    expect(noMilk.table.hidden).toEqual(["milk"]);
    expect(rows(noMilk.table).some((p) => p.allergens.includes("milk"))).toBe(false);
    expect(rows(noMilk.table).length).toBe(rows(all.table).length - noMilk.table.hiddenCount);
    expect((await load("?hide=%00&hide=")).table.hidden).toEqual([]);
  });

  it("is translated", async () => {
    expect((await load("")).title).toBe("Alérgenos e información nutrimental");
    expect((await load("", "en")).title).toBe("Allergens and nutrition");
  });
});
