import { expect, test, type Page } from "@playwright/test";
import { addPizza, chooseCarryout, hydrated, placeCarryoutOrder, speak } from "./support";

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
    // 320 px: WCAG's reflow width (400 % zoom of a 1280 px screen), narrower than any phone in use.
    for (const width of [320, 768, 1280]) {
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

test("no page is wider than its window, and nothing spills out of a product card (320, 768 and 1280 px, es and ar)", async ({ page }) => {
  test.slow();
  await chooseCarryout(page);
  await addPizza(page, "Pepperoni", "Chica, Original (Pan): $129.00");
  // An opening's page, with its application form (its file input set the form's width: customer review).
  await page.goto("/careers");
  const opening = (await page.locator('a[href^="/careers/"]').first().getAttribute("href"))!;
  await expectFits(page, [opening, "/order/pizzas/clasicas", "/order/deals/para-compartir", "/order/singles/entradas", "/home", "/cart", "/checkout", "/contact", "/campaign/noche-de-pizza", "/topic", "/careers", "/huts", `/huts?q=${"a".repeat(200)}`]);
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

test("the home page's scripts are asked for only after its load event (style sheet and banner first), then it hydrates", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  const sent = new Map<string, { at: number; priority: string }>();
  let loaded = Number.POSITIVE_INFINITY;
  cdp.on("Network.requestWillBeSent", ({ request, timestamp }) => {
    if (!sent.has(request.url)) sent.set(request.url, { at: timestamp, priority: request.initialPriority });
  });
  // The same monotonic clock as the requests' timestamps.
  cdp.on("Page.loadEventFired", ({ timestamp }) => {
    loaded = Math.min(loaded, timestamp);
  });
  await cdp.send("Network.enable");
  await cdp.send("Page.enable");
  const errors: string[] = [];
  // Errors and warnings (a preload held as a modulepreload without its href was one warning per file).
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const response = await page.goto("/home", { waitUntil: "load" });
  // From the document as served (app/web/scripts-after-load.server.ts): the preloads held under a relation that fetches
  // nothing.
  const html = (await response?.text()) ?? "";
  const preloads = [...html.matchAll(/<link rel="x-modulepreload" href="([^"]+)"/g)].map(([, path]) => new URL(path!, page.url()).href);
  expect(preloads.length).toBeGreaterThan(10);
  expect(html).not.toMatch(/<link rel="modulepreload"/);
  await hydrated(page);
  await expect.poll(() => preloads.filter((href) => !sent.has(href))).toEqual([]);
  expect(Number.isFinite(loaded)).toBe(true);
  const scripts = [...sent].filter(([url]) => new URL(url).pathname.startsWith("/build/") && url.endsWith(".js"));
  expect(scripts.filter(([, { at }]) => at <= loaded).map(([url]) => new URL(url).pathname)).toEqual([]);
  const styles = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(styles.map((href) => sent.get(href)?.at ?? Number.POSITIVE_INFINITY).every((at) => at < loaded)).toBe(true);
  expect(styles.map((href) => sent.get(href)?.priority)).toEqual(["VeryHigh"]);
  const banner = await page.locator("img[fetchpriority=high]").first().evaluate((img) => (img as HTMLImageElement).currentSrc);
  expect(sent.get(banner)?.priority).toBe("High");
  expect(sent.get(banner)!.at).toBeLessThan(loaded);
  expect(errors).toEqual([]);
});

test("a page loaded in a background tab (no frames drawn) starts its scripts all the same, and a shown one after a frame", async ({ page }) => {
  // No frame is ever drawn: requestAnimationFrame never calls back (as in a tab the browser does not show).
  await page.addInitScript(() => {
    window.requestAnimationFrame = () => 0;
  });
  const hydratedBody = () => page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith("__react")));
  // Shown, the scripts wait for the frame after the load event: none comes, so the page stays as the server sent it.
  await page.goto("/home", { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => document.querySelectorAll('link[rel="modulepreload"]').length)).toBe(0);
  expect(await hydratedBody()).toBe(false);
  // Hidden, there is no frame to wait for: they start after the load event.
  await page.addInitScript(() => {
    Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
  });
  await page.goto("/home", { waitUntil: "load" });
  // (Polled on a timer: Playwright's default polling waits for frames.)
  await expect.poll(hydratedBody).toBe(true);
  expect(await page.evaluate(() => document.querySelectorAll('link[rel="modulepreload"]').length)).toBeGreaterThan(10);
});

test("in Arabic the profile's phone and loyalty card sit beside their labels, at the right, reading left to right", async ({ page }) => {
  await page.goto("/login?redirectTo=%2Fprofile");
  await page.getByLabel("Correo electrónico").fill("cliente@pizzademo.mx");
  await page.getByLabel("Contraseña", { exact: true }).fill("Pizza*2026");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await speak(page, "ar");
  await page.goto("/profile");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  for (const value of await page.locator("main bdi[dir=ltr]").all()) {
    // the value's right edge at its block's right edge (the start of a right-to-left line), not at its far left
    const [own, block] = await Promise.all([value.boundingBox(), value.locator("xpath=..").boundingBox()]);
    expect(Math.abs(own!.x + own!.width - (block!.x + block!.width))).toBeLessThan(2);
  }
  await expect(page.locator("main bdi[dir=ltr]")).toHaveCount(2);
});

test("the keyboard's focus ring shows on the red header: white there, the page's blue elsewhere", async ({ page }) => {
  await page.goto("/home");
  /** Tabs (as a keyboard user does, so that :focus-visible holds) until `target` has focus; its ring's colour and style. */
  const ringOf = async (target: ReturnType<Page["locator"]>) => {
    for (let i = 0; i < 30 && !(await target.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(target).toBeFocused();
    return target.evaluate((element) => `${getComputedStyle(element).outlineStyle} ${getComputedStyle(element).outlineColor}`);
  };
  expect(await ringOf(page.locator(".site-header").getByRole("link", { name: "Menú" }))).toBe("solid rgb(255, 255, 255)");
  expect(await ringOf(page.locator("main").getByRole("button").first())).toBe("solid rgb(11, 83, 148)");
});

test("with JavaScript a link's page change puts focus on the new page's heading, as a page load puts the reader at its start", async ({ page }) => {
  await page.goto("/home");
  await hydrated(page);
  const signIn = page.getByRole("banner").getByRole("link", { name: "Iniciar sesión" });
  await signIn.focus();
  await signIn.press("Enter");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
});

test("on a phone the menu holds a bar at the window's foot with the cart's count and total, which leads to the panel and never covers what has focus", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await chooseCarryout(page);
  const bar = page.locator(".cart-bar");
  await expect(bar).toHaveCount(0); // an empty cart has no bar
  await addPizza(page, "Pepperoni", "Chica, Original (Pan): $129.00");
  await page.goto("/order/pizzas/clasicas");
  const link = page.getByRole("link", { name: "Ver tu carrito: 1 producto, $129.00" });
  await expect(link).toBeInViewport();
  const foot = async () => (await link.boundingBox())!;
  // At the top of the page the list runs on below the window: the bar sits at its foot, over the list.
  expect((await foot()).y + (await foot()).height).toBeGreaterThan(800 - 40);
  expect(await page.evaluate(() => document.querySelector<HTMLElement>(".cart-panel")!.getBoundingClientRect().top)).toBeGreaterThan(800);

  // A card scrolled (by a finger) to where its button is under the bar: the Tab from its size choice to the button
  // scrolls the button above the bar, not left covered by it.
  const card = page.getByRole("article", { name: "Hawaiana" });
  const add = card.getByRole("button", { name: "Agregar Hawaiana" });
  await add.evaluate((button) => {
    const bar = document.querySelector(".cart-bar a")!.getBoundingClientRect();
    window.scrollBy(0, button.getBoundingClientRect().top - bar.top - 5);
  });
  const covers = () =>
    add.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const bar = document.querySelector(".cart-bar a")!.getBoundingClientRect();
      return box.bottom > bar.top && box.top < bar.bottom;
    });
  expect(await covers()).toBe(true);
  await card.getByLabel("Tamaño y orilla").focus();
  await page.keyboard.press("Tab");
  await expect(add).toBeFocused();
  expect(await covers()).toBe(false);

  // The bar leads to the panel, and rests above it there.
  await page.goto("/order/pizzas/clasicas");
  await link.click();
  await expect(page).toHaveURL(/#cart$/);
  const panel = page.getByRole("complementary", { name: "Tu carrito" });
  await expect(panel.getByRole("heading", { name: "Tu carrito" })).toBeInViewport();
  expect((await foot()).y + (await foot()).height).toBeLessThanOrEqual((await panel.boundingBox())!.y);

  // Beside the list (a wide screen) the panel is on screen already: no bar.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(link).toBeHidden();
});

test("in Arabic an amount inside a sentence reads $129.00 and +$25.00, not 129.00$ or 25.00$+ (a left-to-right isolate)", async ({ page }) => {
  await chooseCarryout(page);
  await speak(page, "ar");
  await page.goto("/order/pizzas/clasicas");
  await page.locator("a.customize").first().click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator(".builder input[name=size]").first()).toBeVisible();
  // Where each text's "$", sign and first digit are drawn: left to right, "$" (and a sign before it) come first.
  const order = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.querySelector("main")!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      if (!/[\u0600-\u06FF]/.test(text) || !text.includes("$")) continue; // an amount inside Arabic words
      if (node.parentElement?.closest("select")) continue; // a closed list's options are not drawn
      const x = (at: number) => {
        const range = document.createRange();
        range.setStart(node!, at);
        range.setEnd(node!, at + 1);
        return range.getBoundingClientRect().left;
      };
      const dollar = text.indexOf("$");
      const digit = text.slice(dollar).search(/\d/) + dollar;
      const sign = text[dollar - 1] === "+" ? x(dollar - 1) : null;
      found.push(`${x(dollar) < x(digit) && (sign === null || sign < x(dollar)) ? "ok" : "reversed"}: ${text.trim()}`);
    }
    return found;
  });
  expect(order.length).toBeGreaterThan(5); // the sizes' "ابتداءً من $…" and the extras' "(+$…)"
  expect(order.filter((line) => !line.startsWith("ok"))).toEqual([]);
});
