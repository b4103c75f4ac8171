import { expect, test } from "@playwright/test";
import { cart, chooseCarryout } from "./support";

/**
 * Issue 15's 90 KiB: the menu's product list answers as a document without scripts (root.tsx, `handle.scripts`), so
 * even with JavaScript on its add forms post as documents. The answer comes back to the product's card, the message
 * beside its form, and the cart panel shows the line. Reached by a client navigation from a page that has the app's
 * scripts, the same list is React's and its adds go through a fetcher, the page staying where it is. JavaScript on
 * only: without it every page is a document already (storefront.spec and the others cover the menu there).
 */
test("the menu's product list ships no script, and its adds come back to the product's card", async ({ page }) => {
  await chooseCarryout(page);
  await page.goto("/order/pizzas/clasicas");
  expect(await page.locator("script").count()).toBe(0);
  expect(await page.evaluate(() => document.documentElement.classList.contains("js"))).toBe(false);

  // The last card, so that the answer has to scroll back down to it.
  const card = page.locator("article.product-card").last();
  const name = (await card.getByRole("heading", { level: 2 }).textContent())!;
  const anchor = (await card.getAttribute("id"))!;
  expect(anchor).toMatch(/^product-[0-9a-f-]{36}$/);
  await card.getByRole("button", { name: `Agregar ${name}` }).click();

  await expect(page).toHaveURL(new RegExp(`/order/pizzas/clasicas#${anchor}$`));
  const added = page.getByRole("status").filter({ hasText: "Producto agregado al carrito." });
  // Once, in the card: not also at the top of the page the answer scrolled away from.
  await expect(added).toHaveCount(1);
  await expect(page.locator(`#${anchor}`).getByRole("status")).toHaveText("Producto agregado al carrito.");
  await expect(page.locator(`#${anchor}`)).toBeInViewport();
  await expect(cart(page).getByRole("spinbutton", { name: `Cantidad de ${name}` })).toHaveValue("1");

  // The cart panel's forms come back to the panel (on a phone it is below the whole list), the message in it.
  await cart(page).getByRole("spinbutton", { name: `Cantidad de ${name}` }).fill("3");
  await cart(page).getByRole("button", { name: `Actualizar cantidad de ${name}` }).click();
  await expect(page).toHaveURL(/\/order\/pizzas\/clasicas#cart$/);
  await expect(cart(page).getByRole("status")).toHaveText("Cantidad actualizada.");
  await expect(page.getByRole("status").filter({ hasText: "Cantidad actualizada." })).toHaveCount(1);
  await expect(cart(page).getByRole("spinbutton", { name: `Cantidad de ${name}` })).toHaveValue("3");
  await cart(page).getByRole("spinbutton", { name: `Cantidad de ${name}` }).fill("1");
  await cart(page).getByRole("button", { name: `Actualizar cantidad de ${name}` }).click();
  await expect(cart(page).getByRole("spinbutton", { name: `Cantidad de ${name}` })).toHaveValue("1");

  // With the order-time dialog open the menu keeps its scripts: the dialog is modal (focus kept in it, Escape).
  const withDialog = await page.goto("/order/pizzas/clasicas?dialog=order-time");
  // (From the document as served, where it waits for the load event: app/web/scripts-after-load.server.ts. Once
  // hydrated, Remix's <Scripts> drops what it put there.)
  expect(await withDialog!.text()).toMatch(/<script\b[^>]*\btype="text\/x-module-after-load"/);
  const dialog = page.getByRole("dialog", { name: "¿Cuándo quieres tu pedido?" });
  await expect.poll(() => dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // From the cart page (which has the app's scripts), the header's menu link is a client navigation.
  await page.goto("/cart");
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__react")));
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await page.getByRole("link", { name: "Menú", exact: true }).click();
  await page.getByRole("link", { name: "Pizzas", exact: true }).click();
  await expect(page).toHaveURL(/\/order\/pizzas\/clasicas$/);
  const again = page.locator(`#${anchor}`);
  await again.getByRole("button", { name: `Agregar ${name}` }).click();
  await expect(cart(page).getByRole("spinbutton", { name: `Cantidad de ${name}` })).toHaveValue("2");
  // The same document all along, at the same address: the fetcher's post, no reload and no jump to the card.
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expect(page).toHaveURL(/\/order\/pizzas\/clasicas$/);
});

/**
 * A double click on a script-less page posts the form twice when the first post is on its way before the second
 * click. The first post's answer is held until the second is sent, so the second click lands on the same page. The
 * cart exists before (another product added first): both posts then name it, as a real double click's do.
 */
test("a double click on a product's add button adds it once", async ({ page }) => {
  await chooseCarryout(page);
  await page.goto("/order/pizzas/clasicas");
  const other = page.locator("article.product-card").last();
  await other.getByRole("button", { name: /^Agregar / }).click();
  await expect(page).toHaveURL(/#product-/);
  const card = page.locator("article.product-card").first();
  const name = (await card.getByRole("heading", { level: 2 }).textContent())!;
  const button = card.getByRole("button", { name: `Agregar ${name}` });
  let answered!: () => void;
  const firstAnswered = new Promise<void>((resolve) => (answered = resolve));
  let secondSent!: () => void;
  const secondPosted = new Promise<void>((resolve) => (secondSent = resolve));
  let posts = 0;
  await page.route("**/cart", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts += 1;
    if (posts > 1) {
      secondSent();
      return route.continue();
    }
    // The first post reaches the server and is done there; its answer waits for the second click's post. (The
    // cookies it sets go to the browser's store at once, which a real answer's would not: the same session here.)
    const response = await route.fetch({ maxRedirects: 0 });
    answered();
    await secondPosted;
    await route.fulfill({ response }).catch(() => undefined); // the browser dropped it for the second
  });
  // The mouse, as a person clicks: a locator waits for the navigation the first click started.
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await firstAnswered;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(/#product-/);
  expect(posts).toBe(2);
  await expect(cart(page).getByRole("spinbutton", { name: `Cantidad de ${name}` })).toHaveValue("1");
  await expect(page.getByRole("status").filter({ hasText: "Producto agregado al carrito." })).toHaveCount(1);
});
