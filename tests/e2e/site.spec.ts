import { expect, test } from "@playwright/test";
import { MENU_LANDING } from "./support";

test.describe("routing, layouts and languages", () => {
  test("/ and unknown paths go home; /order goes to the first category and sub-category", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/home$/);
    await page.goto("/this/does/not/exist");
    await expect(page).toHaveURL(/\/home$/);
    await page.goto("/order");
    await expect(page).toHaveURL(MENU_LANDING);
    await page.goto("/order/pizzas");
    await expect(page.getByRole("navigation", { name: "Subcategorías", exact: true }).getByRole("link", { name: "Clásicas" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("legacy paths land where spec section 2 says: an old account path on the sign-in page, a forbidden redirect on /error-404", async ({ page }) => {
    await page.goto("/my-account/orders?utm_source=flyer");
    await expect(page).toHaveURL(/\/login\?utm_source=flyer$/);
    await expect(page.getByRole("heading", { name: "Iniciar sesión", level: 1 })).toBeVisible();
    const forbidden = await page.goto("/forbidden");
    expect(forbidden?.status()).toBe(404);
    await expect(page).toHaveURL(/\/error-404$/);
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  });

  test("/404 and /403 answer with their status in the bare layout", async ({ page }) => {
    const notFound = await page.goto("/404");
    expect(notFound?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    const forbidden = await page.goto("/403");
    expect(forbidden?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Acceso denegado" })).toBeVisible();
  });

  test("the coupons category hides the cart (it needs an account: the spec's flag is on)", async ({ page }) => {
    await page.goto("/order/coupons");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Forder%2Fcoupons$/);
    await page.getByLabel("Correo electrónico").fill("cliente@pizzademo.mx");
    await page.getByLabel("Contraseña", { exact: true }).fill("Pizza*2026");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page).toHaveURL(/\/order\/coupons$/);
    await expect(page.getByRole("heading", { name: "Cupones", level: 1 })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Tu carrito" })).toHaveCount(0);
  });

  test("Spanish by default; the language form switches to English and to Arabic (right to left)", async ({ page }) => {
    await page.goto("/home");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");

    await page.getByLabel("Idioma").selectOption("en");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { name: "Order your pizza", level: 1 })).toBeVisible();

    await page.goto("/order/pizzas/clasicas");
    await expect(page.getByRole("article", { name: "Pepperoni" }).getByText(/^From \$129\.00$/)).toBeVisible();

    await page.getByLabel("Language").selectOption("ar");
    await page.getByRole("button", { name: "Change language" }).click();
    await expect(page).toHaveURL(/\/order\/pizzas\/clasicas$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("navigation", { name: "الفئات", exact: true })).toBeVisible();
  });

  test("the brand is the tenant's (tenant.config.ts): its name in each language, its colours, its customer-care line", async ({ page }) => {
    await page.goto("/home");
    await expect(page).toHaveTitle(/· Horno Rojo Pizza$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Horno Rojo Pizza, inicio" })).toBeVisible();
    // The header's colour comes from the tenant's, inlined as the style sheet's custom property.
    await expect(page.getByRole("banner")).toHaveCSS("background-color", "rgb(200, 16, 46)");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "800 555 7492" })).toHaveAttribute("href", "tel:8005557492");
    await expect(page.getByRole("contentinfo")).toContainText("© Horno Rojo Alimentos, S.A. de C.V.");
    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "بيتزا هورنو روخو، الصفحة الرئيسية" })).toBeVisible();
    await expect(page.locator("body")).not.toContainText(/pizza hut|بيتزا هت/i);
  });

  test("the health check answers OK", async ({ request }) => {
    const response = await request.get("/healthcheck");
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe("OK");
  });

  test("the skip link and the main forms are reachable by keyboard", async ({ page }) => {
    await page.goto("/home");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Saltar al contenido" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    // From the main region, Tab goes through the hero's banners (links) to "Pedir ahora", which leads past the
    // pictures and promotions to the choice; the next Tab is the first field of the delivery address form.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("region", { name: "Destacados" }).getByRole("link").first()).toBeFocused();
    const orderNow = page.getByRole("link", { name: "Pedir ahora" });
    for (let tabs = 0; tabs < 10 && !(await orderNow.evaluate((link) => link === document.activeElement)); tabs++) await page.keyboard.press("Tab");
    await expect(orderNow).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#order$/);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Calle", { exact: true })).toBeFocused();
  });
});
