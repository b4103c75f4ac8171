// When the home page paints, loads and hydrates in Chromium without throttling: `npm run bench:hydration [-- appDir]`
// (after `npm run build`; appDir: another checkout's build to compare, default this one). Starts the built app as the
// e2e tests do (tests/support/app-process.ts: in-memory database, pinned clock), opens /home as a first visit 12 times
// (the first 2 not counted) and prints the medians: first contentful paint, the load event, and the moment React has
// hydrated the body (polled every 2 ms from an init script). Written for issue 15's scripts held until after the load
// event (app/web/scripts-after-load.server.ts): what that moved, side by side with the build before it.
import { chromium } from "@playwright/test";
import { executablePath } from "../playwright.config";
import { startApp } from "../tests/support/app-process";

const appDir = process.argv[2] ?? ".";
// A string, not a function: tsx would wrap a function's inner names in a helper the page does not have.
const WATCH_HYDRATION =
  "(function t(){if(document.body&&Object.keys(document.body).some(function(k){return k.indexOf('__react')===0}))window.__hydratedAt=performance.now();else setTimeout(t,2)})()";

const app = await startApp({}, { appDir });
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
try {
  await app.health(200, 120_000);
  const rows: { fcp: number; load: number; hydrated: number }[] = [];
  for (let visit = 0; visit < 12; visit++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript({ content: WATCH_HYDRATION });
    await page.goto(`${app.base}/home`, { waitUntil: "load" });
    await page.waitForFunction(() => (window as unknown as { __hydratedAt?: number }).__hydratedAt);
    const row = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      load: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart,
      hydrated: (window as unknown as { __hydratedAt: number }).__hydratedAt,
    }));
    if (visit >= 2) rows.push(row);
    await context.close();
  }
  const median = (pick: (row: (typeof rows)[number]) => number) => {
    const values = rows.map(pick).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]!.toFixed(0);
  };
  console.log(`${appDir}: /home, medians of ${rows.length} first visits: first paint ${median((r) => r.fcp)} ms, load ${median((r) => r.load)} ms, hydrated ${median((r) => r.hydrated)} ms`);
} finally {
  await browser.close();
  await app.stop(10_000);
}
