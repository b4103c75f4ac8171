import { expect, test, type Page } from "@playwright/test";
import { DEFAULT_ADDRESS, addPizza, addressFields, chooseCarryout, deliverTo } from "./support";

/** The order was placed: the page that follows names it (its uuid ends the URL) and says it was received. */
async function expectPlaced(page: Page) {
  await expect(page).toHaveURL(/\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("status").filter({ hasText: /Recibimos tu pedido \d+/ })).toBeVisible();
}

test.describe("checkout: delivery details, payment and invoice", () => {
  test("a coupon applied at checkout keeps everything typed, refused or applied (Enter in its field applies it); Enter in another field places the order", async ({ page }) => {
    await chooseCarryout(page);
    await addPizza(page, "Pepperoni", "Chica, Original (Pan): $129.00");
    await page.goto("/checkout");
    await page.getByLabel("Nombre").fill("Tere");
    await page.getByLabel("Apellido").fill("Ruiz");
    await page.getByLabel("Correo electrónico").fill("tere@correo.mx");
    await page.getByLabel("Celular (10 dígitos)").fill("5512345678");
    await page.getByRole("radio", { name: "Tarjeta al recibir (terminal bancaria)" }).check();
    const summary = page.getByRole("region", { name: "Resumen del pedido" });
    const typed = async () => {
      await expect(page.getByLabel("Nombre")).toHaveValue("Tere");
      await expect(page.getByLabel("Correo electrónico")).toHaveValue("tere@correo.mx");
      await expect(page.getByRole("radio", { name: "Tarjeta al recibir (terminal bancaria)" })).toBeChecked();
    };

    await summary.getByLabel("Código de cupón").fill("NOEXISTE");
    await summary.getByRole("button", { name: "Aplicar cupón" }).click();
    await expect(summary.getByLabel("Código de cupón")).toHaveAccessibleDescription(/Ese cupón no existe/);
    await typed();
    // Friday 13:00: lunch time, 20 % off. Enter in the coupon field applies it (without JavaScript it submits the
    // checkout form by its place button: the code is applied, and nothing is placed).
    await summary.getByLabel("Código de cupón").fill("COMIDA20");
    await summary.getByLabel("Código de cupón").press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Cupón COMIDA20 aplicado." })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(summary.locator(".totals .total")).toContainText("$103.20");
    await typed();

    await page.getByLabel("Apellido").press("Enter");
    await expectPlaced(page);
  });

  test("delivery: errors beside the fields with everything kept, then cash with change", async ({ page }) => {
    await deliverTo(page, "06700");
    await addPizza(page, "Hawaiana", "Grande, Orilla rellena de queso: $274.00");
    await page.goto("/checkout");
    await expect(page.getByRole("heading", { name: "Pagar", level: 1 })).toBeVisible();

    // The address starts from the one given on the home page; the postal code is not a field here.
    const address = addressFields(page);
    await expect(address.street).toHaveValue(DEFAULT_ADDRESS.street);
    await expect(address.number).toHaveValue(DEFAULT_ADDRESS.number);
    await expect(address.reference).toHaveValue(DEFAULT_ADDRESS.reference);
    await expect(address.postalCode).toHaveCount(0);
    await expect(page.getByText("Código postal: 06700")).toBeVisible();
    await expect(page.getByRole("link", { name: "Cambiar dirección" })).toHaveAttribute("href", "/home");
    await expect(page.getByRole("radio", { name: "Casa" })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Efectivo al recibir" })).toBeChecked();

    await page.getByLabel("Nombre").fill("Ana María");
    await page.getByLabel("Apellido").fill("López #1");
    await page.getByLabel("Correo electrónico").fill("ana@correo");
    await page.getByLabel("Celular (10 dígitos)").fill("55 1234");
    await address.street.fill("");
    await page.getByLabel("Empresa (opcional)").fill("Oficinas Roma");
    await page.getByRole("radio", { name: "Oficina, departamento u hotel" }).check();
    await page.getByLabel("Pago con (opcional)").fill("100");
    await page.getByRole("button", { name: "Hacer pedido por $313.00" }).click();

    await expect(page.getByLabel("Apellido")).toHaveAccessibleDescription("Usa solo letras, números, el apóstrofo y los símbolos ( , . - ).");
    await expect(page.getByLabel("Correo electrónico")).toHaveAccessibleDescription("Escribe un correo electrónico válido.");
    await expect(page.getByLabel("Celular (10 dígitos)")).toHaveAccessibleDescription("Escribe un celular de 10 dígitos.");
    await expect(address.street).toHaveAccessibleDescription("Este campo es obligatorio.");
    await expect(page.getByLabel("Pago con (opcional)")).toHaveAccessibleDescription(/^El monto debe cubrir el total del pedido \(\$313\.00\)\. /);
    // Nothing typed is lost.
    await expect(page.getByLabel("Nombre")).toHaveValue("Ana María");
    await expect(page.getByLabel("Correo electrónico")).toHaveValue("ana@correo");
    await expect(address.number).toHaveValue(DEFAULT_ADDRESS.number);
    await expect(page.getByLabel("Empresa (opcional)")).toHaveValue("Oficinas Roma");
    await expect(page.getByRole("radio", { name: "Oficina, departamento u hotel" })).toBeChecked();
    await expect(page.getByLabel("Pago con (opcional)")).toHaveValue("100");

    await page.getByLabel("Apellido").fill("López");
    await page.getByLabel("Correo electrónico").fill("ana.lopez@correo.mx");
    await page.getByLabel("Celular (10 dígitos)").fill("55 1234 5678");
    await address.street.fill("Calle Colima");
    await page.getByLabel("Pago con (opcional)").fill("500");
    if (test.info().project.name === "js-on") {
      // With JavaScript the change shows as the amount is typed.
      await expect(page.getByText("Tu cambio: $187.00")).toBeVisible();
    }
    await page.getByRole("button", { name: "Hacer pedido por $313.00" }).click();
    await expectPlaced(page);
    await expect(page.getByText("Efectivo al recibir")).toBeVisible();
  });

  test("carry-out: card on delivery, a printed receipt and an invoice whose RFC is refused first", async ({ page }) => {
    await chooseCarryout(page);
    await addPizza(page, "Pepperoni", "Grande, Orilla rellena de queso: $274.00");
    await page.goto("/checkout");

    // Carry-out asks for no address; the invoice's fields show only once it is asked for (CSS, with or without JS).
    await expect(page.getByLabel("Calle", { exact: true })).toHaveCount(0);
    await expect(page.getByLabel("RFC", { exact: true })).toBeHidden();
    await page.getByLabel("Nombre").fill("Eduardo");
    await page.getByLabel("Apellido").fill("Gómez Díaz");
    await page.getByLabel("Correo electrónico").fill("eduardo@correo.mx");
    await page.getByLabel("Celular (10 dígitos)").fill("5598765432");
    await page.getByRole("radio", { name: "Tarjeta al recibir (terminal bancaria)" }).check();
    await expect(page.getByLabel("Pago con (opcional)")).toBeHidden();
    await page.getByRole("checkbox", { name: "Incluir ticket impreso con el pedido" }).check();
    await page.getByRole("checkbox", { name: "Necesito factura (CFDI)" }).check();
    await expect(page.getByRole("group", { name: "Datos de facturación" })).toBeVisible();
    await page.getByLabel("RFC", { exact: true }).fill("gode561331gr8");
    await page.getByLabel("Razón social").fill("Eduardo Gómez Díaz");
    await page.getByLabel("Régimen fiscal").selectOption("612");
    await page.getByLabel("Código postal del domicilio fiscal").fill("06700");
    await expect(page.getByLabel("Uso del CFDI")).toHaveValue("G03");
    await page.getByRole("button", { name: "Hacer pedido por $274.00" }).click();

    await expect(page.getByLabel("RFC", { exact: true })).toHaveAccessibleDescription("La fecha del RFC (los 6 dígitos, AAMMDD) no es válida.");
    await expect(page.getByLabel("RFC", { exact: true })).toHaveValue("gode561331gr8");
    await expect(page.getByLabel("Razón social")).toHaveValue("Eduardo Gómez Díaz");
    await expect(page.getByLabel("Régimen fiscal")).toHaveValue("612");
    await expect(page.getByRole("radio", { name: "Tarjeta al recibir (terminal bancaria)" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Incluir ticket impreso con el pedido" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Necesito factura (CFDI)" })).toBeChecked();

    // A company's regime does not fit a person's RFC.
    await page.getByLabel("RFC", { exact: true }).fill("GODE561231GR8");
    await page.getByLabel("Régimen fiscal").selectOption("601");
    await page.getByRole("button", { name: "Hacer pedido por $274.00" }).click();
    await expect(page.getByLabel("Régimen fiscal")).toHaveAccessibleDescription(
      "Ese régimen fiscal no corresponde al tipo de RFC (persona física o moral).",
    );

    await page.getByLabel("Régimen fiscal").selectOption("612");
    await page.getByRole("button", { name: "Hacer pedido por $274.00" }).click();
    await expectPlaced(page);
    await expect(page.getByText("Tarjeta al recibir (terminal bancaria)")).toBeVisible();
    // The invoice asked for is on the order's summary (and the mail, and the store's console).
    await expect(page.getByRole("definition").filter({ hasText: "GODE561231GR8 · EDUARDO GÓMEZ DÍAZ · G03 · Gastos en general" })).toBeVisible();
  });
});
