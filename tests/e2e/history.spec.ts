import { expect, test, type Page } from "@playwright/test";
import { cart, chooseCarryout } from "./support";

/**
 * The order history and reorder (issue 11 point 9), as the demo customer (server/db/seed/customers.ts, with its past
 * orders of server/db/seed/demo-orders.ts), with JavaScript on and off. The clock is Friday 13:00 in Mexico City:
 * the late-night wings of one past order do not sell now, so its reorder leaves them out and says why.
 */
const DEMO = { email: "cliente@pizzademo.mx", password: "Pizza*2026" };

/** The history page asks for sign-in first and comes back once signed in. */
async function signInToHistory(page: Page) {
  await page.goto("/history");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fhistory$/);
  await page.getByLabel("Correo electrónico").fill(DEMO.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole("heading", { name: "Mis pedidos", level: 1 })).toBeVisible();
}

test.describe("order history and reorder", () => {
  test("the demo customer sees the past orders, reorders one into the cart, and the line that no longer sells is listed", async ({ page }) => {
    await chooseCarryout(page, "Roma Norte");
    await signInToHistory(page);

    // Newest first: the delivery of three days ago, the evening carry-out, the half-and-half at Condesa.
    const orders = page.getByRole("article");
    await expect(orders).toHaveCount(3);
    await expect(orders.nth(0)).toContainText("Roma Norte · Entrega a domicilio");
    await expect(orders.nth(0)).toContainText("Entregado");
    await expect(orders.nth(0)).toContainText("1 × Pepperoni");
    await expect(orders.nth(1)).toContainText("Roma Norte · Para llevar");
    await expect(orders.nth(1)).toContainText("1 × Alitas nocturnas (12 piezas)");
    await expect(orders.nth(2)).toContainText("Condesa · Para llevar");
    const evening = orders.nth(1);
    const number = (await evening.getByRole("heading", { level: 2 }).textContent())!.replace("Pedido ", "");
    await expect(evening.getByRole("link", { name: `Rastrear el pedido ${number}` })).toHaveAttribute("href", /^\/tracker-order\/[0-9a-f-]{36}$/);

    await evening.getByRole("button", { name: `Repetir pedido ${number}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Pusimos tu pedido anterior en el carrito; algunos productos" })).toBeVisible();
    const leftOut = page.getByRole("region", { name: "Esto no se agregó al carrito" });
    await expect(leftOut.getByRole("listitem")).toHaveText(["1 × Alitas nocturnas (12 piezas): Este producto se vende a partir de las 18:00."]);

    await leftOut.getByRole("link", { name: "Ir al carrito" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const lines = cart(page);
    await expect(lines.getByRole("listitem")).toHaveCount(2);
    await expect(lines.getByRole("listitem").nth(0)).toContainText("Hawaiana Mediana · Delgada");
    await expect(lines.getByRole("spinbutton", { name: "Cantidad de Hawaiana" })).toHaveValue("1");
    await expect(lines.getByRole("spinbutton", { name: "Cantidad de Rollos de canela (4 piezas)" })).toHaveValue("2");
  });

  test("the loyalty card page shows the demo customer's card, masked but for its last four digits", async ({ page }) => {
    await signInToHistory(page);
    await page.goto("/loyalty-card");
    await expect(page.getByRole("heading", { name: "Tarjeta de lealtad", level: 1 })).toBeVisible();
    await expect(page.getByText("Tarjeta de lealtad •••• 0012")).toBeVisible();
    await expect(page.getByText("600000000000012")).toHaveCount(0);
  });
});
