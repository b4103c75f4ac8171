import { expect, test, type Browser, type Page } from "@playwright/test";
import { demoStaff } from "#server/db/seed/staff";
import { startApp, type AppProcess } from "../support/app-process";
import { violations } from "../support/axe";
import { signInToStore } from "../e2e/support";

/**
 * The emergency banner (issue 14 point 5) in Chromium, on a server of its own: it shows on every customer page
 * while it is on, so switching it on beside the shared server's other tests would change their pages. A manager
 * switches it on in the console without JavaScript; customers with JavaScript and without see it with the number
 * to phone and dismiss it; it stays dismissed from page to page; switched off, nobody sees it.
 */
let app: AppProcess;
test.beforeAll(async () => {
  app = await startApp();
  await app.health();
});
test.afterAll(async () => app?.stop());

const manager = demoStaff.find((m) => m.email === "gerencia@tienda.example")!;

async function contextPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.base, javaScriptEnabled, locale: "es-MX" });
  return context.newPage();
}

async function switchBanner(page: Page, on: boolean) {
  await page.goto("/store/settings");
  await page.getByLabel("Línea de pedidos").fill("55 1234 5678");
  await page.getByLabel("Mostrar el aviso de emergencia")[on ? "check" : "uncheck"]();
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("status").filter({ hasText: on ? "está activo" : "está desactivado" }).first()).toBeVisible();
}

test("a manager switches the emergency banner on; customers with and without JavaScript see it, dismiss it, and it stays away", async ({ browser }) => {
  const console = await contextPage(browser, false);
  await signInToStore(console, manager);
  await console.getByRole("link", { name: "Ajustes" }).click();
  await expect(console.getByRole("heading", { name: "Aviso de emergencia" })).toBeVisible();
  await expect(console.getByText("El aviso está desactivado.")).toBeVisible();

  const before = await contextPage(browser, true);
  await before.goto("/home");
  await expect(before.getByRole("main")).toBeVisible();
  await expect(before.getByRole("region", { name: "Aviso importante" })).toHaveCount(0);

  await switchBanner(console, true);

  // The console page with a refused number, and a customer page with the banner (in Arabic, right to left): axe.
  const scanner = await contextPage(browser, true);
  await signInToStore(scanner, manager);
  await scanner.goto("/store/settings");
  await scanner.getByLabel("Línea de pedidos").fill("llámanos");
  await scanner.getByRole("button", { name: "Guardar" }).click();
  await expect(scanner.getByLabel("Línea de pedidos")).toHaveAccessibleDescription(/Escribe un teléfono válido/);
  expect(await violations(scanner)).toEqual([]);
  const arabic = await (await browser.newContext({ baseURL: app.base, locale: "ar" })).newPage();
  await arabic.goto("/language?back=/home");
  await arabic.getByRole("main").getByRole("combobox", { name: "Idioma" }).selectOption("ar");
  await arabic.getByRole("main").getByRole("button", { name: "Cambiar idioma" }).click();
  await expect(arabic.getByRole("region", { name: "تنبيه مهم" })).toBeVisible();
  expect(await violations(arabic)).toEqual([]);

  for (const javaScript of [false, true]) {
    const page = await contextPage(browser, javaScript);
    // With JavaScript a page that has the app's scripts (the menu's list is a document without them: root.tsx).
    await page.goto(javaScript ? "/cart" : "/order/pizzas");
    const banner = page.getByRole("region", { name: "Aviso importante" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("link", { name: "55 1234 5678" })).toHaveAttribute("href", "tel:5512345678");
    // With JavaScript the banner goes at once and the post goes on behind it: wait for its answer before leaving.
    const answered = javaScript ? page.waitForResponse((r) => r.url().includes("/emergency-banner") && r.request().method() === "POST") : null;
    await banner.getByRole("button", { name: "Entendido, ocultar aviso" }).click();
    await expect(banner, javaScript ? "with JavaScript" : "without JavaScript").toHaveCount(0);
    await answered;
    await expect(page).toHaveURL(javaScript ? /\/cart$/ : /\/order\/pizzas\/clasicas$|\/order\/pizzas$/);
    await page.goto("/home");
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.getByRole("region", { name: "Aviso importante" }), javaScript ? "with JavaScript" : "without JavaScript").toHaveCount(0);
  }

  await switchBanner(console, false);
  const after = await contextPage(browser, false);
  await after.goto("/home");
  await expect(after.getByRole("main")).toBeVisible();
  await expect(after.getByRole("region", { name: "Aviso importante" })).toHaveCount(0);
});
