import { expect, type Page } from "@playwright/test";

/**
 * A client address of this browser's own (the e2e server trusts X-Forwarded-For from loopback): the registration
 * limit counts per address (10 an hour), and a run registers more accounts than that; each registering test is a
 * different visitor, as it would be. The limit itself is proven by tests/integration/accounts.test.ts.
 */
let visitors = 0;
function ownAddress(): string {
  visitors += 1;
  return `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${visitors % 250}`;
}

/** Registers a customer at /register (Rosa Díaz, a Mexico City mobile); the page is then signed in. */
export async function register(page: Page, email: string, password: string) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": ownAddress() });
  await page.goto("/register");
  await page.getByLabel("Nombre", { exact: true }).fill("Rosa");
  await page.getByLabel("Apellidos").fill("Díaz");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Celular").fill("55 1234 9876");
  await page.getByLabel("Día").selectOption("9");
  await page.getByLabel("Mes").selectOption("3");
  await page.getByLabel("Año").selectOption("1994");
  await page.getByLabel("Femenino").check();
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByLabel("Confirma la contraseña").fill(password);
  await page.getByLabel(/Acepto los términos/).check();
  await page.getByRole("button", { name: "Crear cuenta" }).click();
}

/** Registers and waits for the profile, where a new account lands. */
export async function registered(page: Page, email: string, password: string) {
  await register(page, email, password);
  await expect(page).toHaveURL(/\/profile$/);
}

/** With JavaScript, waits until React has hydrated the page's form (what is typed before that could be lost). */
export async function formReady(page: Page, javaScript: boolean, { inline = true }: { inline?: boolean } = {}) {
  if (!javaScript) return;
  const form = page.locator("main form[method=post]").first();
  await expect.poll(() => form.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__react")))).toBe(true);
  // A form that validates inline does so once its schema has arrived (app/lazy-validation.ts); before, a submit goes
  // to the server as without JavaScript (a loaded machine made "the form checks itself" flaky: it had not yet).
  if (inline) await expect(page.locator("html[data-inline-validation]")).toBeAttached();
}
