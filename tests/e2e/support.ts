import { expect, test, type Browser, type Page } from "@playwright/test";

/**
 * With JavaScript, waits until React has hydrated the page (its scripts start after the load event:
 * app/web/scripts-after-load.server.ts); until then links and forms work as documents. Nothing to wait for without.
 */
export async function hydrated(page: Page) {
  if (test.info().project.name !== "js-on") return;
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__react")));
}

/** Where choosing a disposition lands: the menu's first category (a deal to share). */
export const MENU_LANDING = /\/order\/deals\/para-compartir$/;

/** Carry-out at an outlet from the home page's list; lands on the menu. */
export async function chooseCarryout(page: Page, outlet = "Roma Norte") {
  await page.goto("/home");
  await page.getByRole("button", { name: `Recoger en ${outlet}` }).click();
  await expect(page).toHaveURL(MENU_LANDING);
}

/** A delivery address in Roma Norte; `chooseDelivery` fills it in, with the postal code it is given. */
export const DEFAULT_ADDRESS = {
  street: "Av. Álvaro Obregón",
  number: "130",
  interior: "",
  neighbourhood: "Roma Norte",
  city: "Ciudad de México",
  state: "Ciudad de México",
  reference: "Frente al parque, portón verde",
};
export type DeliveryAddress = typeof DEFAULT_ADDRESS;

/** The delivery address form's fields by their labels (the same form on /home and /localization/:zip). */
export function addressFields(page: Page) {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  return {
    street: field("Calle"),
    number: field("Número exterior"),
    interior: field("Número interior (opcional)"),
    neighbourhood: field("Colonia (opcional)"),
    postalCode: field("Código postal"),
    city: field("Ciudad o alcaldía"),
    state: field("Estado"),
    reference: field("Referencia (entre qué calles, color de la fachada…)"),
    submit: page.getByRole("button", { name: "Entregar en esta dirección" }),
  };
}

/** Fills the delivery address form on the current page and sends it. */
export async function fillAddress(page: Page, postalCode: string, address: Partial<DeliveryAddress> = {}) {
  const fields = addressFields(page);
  const values = { ...DEFAULT_ADDRESS, ...address };
  for (const name of ["street", "number", "interior", "neighbourhood", "city", "state", "reference"] as const) {
    await fields[name].fill(values[name]);
  }
  await fields.postalCode.fill(postalCode);
  await fields.submit.click();
}

/** Delivery from the home page to a postal code, at a default address in it unless told otherwise. */
export async function chooseDelivery(page: Page, postalCode: string, address: Partial<DeliveryAddress> = {}) {
  await page.goto("/home");
  await fillAddress(page, postalCode, address);
}

/**
 * Delivery to a served postal code, waited for: it lands on the menu. A test that goes on to another page at once
 * must wait, or its `goto` aborts the address's post (with scripts, a fetch) before its answer sets the session's
 * disposition, and the next step finds none.
 */
export async function deliverTo(page: Page, postalCode: string, address: Partial<DeliveryAddress> = {}) {
  await chooseDelivery(page, postalCode, address);
  await expect(page).toHaveURL(MENU_LANDING);
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

/**
 * A customer's carry-out order at an outlet (a small pepperoni, cash), placed through the pages; returns its number
 * as the tracker shows it.
 */
export async function placeCarryoutOrder(page: Page, outlet = "Roma Norte", name = "Ana") {
  await chooseCarryout(page, outlet);
  await addPizza(page, "Pepperoni", "Chica, Original (Pan): $129.00");
  await page.goto("/checkout");
  await placeFromCheckout(page, { name });
  const heading = await page.getByRole("heading", { level: 1, name: /^Pedido \d+$/ }).textContent();
  return heading!.replace(/\D/g, "");
}

/** On the checkout page: fills the contact fields (Spanish labels), pays in cash, places the order, lands on its tracker. */
export async function placeFromCheckout(page: Page, who: { name?: string; surname?: string; email?: string; mobile?: string } = {}) {
  await page.getByLabel("Nombre").fill(who.name ?? "Ana");
  await page.getByLabel("Apellido").fill(who.surname ?? "López");
  await page.getByLabel("Correo electrónico").fill(who.email ?? "ana@correo.mx");
  await page.getByLabel("Celular (10 dígitos)").fill(who.mobile ?? "5512345678");
  await page.getByRole("button", { name: /Hacer pedido por/ }).click();
  await expect(page).toHaveURL(/\/tracker-order\//);
}

/** Demo staff of the store console (server/db/seed/staff.ts; the e2e server sets SEED_DEMO_STAFF=true). */
export const STAFF = {
  roma: { email: "roma@tienda.example", password: "demo-roma-2026" },
  coyoacan: { email: "coyoacan@tienda.example", password: "demo-coyoacan-2026" },
  /** the demo manager: also manages the coupons (/store/coupons) */
  gerencia: { email: "gerencia@tienda.example", password: "demo-gerencia-2026" },
};

/** Signs in at /store/login; lands on the console. */
export async function signInToStore(page: Page, staff: { email: string; password: string }) {
  await page.goto("/store/login");
  await page.getByLabel("Correo electrónico").fill(staff.email);
  await page.getByLabel("Contraseña").fill(staff.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pedidos de hoy" })).toBeVisible();
}

/**
 * The outlet's staff take a carry-out order from received to picked up in the store console (a browser of their
 * own), as the lifecycle allows: in the oven, ready, picked up.
 */
export async function pickUpInStore(browser: Browser, number: string, staff = STAFF.roma) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInToStore(page, staff);
  const card = page.getByRole("article", { name: `Pedido ${number}` });
  for (const [button, done] of [["Marcar en el horno", "en el horno"], ["Marcar listo para recoger", "listo para recoger"], ["Marcar recogido", "recogido"]]) {
    await card.getByRole("button", { name: button }).click();
    await expect(page.getByRole("status").filter({ hasText: `Pedido ${number}: ${done}.` })).toBeVisible();
  }
  await context.close();
}

/**
 * A page that keeps itself current: without JavaScript it reloads itself (a refresh inside <noscript>) and offers a
 * link that stops it (WCAG 2.2.1), which this follows; with JavaScript there is no such link (it updates in place).
 */
export async function expectSelfRefreshControl(page: Page) {
  if (test.info().project.name === "js-off") {
    await expect(page.locator('noscript meta[http-equiv="refresh"]')).toHaveCount(1);
    await page.getByRole("link", { name: "Detener la actualización automática" }).click();
    await expect(page.getByText("La actualización automática está detenida.")).toBeVisible();
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  } else {
    await expect(page.getByRole("link", { name: "Detener la actualización automática" })).toHaveCount(0);
  }
}

/** The page's CSRF token (every form carries it), for a post made with page.request. */
export function csrfOf(page: Page): Promise<string> {
  return page.locator('input[name="csrf"]').first().inputValue();
}

/**
 * The status of a cart post the rules refuse (routes/cart.tsx): with JavaScript the fetcher gets 422 and the
 * reason beside its form; without it the browser gets 303 back to its page, which shows the reason.
 */
export function refusedCartStatus(): number {
  return test.info().project.name === "js-on" ? 422 : 303;
}

// ---- card payment online (issue 13), against the e2e server's Adyen stand-in ----------------------------------

/** Adyen test cards (expiry 03/30, CVC 737): a Visa with a 3-D Secure challenge (password "password"), one without. */
export const VISA_3DS = "4917 6100 0000 0000";
export const VISA = "4111 1111 4555 1142";

/** Carry-out at Roma Norte, a large stuffed-crust pepperoni, and the checkout with the card online: on the payment page; answers the order's number. */
export async function checkoutWithCardOnline(page: Page, name: string) {
  await chooseCarryout(page);
  await addPizza(page, "Pepperoni", "Grande, Orilla rellena de queso: $274.00");
  await page.goto("/checkout");
  await page.getByLabel("Nombre").fill(name);
  await page.getByLabel("Apellido").fill("Tarjeta");
  await page.getByLabel("Correo electrónico").fill(`${name.toLowerCase()}@correo.mx`);
  await page.getByLabel("Celular (10 dígitos)").fill("5512345678");
  await page.getByRole("radio", { name: "Tarjeta en línea (pago seguro ahora)" }).check();
  await page.getByRole("button", { name: /Continuar al pago de \$274\.00|Hacer pedido por \$274\.00/ }).click();
  await expect(page).toHaveURL(/\/adyen\/checkout\/[A-Za-z0-9_-]{16,}$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Pagar el pedido \d+$/ })).toBeVisible();
  return (await page.getByRole("heading", { level: 1 }).textContent())!.replace(/\D/g, "");
}

/** Types a card: into Adyen Web's secured fields with JavaScript, on the stand-in's hosted page without. */
export async function payByCard(page: Page, card: { number: string; cvc: string }) {
  if (test.info().project.name === "js-on") {
    const frame = (field: string) => page.frameLocator(`[data-cse="${field}"] iframe`).locator("input");
    await frame("encryptedCardNumber").pressSequentially(card.number);
    // A complete number keeps the focus where the customer put it (no jump to the next field, autoFocus: false).
    await page.locator('[data-cse="encryptedCardNumber"].adyen-checkout__input--valid').waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest("[data-cse]")?.getAttribute("data-cse"))).toBe("encryptedCardNumber");
    await frame("encryptedExpiryDate").pressSequentially("0330");
    await frame("encryptedSecurityCode").pressSequentially(card.cvc);
    await page.locator('[data-cse="encryptedSecurityCode"].adyen-checkout__input--valid').waitFor();
    // Adyen Web's own state complete too (its onChange, after the fields' marks), or pay only validates. A refused
    // card's test types a wrong security code Adyen Web still holds valid (the bank refuses it).
    await page.locator('.adyen-card__form[data-valid="true"]').waitFor();
    await page.getByRole("button", { name: "Pagar $274.00" }).click();
  } else {
    // No card form without JavaScript: the provider's hosted page, and back.
    await expect(page.locator('[data-cse="encryptedCardNumber"]')).toHaveCount(0);
    await page.getByRole("button", { name: "Pagar $274.00 en la página segura" }).click();
    await page.getByLabel("Número de tarjeta").fill(card.number.replaceAll(" ", ""));
    await page.getByLabel("Mes de vencimiento (MM)").fill("03");
    await page.getByLabel("Año de vencimiento (AAAA)").fill("2030");
    await page.getByLabel("Código de seguridad (CVC)").fill(card.cvc);
    await page.getByRole("button", { name: /^Pagar / }).click();
  }
}

/** The session's language, through the footer's language form (a plain post, as the form makes it). */
export async function speak(page: Page, lng: "es" | "en" | "ar") {
  const answer = await page.request.post("/language", { form: { lng, back: "/home", csrf: await csrfOf(page) }, maxRedirects: 0 });
  expect(answer.status()).toBe(303);
}
