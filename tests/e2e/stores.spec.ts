import { expect, test, type Page } from "@playwright/test";
import { MENU_LANDING } from "./support";

/**
 * The store finder and the store pages (issue 4). The clock is pinned to Friday 2026-11-20 19:00 UTC: 13:00 in
 * Mexico City (every store there is open) and 11:00 in Tijuana (Tijuana Zona Río opens at 12:00).
 */


const storeCard = (page: Page, name: string) => page.getByRole("article", { name, exact: true });
const storeCards = (page: Page) => page.getByRole("list", { name: "Lista de sucursales" }).getByRole("article");

test.describe("store finder (/huts)", () => {
  test("lists every store with today's hours and whether it is open now", async ({ page }) => {
    await page.goto("/huts");
    await expect(page.getByRole("heading", { name: "Sucursales", level: 1 })).toBeVisible();
    await expect(storeCards(page)).toHaveCount(9);

    const tijuana = storeCard(page, "Tijuana Zona Río");
    await expect(tijuana.getByText("Cerrada ahora · abre a las 12:00")).toBeVisible();
    await expect(tijuana.getByText("Hoy: 12:00–23:00")).toBeVisible();

    const coyoacan = storeCard(page, "Coyoacán");
    await expect(coyoacan.getByText("Abierta ahora · cierra a las 23:30")).toBeVisible();
    await expect(coyoacan.getByText("Hoy: 11:00–23:30")).toBeVisible();
    await expect(storeCard(page, "Condesa").getByText("Abierta ahora · cierra a medianoche")).toBeVisible();

    const kiosk = storeCard(page, "Santa Fe (área de comida)");
    await expect(kiosk.getByText("Para llevar", { exact: true })).toBeVisible();
    await expect(kiosk.getByText("Entrega a domicilio")).toHaveCount(0);

    await expect(tijuana.getByRole("link", { name: "Tijuana Zona Río" })).toHaveAttribute("href", "/hut/Tijuana+Zona+Rio");
    // No MAP_TILE_URL in this server: no map, even with JavaScript.
    await expect(page.getByRole("region", { name: "Mapa de sucursales" })).toHaveCount(0);
  });

  test("the footer links to the finder", async ({ page }) => {
    await page.goto("/home");
    await page.getByRole("contentinfo").getByRole("link", { name: "Sucursales" }).click();
    await expect(page).toHaveURL(/\/huts$/);
    await expect(page.getByRole("heading", { name: "Sucursales", level: 1 })).toBeVisible();
  });

  test("searches by name without accents and by postal code (a GET form); says when nothing matches", async ({ page }) => {
    await page.goto("/huts");
    const search = page.getByRole("search");
    await search.getByLabel("Buscar por nombre o código postal").fill("coyoacan");
    await search.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/huts\?q=coyoacan$/);
    await expect(page.getByRole("status")).toContainText("1 sucursal para «coyoacan».");
    await expect(storeCards(page)).toHaveCount(1);
    await expect(storeCard(page, "Coyoacán")).toBeVisible();

    // 06760 is in Roma Norte's delivery area.
    await page.getByLabel("Buscar por nombre o código postal").fill("06760");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/huts\?q=06760$/);
    await expect(storeCards(page)).toHaveCount(1);
    await expect(storeCard(page, "Roma Norte")).toBeVisible();

    await page.getByLabel("Buscar por nombre o código postal").fill("Guadalajara");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByRole("status")).toContainText("No encontramos sucursales para «Guadalajara».");
    await expect(page.getByRole("article")).toHaveCount(0);

    await page.getByRole("link", { name: "Ver todas las sucursales" }).click();
    await expect(page).toHaveURL(/\/huts$/);
    await expect(storeCards(page)).toHaveCount(9);
  });
});

test.describe("store page (/hut/:outlet)", () => {
  test("by its plus-name, from the finder: address, phone, services, open-now and the week's hours", async ({ page }) => {
    await page.goto("/huts");
    await storeCard(page, "Tijuana Zona Río").getByRole("link", { name: "Tijuana Zona Río" }).click();
    await expect(page).toHaveURL(/\/hut\/Tijuana\+Zona\+Rio$/);
    await expect(page.getByRole("heading", { name: "Tijuana Zona Río", level: 1 })).toBeVisible();
    await expect(page.getByText("Cerrada ahora · abre a las 12:00")).toBeVisible();
    await expect(page.getByText("Paseo de los Héroes 9415, Zona Urbana Río Tijuana, Tijuana, C.P. 22010")).toBeVisible();
    await expect(page.getByRole("link", { name: "664 634 9415" })).toHaveAttribute("href", "tel:+526646349415");
    await expect(page.getByRole("link", { name: "664 634 9415" }).locator("bdi")).toHaveAttribute("dir", "ltr"); // in Arabic, too
    await expect(page.getByRole("listitem").filter({ hasText: /^Entrega a domicilio$/ })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: /^Para llevar$/ })).toBeVisible();

    const week = page.getByRole("table");
    await expect(week.getByRole("row")).toHaveCount(8); // the header and seven days
    const today = week.getByRole("row", { name: "viernes, 20 de noviembre (hoy) 12:00–23:00" });
    await expect(today).toHaveAttribute("aria-current", "date");
    await expect(week.getByRole("row", { name: "domingo, 22 de noviembre 12:00–22:30" })).toBeVisible();
    await expect(week.getByRole("row", { name: "jueves, 26 de noviembre 12:00–23:00" })).toBeVisible();
  });

  test("by its plain name too; a closed day says Cerrado", async ({ page }) => {
    const response = await page.goto("/hut/Coyoacán");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Coyoacán", level: 1 })).toBeVisible();
    await expect(page.getByText("Abierta ahora · cierra a las 23:30")).toBeVisible();
    await expect(page.getByRole("row", { name: "lunes, 23 de noviembre Cerrado" })).toBeVisible();

    await page.goto("/hut/Santa Fe (área de comida)");
    await expect(page.getByRole("heading", { name: "Santa Fe (área de comida)", level: 1 })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: /^Entrega a domicilio$/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Pedir para llevar en Santa Fe (área de comida)" })).toBeVisible();
  });

  test("a store code (/huts/:code, and the legacy /shop/:code) leads to the store's page", async ({ page }) => {
    await page.goto("/huts/MX-COY-01");
    await expect(page).toHaveURL(/\/hut\/Coyoacan$/);
    await expect(page.getByRole("heading", { level: 1, name: "Coyoacán" })).toBeVisible();
    await page.goto("/shop/MX-TIJ-01");
    await expect(page).toHaveURL(/\/hut\/Tijuana\+Zona\+Rio$/);
    await page.goto("/huts/MX-XXX-99");
    await expect(page).toHaveURL(/\/huts$/);
  });

  test("an unknown store answers 404 with a translated page and a way back", async ({ page }) => {
    const response = await page.goto("/hut/Guadalajara+Centro");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "No encontramos esa sucursal", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Ver todas las sucursales" }).click();
    await expect(page).toHaveURL(/\/huts$/);
  });

  test("ordering carry-out from the store page leads to the menu with that store in the header", async ({ page }) => {
    await page.goto("/hut/Coyoacan");
    await page.getByRole("button", { name: "Pedir para llevar en Coyoacán" }).click();
    await expect(page).toHaveURL(MENU_LANDING);
    const header = page.getByRole("banner");
    await expect(header.getByText("Para llevar en")).toBeVisible();
    await expect(header.getByText("Coyoacán", { exact: true })).toBeVisible();
  });
});
