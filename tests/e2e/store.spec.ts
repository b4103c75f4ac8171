import { expect, test, type Page } from "@playwright/test";
import { expectSelfRefreshControl, hydrated, placeCarryoutOrder, signInToStore, STAFF } from "./support";

/**
 * The store console (/store): staff sign in, see the orders customers place at their outlet, move them along the
 * lifecycle with one button per allowed next status, cancel with a reason; staff of another outlet do not see them.
 * Every step is a plain form post, so the same test runs with JavaScript on and off.
 */
const order = (page: Page, number: string) => page.getByRole("article", { name: `Pedido ${number}` });

test.describe("the store console", () => {
  test("a wrong password is refused; staff sign in and move a customer's order from received to picked up", async ({ page, browser }) => {
    // A customer places a carry-out order at Roma Norte, in a browser of their own.
    const customer = await browser.newContext();
    const number = await placeCarryoutOrder(await customer.newPage(), "Roma Norte", "Valeria");
    await customer.close();

    // The console needs a signed-in member of staff.
    await page.goto("/store");
    await expect(page).toHaveURL(/\/store\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Entrar a la consola de tienda" })).toBeVisible();
    await page.getByLabel("Correo electrónico").fill(STAFF.roma.email);
    await page.getByLabel("Contraseña").fill("not-the-password");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("alert")).toHaveText("Correo o contraseña incorrectos.");
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(STAFF.roma.email);
    // without JavaScript the page comes back from the server, which never sends the password back
    if (test.info().project.name === "js-off") await expect(page.getByLabel("Contraseña")).toHaveValue("");

    await signInToStore(page, STAFF.roma);
    await expect(page).toHaveURL(/\/store$/);
    await expect(page.getByText("Ana Roma · Roma Norte")).toBeVisible();
    // Without JavaScript the console reloads itself, says so, and offers to stop (kept across the posts below).
    await expectSelfRefreshControl(page);

    // The card says what the counter needs.
    const card = order(page, number);
    await expect(card.getByText("Recibido", { exact: true })).toBeVisible();
    await expect(card.getByText("Valeria López")).toBeVisible();
    await expect(card.getByText("1 × Pepperoni")).toBeVisible();
    await expect(card.getByText("Para llevar en Roma Norte")).toBeVisible();
    await expect(card.getByText(/^Efectivo/)).toBeVisible();
    await expect(card.getByText("$129.00")).toBeVisible();

    // received → cooking → ready → picked up: one button per allowed next step.
    // With JavaScript the moves are made from the keyboard: each answer leaves focus on the order's next step (the
    // pressed button is gone), and on the order's heading once nothing is left; without it each is a new page.
    const js = test.info().project.name !== "js-off";
    // Keys pressed before the console's script ran would post as page loads (focus is then the page's own).
    await hydrated(page);
    const press = async (name: string) => {
      const button = card.getByRole("button", { name });
      if (!js) return button.click();
      await button.focus();
      await page.keyboard.press("Enter");
    };
    await expect(card.getByRole("button", { name: "Marcar listo para recoger" })).toHaveCount(0);
    await press("Marcar en el horno");
    await expect(page.getByRole("status").filter({ hasText: `Pedido ${number}: en el horno.` })).toBeVisible();
    await expect(card.getByText("En el horno", { exact: true })).toBeVisible();
    if (js) await expect(card.getByRole("button", { name: "Marcar listo para recoger" })).toBeFocused();
    await press("Marcar listo para recoger");
    await expect(page.getByRole("status").filter({ hasText: `Pedido ${number}: listo para recoger.` })).toBeVisible();
    if (js) await expect(card.getByRole("button", { name: "Marcar recogido" })).toBeFocused();
    await press("Marcar recogido");
    await expect(page.getByRole("status").filter({ hasText: `Pedido ${number}: recogido.` })).toBeVisible();
    await expect(card.getByText("Recogido", { exact: true })).toBeVisible();
    await expect(card.getByRole("button")).toHaveCount(0); // final: nothing more to do
    await expect(card.getByText("Cancelar pedido…")).toHaveCount(0);
    if (js) await expect(card.getByRole("heading", { name: `Pedido ${number}` })).toBeFocused();
  });

  test("staff cancel an order with a required reason; the customer sees it; another outlet's staff never see it", async ({ page, browser }) => {
    const js = test.info().project.name === "js-on";
    // The page's timers run on Playwright's clock, so the console's background re-read can be brought about at once.
    if (js) await page.clock.install();
    await signInToStore(page, STAFF.roma);

    // A customer places an order while the console is open.
    const customer = await browser.newContext();
    const shopper = await customer.newPage();
    const number = await placeCarryoutOrder(shopper, "Roma Norte", "Rodrigo");
    const card = order(page, number);
    if (js) {
      // With JavaScript the console re-reads its orders in the background: the new order appears, the page stays.
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await page.clock.runFor(11_000);
      await expect(card).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      // With JavaScript the page updates in place and nothing reloads: the cancel form is the card's disclosure.
      await expect(card.getByRole("link", { name: "Cancelar pedido…" })).toBeHidden();
      await card.locator("summary", { hasText: "Cancelar pedido…" }).click();
    } else {
      // Without JavaScript the console reloads itself, which would wipe a half-typed reason: its cancel link opens the
      // form on a view that does not reload, and keeps not reloading while the form is refused.
      await page.reload();
      const reloads = page.locator('meta[http-equiv="refresh"]');
      await expect(reloads).toHaveCount(1);
      await card.getByRole("link", { name: "Cancelar pedido…" }).click();
      await expect(page).toHaveURL(/\/store\?cancel=[0-9a-f-]{36}#cancel-/);
      await expect(reloads).toHaveCount(0);
      await expect(card.getByRole("link", { name: "No cancelar" })).toHaveAttribute("href", "/store");
    }
    const reason = card.getByLabel(`Motivo de la cancelación del pedido ${number}`);
    await card.getByRole("button", { name: `Cancelar el pedido ${number}` }).click();
    await expect(reason).toHaveAccessibleDescription("Escribe el motivo de la cancelación (al menos 3 caracteres).");
    if (!js) await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
    await expect(card.getByText("Recibido", { exact: true })).toBeVisible();
    await reason.fill("El cliente llamó para cancelar");
    await card.getByRole("button", { name: `Cancelar el pedido ${number}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Pedido ${number}: cancelado.` })).toBeVisible();
    await expect(card.getByText("Cancelado", { exact: true })).toBeVisible();
    await expect(card.getByText("El cliente llamó para cancelar")).toBeVisible();
    await expect(card.getByRole("button")).toHaveCount(0);

    // The customer's tracker follows the store's change.
    await shopper.reload();
    await expect(shopper.getByRole("heading", { level: 2, name: "Pedido cancelado" })).toBeVisible();
    // with the reason staff typed for the customer (the mail has it too)
    await expect(shopper.getByText("Roma Norte lo canceló: «El cliente llamó para cancelar»")).toBeVisible();
    await customer.close();

    // Staff of another outlet do not see it.
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/store\/login$/);
    await signInToStore(page, STAFF.coyoacan);
    await expect(page.getByText("Luis Coyoacán · Coyoacán")).toBeVisible();
    await expect(order(page, number)).toHaveCount(0);
    await page.goto("/store");
    await expect(page.getByRole("heading", { level: 1, name: "Pedidos de hoy" })).toBeVisible();
    await expect(order(page, number)).toHaveCount(0);
  });
});
