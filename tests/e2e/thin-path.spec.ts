import { expect, test } from "@playwright/test";
import { addPizza, cart, chooseCarryout, chooseDelivery, expectSelfRefreshControl, MENU_LANDING } from "./support";

test.describe("the thin path: disposition, menu, cart, checkout, tracker", () => {
  test("carry-out: a customised pizza, paid in cash, followed on the tracker", async ({ page }) => {
    await chooseCarryout(page, "Coyoacán");
    await expect(page.getByText("Para llevar en")).toBeVisible();
    await expect(page.getByText("Coyoacán", { exact: true })).toBeVisible();

    await page.getByRole("navigation", { name: "Categorías" }).getByRole("link", { name: "Pizzas" }).click();
    await expect(page).toHaveURL(/\/order\/pizzas\/clasicas$/);
    await expect(page.getByRole("link", { name: "Pizzas" })).toHaveAttribute("aria-current", "page");

    await addPizza(page, "Pepperoni", "Grande, Orilla rellena de queso: $274.00");
    const panel = cart(page);
    await expect(panel.getByText("Pepperoni", { exact: true })).toBeVisible();
    await expect(panel.getByText("Grande · Orilla rellena de queso")).toBeVisible();
    await expect(panel.getByRole("definition").first()).toHaveText("$274.00");
    await expect(page.getByRole("link", { name: "Carrito: 1 producto" })).toBeVisible();

    await panel.getByRole("link", { name: "Ir a pagar" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("heading", { name: "Pagar", level: 1 })).toBeVisible();

    // Bad input: translated messages beside each field, nothing typed is lost.
    await page.getByLabel("Nombre").fill("Ana María");
    await page.getByLabel("Apellido").fill("López #1");
    await page.getByLabel("Correo electrónico").fill("ana@correo");
    await page.getByLabel("Celular (10 dígitos)").fill("55 1234");
    await page.getByRole("button", { name: /Hacer pedido por \$274\.00/ }).click();
    await expect(page.getByLabel("Correo electrónico")).toHaveAccessibleDescription("Escribe un correo electrónico válido.");
    await expect(page.getByLabel("Celular (10 dígitos)")).toHaveAccessibleDescription("Escribe un celular de 10 dígitos.");
    await expect(page.getByLabel("Apellido")).toHaveAccessibleDescription("Usa solo letras, números, el apóstrofo y los símbolos ( , . - ).");
    await expect(page.getByLabel("Nombre")).toHaveValue("Ana María");
    await expect(page.getByLabel("Correo electrónico")).toHaveValue("ana@correo");

    await page.getByLabel("Apellido").fill("López");
    await page.getByLabel("Correo electrónico").fill("ana.lopez@correo.mx");
    await page.getByLabel("Celular (10 dígitos)").fill("55 1234 5678");
    await page.getByRole("button", { name: /Hacer pedido por \$274\.00/ }).click();

    await expect(page).toHaveURL(/\/tracker-order\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("status").filter({ hasText: /Recibimos tu pedido \d+/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Pedido \d+$/, level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Pedido recibido", level: 2 })).toBeVisible();
    await expect(page.getByText("1 × Pepperoni")).toBeVisible();
    await expect(page.getByText("Efectivo al recibir")).toBeVisible();
    // The clock is pinned (STORE_NOW = Friday 20 Nov 2026, 13:00 in Mexico City) and shown in the outlet's zone.
    await expect(page.getByText(/^20 nov 2026, 13:00$/)).toBeVisible();
    await expect(page).toHaveTitle(/^Pedido \d+ · Horno Rojo Pizza$/);
    // Without JavaScript the tracker reloads itself, and says so with a way to stop it; with JavaScript it
    // re-reads the order in the background instead (no reload, no notice).
    await expectSelfRefreshControl(page);
    // The cart was emptied by placing the order.
    await expect(page.getByRole("link", { name: /^Carrito/ })).toHaveCount(0); // simple layout: no cart badge
    await page.goto("/order/pizzas/clasicas");
    await expect(cart(page).getByText("Tu carrito está vacío.")).toBeVisible();
  });

  test("delivery to a served postal code; the minimum cart blocks checkout until it is reached", async ({ page }) => {
    await chooseDelivery(page, "06700");
    await expect(page).toHaveURL(MENU_LANDING);
    await expect(page.getByText("Entrega a domicilio en el C.P. 06700 desde")).toBeVisible();

    await page.goto("/order/singles/bebidas");
    const drink = page.getByRole("article").first();
    await drink.getByRole("button", { name: /^Agregar / }).click();
    await expect(page.getByRole("status").filter({ hasText: "Producto agregado al carrito." })).toBeVisible();
    const panel = cart(page);
    await expect(panel.getByText("Envío", { exact: true })).toBeVisible();
    await expect(panel.getByText(/El pedido mínimo a domicilio es de \$150\.00/)).toBeVisible();
    await expect(panel.getByRole("link", { name: "Ir a pagar" })).toHaveCount(0);

    await addPizza(page, "Hawaiana", "Mediana, Delgada: $189.00");
    await expect(panel.getByRole("link", { name: "Ir a pagar" })).toBeVisible();
  });

  test("delivery to a postal code no outlet serves shows the no-outlet message and keeps the code", async ({ page }) => {
    await chooseDelivery(page, "01000");
    await expect(page.getByRole("alert")).toHaveText("Lo sentimos, aún no tenemos una sucursal que entregue en esa zona.");
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByLabel("Código postal", { exact: true })).toHaveValue("01000");
  });

  test("an invalid postal code gets a translated message beside the field", async ({ page }) => {
    await chooseDelivery(page, "12a");
    await expect(page.getByLabel("Código postal", { exact: true })).toHaveAccessibleDescription("Escribe un código postal válido de 5 dígitos.");
  });

  test("quantity change and removal in the cart; two sizes of one pizza are told apart by their controls' names", async ({ page }) => {
    await chooseCarryout(page);
    await addPizza(page, "Pepperoni", "Chica, Original (Pan): $129.00");
    await addPizza(page, "Pepperoni", "Grande, Original (Pan): $229.00");
    const panel = cart(page);
    await panel.getByLabel("Cantidad de Pepperoni, Chica, Original (Pan)", { exact: true }).fill("3");
    await panel.getByRole("button", { name: "Actualizar cantidad de Pepperoni, Chica, Original (Pan)", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Cantidad actualizada." })).toBeVisible();
    await expect(panel.getByText("$387.00").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Carrito: 4 productos" })).toBeVisible();
    await expect(panel.getByLabel("Cantidad de Pepperoni, Grande, Original (Pan)", { exact: true })).toHaveValue("1");

    await panel.getByRole("button", { name: "Quitar Pepperoni, Grande, Original (Pan)", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Producto eliminado del carrito." })).toBeVisible();
    await expect(panel.getByLabel("Cantidad de Pepperoni, Chica, Original (Pan)", { exact: true })).toHaveValue("3");
    await panel.getByRole("button", { name: "Quitar Pepperoni, Chica, Original (Pan)", exact: true }).click();
    await expect(panel.getByText("Tu carrito está vacío.")).toBeVisible();
  });

  test("adding before choosing a disposition sends the visitor home to choose", async ({ page }) => {
    await page.goto("/order/pizzas/clasicas");
    await expect(page.getByText("Para agregar productos, primero elige entrega a domicilio o para llevar.")).toBeVisible();
    await page.getByRole("article", { name: "Pepperoni" }).getByRole("button", { name: "Agregar Pepperoni" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("status")).toHaveText("Primero elige entrega a domicilio o para llevar.");
  });
});
