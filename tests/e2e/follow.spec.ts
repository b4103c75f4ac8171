import { expect, test } from "@playwright/test";
import { STAFF, placeCarryoutOrder, signInToStore } from "./support";

/**
 * The customer's tracker follows the order while the store's staff move it through its stages, in a second
 * browser context. With JavaScript the tracker updates in place (server-sent events: the page is not reloaded,
 * which the marker set on `window` proves); without it the page refreshes itself (a <noscript> refresh, checked
 * here) and each load shows the current stage.
 */
test("the tracker follows received, cooking, ready and completed as staff advance the order", async ({ page, browser, javaScriptEnabled, baseURL }) => {
  const number = await placeCarryoutOrder(page, "Roma Norte", "Lucía");
  const stage = (name: string) => page.getByRole("heading", { level: 2, name });
  await expect(stage("Pedido recibido")).toBeVisible();

  if (javaScriptEnabled) {
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  } else {
    expect(await page.locator('head noscript').innerHTML()).toContain('http-equiv="refresh"');
  }

  const staffContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const store = await staffContext.newPage();
  await signInToStore(store, STAFF.roma);
  const card = store.getByRole("article", { name: `Pedido ${number}` });

  /** Staff press a card's button; the customer's tracker then shows the stage. */
  async function advance(button: string, expected: string) {
    await card.getByRole("button", { name: button }).click();
    await expect(store.getByRole("status").filter({ hasText: `Pedido ${number}:` })).toBeVisible();
    if (!javaScriptEnabled) await page.reload();
    await expect(stage(expected)).toBeVisible();
  }

  await advance("Marcar en el horno", "En el horno");
  await advance("Marcar listo para recoger", "Listo para recoger");
  await advance("Marcar recogido", "Recogido");

  const steps = page.getByRole("list", { name: "Avance del pedido" });
  await expect(steps.getByRole("listitem")).toHaveCount(4);
  if (javaScriptEnabled) {
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  }
  await staffContext.close();
});
