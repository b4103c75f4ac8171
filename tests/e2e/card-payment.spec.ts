import { expect, test } from "@playwright/test";
import { checkoutWithCardOnline, payByCard, VISA, VISA_3DS } from "./support";

/**
 * Card payment online (issue 13), in Chromium against the local Adyen stand-in (tests/support/e2e-server.mjs): the
 * storefront talks to it through Adyen's own Node library, the browser loads its secured card fields (JavaScript on:
 * Adyen Web's Card component) or its hosted payment page (JavaScript off), and its 3-D Secure page sends the shopper
 * back to the storefront, which confirms the payment server-side. Adyen's test cards: expiry 03/30, CVC 737; the
 * 3-D Secure password is "password".
 */
test.describe("card payment online", () => {
  test("a 3-D Secure card: authenticated, confirmed on the server, and the order followed on the tracker", async ({ page }) => {
    const number = await checkoutWithCardOnline(page, "Paula");
    await payByCard(page, { number: VISA_3DS, cvc: "737" });

    // The issuer's page (the stand-in's 3-D Secure challenge), then back through the storefront's return URL.
    await expect(page.getByRole("heading", { name: "Autenticación de la compra" })).toBeVisible();
    await page.getByLabel("Contraseña").fill("password");
    await page.getByRole("button", { name: "Enviar" }).click();

    await expect(page).toHaveURL(/\/payment-status\/[A-Za-z0-9_-]{16,}$/);
    await expect(page.getByRole("status").filter({ hasText: "Pago autorizado. Tu pedido ya está en la sucursal." })).toBeVisible();
    await page.getByRole("link", { name: "Rastrear este pedido" }).click();
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(number) })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Recibido" })).toBeVisible();
    await expect(page.getByText("Tarjeta en línea (pago seguro ahora)")).toBeVisible();
  });

  test("a refused card, then cash on delivery for the same order, its content kept", async ({ page }) => {
    const number = await checkoutWithCardOnline(page, "Rocio");
    // A listed test card with a wrong security code: Adyen's test platform refuses it.
    await payByCard(page, { number: VISA, cvc: "000" });

    if (test.info().project.name === "js-off") {
      // Adyen's hosted page says so itself and offers another card; the shopper goes back to the shop instead.
      await expect(page.getByText("El pago fue rechazado. Revisa los datos o prueba con otra tarjeta.")).toBeVisible();
      await page.getByRole("link", { name: "Cancelar y volver a la tienda" }).click();
    }
    await expect(page).toHaveURL(/\/payment-status\//);
    // With the component the refusal is /payments' answer. From the hosted page, the session comes back canceled and
    // its refused card's AUTHORISATION webhook may or may not have been processed yet: refused or cancelled, both
    // a failure with nothing charged, and the same choices follow.
    const failed = test.info().project.name === "js-on" ? "Tu banco rechazó el pago. No se hizo ningún cargo." : /Tu banco rechazó el pago|El pago se canceló/;
    await expect(page.getByRole("alert").filter({ hasText: failed })).toBeVisible();
    // the bank's own reason (Adyen's refusalReason, in English) is not the shopper's to read (Adyen asks so)
    await expect(page.getByText(/Refused|Motivo indicado por el banco/)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Intentar de nuevo" })).toBeVisible();
    await page.getByRole("radio", { name: "Efectivo al recibir" }).check();
    // An amount short of the total is refused beside the field, which keeps what was typed.
    await page.getByLabel("Pago con (opcional)").fill("1");
    await page.getByRole("button", { name: "Pagar al recibir" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /El monto debe cubrir el total/ })).toBeVisible();
    await expect(page.getByLabel("Pago con (opcional)")).toHaveValue("1");
    await expect(page.getByRole("radio", { name: "Efectivo al recibir" })).toBeChecked();
    await page.getByLabel("Pago con (opcional)").fill("300");
    await page.getByRole("button", { name: "Pagar al recibir" }).click();

    await expect(page).toHaveURL(/\/tracker-order\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("status").filter({ hasText: new RegExp(`Recibimos tu pedido ${number}`) })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Recibido" })).toBeVisible();
    await expect(page.getByText("Efectivo al recibir")).toBeVisible();
    await expect(page.getByText("Pepperoni")).toBeVisible();
  });

  test("pay at the door chosen on the payment page: a refusal says why beside its field, and the order can still be paid", async ({ page }) => {
    await checkoutWithCardOnline(page, "Rosa");
    await expect(page).toHaveURL(/\/adyen\/checkout\//);
    await page.getByRole("radio", { name: "Efectivo al recibir" }).check();
    await page.getByLabel("Pago con (opcional)").fill("1");
    await page.getByRole("button", { name: "Pagar al recibir" }).click();
    // The answer is the status page's: its door form with the reason, what was typed kept (it showed only "Aún no
    // terminas de pagar", the form and its reason gone).
    await expect(page.getByRole("alert").filter({ hasText: /El monto debe cubrir el total/ })).toBeVisible();
    await expect(page.getByLabel("Pago con (opcional)")).toHaveValue("1");
    await expect(page.getByRole("link", { name: "Continuar con el pago" })).toBeVisible();
  });
});
