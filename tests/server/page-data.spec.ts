import { expect, test } from "@playwright/test";

/**
 * The root's and the menu's loaders answer with `defer` and nothing deferred (app/web/page-data.server.ts): a page
 * with scripts carries their data for hydration as before, without Remix's deferred-data helpers, and a data request
 * (a client-side navigation's) still answers their data as JSON, with the loader's cookies.
 */
const MENU_ROUTE = "routes/order.($slug).($sub).($uuid)";

test("a page with scripts hydrates from the root's data and carries no deferred-data script", async ({ baseURL }) => {
  const html = await (await fetch(`${baseURL}/home`)).text();
  expect(html).toContain("window.__remixContext");
  expect(html).toMatch(/"loaderData":\{"root":\{"brand":/);
  expect(html).not.toContain("__remixContext.n");
  expect(html).not.toContain("__remixContext.p");
});

test("a data request answers the root's and the menu's data as JSON", async ({ baseURL }) => {
  const root = await fetch(`${baseURL}/home?_data=root`);
  expect(root.status).toBe(200);
  expect(root.headers.getSetCookie().some((c) => c.startsWith("__csrf="))).toBe(true);
  expect((JSON.parse(await root.text()) as { csrf: string }).csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const menu = await fetch(`${baseURL}/order/pizzas/clasicas?_data=${encodeURIComponent(MENU_ROUTE)}`);
  expect(menu.status).toBe(200);
  const data = JSON.parse(await menu.text()) as { categoryPath: string; products: { uuid: string }[] };
  expect(data.categoryPath).toBe("/order/pizzas/clasicas");
  expect(data.products.length).toBeGreaterThan(0);
});
