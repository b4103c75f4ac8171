import { expect, test, type Page } from "@playwright/test";
import { addPizza, addressFields, cart, chooseCarryout, chooseDelivery, fillAddress, MENU_LANDING as MENU } from "./support";

/**
 * Delivery by address (spec sections 3 and 5 "Location"; routes /localization/:zip/:opt? and
 * /result-localization/:zip/:opt?). STORE_NOW is Friday 13:00 in Mexico City: the CDMX outlets are open.
 */

const NO_OUTLET = "Lo sentimos, aún no tenemos una sucursal que entregue en esa zona.";
const REQUIRED = "Este campo es obligatorio.";

function header(page: Page) {
  return page.getByRole("banner");
}

/** The names of the outlets a results section lists, in order. */
function outletNames(page: Page, section: string) {
  return page.getByRole("region", { name: section }).getByRole("heading", { level: 3 });
}

test.describe("delivery to an address", () => {
  test("a full address in a served postal code leads to the menu with the delivery in the header", async ({ page }) => {
    await chooseDelivery(page, "06700", { interior: "4-B" });
    await expect(page).toHaveURL(MENU);
    await expect(header(page).getByText("Entrega a domicilio en el C.P. 06700 desde")).toBeVisible();
    await expect(header(page).getByText("Roma Norte", { exact: true })).toBeVisible();
  });

  test("an unserved postal code shows the no-outlet message, keeps the address, and offers carry-out near it", async ({ page }) => {
    await chooseDelivery(page, "01000", { street: "Av. Revolución", number: "1500" });
    await expect(page.getByRole("alert")).toHaveText(NO_OUTLET);
    await expect(page).toHaveURL(/\/home$/);
    const fields = addressFields(page);
    await expect(fields.street).toHaveValue("Av. Revolución");
    await expect(fields.number).toHaveValue("1500");
    await expect(fields.postalCode).toHaveValue("01000");

    await page.getByRole("link", { name: "Ver sucursales para llevar cerca del C.P. 01000" }).click();
    await expect(page).toHaveURL(/\/result-localization\/01000\/C$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sucursales para el C.P. 01000");
  });

  test("missing street, number and reference: an error beside each, the typed values kept", async ({ page }) => {
    await page.goto("/home");
    const fields = addressFields(page);
    await fields.neighbourhood.fill("Roma Norte");
    await fields.postalCode.fill("06700");
    await fields.city.fill("Ciudad de México");
    await fields.state.fill("Ciudad de México");
    await fields.submit.click();

    for (const field of [fields.street, fields.number, fields.reference]) {
      await expect(field).toHaveAccessibleDescription(REQUIRED);
      await expect(field).toHaveAttribute("aria-invalid", "true");
    }
    await expect(page).toHaveURL(/\/home$/);
    await expect(fields.neighbourhood).toHaveValue("Roma Norte");
    await expect(fields.postalCode).toHaveValue("06700");
    await expect(fields.city).toHaveValue("Ciudad de México");
    await expect(fields.interior).not.toHaveAttribute("aria-invalid", "true");

    // Fixed, with a character outside the rule in the street: only that message remains.
    await fields.street.fill("Calle <5>");
    await fields.number.fill("S/N");
    await fields.reference.fill("Casa azul");
    await fields.submit.click();
    await expect(fields.street).toHaveAccessibleDescription("Usa solo letras, números, espacios y los símbolos ( , . - # /).");
    if (test.info().project.name === "js-off") {
      // the server's refusal: the page opens at its top, where a summary leads to the form further down
      const summary = page.getByRole("alert").filter({ hasText: "La dirección tiene datos que corregir." });
      await expect(summary.getByRole("link", { name: "Ir a la dirección" })).toHaveAttribute("href", "#delivery");
      await expect(page.locator("form#delivery")).toHaveCount(1);
    }
    await expect(fields.number).not.toHaveAttribute("aria-invalid", "true");
    await expect(fields.reference).toHaveValue("Casa azul");

    await fields.street.fill("Calle Colima #5");
    await fields.submit.click();
    await expect(page).toHaveURL(MENU);
  });

  test("a new address with products in the cart asks first; another street in the same postal code does not", async ({ page }) => {
    await chooseCarryout(page, "Roma Norte");
    await addPizza(page, "Margarita", "Chica, Delgada: $129.00");

    await chooseDelivery(page, "06700", { interior: "7" });
    const dialog = page.getByRole("alertdialog", { name: "¿Cambiar y vaciar tu carrito?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Vaciar carrito y continuar" }).click();
    await expect(page).toHaveURL(MENU);
    await expect(header(page).getByText("Entrega a domicilio en el C.P. 06700 desde")).toBeVisible();
    await expect(page.getByRole("link", { name: "Carrito: 0 productos" })).toBeVisible();

    await addPizza(page, "Margarita", "Chica, Delgada: $129.00");
    await chooseDelivery(page, "06700", { street: "Calle Colima", number: "12" });
    await expect(page).toHaveURL(MENU);
    await expect(cart(page).getByText("Margarita", { exact: true })).toBeVisible();
  });
});

test.describe("the postal-code pages", () => {
  test("/localization/06700: the outlet that delivers there and the address form with the postal code filled in", async ({ page }) => {
    const response = await page.goto("/localization/06700");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Entrega a domicilio en el C.P. 06700");
    await expect(page.getByRole("heading", { name: "Te entrega la sucursal Roma Norte" })).toBeVisible();
    await expect(page.getByText("Pedido mínimo a domicilio: $150.00")).toBeVisible();
    await expect(page.getByText("Tiempo estimado de entrega: 35 min")).toBeVisible();
    await expect(addressFields(page).postalCode).toHaveValue("06700");

    // Invalid first (the page keeps its own form), then sent for real.
    await addressFields(page).submit.click();
    await expect(addressFields(page).street).toHaveAccessibleDescription(REQUIRED);
    await expect(page).toHaveURL(/\/localization\/06700$/);
    await fillAddress(page, "06700");
    await expect(page).toHaveURL(MENU);
    await expect(header(page).getByText("Entrega a domicilio en el C.P. 06700 desde")).toBeVisible();
  });

  test("/localization/01000: the no-outlet message (a 200 page) and a link to carry-out", async ({ page }) => {
    const response = await page.goto("/localization/01000");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("alert")).toHaveText(NO_OUTLET);
    await expect(addressFields(page).submit).toHaveCount(0);
    await page.getByRole("link", { name: "Ver sucursales para llevar cerca del C.P. 01000" }).click();
    await expect(page).toHaveURL(/\/result-localization\/01000\/C$/);
  });

  test("/result-localization/06700: the delivering outlet and the nearest carry-out outlets, each with its button", async ({ page }) => {
    const response = await page.goto("/result-localization/06700");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sucursales para el C.P. 06700");
    const delivery = page.getByRole("region", { name: "Entrega a domicilio" });
    await expect(delivery.getByRole("heading", { name: "Te entrega la sucursal Roma Norte" })).toBeVisible();
    await expect(delivery.getByText("Pedido mínimo a domicilio: $150.00")).toBeVisible();
    await expect(outletNames(page, "Para llevar: las sucursales más cercanas")).toHaveText([
      "Roma Norte",
      "Condesa",
      "Centro Histórico",
      "Narvarte",
      "Polanco",
    ]);

    await delivery.getByRole("link", { name: "Escribir mi dirección de entrega" }).click();
    await expect(page).toHaveURL(/\/localization\/06700$/);
    await page.goBack();

    await page.getByRole("button", { name: "Recoger en Condesa" }).click();
    await expect(page).toHaveURL(MENU);
    await expect(header(page).getByText("Para llevar en")).toBeVisible();
    await expect(header(page).getByText("Condesa", { exact: true })).toBeVisible();
  });

  test("/result-localization/01000: the no-outlet message and every carry-out outlet in the chain's order", async ({ page }) => {
    const response = await page.goto("/result-localization/01000");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("region", { name: "Entrega a domicilio" }).getByRole("alert")).toHaveText(NO_OUTLET);
    const names = outletNames(page, "Para llevar: todas las sucursales");
    await expect(names.first()).toHaveText("Roma Norte");
    await expect(names).toHaveCount(9);
    await expect(names.last()).toHaveText("Tijuana Zona Río");
  });

  test("the carry-out results alone (/C); the home page's postal-code search leads to the results", async ({ page }) => {
    await page.goto("/result-localization/06700/C");
    await expect(page.getByRole("region", { name: "Entrega a domicilio" })).toHaveCount(0);
    await expect(outletNames(page, "Para llevar: las sucursales más cercanas").first()).toHaveText("Roma Norte");

    await page.goto("/localization/06700/C");
    await expect(page).toHaveURL(/\/result-localization\/06700\/C$/);

    await page.goto("/home");
    await page.getByLabel("Buscar sucursales por código postal").fill("06700");
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await expect(page).toHaveURL(/\/result-localization\/06700$/);
  });

  test("a postal code that is not 5 digits is a 400 page with the message; an unknown option is a 404", async ({ page }) => {
    for (const path of ["/result-localization/12a", "/localization/0670", "/result-localization/067000/C"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(400);
      await expect(page.getByRole("alert")).toHaveText("Escribe un código postal válido de 5 dígitos.");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Código postal no válido");
    }
    for (const path of ["/localization/06700/X", "/result-localization/06700/d"]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
    }
  });
});
