import { expect, test } from "@playwright/test";
import { signInToStore, STAFF } from "./support";

/**
 * Managers' coupons (issue 12 point 8, beyond the spec): the demo manager creates a percent coupon in the store
 * console (a code already taken is refused beside its field, what was typed stays), sees it listed with 0 uses of
 * its limit, and pauses it; staff who are not managers neither see the way there nor get in. Every step is a plain
 * form post, so the same test runs with JavaScript on and off.
 */
test.describe("the managers' coupons", () => {
  test("a manager creates a percent coupon, sees it listed with 0 uses, and pauses it; other staff are refused", async ({ page, browser }) => {
    // both projects share the server's database: each creates a coupon of its own
    const CODE = test.info().project.name === "js-on" ? "OTONO-JS" : "OTONO-NOJS";
    // Asked for while signed out (a bookmark, a session that ended): the sign-in comes back to it.
    await page.goto("/store/coupons");
    await expect(page).toHaveURL(/\/store\/login\?redirectTo=%2Fstore%2Fcoupons$/);
    await page.getByLabel("Correo electrónico").fill(STAFF.gerencia.email);
    await page.getByLabel("Contraseña").fill(STAFF.gerencia.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/store\/coupons$/);
    await expect(page.getByRole("heading", { level: 1, name: "Cupones" })).toBeVisible();
    // the demo coupons are there, with their uses
    await expect(page.getByRole("row", { name: /PIZZA15/ }).getByRole("cell", { name: "0 / sin límite" })).toBeVisible();

    await page.getByRole("link", { name: "Nuevo cupón" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Nuevo cupón" })).toBeVisible();
    const code = page.getByLabel("Código", { exact: true });
    await code.fill("pizza15");
    await page.getByLabel("Nombre en español").fill("15 % de otoño");
    await page.getByLabel("Tipo", { exact: true }).selectOption({ label: "3 · Porcentaje (Descuento)" });
    await page.getByLabel("Porcentaje de descuento").fill("15");
    await page.getByLabel("Límite de usos en total").fill("100");
    await page.getByRole("button", { name: "Crear cupón" }).click();

    // taken: said beside the code, and nothing typed is lost
    await expect(page.getByRole("alert")).toHaveText("Revisa los campos marcados.");
    await expect(code).toHaveAccessibleDescription(/Ya hay un cupón con ese código\./);
    await expect(page.getByLabel("Porcentaje de descuento")).toHaveValue("15");
    await expect(page.getByLabel("Límite de usos en total")).toHaveValue("100");
    await code.fill(CODE.toLowerCase());
    await page.getByRole("button", { name: "Crear cupón" }).click();

    await expect(page).toHaveURL(/\/store\/coupons$/);
    await expect(page.getByRole("status").filter({ hasText: `Cupón ${CODE} creado.` })).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(CODE) });
    await expect(row.getByRole("cell", { name: "15 % de otoño" })).toBeVisible();
    await expect(row.getByRole("cell", { name: "Porcentaje" })).toBeVisible();
    await expect(row.getByRole("cell", { name: "Descuento" })).toBeVisible();
    await expect(row.getByRole("cell", { name: "Activo" })).toBeVisible();
    await expect(row.getByRole("cell", { name: "0 / 100" })).toBeVisible();
    await expect(row.getByRole("cell", { name: "sin fechas" })).toBeVisible();

    await row.getByRole("button", { name: `Pausar ${CODE}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Cupón ${CODE} pausado: ya no se puede aplicar.` })).toBeVisible();
    await expect(row.getByRole("cell", { name: "Pausado" })).toBeVisible();
    await expect(row.getByRole("button", { name: `Reanudar ${CODE}` })).toBeVisible();

    // its page keeps what was saved, and its uses
    await row.getByRole("link", { name: `Editar ${CODE}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Cupón ${CODE}` })).toBeVisible();
    await expect(page.getByText("Pausado · 0 usos hasta ahora")).toBeVisible();
    await expect(page.getByLabel("Porcentaje de descuento")).toHaveValue("15");

    // staff who are not managers: no way there, and a 403 when they try
    const other = await browser.newContext();
    const clerk = await other.newPage();
    await signInToStore(clerk, STAFF.roma);
    await expect(clerk.getByRole("link", { name: "Cupones" })).toHaveCount(0);
    const response = await clerk.goto("/store/coupons");
    expect(response?.status()).toBe(403);
    await expect(clerk.getByRole("heading", { level: 1, name: "Acceso denegado" })).toBeVisible();
    await other.close();
  });
});
