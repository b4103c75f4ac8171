import { expect, test } from "@playwright/test";
import { Shopper } from "../support/shopper";

/**
 * One read of the session, the customer and the cart per request (app/web/request-scope.server.ts): the menu page
 * of a carry-out visitor with a one-line cart runs a fixed number of SQL statements, which the server tells in its
 * `Server-Timing: sql;desc="N"` header. Before the loaders shared one storefront, every loader read the cart again
 * (Remix hands each loader its own Request). The built server here runs on the embedded database (PGlite).
 */
const MENU = "/order/pizzas/clasicas";

function statementsOf(serverTiming: string | null | undefined, what: string): number {
  const match = /(?:^|,\s*)sql;desc="(\d+)"/.exec(serverTiming ?? "");
  expect(match, `Server-Timing of ${what}: ${serverTiming}`).not.toBeNull();
  return Number(match![1]);
}

function statements(response: Response): number {
  return statementsOf(response.headers.get("Server-Timing"), response.url);
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
  // The cart once (its row with its lines and whether it has coupons in one statement; it has none): 1. The menu's
  // rows, the site's settings, the footer and the banners are cached while the catalogue's and the content's
  // versions hold (server/db/versions.ts), which each process keeps in memory until a change's NOTIFY (on the
  // embedded database since issue 15's fifth pass, on Postgres since its thirteenth; the integration tests
  // menu-cache, content-cache and cache-versions count it on both). Each loader reading the session and the cart for itself
  // made it 15 (the cart three statements more), and the menu's rows 6 more; the cart's lines were a statement of
  // their own until issue 15's second pass, and the settings, footer, banners and the (empty) coupons four more
  // until its third.
  expect(statements(page)).toBe(1);
});

test("the tracker page reads its order, with the items, history and payment attempts, in one statement", async ({ baseURL }) => {
  const shopper = new Shopper(baseURL!);
  const { uuid } = await shopper.placeCarryoutOrder();
  const tracker = await fetch(`${baseURL}/tracker-order/${uuid}`, { headers: { Cookie: shopper.cookieHeader } });
  expect(tracker.status).toBe(200);
  // The order (one statement; the items, the history and the payments were three more). The site's settings and the
  // footer's content page are cached while the content's version holds (two statements more until issue 15's third
  // pass); the version is one statement more on Postgres, none on this server's embedded database (kept in memory
  // until a change's NOTIFY, since the fifth pass).
  expect(statements(tracker)).toBe(1);
});
