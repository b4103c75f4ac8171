import { expect, test, type Page } from "@playwright/test";
import { addPizza, chooseCarryout, placeCarryoutOrder, speak } from "./support";

/**
 * Issue 14: pages that fit their screen. Run with JavaScript on only (playwright.config.ts): the server renders the
 * same markup either way, and the layout is the stylesheet's, so a second pass without JavaScript would measure the
 * same boxes again (66 page loads, two minutes of CI).
 */

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

/**
 * Issue 15 (Lighthouse's CLS and best practices): a page hydrates the server's markup as it is, without an error
 * (a mismatch makes React render the page afresh: a console error and the whole page shifting), and does not move
 * under the reader. The tracker's notice about reloading itself is for browsers without script; dropped on hydration
 * it shifted the stage down the page by 0.08. Layout shifts as the browser reports them, from the first byte until
 * the page is hydrated and its images are in.
 */
test("the tracker hydrates without an error, and it and the menu (a document without scripts) do not shift", async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }[]) {
        if (!entry.hadRecentInput) {
          w.__shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : String(s.node))) });
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await placeCarryoutOrder(page);
  const tracker = new URL(page.url()).pathname;
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  expect(tracker).toMatch(/^\/tracker-order\//);
  for (const [path, hydrates] of [[tracker, true], ["/order/pizzas/clasicas", false]] as const) {
    await page.goto(path, { waitUntil: "load" });
    if (hydrates) await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__react")));
    // The menu's product list has no script at all (root.tsx, `handle.scripts`): nothing to hydrate, nothing to shift it.
    else expect(await page.locator("script").count(), path).toBe(0);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { __shifts: unknown[] }).__shifts), path).toEqual([]);
    expect(errors, path).toEqual([]);
  }
});

test("the home page's style sheet and banner are fetched before its scripts (scripts at low priority)", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  const priorities = new Map<string, string>();
  cdp.on("Network.requestWillBeSent", ({ request }) => {
    if (!priorities.has(request.url)) priorities.set(request.url, request.initialPriority);
  });
  await cdp.send("Network.enable");
  const response = await page.goto("/home", { waitUntil: "load" });
  // From the document as served: once hydrated, Remix's <Scripts> drops its preload links.
  const html = (await response?.text()) ?? "";
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map(([, path]) => new URL(path!, page.url()).href);
  expect(preloads.length).toBeGreaterThan(10);
  await expect.poll(() => preloads.filter((href) => !priorities.has(href))).toEqual([]);
  expect(preloads.map((href) => [new URL(href).pathname, priorities.get(href)]).filter(([, priority]) => priority !== "Low")).toEqual([]);
  const styles = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(styles.map((href) => priorities.get(href))).toEqual(["VeryHigh"]);
  const banner = await page.locator("img[fetchpriority=high]").first().evaluate((img) => (img as HTMLImageElement).currentSrc);
  expect(priorities.get(banner)).toBe("High");
});
