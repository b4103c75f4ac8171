import { expect, test, type Page } from "@playwright/test";
import { addPizza, chooseCarryout, csrfOf, MENU_LANDING, placeFromCheckout } from "./support";

// The server's clock is pinned (playwright.config.ts): Friday 2026-11-20, 13:00 in Mexico City, 11:00 in Tijuana.

function dialog(page: Page) {
  return page.getByRole("dialog", { name: "¿Cuándo quieres tu pedido?" });
}

/**
 * The dialog as it stays: with JavaScript it opens as the server drew it and becomes modal once its code is in (moved
 * to the top layer, centred), so a click aimed before that could land where it no longer is. Waits for that.
 */
async function settled(page: Page) {
  if (test.info().project.name === "js-on") await expect.poll(() => dialog(page).evaluate((element) => element.matches(":modal"))).toBe(true);
  else await expect(dialog(page)).toBeVisible();
}

/** Picks a day in the dialog: with JavaScript the hours follow at once; without, "show that day's times" reloads. */
async function pickDay(page: Page, label: string) {
  await dialog(page).getByLabel("Día").selectOption({ label });
  const show = dialog(page).getByRole("button", { name: "Ver horarios de ese día" });
  if (await show.isVisible()) {
    // Without JavaScript the day's hours come with a new page: wait for it, not for the old page's drop-down.
    await show.click();
    await expect(page).toHaveURL(/[?&]day=\d{4}-\d{2}-\d{2}/);
  }
  await expect(dialog(page).getByLabel("Día").locator("option:checked")).toHaveText(label);
}

test("choosing a later slot: the header, the menu's availability and the cart follow the time", async ({ page }) => {
  await chooseCarryout(page, "Roma Norte");
  const header = page.getByRole("banner");
  await expect(header).toContainText("Hora del pedido: Lo antes posible");
  // At 13:00 on a Friday the lunch packages sell. Reached by the menu's own tab: with JavaScript a client navigation,
  // so the dialog below is the page's modal one (the menu's list loaded as a document has no scripts: root.tsx).
  await page.getByRole("navigation", { name: "Categorías" }).getByRole("link", { name: "Hora de la comida" }).click();
  await expect(page).toHaveURL(/\/order\/lunch-time\//);
  await expect(page.getByText("Este producto solo se vende a la hora de la comida")).toHaveCount(0);

  await header.getByRole("link", { name: "Cambiar hora" }).click();
  await settled(page);
  // Its main button is the primary one (the brand's colour), Close a quiet one; the page behind is dimmed, by the
  // modal's backdrop with JavaScript and by the open dialog's own wide shadow without.
  await expect(dialog(page).getByRole("button", { name: "Programar hora del pedido" })).toHaveCSS("background-color", "rgb(200, 16, 46)");
  await expect(dialog(page).getByRole("link", { name: "Cerrar" })).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  const modal = test.info().project.name === "js-on";
  await expect(dialog(page)).toHaveCSS("box-shadow", modal ? /^rgba\(0, 0, 0, 0\.25\) 0px 16px 48px/ : /^rgba\(0, 0, 0, 0\.45\) 0px 0px 0px \d+px/);
  // Today's first slot: 13:00 + 15 minutes' carry-out quote, on the 15-minute grid.
  const hours = dialog(page).getByLabel("Hora");
  await expect(hours.locator("option").first()).toHaveText("Lo antes posible");
  await expect(hours.locator("option").nth(1)).toHaveText("13:15 – 13:30");

  // Focus is in the dialog, with JavaScript (its modal) and without (the page opened for it).
  await expect(dialog(page).getByLabel("Día")).toBeFocused();
  await pickDay(page, "Mañana, sábado, 21 de noviembre");
  await expect(dialog(page).getByLabel("Día")).toHaveValue("2026-11-21");
  await expect(dialog(page).getByLabel("Día")).toBeFocused();
  // Tomorrow has no ASAP; it opens at 11:00.
  await expect(hours.locator("option").first()).toHaveText("11:00 – 11:15");
  await hours.selectOption({ label: "19:00 – 19:15" });
  await dialog(page).getByRole("button", { name: "Programar hora del pedido" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Listo: tu pedido es para sábado, 21 de noviembre, 19:00 – 19:15." })).toBeVisible();
  await expect(header).toContainText("Hora del pedido: Mañana, sábado, 21 de noviembre, 19:00 – 19:15");
  await expect(dialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/order\/lunch-time(\/[a-z-]+)?$/);
  // Saturday 19:00 is outside lunch time: the lunch packages say so.
  await expect(page.getByText("Este producto solo se vende a la hora de la comida").first()).toBeVisible();

  // Back to as soon as possible.
  await header.getByRole("link", { name: "Cambiar hora" }).click();
  await settled(page);
  await pickDay(page, "Hoy, viernes, 20 de noviembre");
  await dialog(page).getByLabel("Hora").selectOption({ label: "Lo antes posible" });
  await dialog(page).getByRole("button", { name: "Programar hora del pedido" }).click();
  await expect(header).toContainText("Hora del pedido: Lo antes posible");
});

test("a closed outlet: carry-out before it opens asks for a later time, with no ASAP", async ({ page }) => {
  await page.goto("/home");
  await page.getByRole("button", { name: "Recoger en Tijuana Zona Río" }).click();
  await expect(page).toHaveURL(/\/order\/deals\/para-compartir\?dialog=order-time$/);
  await settled(page);
  await expect(dialog(page).getByRole("alert")).toHaveText(
    "La sucursal no está abierta en este momento. Programa tu pedido para más tarde.",
  );
  // Behind the dialog, the header does not promise "as soon as possible" from a closed outlet.
  await expect(page.getByRole("banner")).toContainText("Hora del pedido: Programa tu pedido");
  const hours = dialog(page).getByLabel("Hora");
  await expect(hours.locator("option", { hasText: "Lo antes posible" })).toHaveCount(0);
  await expect(hours.locator("option").first()).toHaveText("12:00 – 12:15");
  await hours.selectOption({ label: "12:15 – 12:30" });
  await dialog(page).getByRole("button", { name: "Programar hora del pedido" }).click();
  await expect(page.getByRole("banner")).toContainText("Hora del pedido: Hoy, viernes, 20 de noviembre, 12:15 – 12:30");

  // The order keeps its slot: the tracker reads the time as the dialog and the header did.
  await addPizza(page, "Pepperoni", "Chica, Original (Pan): $129.00");
  await page.goto("/checkout");
  // The summary says when beside what, with its own way to change it.
  const summary = page.getByRole("region", { name: "Resumen del pedido" });
  await expect(summary).toContainText("Hora del pedido: Hoy, viernes, 20 de noviembre, 12:15 – 12:30");
  await expect(summary.getByRole("link", { name: "Cambiar hora" })).toHaveAttribute("href", "/checkout?dialog=order-time");
  await placeFromCheckout(page, { name: "Tere", surname: "Ruiz", mobile: "6641234567" });
  await expect(page.getByRole("definition").filter({ hasText: "viernes, 20 de noviembre, 12:15 – 12:30" })).toBeVisible();
});

test("the dialog closes without changing anything, and says when the store is closed that day", async ({ page }) => {
  await chooseCarryout(page, "Coyoacán");
  await page.goto("/order/deals/para-compartir?dialog=order-time&day=2026-11-23");
  await settled(page);
  await expect(dialog(page).getByRole("alert")).toHaveText("La sucursal está cerrada el lunes, 23 de noviembre. Elige otro día.");
  // Mondays are not offered at all.
  await expect(dialog(page).getByLabel("Día").locator("option", { hasText: "lunes" })).toHaveCount(0);
  await dialog(page).getByRole("link", { name: "Cerrar" }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(MENU_LANDING);
  await expect(page.getByRole("banner")).toContainText("Hora del pedido: Lo antes posible");
  if (test.info().project.name !== "js-on") return;
  // From the keyboard: the header's link opens it, Escape closes it, and focus is back on that link (not on the
  // page's body, from where a keyboard or screen-reader user would start again).
  const change = page.getByRole("banner").getByRole("link", { name: "Cambiar hora" });
  await change.focus();
  await page.keyboard.press("Enter");
  await expect(dialog(page).getByLabel("Día")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
  await expect(change).toBeFocused();
});

test("a time that is not offered is refused with its message and a 4xx, on the order-time page", async ({ page }) => {
  await chooseCarryout(page, "Roma Norte");
  const csrf = await csrfOf(page);
  const response = await page.request.post("/order-time", {
    form: { value: "2026-11-21 19:07", back: "/order/deals", csrf },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(422);
  expect(await response.text()).toContain("La hora de tu pedido no es válida. Elige otra.");
  const garbage = await page.request.post("/order-time", { form: { value: "pronto", back: "/order/deals", csrf }, maxRedirects: 0 });
  expect(garbage.status()).toBe(400);
  expect(await garbage.text()).toContain("Elige una hora de la lista.");
});
