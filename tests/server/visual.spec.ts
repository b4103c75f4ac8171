import { expect, test, type Page } from "@playwright/test";
import { startApp, type AppProcess } from "../support/app-process";
import { addPizza, chooseCarryout, csrfOf, placeFromCheckout } from "../e2e/support";

/**
 * How the storefront looks (issue 14 point 10): home, menu, builder, cart, checkout and tracker at a phone's and a
 * desktop's width, in Spanish and in Arabic (right to left), compared with the committed pictures in
 * visual.spec.ts-snapshots/. On a server of its own (a fresh database, the pinned clock): the shared server's other
 * tests change banners, content and orders beside it. A deliberate change of a page's look updates the pictures:
 * `npx playwright test tests/server/visual.spec.ts --update-snapshots` (after `npm run build`), and the diff is reviewed
 * like code. The order's number (it depends on the database's sequence) is masked.
 */
let app: AppProcess;
test.beforeAll(async () => {
  app = await startApp();
  await app.health();
});
test.afterAll(async () => app?.stop());

const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

async function speak(page: Page, lng: "es" | "ar") {
  const answer = await page.request.post("/language", { form: { lng, back: "/home", csrf: await csrfOf(page) }, maxRedirects: 0 });
  expect(answer.status()).toBe(303);
}

/** Every picture loaded (lazy ones too) and the fonts ready, so the shot does not depend on how fast they came. */
async function settled(page: Page) {
  await page.evaluate(async () => {
    for (const image of document.querySelectorAll("img")) image.loading = "eager";
    await Promise.all([...document.images].map((image) => (image.complete ? null : image.decode().catch(() => null))));
    await document.fonts.ready;
  });
}

async function shoot(page: Page, path: string, name: string) {
  for (const [size, viewport] of Object.entries(WIDTHS)) {
    await page.setViewportSize(viewport);
    await page.goto(path);
    await settled(page);
    await expect(page).toHaveScreenshot(`${name}-${size}.png`, {
      fullPage: true,
      // Same machine, same Chromium: a few anti-aliased pixels at most; a moved block or a colour is far more.
      maxDiffPixelRatio: 0.002,
      mask: [page.getByText(/Pedido \d+|طلب \d+|Order \d+/)],
    });
  }
}

test("home, menu, builder, cart, checkout and tracker look as committed, at 390 and 1280 px, in es and ar", async ({ browser }) => {
  test.slow();
  const context = await browser.newContext({ baseURL: app.base, locale: "es-MX", timezoneId: "America/Mexico_City", deviceScaleFactor: 1 });
  const page = await context.newPage();
  await chooseCarryout(page);
  await addPizza(page, "Pepperoni", "Chica, Original (Pan): $129.00");
  await page.getByRole("link", { name: "Personalizar Hawaiana" }).click();
  await expect(page.getByRole("article", { name: "Personalizar Hawaiana" })).toBeVisible();
  const builder = new URL(page.url()).pathname;
  for (const lng of ["es", "ar"] as const) {
    await speak(page, lng);
    await shoot(page, "/home", `home-${lng}`);
    await shoot(page, "/order/pizzas/clasicas", `menu-${lng}`);
    await shoot(page, builder, `builder-${lng}`);
    await shoot(page, "/cart", `cart-${lng}`);
    await shoot(page, "/checkout", `checkout-${lng}`);
  }
  await speak(page, "es");
  await page.goto("/checkout");
  await placeFromCheckout(page);
  const tracker = new URL(page.url()).pathname;
  for (const lng of ["es", "ar"] as const) {
    await speak(page, lng);
    await shoot(page, tracker, `tracker-${lng}`);
  }
  await context.close();
});
