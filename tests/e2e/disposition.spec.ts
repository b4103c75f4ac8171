import { expect, test, type Page } from "@playwright/test";
import { addPizza, cart, chooseCarryout, MENU_LANDING } from "./support";

/** Spec section 4: changing the outlet with products in the cart asks for confirmation and then clears the cart. */

function confirmation(page: Page) {
  return page.getByRole("alertdialog", { name: "¿Cambiar y vaciar tu carrito?" });
}

async function pickOutletAtHome(page: Page, outlet: string) {
  await page.goto("/home");
  await page.getByRole("button", { name: `Recoger en ${outlet}` }).click();
}

test.describe("changing the disposition with products in the cart", () => {
  test("asks first; keeping the cart changes nothing, confirming empties it and switches the outlet", async ({ page }) => {
    await chooseCarryout(page, "Roma Norte");
    await addPizza(page, "Pepperoni", "Grande, Orilla rellena de queso: $274.00");

    await pickOutletAtHome(page, "Coyoacán");
    const dialog = confirmation(page);
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await expect(dialog).toHaveAccessibleDescription(
      "Tu carrito tiene 1 producto. Si cambias a recoger en Coyoacán, se vaciará y tendrás que volver a agregar tus productos.",
    );
    await expect(dialog).toBeFocused();

    await dialog.getByRole("link", { name: "Conservar mi carrito" }).click();
    await expect(page).toHaveURL(MENU_LANDING);
    await expect(page.getByRole("banner").getByText("Roma Norte", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Carrito: 1 producto" })).toBeVisible();
    await expect(cart(page).getByText("Pepperoni", { exact: true })).toBeVisible();

    await pickOutletAtHome(page, "Coyoacán");
    await confirmation(page).getByRole("button", { name: "Vaciar carrito y continuar" }).click();
    await expect(page).toHaveURL(MENU_LANDING);
    await expect(
      page.getByRole("status").filter({ hasText: "Vaciamos tu carrito porque cambiaste de sucursal o de tipo de pedido." }),
    ).toBeVisible();
    await expect(page.getByRole("banner").getByText("Coyoacán", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Carrito: 0 productos" })).toBeVisible();
    await expect(cart(page).getByText("Tu carrito está vacío.")).toBeVisible();
  });

  test("the same outlet again, or any outlet with an empty cart, applies at once", async ({ page }) => {
    await chooseCarryout(page, "Roma Norte");
    await addPizza(page, "Margarita", "Chica, Delgada: $129.00");

    await pickOutletAtHome(page, "Roma Norte");
    await expect(page).toHaveURL(MENU_LANDING);
    await expect(cart(page).getByText("Margarita", { exact: true })).toBeVisible();

    await cart(page).getByRole("button", { name: "Quitar Margarita" }).click();
    await expect(cart(page).getByText("Tu carrito está vacío.")).toBeVisible();
    await pickOutletAtHome(page, "Coyoacán");
    await expect(page).toHaveURL(MENU_LANDING);
    await expect(confirmation(page)).toHaveCount(0);
    await expect(page.getByRole("banner").getByText("Coyoacán", { exact: true })).toBeVisible();
  });
});
