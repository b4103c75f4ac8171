import { expect, test } from "@playwright/test";
import { signInToStore, STAFF } from "./support";

test.describe("content pages (issue 14)", () => {
  test("the footer leads to the FAQ, the terms and the privacy notice, written for the chain, in Spanish and in Arabic", async ({ page }) => {
    await page.goto("/home");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Preguntas frecuentes" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole("heading", { name: "Preguntas frecuentes", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "¿Qué formas de pago aceptan?", level: 2 })).toBeVisible();
    await expect(page).toHaveTitle(/^Preguntas frecuentes · /);
    await footer.getByRole("link", { name: "Términos y condiciones" }).click();
    await expect(page.getByRole("heading", { name: "Términos y condiciones", level: 1 })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "política de entrega", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Política de entrega", level: 1 })).toBeVisible();

    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "سياسة التوصيل", level: 1 })).toBeVisible();
    await page.getByRole("contentinfo").getByRole("link", { name: "إشعار الخصوصية" }).click();
    await expect(page.getByRole("heading", { name: "إشعار الخصوصية", level: 1 })).toBeVisible();
  });

  test("a manager previews and saves a page's new text; customers see it; a text without a title is refused beside its field", async ({ page, browser }, testInfo) => {
    // Each project edits its own page (they run side by side on one server).
    const [type, path] = testInfo.project.name === "js-on" ? ["promotions", "/promotions"] : ["campaigns_term_and_condition", "/campaigns-term-and-condition"];
    await signInToStore(page, STAFF.gerencia);
    await page.getByRole("link", { name: "Contenido", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Páginas de contenido", level: 1 })).toBeVisible();
    await page.goto(`/store/content/${type}/es`);
    const title = `Aviso ${testInfo.project.name}`;
    await page.getByLabel("Título").fill("");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByLabel("Título")).toHaveAccessibleDescription(/Escribe el título/);

    await page.getByLabel("Título").fill(title);
    await page.getByLabel("Texto (Markdown)").fill("## Nuevo\n\nTexto **nuevo** <script>alert(1)</script>");
    await page.getByRole("button", { name: "Vista previa" }).click();
    const preview = page.getByRole("region", { name: "Vista previa: así lo verán los clientes" });
    await expect(preview.getByRole("heading", { name: "Nuevo", level: 2 })).toBeVisible();
    await expect(preview.getByText("<script>alert(1)</script>", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Título")).toHaveValue(title);

    const customer = await (await browser.newContext()).newPage();
    await customer.goto(path);
    await expect(customer.getByRole("heading", { name: title, level: 1 })).toHaveCount(0);

    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page).toHaveURL(/\/store\/content$/);
    await expect(page.getByRole("status").filter({ hasText: `Se guardó «${title}»` })).toBeVisible();

    await customer.reload();
    await expect(customer.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(customer.getByRole("heading", { name: "Nuevo", level: 2 })).toBeVisible();
  });
});
