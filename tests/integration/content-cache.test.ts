import { sql } from "kysely";
import { contentPage, footerContent } from "#server/content/pages";
import { currentBanners } from "#server/content/banners";
import { emergencyBanner } from "#server/content/emergency";
import { getMenuPage } from "#server/catalog/menu";
import type { Database } from "#server/db/client";
import { counting } from "#server/db/counting";
import { testDatabases, type TestDatabase } from "../support/db";
import { heardBy } from "../support/notify";

/**
 * What customer pages show around the menu (the emergency banner, the footer, content pages, banners) is cached per
 * process while the site content's version holds (migration 0029), and both versions, the content's and the
 * catalogue's, are kept in memory and read again after a change's NOTIFY (server/db/versions.ts): no statement. A
 * change made through another pool on Postgres (another process) shows once its NOTIFY arrives, waited for within
 * less than the versions' HOLD_MS; on the embedded database at once. Each request has its own counting
 * handle (app/web/request-scope.server.ts), as here: the copies are the database's, shared by every request's handle.
 */
const request = () => {
  const tally = { count: 0 };
  return { db: counting(t.db, tally), tally };
};

/** What the root and the menu page read for one visitor: the banner, the footer, the menu's top banner, the menu. */
async function page(db: Database) {
  const [banner, footer, banners, menu] = await Promise.all([
    emergencyBanner(db),
    footerContent(db, "es"),
    currentBanners(db, "menu_top", "es"),
    getMenuPage(db, "es", "pizzas", "clasicas"),
  ]);
  expect(menu.kind).toBe("page");
  return { banner, footer, banners };
}

let t: TestDatabase;

describe.each(testDatabases())("the site content's cache on $name", (kind) => {
  let writer: Database;
  beforeAll(async () => {
    t = await kind.create();
    writer = t.twin?.() ?? t.db;
  });
  afterAll(() => t?.destroy()); // its twin with it
  // What a change made through `writer` shows: at once on PGlite, once its NOTIFY arrives on Postgres.
  const eventually = heardBy(kind.name);

  it("a request whose content is cached runs no statement for it", async () => {
    await page(request().db);
    const warm = request();
    const seen = await page(warm.db);
    expect(warm.tally.count).toBe(0);
    expect(seen.footer?.html).toBeTruthy();
    // A second request's handle shares the same copies.
    const next = request();
    await page(next.db);
    await contentPage(next.db, "faq", "es");
    await contentPage(next.db, "faq", "es");
    const again = request();
    await contentPage(again.db, "faq", "es");
    expect(again.tally.count).toBe(0);
  });

  it("a change made by another process shows on the next request, then is cached again", async () => {
    const before = await page(request().db);
    await sql`update content_pages set body = body || ${"\n\nHorario extendido en diciembre."} where type = 'footer' and lng = 'es'`.execute(writer);
    await eventually(async () => {
      const changed = request();
      const after = await page(changed.db);
      expect(changed.tally.count).toBeGreaterThan(1);
      expect(after.footer?.html).not.toBe(before.footer?.html);
      expect(after.footer?.html).toContain("Horario extendido en diciembre.");
    });
    const cached = request();
    await page(cached.db);
    expect(cached.tally.count).toBe(0);
  });

  it("a banner paused and the emergency banner switched by another process show on the next request", async () => {
    const before = await page(request().db);
    expect(before.banners.length).toBeGreaterThan(0);
    await sql`update banners set active = false where position = 'menu_top'`.execute(writer);
    await eventually(async () => expect((await page(request().db)).banners).toEqual([]));
    await sql`update banners set active = true where position = 'menu_top'`.execute(writer);
    await eventually(async () => expect((await page(request().db)).banners).toEqual(before.banners));
    expect(before.banner.on).toBe(false);
    await sql`insert into site_settings (key, value, updated_at) values ('emergency_banner', ${JSON.stringify({ on: true, phone: "55 1234 5678", version: "v1" })}, now())
      on conflict (key) do update set value = excluded.value`.execute(writer);
    await eventually(async () => expect((await page(request().db)).banner).toMatchObject({ on: true, phone: "55 1234 5678" }));
  });
});
