import { expect, test, type Page } from "@playwright/test";
import { PDF } from "../support/pdf";
import { mailTo } from "./inbox";

/**
 * Topics and careers (issue 14 point 4), with JavaScript on and off: the chain's articles from the footer, one in
 * another language by its code, unknown ones a 404; the openings by outlet, an application with a real small PDF that
 * reaches the careers address as a mail with the CV attached, and the CV's refusals (not a PDF, too large) with their
 * translated messages and the other inputs kept.
 */

test.describe("topics (/topic, /topic/:name/:code?)", () => {
  test("the footer leads to the articles; an article, the same in English by its code, and in Arabic", async ({ page }) => {
    await page.goto("/home");
    await page.getByRole("contentinfo").getByRole("link", { name: "Noticias y recetas" }).click();
    await expect(page).toHaveURL(/\/topic$/);
    await expect(page.getByRole("heading", { name: "Noticias y recetas", level: 1 })).toBeVisible();
    const titles = page.getByRole("listitem").getByRole("heading", { level: 2 });
    await expect(titles).toHaveText(["Abrimos en Tijuana Zona Río", "Receta: nuestra salsa de tomate en casa", "Cómo hacemos nuestra masa"]);
    // Published after the pinned clock: not yet.
    await expect(page.getByText("Llegan las pizzas de temporada")).toHaveCount(0);

    await page.getByRole("link", { name: "Cómo hacemos nuestra masa" }).click();
    await expect(page).toHaveURL(/\/topic\/como-hacemos-la-masa$/);
    await expect(page.getByRole("heading", { name: "Cómo hacemos nuestra masa", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "48 horas en frío", level: 2 })).toBeVisible();
    await expect(page).toHaveTitle(/^Cómo hacemos nuestra masa · /);

    await page.getByRole("navigation", { name: "Léelo también en" }).getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/topic\/como-hacemos-la-masa\/en$/);
    await expect(page.getByRole("heading", { name: "How we make our dough", level: 1 })).toBeVisible();
    await expect(page.getByRole("article")).toHaveAttribute("lang", "en");

    await page.goto("/topic");
    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "أخبار ووصفات", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "وصفة: صلصة الطماطم على طريقتنا في البيت" }).click();
    await expect(page.getByRole("heading", { name: "المكوّنات (لبيتزاتين متوسطتين)", level: 2 })).toBeVisible();
    // The Spanish article on the Arabic site reads left to right, and its note in Arabic right to left (customer review).
    await page.goto("/topic/como-hacemos-la-masa/es");
    const article = page.getByRole("article");
    await expect(article).toHaveAttribute("lang", "es");
    expect(await article.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
    expect(await article.locator("p.muted[lang=ar]").first().evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
  });

  test("an unknown article, a language it has no text in, or a code that is no language: the 404 page; old topic paths lead to /topic", async ({ page }) => {
    for (const path of ["/topic/no-existe", "/topic/como-hacemos-la-masa/fr", "/topic/pizzas-de-temporada"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Página no encontrada", level: 1 })).toBeVisible();
    }
    await page.goto("/noticias/receta-vieja");
    await expect(page).toHaveURL(/\/topic$/);
    await expect(page.getByRole("heading", { name: "Noticias y recetas", level: 1 })).toBeVisible();
  });
});

/** The application form of the opening at `outlet` named `title`, reached from /careers. */
async function openOpening(page: Page, outlet: string, title: string) {
  await page.goto("/careers");
  await expect(page.getByRole("heading", { name: "Trabaja con nosotros", level: 1 })).toBeVisible();
  await page.getByRole("region", { name: outlet }).getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
}

async function fill(page: Page, name: string) {
  await page.getByLabel("Nombre completo").fill(name);
  await page.getByLabel("Correo electrónico").fill("postulante@correo.mx");
  await page.getByLabel("Teléfono (10 dígitos)").fill("55 1234 5678");
  await page.getByLabel("Mensaje (opcional)").fill("Tengo dos años de experiencia.");
}

async function expectKept(page: Page, name: string) {
  await expect(page.getByLabel("Nombre completo")).toHaveValue(name);
  await expect(page.getByLabel("Correo electrónico")).toHaveValue("postulante@correo.mx");
  await expect(page.getByLabel("Teléfono (10 dígitos)")).toHaveValue("55 1234 5678");
  await expect(page.getByLabel("Mensaje (opcional)")).toHaveValue("Tengo dos años de experiencia.");
}

test.describe("careers (/careers/:id?)", () => {
  test("the openings by outlet; applying with a PDF: a notice, and the mail with the CV reaches the careers address", async ({ page }, testInfo) => {
    const name = `Rosa Díaz ${testInfo.project.name}`;
    await page.goto("/home");
    await page.getByRole("contentinfo").getByRole("link", { name: "Trabaja con nosotros" }).click();
    await expect(page).toHaveURL(/\/careers$/);
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Roma Norte (Ciudad de México)", "Polanco (Ciudad de México)", "Tijuana Zona Río (Tijuana)"]);
    await openOpening(page, "Roma Norte (Ciudad de México)", "Repartidor/a en moto");
    await expect(page.getByRole("heading", { name: "Qué harás", level: 2 })).toBeVisible();

    await fill(page, name);
    // The privacy notice the form names is a link to it (customer review).
    await expect(page.getByRole("main").getByRole("link", { name: "Aviso de privacidad" })).toHaveAttribute("href", "/privacy");
    await page.getByLabel("Tu CV (PDF)").setInputFiles({ name: "CV Rosa.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(page).toHaveURL(/\/careers$/);
    await expect(page.getByRole("status").filter({ hasText: "Recibimos tu solicitud para «Repartidor/a en moto»" })).toBeVisible();

    const mail = await mailTo("empleos@pizzademo.mx", new RegExp(name));
    expect(mail).toContain("Subject: ");
    expect(mail).toContain("postulante@correo.mx");
    expect(mail).toMatch(/Content-Type: application\/pdf; name="?CV Rosa\.pdf"?/);
    expect(mail.replace(/\r?\n/g, "")).toContain(PDF.toString("base64").slice(0, 76));
  });

  test("a file that is not a PDF, and a PDF over 2 MB, are refused with translated messages; the other inputs stay", async ({ page }, testInfo) => {
    const name = `Luis Pérez ${testInfo.project.name}`;
    await openOpening(page, "Polanco (Ciudad de México)", "Cajero/a y atención a clientes");
    const url = page.url();
    const cv = page.getByLabel("Tu CV (PDF)");

    // Named and typed like a PDF, but its bytes are text: only the server can tell.
    await fill(page, name);
    await cv.setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: Buffer.from("Esto no es un PDF, solo texto.") });
    const notPdf = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Enviar solicitud" }).click();
    expect((await notPdf).status()).toBe(400);
    await expect(cv).toHaveAccessibleDescription(/Tu CV debe ser un archivo PDF\./);
    await expectKept(page, name);
    expect(page.url()).toBe(url);

    // Over 2 MB: with JavaScript the form says so before sending; without, the server answers 413 with the form.
    await cv.setInputFiles({ name: "cv-grande.pdf", mimeType: "application/pdf", buffer: Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024, 0x20)]) });
    if (testInfo.project.name === "js-off") {
      const tooLarge = page.waitForResponse((r) => r.request().method() === "POST");
      await page.getByRole("button", { name: "Enviar solicitud" }).click();
      expect((await tooLarge).status()).toBe(413);
    } else {
      await page.getByRole("button", { name: "Enviar solicitud" }).click();
    }
    await expect(cv).toHaveAccessibleDescription(/Tu CV pesa más de 2 MB: adjunta un PDF más ligero\./);
    await expectKept(page, name);
  });

  test("an unknown or malformed opening is the 404 page", async ({ page }) => {
    for (const path of ["/careers/999999", "/careers/abc", "/careers/99999999999999999999"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Página no encontrada", level: 1 })).toBeVisible();
    }
  });
});
