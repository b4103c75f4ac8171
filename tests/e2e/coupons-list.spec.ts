import { expect, test, type Page } from "@playwright/test";
import { chooseCarryout } from "./support";

/**
 * A campaign's coupon and the coupons page (issue 12 points 3 and 6), with JavaScript on and off, as the demo
 * customer (registering would spend the sign-up limit per address that the other specs need). Each project attaches a
 * campaign coupon of its own, so the two never see each other's: the demo's campaign coupons are not listed to
 * everyone, they show on /order/coupons only once attached.
 */
const DEMO = { email: "cliente@pizzademo.mx", password: "Pizza*2026" };
const CAMPAIGN = {
  "js-on": { code: "BIENVENIDA", name: "$100 de bienvenida", gives: "$100.00 menos en tu pedido", minimum: "$400.00" },
  "js-off": { code: "CUMPLEANOS", name: "Brownie de cumpleaños", gives: "Brownie de regalo", minimum: "$200.00" },
} as const;

/** Opens `path` signed out: the sign-in page, which comes back to it. */
async function signInThrough(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
  await page.getByLabel("Correo electrónico").fill(DEMO.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(path);
}

test("a campaign's link: sign in, add the coupon to the account, find it on the coupons page with its apply button", async ({ page }, testInfo) => {
  const campaign = CAMPAIGN[testInfo.project.name as keyof typeof CAMPAIGN];
  const link = `/crm/coupon/${campaign.code}`;
  // The link, signed out: sign in first, and back to the link.
  await signInThrough(page, link);

  await expect(page.getByRole("heading", { level: 1, name: "Agregar un cupón" })).toBeVisible();
  const shown = page.getByRole("article", { name: campaign.name });
  await expect(shown.getByText(campaign.gives)).toBeVisible();
  await expect(shown.getByRole("list", { name: "Condiciones" }).getByText(`En pedidos desde ${campaign.minimum} en productos`)).toBeVisible();
  await expect(shown.getByText("Una vez por cliente")).toBeVisible();
  // Looking attached nothing: the coupons page does not have it yet.
  await page.goto("/order/coupons");
  await expect(page.getByRole("heading", { level: 1, name: "Cupones" })).toBeVisible();
  await expect(page.getByRole("article", { name: "15 % en tu pedido" })).toBeVisible();
  await expect(page.getByRole("article", { name: campaign.name })).toHaveCount(0);

  await page.goto(link);
  await page.getByRole("button", { name: "Agregar este cupón a mi cuenta" }).click();
  await expect(page).toHaveURL(/\/order\/coupons$/);
  await expect(page.getByRole("status").filter({ hasText: `El cupón ${campaign.name} ya está en tu cuenta.` })).toBeVisible();
  // The coupons page: no cart; the coupon in the account, before the public ones, with its apply form (a post to the
  // cart).
  await expect(page.getByRole("complementary", { name: "Tu carrito" })).toHaveCount(0);
  const listed = page.getByRole("article", { name: campaign.name });
  await expect(listed.getByText("En tu cuenta")).toBeVisible();
  const names = await page.getByRole("article").getByRole("heading").allTextContents();
  expect(names.indexOf(campaign.name)).toBeGreaterThanOrEqual(0);
  expect(names.indexOf(campaign.name)).toBeLessThan(names.indexOf("15 % en tu pedido"));
  const applyButton = page.getByRole("button", { name: `Aplicar cupón ${campaign.name}` });
  await expect(listed.locator(applyButton)).toBeVisible();
  const form = listed.locator("form", { has: applyButton });
  await expect(form).toHaveAttribute("action", "/cart");
  await expect(form.locator('input[name="intent"]')).toHaveValue("apply-coupon");
  await expect(form.locator('input[name="code"]')).toHaveValue(campaign.code);
  await expect(form.locator('input[name="source"]')).toHaveValue("list");
  await expect(form.locator('input[name="back"]')).toHaveValue("/order/coupons");
  await expect(form.locator('input[name="csrf"]')).toHaveCount(1);
  // Applied from the list (the cart's intent): on an empty carry-out cart it is refused as a notification here.
  await chooseCarryout(page);
  await page.goto("/order/coupons");
  await page.getByRole("button", { name: `Aplicar cupón ${campaign.name}` }).click();
  await expect(page).toHaveURL(/\/order\/coupons$/);
  await expect(page.getByRole("alert").filter({ hasText: `Este cupón pide una compra mínima de ${campaign.minimum} en productos.` })).toBeVisible();

  // The link again: it says the coupon is in the account; and the profile lists it among the coupons waiting.
  await page.goto(link.toLowerCase());
  await expect(page.getByText("Este cupón ya está en tu cuenta.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Agregar este cupón a mi cuenta" })).toHaveCount(0);
  await page.goto("/profile");
  await expect(page.getByRole("region", { name: "Mis cupones" }).getByText(`${campaign.name} (${campaign.code})`)).toBeVisible();
});

test("a guest on the coupons page signs in first and comes back; a typed code that does not exist says so, with a link to the deals", async ({ page }) => {
  await signInThrough(page, "/order/coupons");
  await expect(page.getByRole("heading", { level: 1, name: "Cupones" })).toBeVisible();

  await page.getByRole("link", { name: "¿Tienes un código de cupón? Agrégalo a tu cuenta" }).click();
  await expect(page).toHaveURL(/\/crm\/coupon$/);
  await page.getByLabel("Código del cupón").fill("NOEXISTE");
  await page.getByRole("button", { name: "Agregar a mi cuenta" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Ese cupón no existe o ya no está vigente." })).toBeVisible();
  await page.getByRole("alert").getByRole("link", { name: "Mira nuestras promociones" }).click();
  await expect(page).toHaveURL(/\/order\/deals/);
});
