import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";

/**
 * A page carries only its routes' translations (issue 10): the home page does not inline the store finder's, so a
 * client-side navigation from home to /huts must fetch them (a hashed /locales URL) before the finder renders.
 * Without JavaScript every page is a document that inlines its own, which the other specs' js-off runs cover.
 */

const LOCALES = /\/locales\/(es|en|ar)\/stores\.[0-9a-f]{12}\.json$/;

/** The namespaces the document inlined. */
const inlined = (page: Page) =>
  page.evaluate(() => Object.keys(JSON.parse(document.getElementById("i18n-resources")?.textContent || "{}").resources ?? {}));

/** Every key of es/stores.json that would stand out if rendered raw (dotted or camelCase: not a word of a text). */
function rawKeys(): string[] {
  const leaves = (tree: Record<string, unknown>, prefix = ""): string[] =>
    Object.entries(tree).flatMap(([key, value]) =>
      value && typeof value === "object" ? leaves(value as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key}`],
    );
  const all = leaves(JSON.parse(readFileSync("app/locales/es/stores.json", "utf8")));
  return [...new Set(all.map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "")))].filter((key) => /[.A-Z]/.test(key));
}

/** The footer's link to the store finder, once React has hydrated it (a click before that loads a document). */
async function finderLink(page: Page, name = "Sucursales") {
  const link = page.getByRole("contentinfo").getByRole("link", { name });
  await expect.poll(() => link.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")))).toBe(true);
  return link;
}

/** Records the main region's text at every change, so that a flash of raw keys cannot go unseen. */
async function recordMainText(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { mainTexts: string[]; sameDocument: boolean };
    w.mainTexts = [];
    w.sameDocument = true;
    new MutationObserver(() => w.mainTexts.push(document.body.innerText)).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
}

test.describe("translations on client-side navigation", () => {
  test("home to the store finder: the finder's namespace is fetched once, cached for a year, before it renders", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const fetched: { url: string; status: number; cache: string | undefined }[] = [];
    page.on("response", (response) => {
      if (LOCALES.test(new URL(response.url()).pathname)) {
        fetched.push({ url: response.url(), status: response.status(), cache: response.headers()["cache-control"] });
      }
    });

    await page.goto("/home");
    await expect(page.getByRole("heading", { name: "Pide tu pizza", level: 1 })).toBeVisible();
    expect(await inlined(page)).not.toContain("stores");
    expect(await inlined(page)).toContain("home");
    const link = await finderLink(page);
    await recordMainText(page);

    await link.click();
    await expect(page).toHaveURL(/\/huts$/);
    await expect(page.getByRole("heading", { name: "Sucursales", level: 1 })).toBeVisible();
    await expect(page.getByText("Encuentra tu sucursal: su horario de hoy")).toBeVisible();
    await expect(page.getByLabel("Buscar por nombre o código postal")).toBeVisible();
    await expect(page.getByRole("article", { name: "Coyoacán", exact: true }).getByText("Abierta ahora · cierra a las 23:30")).toBeVisible();

    // Still the same document (a client-side navigation), which fetched exactly the finder's namespace.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatchObject({ status: 200, cache: "public, max-age=31536000, immutable" });
    expect(await inlined(page)).toContain("stores");

    // No text the page showed on the way carried a raw key of the finder's namespace.
    const texts = await page.evaluate(() => (window as unknown as { mainTexts: string[] }).mainTexts);
    expect(texts.length).toBeGreaterThan(0);
    const keys = rawKeys();
    expect(keys.length).toBeGreaterThan(10);
    for (const text of texts) for (const key of keys) expect(text, "a raw key was shown").not.toContain(key);

    // Back home and to the finder again: nothing more to fetch.
    await page.getByRole("link", { name: "Horno Rojo Pizza, inicio" }).click();
    await expect(page.getByRole("heading", { name: "Pide tu pizza", level: 1 })).toBeVisible();
    await (await finderLink(page)).click();
    await expect(page.getByRole("heading", { name: "Sucursales", level: 1 })).toBeVisible();
    expect(fetched).toHaveLength(1);
    expect(errors.filter((text) => text.includes("[i18n]"))).toEqual([]);
  });

  test("in Arabic the fetched namespace is Arabic's, and the page stays right to left", async ({ page }) => {
    await page.goto("/home");
    await page.getByLabel("Idioma").selectOption("ar");
    await page.getByRole("button", { name: "Cambiar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    const link = await finderLink(page, "الفروع");
    const response = page.waitForResponse((r) => /\/locales\/ar\/stores\.[0-9a-f]{12}\.json$/.test(new URL(r.url()).pathname));
    await link.click();
    expect((await response).status()).toBe(200);
    await expect(page.getByRole("heading", { name: "الفروع", level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  });

  test("translations that cannot be fetched (a deploy changed their hashes): the page loads as a document", async ({ page }) => {
    await page.route(LOCALES, (route) => route.fulfill({ status: 404, body: "Not Found" }));
    await page.goto("/home");
    const link = await finderLink(page);
    await recordMainText(page);
    await link.click();
    await expect(page).toHaveURL(/\/huts$/);
    await expect(page.getByRole("heading", { name: "Sucursales", level: 1 })).toBeVisible();
    // The new document may still be arriving when its heading shows: wait for it to finish loading.
    await page.waitForLoadState("load");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
    await expect.poll(() => inlined(page)).toContain("stores");
  });
});
