import { expect, test } from "@playwright/test";
import { Shopper } from "../support/shopper";

/**
 * One read of the session, the customer and the cart per request (app/web/request-scope.server.ts): the menu page
 * of a carry-out visitor with a one-line cart runs a fixed number of SQL statements, which the server tells in its
 * `Server-Timing: sql;desc="N"` header. Before the loaders shared one storefront, every loader read the cart again
 * (Remix hands each loader its own Request).
 */
const MENU = "/order/pizzas/clasicas";

function statements(response: Response): number {
  const match = /(?:^|,\s*)sql;desc="(\d+)"/.exec(response.headers.get("Server-Timing") ?? "");
  expect(match, `Server-Timing of ${response.url}: ${response.headers.get("Server-Timing")}`).not.toBeNull();
  return Number(match![1]);
}

test("the menu page of a visitor with a one-line cart reads session, customer and cart once", async ({ baseURL }) => {
  const shopper = new Shopper(baseURL!);
  const home = await shopper.page("/home");
  const outletId = /name="outletId" value="(\d+)"/.exec(home.text)?.[1];
  expect(outletId, "the home page offers a carry-out outlet").toBeTruthy();
  expect((await shopper.request("POST", "/home", { orderType: "C", outletId: outletId! })).status).toBe(303);
  await shopper.addFirstProduct(MENU);
  await shopper.page(MENU); // consumes the one-shot "added" notice
  const get = () => fetch(`${baseURL}${MENU}`, { headers: { Cookie: shopper.cookieHeader }, redirect: "manual" });
  const page = await get();
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('class="cart-line');
  // The catalogue's version (its rows are cached: server/catalog/snapshot.ts), the cart once (its row, its lines,
  // its coupons), the site's settings, the footer's content page and the banners: 7. Each loader reading the
  // session and the cart for itself made it 15 (the cart three statements more), and the menu's rows 6 more.
  expect(statements(page)).toBe(7);
});
