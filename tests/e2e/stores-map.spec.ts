import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { startApp, type AppProcess } from "../support/app-process";

// The map is drawn in the browser: this spec runs in the js-on project only (playwright.config.ts).


/**
 * The map, with JavaScript: this suite starts its own app server with MAP_TILE_URL pointing at a stand-in tile
 * server on another origin (so the CSP's img-src is exercised too). The shared server has no MAP_TILE_URL.
 */
test.describe("store map (MAP_TILE_URL set)", () => {
  test.describe.configure({ mode: "serial" });

  // A 1x1 transparent PNG.
  const TILE = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
    "base64",
  );
  let tiles: Server;
  let tileRequests = 0;
  let app: AppProcess | undefined;
  let base = "";
  let tileOrigin = "";

  const listen = (server: Server) =>
    new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));

  test.beforeAll(async ({ javaScriptEnabled }) => {
    if (!javaScriptEnabled) return;
    tiles = createServer((_req, res) => {
      tileRequests++;
      res.writeHead(200, { "Content-Type": "image/png", "Cache-Control": "no-store" });
      res.end(TILE);
    });
    tileOrigin = `http://127.0.0.1:${await listen(tiles)}`;
    // The shared server's settings (fresh database, pinned clock...), on another port and with a map.
    app = await startApp({ MAP_TILE_URL: `${tileOrigin}/tiles/{z}/{x}/{y}.png` });
    base = app.base;
    await app.health();
  });

  test.afterAll(async () => {
    await app?.stop();
    await new Promise((resolve) => (tiles ? tiles.close(resolve) : resolve(undefined)));
  });

  test("the finder maps every listed store: named markers that link to the store, tiles allowed by the CSP", async ({ page }) => {
    const response = await page.goto(`${base}/huts`);
    expect(response?.headers()["content-security-policy"]).toContain(`img-src 'self' data: ${tileOrigin}`);
    const map = page.getByRole("region", { name: "Mapa de sucursales" });
    await expect(map).toBeVisible();
    await expect(map.getByRole("link", { name: "Tijuana Zona Río" })).toHaveCount(1);
    await expect(map.getByRole("link", { name: "Coyoacán" })).toHaveAttribute("href", "/hut/Coyoacan");
    await expect(map.getByRole("link")).toHaveCount(9 + 1); // nine stores and the attribution
    // The tiles load from the tile server (a CSP refusal would leave them broken).
    await expect.poll(() => tileRequests).toBeGreaterThan(0);
    await expect
      .poll(() => map.locator("img").evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length))
      .toBeGreaterThan(0);

    // A search maps only what it found.
    await page.goto(`${base}/huts?q=06760`);
    await expect(page.getByRole("region", { name: "Mapa de sucursales" }).getByRole("link", { name: "Roma Norte" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Mapa de sucursales" }).getByRole("link")).toHaveCount(1 + 1);
  });

  test("keyboard: Tab goes through the markers and out of the map", async ({ page }) => {
    await page.goto(`${base}/huts`);
    const map = page.getByRole("region", { name: "Mapa de sucursales" });
    const last = map.getByRole("link", { name: "Tijuana Zona Río" });
    await last.focus();
    await expect(last).toBeFocused();
    let outside = false;
    for (let i = 0; i < 3 && !outside; i++) {
      await page.keyboard.press("Tab");
      outside = await page.evaluate(() => !document.activeElement?.closest(".store-map"));
    }
    expect(outside).toBe(true);
    await last.click();
    await expect(page).toHaveURL(/\/hut\/Tijuana\+Zona\+Rio$/);
  });

  test("a store page maps that one store", async ({ page }) => {
    await page.goto(`${base}/hut/Coyoacan`);
    const map = page.getByRole("region", { name: "Mapa de la sucursal Coyoacán" });
    await expect(map).toBeVisible();
    await expect(map.getByRole("img", { name: "Coyoacán" })).toBeVisible();
  });
});
