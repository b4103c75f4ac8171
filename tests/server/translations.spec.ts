import { namespaces } from "~/i18n/config";
import { demoContent } from "#server/db/seed/content";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { startApp } from "../support/app-process";
import { Shopper } from "../support/shopper";

/**
 * A page carries only its own translations (issue 10), over HTTP against the built server: each document inlines
 * the namespaces its routes name in `handle.i18n` (and the root's), the rest are served from hashed, immutable
 * /locales URLs, and no page renders a key of a namespace it does not carry (the render says so in the log).
 */

/** Every namespace gets a hashed URL, whichever the page inlines: the list the app itself serves from. */
const NAMESPACES = [...namespaces];
const ROOT = ["common", "errors", "ordertime"];

interface Inlined {
  resources: Record<string, unknown>;
  hashes: Record<string, string>;
}

function inlinedOf(html: string): Inlined {
  const json = /<script id="i18n-resources" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error("the page inlines no translations");
  return JSON.parse(json) as Inlined;
}

/** Every text of a Spanish namespace (HTML-escaped as React writes it), for looking them up in a page. */
function textsOf(ns: string): string[] {
  const leaves = (tree: unknown): string[] =>
    tree && typeof tree === "object" ? Object.values(tree).flatMap(leaves) : [String(tree)];
  return leaves(JSON.parse(readFileSync(`app/locales/es/${ns}.json`, "utf8"))).map((text) =>
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"),
  );
}

/** Texts of `ns` that no other namespace has and that name nothing of the data (long, no placeholder). */
/** The demo content pages' words (the footer shows some on every page: they come from the database, not a namespace). */
const CONTENT_WORDS = Object.values(demoContent).flatMap((page) => Object.values(page).flatMap((text) => [text.title, text.body])).join("\n");

function ownTexts(ns: string): string[] {
  const others = new Set(NAMESPACES.filter((other) => other !== ns).flatMap(textsOf));
  return textsOf(ns).filter((text) => text.length >= 20 && !text.includes("{{") && !others.has(text) && !CONTENT_WORDS.includes(text));
}

test.describe("each document carries its own translations", () => {
  test("home inlines the root's namespaces and its own, and none of the console's or checkout's texts", async ({ baseURL }) => {
    const home = await new Shopper(baseURL!).page("/home");
    expect(home.status).toBe(200);
    // "places": a signed-in customer delivers to a saved place from home; "campaigns": its promotions and favourites.
    expect(Object.keys(inlinedOf(home.text).resources)).toEqual(["common", "errors", "validation", "home", "address", "ordertime", "places", "campaigns"]);
    expect(Object.keys(inlinedOf(home.text).hashes)).toEqual(NAMESPACES);
    for (const ns of ["store", "checkout", "menu", "stores", "tracker"]) {
      const texts = ownTexts(ns);
      expect(texts.length, ns).toBeGreaterThan(0);
      for (const text of texts) expect(home.text, `${ns}: ${text}`).not.toContain(text);
    }
    expect(home.text).not.toContain("Consola de tienda");
  });

  test("checkout inlines checkout's and cart's namespaces and shows checkout's texts", async ({ baseURL }) => {
    const shopper = new Shopper(baseURL!);
    const home = await shopper.page("/home");
    const outletId = /name="outletId" value="(\d+)"/.exec(home.text)?.[1];
    const chosen = await shopper.request("POST", "/home", { orderType: "C", outletId: outletId! });
    expect(chosen.status).toBe(303);
    await shopper.addFirstProduct(new URL(chosen.location!, baseURL).pathname);
    const checkout = await shopper.page("/checkout");
    expect(checkout.path).toBe("/checkout");
    expect(Object.keys(inlinedOf(checkout.text).resources)).toEqual([...ROOT.slice(0, 2), "validation", "cart", "checkout", "address", "ordertime"]);
    expect(checkout.text).toContain(JSON.parse(readFileSync("app/locales/es/checkout.json", "utf8")).payment.legend);
    for (const text of ownTexts("store")) expect(checkout.text, text).not.toContain(text);
  });

  test("the hashed URLs a page names answer their JSON, gzipped and immutable; another hash is a 404", async ({ baseURL, request }) => {
    const { hashes } = inlinedOf((await new Shopper(baseURL!).page("/home")).text);
    for (const ns of NAMESPACES) {
      const response = await request.get(`/locales/es/${ns}.${hashes[ns]}.json`, { headers: { "Accept-Encoding": "gzip" } });
      expect(response.status(), ns).toBe(200);
      expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.headers()["content-encoding"]).toBe("gzip");
      expect(await response.json()).toEqual(JSON.parse(readFileSync(`app/locales/es/${ns}.json`, "utf8")));
    }
    const stale = await request.get(`/locales/es/stores.${hashes.checkout}.json`);
    expect(stale.status()).toBe(404);
    expect(stale.headers()["cache-control"]).toBe("no-cache");
    expect((await request.get(`/locales/xx/stores.${hashes.stores}.json`)).status()).toBe(404);
  });
});

test("no page renders a key of a namespace it does not carry (a tour of every page, JavaScript off)", async () => {
  test.setTimeout(180_000);
  const app = await startApp();
  try {
    await app.health();
    const shopper = new Shopper(app.base);
    const visit = async (path: string) => {
      const answer = await shopper.page(path);
      expect(answer.status, path).toBeLessThan(500);
      return answer;
    };
    for (const path of ["/home", "/huts", "/hut/Roma+Norte", "/hut/nowhere", "/tracking", "/localization/06700", "/localization/01000"]) {
      await visit(path);
    }
    for (const path of ["/result-localization/06700", "/result-localization/06700/C", "/store/login", "/404", "/403", "/error-404"]) await visit(path);
    for (const path of ["/terms", "/faq", "/privacy", "/conditions", "/membership", "/indication-based", "/campaigns-term-and-condition", "/promotions", "/contact", "/contact?sent=1", "/crs"]) {
      expect((await visit(path)).status, path).toBe(200);
    }
    // Topics and careers (issue 14 point 4): the lists, an article (and one by its language code), an opening's form.
    for (const path of ["/topic", "/topic/como-hacemos-la-masa", "/topic/como-hacemos-la-masa/ar", "/careers"]) expect((await visit(path)).status, path).toBe(200);
    const opening = /href="(\/careers\/\d+)"/.exec((await visit("/careers")).text)?.[1];
    expect(opening, "an opening in /careers").toBeDefined();
    expect((await visit(opening!)).status).toBe(200);
    for (const path of ["/topic/no-existe", "/careers/0"]) expect((await visit(path)).status, path).toBe(404);
    for (const path of ["/campaign/noche-de-pizza", "/campaign/martes-hut", "/order/campaigns"]) expect((await visit(path)).status, path).toBe(200);
    expect((await visit("/campaign/verano-2026")).status).toBe(404);
    // A customer's whole way: the menu, a product, a combo, checkout, the order-time dialog and page, the tracker.
    const { uuid } = await shopper.placeCarryoutOrder("Recorrido");
    await visit(`/tracker-order/${uuid}`);
    expect((await visit(`/crs/order/${uuid}`)).status).toBe(200);
    expect((await visit("/crs/order/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    await visit("/tracker-order/00000000-0000-4000-8000-000000000000");
    const menu = await visit("/order");
    const links = new Set<string>();
    for (const [, category] of menu.text.matchAll(/href="(\/order\/[a-z0-9-]+(?:\/[a-z0-9-]+)?)"/g)) {
      const page = await visit(category!);
      for (const [, link] of page.text.matchAll(/href="(\/(?:combo-detail|order\/[^"]+)\/[0-9a-f-]{36})"/g)) links.add(link!);
    }
    // One product's builder and one combo's page.
    const detail = [...links];
    expect(detail.some((link) => link.startsWith("/combo-detail/")), "a combo in the menu").toBe(true);
    for (const link of [detail.find((l) => l.startsWith("/combo-detail/")), detail.find((l) => l.startsWith("/order/"))]) {
      if (link) await visit(link);
    }
    for (const path of ["/order-time", "/order/pizzas/clasicas?dialog=order-time", "/checkout"]) await visit(path);
    // The store console, signed in.
    const staff = new Shopper(app.base);
    await staff.page("/store/login");
    const signedIn = await staff.request("POST", "/store/login", { email: "roma@tienda.example", password: "demo-roma-2026" });
    expect(signedIn.status).toBe(303);
    const console_ = await staff.page("/store");
    expect(console_.text).toContain("Consola de tienda");
    const manager = new Shopper(app.base);
    await manager.page("/store/login");
    expect((await manager.request("POST", "/store/login", { email: "gerencia@tienda.example", password: "demo-gerencia-2026" })).status).toBe(303);
    for (const path of ["/store/settings", "/store/content", "/store/content/faq/ar", "/store/campaigns", "/store/campaigns/new"]) expect((await manager.page(path)).status, path).toBe(200);

    expect(app.log.filter((line) => line.includes("[i18n]"))).toEqual([]);
  } finally {
    await app.stop();
  }
});
