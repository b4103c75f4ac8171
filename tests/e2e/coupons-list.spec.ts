import { expect, test, type Page } from "@playwright/test";
import { registered } from "./accounts";
import { chooseCarryout } from "./support";

/**
 * A campaign's coupon and the coupons page (issue 12 points 3 and 6), with JavaScript on and off. Each run registers
 * its own account (the projects never share one) and attaches the demo's campaign coupon BIENVENIDA, which is not
 * listed to everyone: it shows on /order/coupons only once it is in the account.
 */
const PASSWORD = "Horno*Lento7";

/** Registers an account of this run's own and signs it out; answers its email. */
async function accountSignedOut(page: Page, project: string): Promise<string> {
  const email = `cupon.${project}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@correo.mx`;
  await registered(page, email, PASSWORD);
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/home$/);
  return email;
}

/** Opens `path` signed out: the sign-in page, which comes back to it. */
async function signInThrough(page: Page, path: string, email: string) {
  await page.goto(path);
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(path);
}

test("a campaign's link: sign in, add the coupon to the account, find it on the coupons page with its apply button", async ({ page }, testInfo) => {
  // The link, signed out: sign in first, and back to the link.
  await signInThrough(page, "/crm/coupon/BIENVENIDA", await accountSignedOut(page, testInfo.project.name));

  await expect(page.getByRole("heading", { level: 1, name: "Agregar un cupón" })).toBeVisible();
  const shown = page.getByRole("article", { name: "$100 de bienvenida" });
  await expect(shown.getByText("$100.00 menos en tu pedido")).toBeVisible();
  await expect(shown.getByRole("list", { name: "Condiciones" }).getByText("En pedidos desde $400.00 en productos")).toBeVisible();
  await expect(shown.getByText("Una vez por cliente")).toBeVisible();
  // Looking attached nothing: the coupons page does not have it yet.
  await page.goto("/order/coupons");
  await expect(page.getByRole("heading", { level: 1, name: "Cupones" })).toBeVisible();
  await expect(page.getByRole("article", { name: "15 % en tu pedido" })).toBeVisible();
  await expect(page.getByRole("article", { name: "$100 de bienvenida" })).toHaveCount(0);

  await page.goto("/crm/coupon/BIENVENIDA");
  await page.getByRole("button", { name: "Agregar este cupón a mi cuenta" }).click();
  await expect(page).toHaveURL(/\/order\/coupons$/);
  await expect(page.getByRole("status").filter({ hasText: "El cupón $100 de bienvenida ya está en tu cuenta." })).toBeVisible();
  // The coupons page: no cart, the coupon first, in the account, with its apply form (a post to the cart).
  await expect(page.getByRole("complementary", { name: "Tu carrito" })).toHaveCount(0);
  const listed = page.getByRole("article", { name: "$100 de bienvenida" });
  await expect(page.getByRole("article").first()).toHaveAccessibleName("$100 de bienvenida");
  await expect(listed.getByText("En tu cuenta")).toBeVisible();
  const applyButton = page.getByRole("button", { name: "Aplicar cupón $100 de bienvenida" });
  await expect(listed.locator(applyButton)).toBeVisible();
  const form = listed.locator("form", { has: applyButton });
  await expect(form).toHaveAttribute("action", "/cart");
  await expect(form.locator('input[name="intent"]')).toHaveValue("apply-coupon");
  await expect(form.locator('input[name="code"]')).toHaveValue("BIENVENIDA");
  await expect(form.locator('input[name="source"]')).toHaveValue("list");
  await expect(form.locator('input[name="back"]')).toHaveValue("/order/coupons");
  await expect(form.locator('input[name="csrf"]')).toHaveCount(1);
  // Applied from the list (the cart's intent): on an empty carry-out cart it is refused as a notification here.
  await chooseCarryout(page);
  await page.goto("/order/coupons");
  await page.getByRole("button", { name: "Aplicar cupón $100 de bienvenida" }).click();
  await expect(page).toHaveURL(/\/order\/coupons$/);
  await expect(page.getByRole("alert").filter({ hasText: "Este cupón pide una compra mínima de $400.00 en productos." })).toBeVisible();

  // The link again: it says the coupon is in the account; and the profile lists it among the coupons waiting.
  await page.goto("/crm/coupon/bienvenida");
  await expect(page.getByText("Este cupón ya está en tu cuenta.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Agregar este cupón a mi cuenta" })).toHaveCount(0);
  await page.goto("/profile");
  await expect(page.getByRole("region", { name: "Mis cupones" }).getByText("$100 de bienvenida (BIENVENIDA)")).toBeVisible();
});

test("a guest on the coupons page signs in first and comes back; a typed code that does not exist says so, with a link to the deals", async ({ page }, testInfo) => {
  await signInThrough(page, "/order/coupons", await accountSignedOut(page, testInfo.project.name));
  await expect(page.getByRole("heading", { level: 1, name: "Cupones" })).toBeVisible();

  await page.getByRole("link", { name: "¿Tienes un código de cupón? Agrégalo a tu cuenta" }).click();
  await expect(page).toHaveURL(/\/crm\/coupon$/);
  await page.getByLabel("Código del cupón").fill("NOEXISTE");
  await page.getByRole("button", { name: "Agregar a mi cuenta" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Ese cupón no existe o ya no está vigente." })).toBeVisible();
  await page.getByRole("alert").getByRole("link", { name: "Mira nuestras promociones" }).click();
  await expect(page).toHaveURL(/\/order\/deals/);
});
