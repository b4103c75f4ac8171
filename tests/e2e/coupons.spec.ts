import { expect, test } from "@playwright/test";
import { registered } from "./accounts";
import { addPizza, cart, chooseCarryout, deliverTo } from "./support";

/**
 * Coupons (issue 12 point 10), with and without JavaScript: a percent coupon typed on the cart is refused with its
 * minimum when the cart is too small (under the field), applies once it is big enough and comes off again; an order
 * with free delivery shows the coupon on the tracker and in the customer's history.
 */
test("a percent coupon on the cart: refused with its minimum, applied, removed; an unknown code links to the deals", async ({ page }) => {
  await chooseCarryout(page);
  await addPizza(page, "Pepperoni", "Chica, Original (Pan): $129.00");
  await page.goto("/cart");
  const code = page.getByLabel("Código de cupón");
  const apply = page.getByRole("button", { name: "Aplicar cupón" });

  await code.fill("pizza15");
  await apply.click();
  await expect(page.getByLabel("Código de cupón")).toHaveAccessibleDescription("Este cupón pide una compra mínima de $250.00 en productos.");

  await page.getByLabel("Código de cupón").fill("NOEXISTE");
  await apply.click();
  await expect(page.getByLabel("Código de cupón")).toHaveAccessibleDescription(/Ese cupón no existe o ya no está vigente\./);
  await page.getByRole("link", { name: "Mira nuestras promociones" }).click();
  await expect(page).toHaveURL(/\/order\/deals/);

  await addPizza(page, "Pepperoni", "Grande, Original (Pan): $229.00");
  await page.goto("/cart");
  // A refusal, then a code that applies: the refusal leaves the field with it.
  await page.getByLabel("Código de cupón").fill("NOEXISTE");
  await page.getByRole("button", { name: "Aplicar cupón" }).click();
  await expect(page.getByLabel("Código de cupón")).toHaveAccessibleDescription(/Ese cupón no existe/);
  await page.getByLabel("Código de cupón").fill("PIZZA15");
  await page.getByRole("button", { name: "Aplicar cupón" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cupón PIZZA15 aplicado." })).toBeVisible();
  await expect(page.getByLabel("Código de cupón")).toHaveAccessibleDescription("");
  await expect(page.getByText("Ese cupón no existe")).toHaveCount(0);
  const panel = cart(page);
  // 35,800 × 15 % = 5,370 off.
  await expect(panel.getByText("Ahorras $53.70")).toBeVisible();
  await expect(panel.locator(".totals .discount")).toContainText("−$53.70");
  await expect(panel.locator(".totals .total")).toContainText("$304.30");

  // Below its minimum again, the coupon stays on the cart, flagged; the checkout says it blocks the order, as the cart does.
  await panel.getByRole("button", { name: "Quitar Pepperoni, Grande, Original (Pan)", exact: true }).click();
  const blocks = "Un cupón ya no aplica: quítalo o ajusta tu pedido para continuar.";
  await expect(panel.getByRole("status").filter({ hasText: blocks })).toBeVisible();
  await page.goto("/checkout");
  const summary = page.getByRole("region", { name: "Resumen del pedido" });
  await expect(summary.getByText("Este cupón ya no aplica a tu pedido:")).toBeVisible();
  await expect(summary.getByRole("status").filter({ hasText: blocks })).toBeVisible();

  await summary.getByRole("button", { name: "Quitar cupón PIZZA15" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cupón PIZZA15 quitado." })).toBeVisible();
  await expect(page.getByText(blocks)).toHaveCount(0);
  await expect(summary.locator(".totals .total")).toContainText("$129.00");
});

test("an order with free delivery: no fee at checkout, and the coupon on the tracker and in the history", async ({ page }, info) => {
  await registered(page, `envio.${info.project.name}.${Date.now()}@correo.mx`, "Cupon*2026x");
  await deliverTo(page, "06700");
  await addPizza(page, "Pepperoni", "Grande, Original (Pan): $229.00");
  await page.goto("/cart");
  await page.getByLabel("Código de cupón").fill("ENVIOGRATIS");
  await page.getByRole("button", { name: "Aplicar cupón" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cupón ENVIOGRATIS aplicado." })).toBeVisible();
  await page.getByRole("link", { name: "Ir a pagar" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByRole("region", { name: "Resumen del pedido" });
  await expect(summary.getByRole("region", { name: "Cupones aplicados" })).toContainText("ENVIOGRATIS");
  await expect(summary.locator(".totals")).toContainText(/Envío\s*Gratis/);
  await expect(summary.locator(".totals .total")).toContainText("$229.00");
  await page.getByRole("button", { name: "Hacer pedido por $229.00" }).click();

  await expect(page).toHaveURL(/\/tracker-order\//);
  await expect(page.getByRole("heading", { name: "Cupones" })).toBeVisible();
  await expect(page.locator(".order-coupons")).toContainText("ENVIOGRATIS");
  await expect(page.locator(".order-coupons")).toContainText("Ahorraste $39.00");
  // The tracker's totals say the delivery is free, as the checkout did (not a missing line).
  await expect(page.locator(".order-summary .totals")).toContainText(/Envío\s*Gratis/);

  await page.goto("/history");
  await expect(page.locator(".history-order").first()).toContainText("ENVIOGRATIS (−$39.00)");
});
