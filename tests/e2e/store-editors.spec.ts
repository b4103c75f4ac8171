import { expect, test } from "@playwright/test";
import { signInToStore, STAFF } from "./support";

/**
 * The managers' topic, opening and favourite editors (issue 14 point 8), with JavaScript on and off: each project
 * writes rows of its own (they run side by side on one server), and leaves the home page's first favourites as they were.
 */
test.describe("the managers' editors", () => {
  test("a manager writes a topic with a preview, it shows at /topic/<slug>; unpublished it is a 404; staff get a 403", async ({ page, browser }, testInfo) => {
    const slug = `prueba-${testInfo.project.name}`;
    const title = `Artículo de prueba ${testInfo.project.name}`;
    await signInToStore(page, STAFF.gerencia);
    await page.getByRole("navigation", { name: "Consola" }).getByRole("link", { name: "Artículos" }).click();
    await expect(page.getByRole("heading", { name: "Artículos", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Nuevo artículo" }).click();
    await page.getByLabel("Dirección").fill("Con Espacios");
    const spanish = page.getByRole("group", { name: "Español" });
    await spanish.getByLabel("Título").fill(title);
    await spanish.getByLabel("Texto").fill("## Un horno nuevo\n\nMás **calor**.");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByLabel("Dirección")).toHaveAccessibleDescription(/Escribe una dirección de minúsculas/);
    await page.getByLabel("Dirección").fill(slug);
    await page.getByRole("button", { name: "Vista previa" }).click();
    const preview = page.getByRole("region", { name: "Vista previa: así lo verán los clientes" });
    await expect(preview.getByRole("heading", { name: "Un horno nuevo" })).toBeVisible();
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page).toHaveURL(/\/store\/topics$/);
    await expect(page.getByRole("status").filter({ hasText: `Artículo ${slug} creado.` })).toBeVisible();

    const customer = await (await browser.newContext()).newPage();
    await customer.goto(`/topic/${slug}`);
    await expect(customer.getByRole("heading", { level: 1, name: title })).toBeVisible();

    await page.getByRole("button", { name: `Retirar el artículo ${title}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "El artículo se retiró del sitio." })).toBeVisible();
    expect((await customer.goto(`/topic/${slug}`))?.status()).toBe(404);
    await customer.context().close();

    const other = await browser.newContext();
    const clerk = await other.newPage();
    await signInToStore(clerk, STAFF.roma);
    await expect(clerk.getByRole("link", { name: "Artículos" })).toHaveCount(0);
    expect((await clerk.goto("/store/topics"))?.status()).toBe(403);
    await other.close();
  });

  test("a manager opens a job opening with a preview, it is listed at /careers; closed it is gone; staff get a 403", async ({ page, browser }, testInfo) => {
    const code = `E2E-${testInfo.project.name.toUpperCase()}`;
    const title = `Pizzero de prueba ${testInfo.project.name}`;
    await signInToStore(page, STAFF.gerencia);
    await page.getByRole("navigation", { name: "Consola" }).getByRole("link", { name: "Vacantes" }).click();
    await expect(page.getByRole("heading", { name: "Vacantes", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Nueva vacante" }).click();
    await page.getByLabel("Código").fill(code);
    const spanish = page.getByRole("group", { name: "Español" });
    await spanish.getByLabel("Puesto").fill(title);
    await spanish.getByLabel("Descripción").fill("## Qué harás\n\n- Hornear");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByLabel("Sucursal")).toHaveAccessibleDescription("Elige una sucursal.");
    await page.getByLabel("Sucursal").selectOption({ index: 1 });
    await page.getByRole("button", { name: "Vista previa" }).click();
    await expect(page.getByRole("region", { name: "Vista previa: así lo verán los clientes" }).getByRole("heading", { name: "Qué harás" })).toBeVisible();
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page).toHaveURL(/\/store\/openings$/);
    await expect(page.getByRole("status").filter({ hasText: `Vacante ${code} creada.` })).toBeVisible();

    const customer = await (await browser.newContext()).newPage();
    await customer.goto("/careers");
    await expect(customer.getByRole("link", { name: title })).toBeVisible();

    // Two managers open it; the other saves first. This one's save is refused with what was typed kept, and saving
    // again replaces the other's change knowingly.
    await page.getByRole("link", { name: new RegExp(`^Editar la vacante ${title}`) }).click();
    await expect(page).toHaveURL(/\/store\/openings\/\d+$/);
    const editor = page.url();
    const colleague = await browser.newContext();
    const theirs = await colleague.newPage();
    await signInToStore(theirs, STAFF.gerencia);
    await theirs.goto(editor);
    await theirs.getByRole("group", { name: "Español" }).getByLabel("Puesto").fill(`${title} (otra)`);
    await theirs.getByRole("button", { name: "Guardar" }).click();
    await expect(theirs.getByRole("status").filter({ hasText: `Vacante ${code} guardada.` })).toBeVisible();
    await colleague.close();
    const mine = `${title} (mía)`;
    await page.getByRole("group", { name: "Español" }).getByLabel("Puesto").fill(mine);
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Otra persona guardó cambios aquí mientras editabas/);
    await expect(page.getByRole("group", { name: "Español" }).getByLabel("Puesto")).toHaveValue(mine);
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Vacante ${code} guardada.` })).toBeVisible();
    await customer.goto("/careers");
    await expect(customer.getByRole("link", { name: mine })).toBeVisible();

    await page.getByRole("button", { name: new RegExp(`^Cerrar la vacante ${mine.replace(/[()]/g, "\\$&")}`) }).click();
    await expect(page.getByRole("status").filter({ hasText: "La vacante está cerrada." })).toBeVisible();
    await customer.goto("/careers");
    await expect(customer.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(customer.getByRole("link", { name: mine })).toHaveCount(0);
    await customer.context().close();

    const other = await browser.newContext();
    const clerk = await other.newPage();
    await signInToStore(clerk, STAFF.roma);
    expect((await clerk.goto("/store/openings"))?.status()).toBe(403);
    await other.close();
  });

  test("a manager picks the favourites with a checklist: a bad number is refused, a save is confirmed; staff get a 403", async ({ page, browser }, testInfo) => {
    // One product after the four the home page shows, so the home page stays as it was for the other tests.
    const extra = testInfo.project.name === "js-off" ? "Papas gajo" : "Alitas nocturnas";
    await signInToStore(page, STAFF.gerencia);
    await page.getByRole("navigation", { name: "Consola" }).getByRole("link", { name: "Favoritos" }).click();
    await expect(page.getByRole("heading", { name: "Productos favoritos", level: 1 })).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(extra) }).first();
    await row.getByRole("checkbox").check();
    await row.getByRole("spinbutton").fill("0");
    await page.getByRole("button", { name: "Guardar los favoritos" }).click();
    await expect(row.getByRole("spinbutton")).toHaveAccessibleDescription("Escribe un número del 1 al 99, o déjalo vacío.");
    await expect(row.getByRole("checkbox")).toBeChecked();
    await row.getByRole("spinbutton").fill("50");
    await page.getByRole("button", { name: "Guardar los favoritos" }).click();
    await expect(page.getByRole("status").filter({ hasText: /Favoritos guardados: \d+\./ })).toBeVisible();

    const other = await browser.newContext();
    const clerk = await other.newPage();
    await signInToStore(clerk, STAFF.roma);
    expect((await clerk.goto("/store/favourites"))?.status()).toBe(403);
    await other.close();
  });
});
