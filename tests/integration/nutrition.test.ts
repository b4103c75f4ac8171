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
