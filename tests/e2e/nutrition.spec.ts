import { expect, test, type Page } from "@playwright/test";
import { chooseCarryout } from "./support";

/**
 * The allergen and nutrition table (/nutritional-content, issue 14): reached from the footer and from a product's
 * builder, filtered by a GET form (the URL carries the filter, the server applies it), with and without JavaScript.
 */

const row = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

test.describe("allergens and nutrition (/nutritional-content)", () => {
  test("the footer links to the table, grouped by category, with each product's allergens and kcal per size", async ({ page }) => {
    await page.goto("/home");
    await page.getByRole("contentinfo").getByRole("link", { name: "Alérgenos y nutrición" }).click();
    await expect(page).toHaveURL(/\/nutritional-content$/);
    await expect(page.getByRole("heading", { name: "Alérgenos e información nutrimental", level: 1 })).toBeVisible();
    const pizzas = page.getByRole("table", { name: "Alérgenos y energía: Pizzas" });
    await expect(pizzas.getByRole("columnheader", { name: "Alérgenos" })).toBeVisible();
    const margarita = row(page, "Margarita");
    await expect(margarita.getByRole("cell", { name: "Gluten, Leche" })).toBeVisible();
    await expect(margarita.getByText("Chica: 1080 kcal (pizza entera)")).toBeVisible();
    await expect(row(page, "Pepperoni").getByRole("cell", { name: "Gluten, Leche, Sulfitos" })).toBeVisible();
  });

  test("filtering by milk hides every product containing milk; the URL carries the filter", async ({ page }) => {
    await page.goto("/nutritional-content");
    await expect(row(page, "Margarita")).toHaveCount(1);
    await page.getByRole("checkbox", { name: "Leche" }).check();
    await page.getByRole("button", { name: "Aplicar filtro" }).click();
    await expect(page).toHaveURL(/\/nutritional-content\?hide=milk$/);
    await expect(page.getByText(/productos ocultos por contener: Leche\.$/)).toBeVisible();
    await expect(row(page, "Margarita")).toHaveCount(0);
    await expect(page.getByRole("cell", { name: /Leche/ })).toHaveCount(0);
    await expect(row(page, "Papas gajo")).toHaveCount(1);
    await expect(page.getByRole("checkbox", { name: "Leche" })).toBeChecked();
    await page.getByRole("link", { name: "Quitar filtro" }).click();
    await expect(page).toHaveURL(/\/nutritional-content$/);
    await expect(row(page, "Margarita")).toHaveCount(1);
  });

  test("a product's builder links to its allergens", async ({ page }) => {
    await chooseCarryout(page);
    await page.goto("/order/pizzas/clasicas");
    await page.getByRole("link", { name: "Personalizar Hawaiana" }).click();
    const builder = page.getByRole("article", { name: "Personalizar Hawaiana" });
    await builder.getByRole("link", { name: "Alérgenos e información nutrimental" }).click();
    await expect(page).toHaveURL(/\/nutritional-content#product-PZ-HAWAIANA$/);
    await expect(row(page, "Hawaiana")).toHaveCount(1);
  });
});
