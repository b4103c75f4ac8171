import { expect, test, type Page } from "@playwright/test";
import { addPizza, chooseCarryout } from "./support";

/**
 * Forms whose code comes after the page's first load (issue 15, app/lazy-form.tsx): the server's markup stays until
 * the chunk is in, what the customer typed meanwhile is kept when the form hydrates, and the form works as before.
 * JavaScript on only (playwright.config.ts): without JavaScript there is nothing to hydrate.
 */

/** Holds back every script the document does not name (what the page imports after its first load) until released. */
async function holdLaterScripts(page: Page) {
  const named = new Set<string>();
  const held: (() => Promise<void>)[] = [];
  let released = false;
  await page.route("**/build/**/*.js", async (route) => {
    const url = new URL(route.request().url()).pathname;
    if (released || named.has(url)) return route.continue();
    held.push(() => route.continue());
  });
  return {
    /** The scripts the document names (read from its HTML before the page is loaded). */
    name(html: string) {
      for (const match of html.matchAll(/<(?:link|script)\b[^>]*\b(?:href|src)="([^"]+\.js)"/g)) named.add(new URL(match[1]!, "http://x").pathname);
    },
    held: () => held.length,
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((go) => go()));
    },
  };
}

const hydrated = (page: Page, selector: string) =>
  page.waitForFunction((s) => {
    const element = document.querySelector(s);
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactProps"));
  }, selector);

/**
 * Opens a product's builder as the menu's list links it (the list is a document without scripts, root.tsx, so the
 * builder is a document of its own), its code held back: the rest of the page hydrates, the builder stays the
 * server's form until `release`.
 */
async function openBuilderHeld(page: Page, menuPath: string, product: string) {
  const menu = await (await page.request.get(menuPath)).text();
  const link = [...menu.matchAll(/<a\b[^>]*>/g)].map(([tag]) => tag).find((tag) => tag.includes(`aria-label="Personalizar ${product}"`));
  const builderPath = link && /\bhref="([^"]+)"/.exec(link)?.[1];
  expect(builderPath, `the menu links ${product}'s builder`).toBeTruthy();
  const hold = await holdLaterScripts(page);
  hold.name(await (await page.request.get(builderPath!)).text());
  await page.goto(builderPath!);
  await hydrated(page, "form.language-form");
  await expect.poll(() => hold.held(), { message: "the builder's chunk was asked for and held" }).toBeGreaterThan(0);
  return hold;
}

test("the checkout form keeps its server markup and what was typed until its code arrives, then places the order", async ({ page }) => {
  await chooseCarryout(page);
  await addPizza(page, "Pepperoni", "Chica, Original (Pan): $129.00");
  const hold = await holdLaterScripts(page);
  hold.name(await (await page.request.get("/checkout")).text());
  await page.goto("/checkout");
  // The rest of the page hydrates without the form's chunk (the cart's coupon form is live)...
  await hydrated(page, "form.coupon-form");
  await expect.poll(() => hold.held(), { message: "the form's chunk was asked for and held" }).toBeGreaterThan(0);
  const form = page.locator("form.checkout-form");
  await form.evaluate((element) => ((element as HTMLElement).dataset.fromServer = "1"));
  // ...while the form is still the server's, untouched by React, and takes what the customer types.
  expect(await form.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__react")))).toBe(false);
  await page.getByLabel("Nombre").fill("Lucía");
  await page.getByLabel("Apellido").fill("Ramos");
  await hold.release();
  await hydrated(page, "form.checkout-form");
  // The same element, hydrated, not rendered afresh: the typing is still there.
  await expect(form).toHaveAttribute("data-from-server", "1");
  await expect(page.getByLabel("Nombre")).toHaveValue("Lucía");
  await expect(page.getByLabel("Apellido")).toHaveValue("Ramos");
  await page.getByLabel("Correo electrónico").fill("lucia@correo.mx");
  await page.getByLabel("Celular (10 dígitos)").fill("5512345678");
  await page.getByRole("button", { name: /Hacer pedido por/ }).click();
  await expect(page).toHaveURL(/\/tracker-order\//);
});

test("a size chosen on the builder's document before its code arrives shows its crusts once it has hydrated", async ({ page }) => {
  await chooseCarryout(page);
  const hold = await openBuilderHeld(page, "/order/pizzas/clasicas", "Hawaiana");
  // Still the server's form: choosing a size has no onChange to send it.
  await page.getByRole("radio", { name: /^Grande: desde/ }).check();
  await expect(page.getByRole("radio", { name: /^Grande: desde/ })).toBeChecked();
  expect(await page.getByRole("group", { name: "Orilla para tamaño Grande" }).count()).toBe(0);
  await hold.release();
  await expect(page.getByRole("group", { name: "Orilla para tamaño Grande" })).toBeVisible();
  await expect(page.getByRole("radio", { name: /^Grande: desde/ })).toBeChecked();
});

test("toppings chosen on the builder's document before its code arrives count once it has hydrated (limits, price)", async ({ page }) => {
  await chooseCarryout(page);
  const hold = await openBuilderHeld(page, "/order/pizzas/especialidades", "Suprema");
  const price = await page.locator(".builder .price").textContent();
  // Still the server's form: one removal and one extra (Suprema's limits), nothing disabled yet.
  await page.getByRole("checkbox", { name: "Sin Cebolla" }).check();
  await page.getByRole("checkbox", { name: /^Extra Jamón/ }).check();
  await expect(page.getByRole("checkbox", { name: "Sin Pimiento verde" })).toBeEnabled();
  await hold.release();
  await hydrated(page, "form.builder-form");
  // Hydrated, the builder counts them: the other controls disable at the limits, the price takes the extra.
  await expect(page.getByRole("checkbox", { name: "Sin Pimiento verde" })).toBeDisabled();
  await expect(page.getByRole("checkbox", { name: /^Extra Tocino/ })).toBeDisabled();
  await expect(page.getByRole("checkbox", { name: "Sin Cebolla" })).toBeChecked();
  await expect(page.locator(".builder .price")).not.toHaveText(price!);
});

test("a client-side navigation shows the page with its form at once (the chunk is loaded before the page)", async ({ page }) => {
  await chooseCarryout(page);
  await addPizza(page, "Pepperoni", "Chica, Original (Pan): $129.00");
  await page.goto("/cart");
  await hydrated(page, "body");
  const seen: boolean[] = [];
  // Every frame from the navigation on: was there a heading of the checkout without its form?
  await page.evaluate(() => {
    const w = window as unknown as { __formless: boolean[] };
    w.__formless = [];
    const watch = () => {
      const title = document.querySelector("h1")?.textContent ?? "";
      if (title === "Pagar" && location.pathname === "/checkout") w.__formless.push(!document.querySelector("form.checkout-form"));
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  await page.getByRole("link", { name: "Ir a pagar" }).first().click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.locator("form.checkout-form")).toBeVisible();
  seen.push(...(await page.evaluate(() => (window as unknown as { __formless: boolean[] }).__formless)));
  expect(seen.length, "frames of the checkout page were seen").toBeGreaterThan(0);
  expect(seen.filter(Boolean), "frames with the page but without its form").toEqual([]);
});
