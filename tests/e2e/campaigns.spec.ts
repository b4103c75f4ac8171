import { expect, test } from "@playwright/test";
import { signInToStore, STAFF } from "./support";

/**
 * Banners and campaigns (issue 14 points 3 and 9), JavaScript on and off: the home page leads with the hero banners,
 * the current promotions and the favourites above the delivery or carry-out choice; a campaign's page; the menu's
 * campaigns category; the menu's top banner. STORE_NOW is 20 November 2026: the summer campaign has ended.
 */
test.describe("banners and campaigns", () => {
  test("home leads with the hero banner and the promotions, above the choice; a promotion opens its page", async ({ page }) => {
    await page.goto("/home");
    const hero = page.getByRole("region", { name: "Destacados" });
    const banner = hero.getByRole("link", { name: /Noche de pizza: 15 % en tu pedido/ });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("img", { name: "Una pizza de pepperoni bajo un cielo estrellado" })).toHaveAttribute("width", "1200");
    await expect(hero.getByRole("link", { name: /Verano/ })).toHaveCount(0);
    const promotions = page.getByRole("region", { name: "Promociones" });
    await expect(promotions.getByRole("heading", { name: "Noche de pizza", level: 3 })).toBeVisible();
    await expect(promotions.getByRole("heading", { name: "Martes Hut", level: 3 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Favoritos de la casa" }).getByRole("heading", { name: "Pepperoni" })).toBeVisible();
    // Pictures first, the choice after them.
    const choice = page.getByRole("heading", { name: "Entrega a domicilio", level: 2 });
    const [heroBox, choiceBox] = [await banner.boundingBox(), await choice.boundingBox()];
    expect(heroBox!.y).toBeLessThan(choiceBox!.y);

    await promotions.getByRole("link", { name: "Ver la promoción Noche de pizza" }).click();
    await expect(page).toHaveURL(/\/campaign\/noche-de-pizza$/);
    await expect(page.getByRole("heading", { name: "Noche de pizza", level: 1 })).toBeVisible();
  });

  test("a campaign's page: its products with prices, its coupons with their apply button, its terms; an ended one is a 404", async ({ page }) => {
    await page.goto("/campaign/noche-de-pizza");
    const products = page.getByRole("region", { name: "Productos de la promoción" });
    await expect(products.getByRole("heading", { name: "Pepperoni" })).toBeVisible();
    await expect(products.getByText("Desde $129.00").first()).toBeVisible();
    const coupons = page.getByRole("region", { name: "Cupones de la promoción" });
    await expect(coupons.getByText("Código: PIZZA15")).toBeVisible();
    await expect(coupons.getByRole("button", { name: /Aplicar cupón/ })).toHaveCount(2);
    const terms = page.getByRole("region", { name: "Términos de la promoción" });
    await expect(terms.getByText("PIZZA15", { exact: true })).toBeVisible();
    await terms.getByRole("link", { name: "Términos y condiciones de las campañas" }).click();
    await expect(page).toHaveURL(/\/campaigns-term-and-condition$/);

    await page.goto("/campaign/noche-de-pizza");
    await products.getByRole("link", { name: "Pedir Pepperoni" }).click();
    await expect(page).toHaveURL(/\/order\/pizzas\/clasicas\/[0-9a-f-]{36}$/);

    const ended = await page.goto("/campaign/verano-2026");
    expect(ended?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect((await page.goto("/campaign/no-existe"))?.status()).toBe(404);
  });

  test("the menu's campaigns category lists the current campaigns; the menu shows its top banner", async ({ page }) => {
    await page.goto("/order/pizzas/clasicas");
    await expect(page.getByRole("link", { name: /Envío gratis con el cupón ENVIOGRATIS/ })).toHaveAttribute("href", "/order/coupons");
    await page.getByRole("navigation", { name: /categor/i }).getByRole("link", { name: "Campañas" }).click();
    await expect(page).toHaveURL(/\/order\/campaigns$/);
    await expect(page.getByRole("heading", { name: "Campañas", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Noche de pizza", level: 2 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Verano 2026" })).toHaveCount(0);
    await page.getByRole("link", { name: "Ver la promoción Martes Hut" }).click();
    await expect(page.getByRole("heading", { name: "Martes Hut", level: 1 })).toBeVisible();
  });

  test("in Arabic the home page's pictures and promotions are Arabic", async ({ page }) => {
    await page.goto("/home");
    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("link", { name: /ليلة البيتزا: خصم 15٪ على طلبك/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "العروض" }).getByRole("heading", { name: "ثلاثاء هت" })).toBeVisible();
  });

  test("a manager creates a banner with a preview and it appears on the home page; a bad link is refused; staff get a 403", async ({ page, browser }, testInfo) => {
    // Each project creates its own banner (they run side by side on one server).
    const headline = `Banner de prueba ${testInfo.project.name}`;
    await signInToStore(page, STAFF.gerencia);
    await page.getByRole("navigation", { name: "Consola" }).getByRole("link", { name: "Banners" }).click();
    await expect(page.getByRole("heading", { name: "Banners", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Nuevo banner" }).click();
    await page.getByLabel("Imagen").fill("/images/banners/verano.svg");
    const spanish = page.getByRole("group", { name: "Español" });
    await spanish.getByLabel("Texto alternativo").fill("Una playa");
    await spanish.getByLabel("Titular (opcional)").fill(headline);
    await spanish.getByLabel("Enlace (opcional)").fill("//evil.example");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(spanish.getByLabel("Enlace (opcional)")).toHaveAccessibleDescription(/Escribe una ruta de este sitio/);
    await spanish.getByLabel("Enlace (opcional)").fill("/faq");
    await page.getByRole("button", { name: "Vista previa" }).click();
    const preview = page.getByRole("region", { name: "Vista previa: así lo verán los clientes" }).first();
    await expect(preview.getByRole("link", { name: new RegExp(headline) })).toBeVisible();
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page).toHaveURL(/\/store\/banners$/);
    await expect(page.getByRole("status").filter({ hasText: "Se creó el banner" })).toBeVisible();
    // The new one can be paused; the summer's, over since September, says so and has nothing to pause.
    await expect(page.getByRole("button", { name: `Pausar el banner ${headline}` })).toBeVisible();
    const summer = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Editar el banner Verano 2026" }) });
    await expect(summer.getByRole("cell").last()).toBeEmpty();
    await expect(summer).toContainText("Terminado");

    const customer = await (await browser.newContext()).newPage();
    await customer.goto("/home");
    await expect(customer.getByRole("region", { name: "Destacados" }).getByRole("link", { name: new RegExp(headline) })).toHaveAttribute("href", "/faq");

    const other = await browser.newContext();
    const clerk = await other.newPage();
    await signInToStore(clerk, STAFF.roma);
    await expect(clerk.getByRole("link", { name: "Banners" })).toHaveCount(0);
    expect((await clerk.goto("/store/banners"))?.status()).toBe(403);
    expect((await clerk.goto("/store/banners/new"))?.status()).toBe(403);
    // the refusal's way back is the console, not the shop
    await expect(clerk.getByRole("heading", { name: "Acceso denegado" })).toBeVisible();
    await expect(clerk.getByRole("link", { name: "Volver a la consola" })).toHaveAttribute("href", "/store");
    await other.close();
  });

  test("a manager creates a campaign with a preview and it is served at /campaign/<name>; a bad name is refused; staff get a 403", async ({ page, browser }, testInfo) => {
    // Each project creates its own campaign (they run side by side on one server).
    const name = `prueba-${testInfo.project.name}`;
    const title = `Campaña de prueba ${testInfo.project.name}`;
    await signInToStore(page, STAFF.gerencia);
    await page.getByRole("navigation", { name: "Consola" }).getByRole("link", { name: "Campañas" }).click();
    await expect(page.getByRole("heading", { name: "Campañas", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Nueva campaña" }).click();
    await page.getByLabel("Nombre corto").fill("Prueba Mala");
    await page.getByLabel("Imagen").fill("/images/banners/verano.svg");
    const spanish = page.getByRole("group", { name: "Español" });
    await spanish.getByLabel("Título").fill(title);
    await spanish.getByLabel("Resumen (opcional)").fill("Dos pizzas al precio de una");
    await spanish.getByLabel("Texto alternativo").fill("Una playa");
    // A long address without a space (a regulator's page, a tracking link) must wrap, not widen the page.
    const longLink = `https://www.profeco.gob.mx/Documentos/${"TerminosYCondiciones".repeat(12)}.pdf`;
    await spanish.getByLabel("Condiciones (opcional)").fill(`## Letra pequeña\n\n- Solo en línea\n- Consulta ${longLink}`);
    await page.getByRole("group", { name: "Productos" }).getByLabel(/PZ-PEPPERONI/).check();
    await page.getByRole("group", { name: "Cupones" }).getByLabel(/PIZZA15/).check();
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByLabel("Nombre corto")).toHaveAccessibleDescription(/Escribe un nombre corto/);
    await page.getByLabel("Nombre corto").fill(name);
    await page.getByRole("button", { name: "Vista previa" }).click();
    const preview = page.getByRole("region", { name: "Vista previa: así lo verán los clientes" });
    await expect(preview.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(preview.getByRole("heading", { name: "Letra pequeña" })).toBeVisible();
    // The campaign is not saved yet (its page is a 404): the preview's coupon buttons are inert and say why.
    const apply = preview.getByRole("button", { name: /Aplicar cupón/ });
    await expect(apply).toBeDisabled();
    await expect(apply).toHaveAccessibleDescription(/Vista previa: aquí los botones de los cupones no hacen nada/);
    await expect(preview.locator('form[action="/cart"]')).toHaveCount(0);
    await expect(page.getByRole("group", { name: "Cupones" }).getByLabel(/PIZZA15/)).toBeChecked();
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page).toHaveURL(/\/store\/campaigns$/);
    await expect(page.getByRole("status").filter({ hasText: `Se creó la campaña ${name}` })).toBeVisible();

    const customer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    expect((await customer.goto(`/campaign/${name}`))?.status()).toBe(200);
    await expect(customer.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(customer.getByText(/PIZZA15/)).toBeVisible();
    // On a phone the long link wraps inside the page: nothing scrolls sideways.
    await expect(customer.getByRole("link", { name: longLink })).toBeVisible();
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const other = await browser.newContext();
    const clerk = await other.newPage();
    await signInToStore(clerk, STAFF.roma);
    await expect(clerk.getByRole("link", { name: "Campañas" })).toHaveCount(0);
    expect((await clerk.goto("/store/campaigns"))?.status()).toBe(403);
    expect((await clerk.goto("/store/campaigns/new"))?.status()).toBe(403);
    await other.close();
  });
});
