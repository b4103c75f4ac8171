import { expect, test } from "@playwright/test";
import { Shopper } from "../support/shopper";

/** What search engines read (issue 15): robots.txt, the sitemap, and a translated meta description on every page. */

test("/robots.txt is a real file: the console and the APIs closed, the sitemap named", async ({ baseURL }) => {
  const response = await fetch(`${baseURL}/robots.txt`, { redirect: "manual" });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  const text = await response.text();
  expect(text).toContain("User-agent: *");
  expect(text).toMatch(/^Disallow: \/store$/m);
  expect(text).toMatch(/^Disallow: \/api\/$/m);
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  // The pages Lighthouse and customers reach stay crawlable.
  expect(text).not.toMatch(/^Disallow: \/(home|order|checkout|tracker-order)/m);
});

test("/sitemap.xml lists the public pages, each answering 200 as it is", async ({ baseURL }) => {
  const response = await fetch(`${baseURL}/sitemap.xml`, { redirect: "manual" });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/xml");
  const xml = await response.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
  const paths = locs.map((loc) => {
    expect(loc.startsWith(`${baseURL}/`), loc).toBe(true);
    return loc.slice(baseURL!.length);
  });
  expect(paths).toEqual(expect.arrayContaining(["/home", "/huts", "/order/pizzas/clasicas", "/faq"]));
  expect(paths.some((path) => path.startsWith("/hut/"))).toBe(true);
  expect(paths.some((path) => /^\/(store|checkout|cart|profile|tracker-order)\b/.test(path))).toBe(false);
  expect(new Set(paths).size).toBe(paths.length);
  for (const path of paths) {
    const page = await fetch(`${baseURL}${path}`, { redirect: "manual" });
    expect(page.status, path).toBe(200);
    await page.arrayBuffer();
  }
});

const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];

test("every page has a meta description in the visitor's language; the main pages have their own", async ({ baseURL }) => {
  const shopper = new Shopper(baseURL!);
  const seen: Record<string, Record<string, string>> = {};
  for (const lng of ["es", "en", "ar"] as const) {
    await shopper.page("/home");
    expect((await shopper.request("POST", "/language", { lng, back: "/home" })).status).toBe(303);
    for (const path of ["/home", "/order/pizzas/clasicas", "/huts", "/faq", "/login", "/cart", "/tracking"]) {
      const page = await shopper.page(path);
      expect(page.status, path).toBe(200);
      expect(page.text).toContain(`lang="${lng}"`);
      const description = descriptionOf(page.text);
      expect(description, `${path} in ${lng}`).toBeTruthy();
      expect(description!.length, `${path} in ${lng}`).toBeGreaterThan(50);
      seen[path] = { ...seen[path], [lng]: description! };
    }
  }
  for (const [path, byLng] of Object.entries(seen)) expect(new Set(Object.values(byLng)).size, path).toBe(3);
  // The home, the menu and the store list say what they are; other pages carry the brand's description.
  expect(seen["/home"]!.es).not.toBe(seen["/faq"]!.es);
  expect(seen["/order/pizzas/clasicas"]!.es).toMatch(/^Pizzas: /);
  expect(seen["/huts"]!.en).toContain("store");
  expect(seen["/login"]!.es).toBe(seen["/cart"]!.es);
});
