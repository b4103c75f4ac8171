import { expect, test } from "@playwright/test";
import { cart, chooseCarryout, hydrated, MENU_LANDING, placeFromCheckout, refusedCartStatus } from "./support";

const added = "Producto agregado al carrito.";

test.describe("product builder, availability windows and cart operations", () => {
  test("a customised pizza: size, then crust, a removed and an extra topping, priced by the server", async ({ page }) => {
    await chooseCarryout(page);
    await page.goto("/order/pizzas/clasicas");
    await page.getByRole("link", { name: "Personalizar Hawaiana" }).click();
    const builder = page.getByRole("article", { name: "Personalizar Hawaiana" });
    await expect(builder.getByRole("heading", { name: "Hawaiana" })).toBeVisible();

    // By keyboard: arrow keys go from size to size. With JavaScript each one brings that size's builder, and focus
    // stays on the chosen size, so the next arrow key goes on; without, the size button sends the choice.
    await hydrated(page); // the builder's own script sends a size on change: before it runs, an arrow key only checks
    await page.locator('input[name="size"]:checked').focus();
    await page.keyboard.press("ArrowDown");
    if (test.info().project.name === "js-on") {
      await expect(page.getByRole("group", { name: "Orilla para tamaño Mediana" })).toBeVisible();
      await expect(page.getByRole("radio", { name: /^Mediana: desde/ })).toBeFocused();
    }
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("radio", { name: /^Grande: desde/ })).toBeChecked();
    if (test.info().project.name === "js-off") await page.getByRole("button", { name: "Elegir tamaño" }).click();
    await expect(page.getByRole("group", { name: "Orilla para tamaño Grande" })).toBeVisible();
    if (test.info().project.name === "js-on") await expect(page.getByRole("radio", { name: /^Grande: desde/ })).toBeFocused();

    await page.getByRole("radio", { name: "Orilla rellena de queso (+$45.00)" }).check();
    await page.getByRole("checkbox", { name: "Sin Piña" }).check();
    await page.getByRole("checkbox", { name: "Extra Champiñones (+$25.00)" }).check();
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await expect(page.getByRole("status").filter({ hasText: added })).toBeVisible();

    const panel = cart(page);
    await expect(panel.getByText("Grande · Orilla rellena de queso")).toBeVisible();
    await expect(panel.getByText("Sin Piña")).toBeVisible();
    await expect(panel.getByText("Extra Champiñones")).toBeVisible();
    // 229.00 (large) + 45.00 (stuffed crust) + 25.00 (mushrooms); removing pineapple gives no discount.
    await expect(panel.getByText("$299.00").first()).toBeVisible();

    // The choices go with the order: the checkout's summary and the tracker say them as the cart did (the kitchen's
    // console reads the same words: tests/integration/console.test.ts).
    await page.goto("/checkout");
    const summary = page.getByRole("region", { name: "Resumen del pedido" });
    await expect(summary.getByText("Sin Piña")).toBeVisible();
    await expect(summary.getByText("Extra Champiñones")).toBeVisible();
    await placeFromCheckout(page);
    await expect(page.getByText("Sin Piña")).toBeVisible();
    await expect(page.getByText("Extra Champiñones")).toBeVisible();
  });

  test("a half-and-half pizza: one size, two halves, the dearer half plus $50", async ({ page }) => {
    await chooseCarryout(page);
    await page.goto("/order/half-and-half");
    await page.getByRole("link", { name: "Personalizar Pizza mitad y mitad" }).click();
    await page.getByRole("radio", { name: /^Grande: desde/ }).check();
    if (test.info().project.name === "js-off") await page.getByRole("button", { name: "Elegir tamaño" }).click();
    await expect(page.getByRole("group", { name: "Orilla para tamaño Grande" })).toBeVisible();
    await page.getByLabel("Primera mitad").selectOption({ label: "Pepperoni" });
    await page.getByLabel("Segunda mitad").selectOption({ label: "Suprema" });
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await expect(page.getByRole("status").filter({ hasText: added })).toBeVisible();
    const panel = cart(page);
    await expect(panel.getByText("Mitad Pepperoni / mitad Suprema")).toBeVisible();
    // The Suprema is the dearer half (large $259.00), plus $50.00.
    await expect(panel.getByText("$309.00").first()).toBeVisible();

    // The same pizza on both halves is refused with a message.
    await page.goto("/order/half-and-half");
    await page.getByRole("link", { name: "Personalizar Pizza mitad y mitad" }).click();
    await page.getByLabel("Primera mitad").selectOption({ label: "Hawaiana" });
    await page.getByLabel("Segunda mitad").selectOption({ label: "Hawaiana" });
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await expect(page.getByRole("alert")).toHaveText("Elige dos pizzas distintas del mismo grupo, disponibles en ese tamaño.");
  });

  test("topping limits: disabled controls with JavaScript, a translated refusal without it", async ({ page }) => {
    await chooseCarryout(page);
    await page.goto("/order/pizzas/especialidades");
    await page.getByRole("link", { name: "Personalizar Suprema" }).click();
    await page.getByRole("checkbox", { name: "Sin Cebolla" }).check();
    await page.getByRole("checkbox", { name: /^Extra Jamón/ }).check();
    if (test.info().project.name === "js-on") {
      // One removal and one extra allowed: the other controls disable.
      await expect(page.getByRole("checkbox", { name: "Sin Pimiento verde" })).toBeDisabled();
      await expect(page.getByRole("checkbox", { name: /^Extra Tocino/ })).toBeDisabled();
      await expect(page.getByRole("checkbox", { name: "Sin Cebolla" })).toBeEnabled();
    } else {
      await page.getByRole("checkbox", { name: /^Extra Tocino/ }).check();
      const response = page.waitForResponse((r) => r.request().method() === "POST");
      await page.getByRole("button", { name: "Agregar al carrito" }).click();
      expect((await response).status()).toBe(refusedCartStatus());
      await expect(page.getByRole("alert")).toHaveText("Puedes agregar hasta 1 ingrediente extra.");
      // What the customer chose is still there.
      await expect(page.getByRole("checkbox", { name: "Sin Cebolla" })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: /^Extra Tocino/ })).toBeChecked();
      await expect(cart(page).getByText("Tu carrito está vacío.")).toBeVisible();
    }
  });

  test("changing a line's options from the cart", async ({ page }) => {
    await chooseCarryout(page);
    await page.goto("/order/pizzas/clasicas");
    const card = page.getByRole("article", { name: "Pepperoni" });
    // Each card's choice is named with its product, as its add button is.
    await card.getByRole("combobox", { name: "Tamaño y orilla de Pepperoni", exact: true }).selectOption({ label: "Mediana, Original (Pan): $189.00" });
    await card.getByRole("button", { name: "Agregar Pepperoni" }).click();
    await expect(page.getByRole("status").filter({ hasText: added })).toBeVisible();

    await cart(page).getByRole("link", { name: "Cambiar opciones de Pepperoni" }).click();
    await expect(page.getByRole("radio", { name: "Original (Pan)" })).toBeChecked();
    await page.getByRole("radio", { name: "Orilla rellena de queso (+$35.00)" }).check();
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Producto actualizado." })).toBeVisible();
    const panel = cart(page);
    await expect(panel.getByText("Mediana · Orilla rellena de queso")).toBeVisible();
    await expect(panel.getByText("$224.00").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Carrito: 1 producto" })).toBeVisible();
  });

  test("items outside their window are refused at the order time (Friday 13:00)", async ({ page }) => {
    await chooseCarryout(page);
    // The menu's list loaded as a document has no scripts (root.tsx), with JavaScript on too: its refusals are a
    // 303 back to the product's card, the reason beside its form (a fetcher's 422: the last test of this file).
    await page.goto("/order/hut-day");
    const tuesday = page.getByRole("article").filter({ hasText: "alitas 2×1" });
    let response = page.waitForResponse((r) => r.request().method() === "POST");
    await tuesday.getByRole("button", { name: /^Agregar / }).click();
    expect((await response).status()).toBe(303);
    await expect(tuesday.getByRole("alert")).toHaveText("Este producto solo se vende en el Día Hut (martes).");

    await page.goto("/order/singles/entradas");
    const night = page.getByRole("article", { name: "Alitas nocturnas (12 piezas)" });
    response = page.waitForResponse((r) => r.request().method() === "POST");
    await night.getByRole("button", { name: /^Agregar / }).click();
    expect((await response).status()).toBe(303);
    await expect(night.getByRole("alert")).toHaveText("Este producto se vende a partir de las 18:00.");

    // A lunch item sells at 13:00.
    await page.goto("/order/lunch-time");
    await page.getByRole("article").first().getByRole("button", { name: /^Agregar / }).click();
    await expect(page.getByRole("status").filter({ hasText: added })).toBeVisible();
    await expect(cart(page).getByRole("listitem")).toHaveCount(1);
  });

  test("a free item is shown as free and does not make an order on its own", async ({ page }) => {
    await chooseCarryout(page);
    await page.goto("/order/singles/entradas");
    const sauces = page.getByRole("article", { name: "Salsas de cortesía (picante y ranch)" });
    await expect(sauces.getByText("Gratis", { exact: true })).toBeVisible();
    await sauces.getByRole("button", { name: /^Agregar / }).click();
    await expect(page.getByRole("status").filter({ hasText: added })).toBeVisible();
    const panel = cart(page);
    await expect(panel.getByText("Gratis", { exact: true })).toBeVisible();
    await expect(panel.getByText(/agrega al menos un producto para continuar/)).toBeVisible();
    await expect(panel.getByRole("link", { name: "Ir a pagar" })).toHaveCount(0);
  });

  test("the cart page (/cart): the same cart, its forms come back to it", async ({ page }) => {
    await chooseCarryout(page);
    await page.goto("/order/singles/bebidas");
    await page.getByRole("article").first().getByRole("button", { name: /^Agregar / }).click();
    await expect(page.getByRole("status").filter({ hasText: added })).toBeVisible();
    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "Tu carrito", level: 1 })).toBeVisible();
    const line = page.locator(".cart-line").first();
    await line.getByRole("spinbutton").fill("3");
    await line.getByRole("button", { name: /^Actualizar cantidad/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Cantidad actualizada." })).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.locator(".cart-line").first().getByRole("spinbutton")).toHaveValue("3");
    await expect(page.getByRole("link", { name: "Seguir pidiendo" })).toBeVisible();
  });

  test("empty the cart", async ({ page }) => {
    await chooseCarryout(page);
    await page.goto("/order/singles/bebidas");
    await page.getByRole("article").first().getByRole("button", { name: /^Agregar / }).click();
    await expect(page.getByRole("status").filter({ hasText: added })).toBeVisible();
    await cart(page).getByRole("button", { name: "Vaciar carrito" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Vaciamos tu carrito." })).toBeVisible();
    await expect(cart(page).getByText("Tu carrito está vacío.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Carrito: 0 productos" })).toBeVisible();
  });

  test("with JavaScript, adding posts to /cart through a fetcher with a pending button, no reload; without it, a 303 brings the same result", async ({ page }) => {
    // The choice made on the hydrated home page (before hydration it is a document post, and the menu's list it leads
    // to a document without scripts, root.tsx)...
    await page.goto("/home");
    await hydrated(page);
    await page.getByRole("button", { name: "Recoger en Roma Norte" }).click();
    await expect(page).toHaveURL(MENU_LANDING);
    // ...then by the menu's tabs: with JavaScript client navigations, so the list is React's and its forms fetchers.
    await page.getByRole("navigation", { name: "Categorías" }).getByRole("link", { name: "Complementos" }).click();
    await page.getByRole("navigation", { name: "Subcategorías" }).getByRole("link", { name: "Postres" }).click();
    await expect(page).toHaveURL(/\/order\/singles\/postres$/);
    const jsOn = test.info().project.name === "js-on";
    if (jsOn) expect(await page.evaluate(() => "__remixContext" in window), "the list is React's, not a document without scripts").toBe(true);
    if (jsOn) await page.evaluate(() => ((window as unknown as { marker: string }).marker = "still here"));
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(`${r.method()} ${r.url()}`);
    });
    // With JavaScript the cart's answer waits until the pending state has been seen (no timing involved).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    if (jsOn) {
      await page.route(/\/cart\?/, async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      });
    }
    const first = page.getByRole("article").first();
    await first.getByRole("button", { name: /^Agregar / }).click();
    if (jsOn) await expect(first.getByRole("button", { name: /^Agregar / })).toBeDisabled();
    release();
    await expect(page.getByRole("status").filter({ hasText: added })).toBeVisible();
    await expect(page.getByRole("link", { name: "Carrito: 1 producto" })).toBeVisible();
    if (jsOn) {
      expect(documents).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("still here");
    } else {
      expect(documents.map((d) => d.split(" ")[0])).toEqual(["POST", "GET"]);
    }
  });
});
