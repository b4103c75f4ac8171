import { expect, test, type Page } from "@playwright/test";
import { addPizza, chooseCarryout, csrfOf, placeCarryoutOrder } from "./support";

/** Issue 14: a storefront people want to order from (the catalogue in Arabic, pages that fit their screen). */

/** The session's language, through the footer's language form (a plain post, as the form makes it). */
async function speak(page: Page, lng: "es" | "en" | "ar") {
  const answer = await page.request.post("/language", { form: { lng, back: "/home", csrf: await csrfOf(page) }, maxRedirects: 0 });
  expect(answer.status()).toBe(303);
}

test("the menu in Arabic names categories, products and sizes in Arabic, priced in $", async ({ page }) => {
  await page.goto("/home");
  await speak(page, "ar");
  await page.goto("/order/pizzas/clasicas");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "بيتزا", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "الكلاسيكية" })).toBeVisible();
  const card = page.getByRole("article", { name: "هاواي" });
  await expect(card).toBeVisible();
  await expect(card.getByRole("option", { name: /^صغيرة، العجينة الأصلية \(بان\)/ })).toHaveCount(1);
  await expect(card.getByText(/\$\d+\.\d\d/).first()).toBeVisible();
  await expect(page.locator("main")).not.toContainText("MX$");
  await expect(page.getByRole("article", { name: "Hawaiian" })).toHaveCount(0);
});

/** Whether the page is wider than the window, and which product cards' children stick out of their card. */
function overflows(page: Page) {
  return page.evaluate(() => {
    const wide = document.documentElement.scrollWidth - window.innerWidth;
    const spills: string[] = [];
    for (const card of document.querySelectorAll<HTMLElement>("article.product-card")) {
      const box = card.getBoundingClientRect();
      for (const child of card.querySelectorAll<HTMLElement>("*")) {
        const r = child.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) {
          spills.push(`${card.getAttribute("aria-labelledby") ?? "card"} > ${child.tagName.toLowerCase()}.${child.className}`);
        }
      }
    }
    return { wide, spills: spills.slice(0, 5) };
  });
}

/** Each page at each width in each language: as wide as the window at most, and every card holds its content. */
async function expectFits(page: Page, paths: string[]) {
  for (const lng of ["es", "ar"] as const) {
    await speak(page, lng);
    for (const width of [390, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of paths) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("lang", lng);
        const { wide, spills } = await overflows(page);
        expect(spills, `${path} at ${width} px in ${lng}`).toEqual([]);
        expect(wide, `${path} at ${width} px in ${lng}: wider than the window by`).toBeLessThanOrEqual(0);
      }
    }
  }
}

test("no page is wider than its window, and nothing spills out of a product card (390, 768 and 1280 px, es and ar)", async ({ page }) => {
  test.slow();
  await chooseCarryout(page);
  await addPizza(page, "Pepperoni", "Chica, Original (Pan): $129.00");
  await expectFits(page, ["/order/pizzas/clasicas", "/order/deals/para-compartir", "/order/singles/entradas", "/home", "/cart", "/checkout", "/contact", "/campaign/noche-de-pizza", "/topic", "/careers"]);
  await speak(page, "es");
  await page.setViewportSize({ width: 1280, height: 900 });
  await placeCarryoutOrder(page);
  await expectFits(page, [new URL(page.url()).pathname]);
});
