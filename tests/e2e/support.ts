import { expect, type Page } from "@playwright/test";

/** Carry-out at an outlet from the home page's list; lands on the menu. */
export async function chooseCarryout(page: Page, outlet = "Roma Norte") {
  await page.goto("/home");
  await page.getByRole("button", { name: `Recoger en ${outlet}` }).click();
  await expect(page).toHaveURL(/\/order\/deals\/para-compartir$/);
}

/** Delivery to a postal code from the home page. */
export async function chooseDelivery(page: Page, postalCode: string) {
  await page.goto("/home");
  await page.getByLabel("Código postal").fill(postalCode);
  await page.getByRole("button", { name: "Buscar sucursal" }).click();
}

/** Adds a pizza from the classic pizzas with a size-and-crust option (its visible label). */
export async function addPizza(page: Page, name: string, option: string) {
  await page.goto("/order/pizzas/clasicas");
  const card = page.getByRole("article", { name });
  await card.getByLabel("Tamaño y orilla").selectOption({ label: option });
  await card.getByRole("button", { name: `Agregar ${name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Producto agregado al carrito." })).toBeVisible();
}

export function cart(page: Page) {
  return page.getByRole("complementary", { name: "Tu carrito" });
}
