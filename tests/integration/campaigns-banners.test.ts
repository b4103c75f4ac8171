/**
 * Banners and campaigns (issue 14 points 3 and 9): a banner or a campaign shows from its start (inclusive) until its
 * end (exclusive) at the clock's instant, in the visitor's language; paused ones never; the campaign page is a 404
 * when unknown, paused or outside its schedule; its products carry the catalogue's prices and its coupons are those
 * of the coupons table; the home page leads with them, the menu shows its top banner, /order/campaigns lists them.
 */
import { sql } from "kysely";
import type { Database } from "#server/db/client";
import { currentBanners, saveBanner, setBannerActive } from "#server/content/banners";
import { campaignPage, currentCampaigns, saveCampaign, setCampaignActive } from "#server/content/campaigns";
import { demoCampaigns } from "#server/db/seed/campaigns";
import { demoStaff } from "#server/db/seed/staff";
import { answerOf, args, cookie, get, post, thrown } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";

process.env.SESSION_SECRET = "campaigns-test-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";

const NOW = "2026-11-20T19:00:00.000Z";
pinStoreNow(NOW);

describe.each(testDatabases())("banners and campaigns on $name", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());

  it("a banner shows from its start until its end, at the injected instant, in each language", async () => {
    const id = (await saveBanner(t.db, {
      values: {
        position: "menu_top",
        image: "/images/banners/verano.svg",
        alt: { es: "Playa", en: "Beach" },
        title: { es: "Verano", ar: "صيف" },
        link: { es: "/promotions", en: "/faq" },
        sortOrder: 0,
        startsAt: new Date("2026-12-01T06:00:00Z"),
        endsAt: new Date("2026-12-02T06:00:00Z"),
      },
      staffId: null,
      now: new Date(NOW),
    })) as number;
    const shown = async (at: string, lng: "es" | "en" | "ar" = "es") => (await currentBanners(t.db, "menu_top", lng, new Date(at))).find((b) => b.id === id);
    expect(await shown("2026-12-01T05:59:59.999Z")).toBeUndefined();
    expect(await shown("2026-12-01T06:00:00.000Z")).toMatchObject({ alt: "Playa", title: "Verano", href: "/promotions", width: 1200, height: 200 });
    expect((await shown("2026-12-01T06:00:00.000Z"))!.lang).toBeUndefined();
    // English has no headline of its own: the Spanish one, marked as Spanish for screen readers (lang="es").
    expect(await shown("2026-12-01T12:00:00.000Z", "en")).toMatchObject({ alt: "Beach", title: "Verano", href: "/faq", lang: "es" });
    // Arabic: its own headline; alt and link fall back to English, then Spanish.
    expect(await shown("2026-12-01T12:00:00.000Z", "ar")).toMatchObject({ alt: "Beach", title: "صيف", href: "/faq" });
    expect((await shown("2026-12-01T12:00:00.000Z", "ar"))!.lang).toBeUndefined();
    expect(await shown("2026-12-02T06:00:00.000Z")).toBeUndefined();
    await setBannerActive(t.db, { id, active: false, staffId: null, now: new Date(NOW) });
    expect(await shown("2026-12-01T12:00:00.000Z")).toBeUndefined();
  });

  it("a link stored unsafe is shown as no link", async () => {
    const id = (await saveBanner(t.db, {
      values: { position: "menu_top", image: "/images/banners/verano.svg", alt: { es: "x" }, title: {}, link: { es: "//evil.example/x" }, sortOrder: 0, startsAt: null, endsAt: null },
      staffId: null,
      now: new Date(NOW),
    })) as number;
    const banner = (await currentBanners(t.db, "menu_top", "es", new Date(NOW))).find((b) => b.id === id);
    expect(banner).toMatchObject({ href: null, title: null });
    await setBannerActive(t.db, { id, active: false, staffId: null, now: new Date(NOW) });
  });

  it("the seeded home banners: the current ones in order, not the ended summer's", async () => {
    const heroes = await currentBanners(t.db, "home_hero", "en", new Date(NOW), { fresh: true });
    expect(heroes.map((b) => [b.title, b.href])).toEqual([
      ["Pizza night: 15% off your order", "/campaign/noche-de-pizza"],
      ["Hut Tuesday: large pizzas for less", "/campaign/martes-hut"],
    ]);
  });

  it("a banner that advertises a campaign goes when the campaign is paused or over: it would lead to a 404", async () => {
    const heroes = async (at = NOW) => (await currentBanners(t.db, "home_hero", "es", new Date(at), { fresh: true })).map((b) => b.href);
    const noche = (await t.db.selectFrom("campaigns").select("id").where("name", "=", "noche-de-pizza").executeTakeFirstOrThrow()).id;
    await setCampaignActive(t.db, { id: noche, active: false, staffId: null, now: new Date(NOW) });
    try {
      expect(await heroes()).toEqual(["/campaign/martes-hut"]);
    } finally {
      await setCampaignActive(t.db, { id: noche, active: true, staffId: null, now: new Date(NOW) });
    }
    expect(await heroes()).toEqual(["/campaign/noche-de-pizza", "/campaign/martes-hut"]);
    // Noche de pizza ends with January 2027; its banner goes with it, whatever the banner's own schedule says.
    const itsBanner = sql<boolean>`link->>'es' = '/campaign/noche-de-pizza'`;
    const { ends_at: endsAt } = await t.db.selectFrom("banners").select("ends_at").where(itsBanner).executeTakeFirstOrThrow();
    await t.db.updateTable("banners").set({ ends_at: null }).where(itsBanner).execute();
    try {
      expect(await heroes("2027-02-01T06:00:00Z")).toEqual(["/campaign/martes-hut"]);
    } finally {
      await t.db.updateTable("banners").set({ ends_at: endsAt }).where(itsBanner).execute();
    }
  });

  it("campaigns show inside their schedule only; the page has the catalogue's products and the coupons that exist", async () => {
    const names = async (at: string) => (await currentCampaigns(t.db, "es", new Date(at), { fresh: true })).map((c) => c.name);
    expect(await names(NOW)).toEqual(["noche-de-pizza", "martes-hut"]);
    expect(await names("2026-07-01T12:00:00Z")).toEqual(["verano-2026"]);
    expect(await names("2026-10-31T12:00:00Z")).toEqual([]);
    // Its end is exclusive: 1 February 2027 00:00 in Mexico City.
    expect(await names("2027-02-01T05:59:59Z")).toEqual(["noche-de-pizza", "martes-hut"]);
    expect(await names("2027-02-01T06:00:00Z")).toEqual(["martes-hut"]);

    const page = (await campaignPage(t.db, "noche-de-pizza", "en"))!;
    expect(page).toMatchObject({ title: "Pizza night", lastDay: "2027-01-31", image: "/images/banners/noche-de-pizza.svg" });
    // Translated: nothing to mark. A campaign whose English nobody wrote shows its Spanish, marked lang="es".
    expect([page.lang, page.termsLang]).toEqual([undefined, undefined]);
    const untranslated = await t.db.selectFrom("campaigns").select(["title", "summary", "terms"]).where("name", "=", "martes-hut").executeTakeFirstOrThrow();
    const es = (text: unknown) => ({ es: (text as { es: string }).es });
    await t.db.updateTable("campaigns").set({ title: JSON.stringify(es(untranslated.title)), summary: JSON.stringify(es(untranslated.summary)), terms: JSON.stringify(es(untranslated.terms)) }).where("name", "=", "martes-hut").execute();
    const spanishOnly = (await campaignPage(t.db, "martes-hut", "ar", undefined, { fresh: true }))!;
    expect(spanishOnly).toMatchObject({ title: (untranslated.title as { es: string }).es, lang: "es", termsLang: "es" });
    expect((await currentCampaigns(t.db, "en", new Date(NOW), { fresh: true })).find((c) => c.name === "martes-hut")).toMatchObject({ lang: "es" });
    await t.db.updateTable("campaigns").set({ title: JSON.stringify(untranslated.title), summary: JSON.stringify(untranslated.summary), terms: JSON.stringify(untranslated.terms) }).where("name", "=", "martes-hut").execute();
    expect(page.products.map((p) => [p.sku, p.categoryPath])).toEqual([
      ["PZ-PEPPERONI", "/order/pizzas/clasicas"],
      ["PZ-SUPREMA", "/order/pizzas/especialidades"],
      ["CB-FAMILIAR", "/order/combos/familiares"],
    ]);
    const pepperoni = await t.db.selectFrom("product_layers as l").innerJoin("products as p", "p.id", "l.product_id").select((eb) => eb.fn.min("l.price_cents").as("min")).where("p.sku", "=", "PZ-PEPPERONI").where("l.parent_id", "is", null).executeTakeFirstOrThrow();
    expect(page.products[0]!.fromPriceCents).toBe(Number(pepperoni.min));
    expect(page.coupons.map((c) => [c.code, c.name])).toEqual([["PIZZA15", "15% off your order"], ["ENVIOGRATIS", "Free delivery"]]);
    expect(page.termsHtml).toContain("<strong>PIZZA15</strong>");

    expect(await campaignPage(t.db, "verano-2026", "es")).toBeNull();
    expect(await campaignPage(t.db, "nope", "es")).toBeNull();
    expect(await campaignPage(t.db, "../etc", "es")).toBeNull();
  });

  it("a paused campaign is gone at once; a name taken or an unknown product or coupon is refused", async () => {
    const row = await t.db.selectFrom("campaigns").select("id").where("name", "=", "martes-hut").executeTakeFirstOrThrow();
    await setCampaignActive(t.db, { id: row.id, active: false, staffId: null, now: new Date(NOW) });
    expect(await campaignPage(t.db, "martes-hut", "es")).toBeNull();
    await setCampaignActive(t.db, { id: row.id, active: true, staffId: null, now: new Date(NOW) });
    expect(await campaignPage(t.db, "martes-hut", "es")).not.toBeNull();

    const base = { ...demoCampaigns[0]!, productSkus: [], couponCodes: [], sortOrder: 5, startsAt: null, endsAt: null, summary: {}, terms: {} };
    const values = { ...base, name: "noche-de-pizza" };
    expect(await saveCampaign(t.db, { values, staffId: null, now: new Date(NOW) })).toEqual({ ok: false, problem: "nameTaken" });
    expect(await saveCampaign(t.db, { values: { ...values, name: "otra", productSkus: ["NOPE"] }, staffId: null, now: new Date(NOW) })).toMatchObject({ ok: false, problem: "unknownProducts", unknown: ["NOPE"] });
    expect(await saveCampaign(t.db, { values: { ...values, name: "otra", couponCodes: ["NOPE"] }, staffId: null, now: new Date(NOW) })).toMatchObject({ ok: false, problem: "unknownCoupons" });
    expect(await saveCampaign(t.db, { values: { ...values, name: "otra" }, staffId: null, now: new Date(NOW) })).toMatchObject({ ok: true });
  });
});

describe("banners and campaigns through the routes", () => {
  let db: Database;
  beforeAll(async () => {
    db = await (await import("#server/db/client")).getDb();
  });

  it("the home page leads with the hero banners, the current campaigns and the favourites, per language", async () => {
    const home = await import("~/routes/home");
    for (const [lng, title, favourite] of [["es", "Noche de pizza", "Pepperoni"], ["ar", "ليلة البيتزا", null]] as const) {
      const data = await (await home.loader(args(get("/home", await cookie({ lng }))))).json();
      expect(data.promotions.heroes.map((b) => b.href)).toEqual(["/campaign/noche-de-pizza", "/campaign/martes-hut"]);
      expect(data.promotions.campaigns[0]).toMatchObject({ name: "noche-de-pizza", title, href: "/campaign/noche-de-pizza" });
      expect(data.promotions.favourites).toHaveLength(4);
      if (favourite) expect(data.promotions.favourites[0]).toMatchObject({ name: favourite, href: expect.stringMatching(/^\/order\/pizzas\/clasicas\/[0-9a-f-]{36}$/) });
    }
    expect(db).toBeDefined();
  });

  it("/campaign/:name answers the page, or a 404 for an unknown or ended campaign", async () => {
    const route = await import("~/routes/campaign.$campaignName");
    const ok = await route.loader(args(get("/campaign/martes-hut", await cookie({ lng: "en" })), { campaignName: "martes-hut" }));
    expect(await ok.json()).toMatchObject({ title: "Hut Tuesday", coupons: [{ code: "MARTESHUT" }] });
    for (const name of ["verano-2026", "nope", "__proto__"]) {
      const response = await thrown(route.loader(args(get(`/campaign/${name}`, await cookie({ lng: "es" })), { campaignName: name })) as Promise<unknown>);
      expect(response.status, name).toBe(404);
    }
  });

  it("/order/campaigns lists the current campaigns with the menu's tabs; the menu shows its top banner", async () => {
    const list = await import("~/routes/order.campaigns");
    const data = await (await list.loader(args(get("/order/campaigns", await cookie({ lng: "es" }))))).json();
    expect(data).toMatchObject({ title: "Campañas", slug: "campaigns" });
    expect(data.campaigns.map((c: { name: string }) => c.name)).toEqual(["noche-de-pizza", "martes-hut"]);
    expect(data.categories.map((c: { slug: string }) => c.slug)).toContain("campaigns");
    const menu = await import("~/routes/order.($slug).($sub).($uuid)/route");
    const page = await (await answerOf(menu.loader(args(get("/order/pizzas/clasicas", await cookie({ lng: "en" })), { slug: "pizzas", sub: "clasicas" })))).json();
    expect(page.banner).toMatchObject({ link: { href: "/order/coupons" }, title: "Free delivery with the coupon ENVIOGRATIS", img: { src: "/images/banners/envio-gratis.svg", width: 1200, height: 200 } });
  });
});

describe("managers edit the banners (/store/banners)", () => {
  let login: typeof import("~/routes/store.login");
  let list: typeof import("~/routes/store.banners._index");
  let edit: typeof import("~/routes/store.banners.$id");
  const cookies: Record<string, string> = {};

  async function signIn(email: string): Promise<string> {
    const password = demoStaff.find((m) => m.email === email)!.password;
    const response = (await login.action(args(post("/store/login", "", { email, password })))) as Response;
    return response.headers.getSetCookie().find((c) => c.startsWith("__staff="))!.split(";")[0]!;
  }
  const valid = { intent: "save", position: "home_hero", image: "/images/banners/verano.svg", altEs: "Playa", titleEs: "Nuevo banner", linkEs: "/faq", sortOrder: "0" };

  beforeAll(async () => {
    await (await import("#server/db/client")).getDb();
    login = await import("~/routes/store.login");
    list = await import("~/routes/store.banners._index");
    edit = await import("~/routes/store.banners.$id");
    cookies.manager = await signIn("gerencia@tienda.example");
    cookies.clerk = await signIn("roma@tienda.example");
  });

  it("staff who are not managers get a 403 and change nothing", async () => {
    for (const run of [
      () => list.loader(args(get("/store/banners", cookies.clerk!))),
      () => edit.loader(args(get("/store/banners/new", cookies.clerk!), { id: "new" })),
      () => edit.action(args(post("/store/banners/new", cookies.clerk!, valid), { id: "new" })),
    ]) {
      expect((await thrown(run() as Promise<unknown>)).status).toBe(403);
    }
  });

  it("bad input is a 400 with the translated messages' keys beside their fields; unsafe links are refused", async () => {
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ ...valid, altEs: "" }, { altEs: ["store:banners.v.altRequired"] }],
      [{ ...valid, image: "/images/../x.svg" }, { image: ["store:banners.v.image"] }],
      // a well-formed path to no file: customers would see a broken picture
      [{ ...valid, image: "/images/banners/no-existe.png" }, { image: ["store:banners.v.imageMissing"] }],
      [{ ...valid, linkEs: "//evil.example" }, { linkEs: ["store:banners.v.link"] }],
      [{ ...valid, linkEn: "https://evil.example/x" }, { linkEn: ["store:banners.v.link"] }],
      [{ ...valid, startsAt: "2026-12-02T10:00", endsAt: "2026-12-01T10:00" }, { endsAt: ["store:banners.v.endsBeforeStart"] }],
      [{ ...valid, startsAt: "2026-02-30T10:00" }, { startsAt: ["store:banners.v.dateTime"] }],
      // every mistake at once: the schema's and the checks after it (the schedule, a link), not a second round
      [
        { ...valid, altEs: "", image: "javascript:alert(1)", linkEs: "//evil.example", startsAt: "2027-03-01T10:00", endsAt: "2027-02-01T10:00" },
        { altEs: ["store:banners.v.altRequired"], image: ["store:banners.v.image"], linkEs: ["store:banners.v.link"], endsAt: ["store:banners.v.endsBeforeStart"] },
      ],
    ];
    for (const [fields, errors] of cases) {
      const response = (await edit.action(args(post("/store/banners/new", cookies.manager!, fields), { id: "new" }))) as Response;
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect((await response.json()).result.error).toEqual(errors);
    }
    expect((await thrown(edit.loader(args(get("/store/banners/abc", cookies.manager!), { id: "abc" })) as Promise<unknown>)).status).toBe(404);
  });

  it("a preview saves nothing; a save shows the banner on the home page at once", async () => {
    const home = await import("~/routes/home");
    const heroes = async () => (await (await home.loader(args(get("/home", await cookie({ lng: "es" }))))).json()).promotions.heroes.map((b: { title: string | null }) => b.title);
    const preview = (await edit.action(args(post("/store/banners/new", cookies.manager!, { ...valid, intent: "preview" }), { id: "new" }))) as Response;
    expect((await preview.json()).preview).toMatchObject({ title: "Nuevo banner", href: "/faq", image: "/images/banners/verano.svg" });
    expect(await heroes()).not.toContain("Nuevo banner");
    const saved = (await edit.action(args(post("/store/banners/new", cookies.manager!, valid), { id: "new" }))) as Response;
    expect([saved.status, saved.headers.get("Location")]).toEqual([303, "/store/banners"]);
    expect(await heroes()).toContain("Nuevo banner");
  });
});

describe("managers edit the campaigns (/store/campaigns)", () => {
  let login: typeof import("~/routes/store.login");
  let list: typeof import("~/routes/store.campaigns._index");
  let edit: typeof import("~/routes/store.campaigns.$id");
  const cookies: Record<string, string> = {};

  async function signIn(email: string): Promise<string> {
    const password = demoStaff.find((m) => m.email === email)!.password;
    const response = (await login.action(args(post("/store/login", "", { email, password })))) as Response;
    return response.headers.getSetCookie().find((c) => c.startsWith("__staff="))!.split(";")[0]!;
  }
  const valid = { intent: "save", name: "fin-de-semana", titleEs: "Fin de semana", titleEn: "Weekend", summaryEs: "Dos pizzas", termsEs: "## Condiciones\n\n- Solo en línea", image: "/images/banners/verano.svg", altEs: "Playa", sortOrder: "5" };
  /** A post with repeated fields (the checkbox groups), as a browser sends them. */
  const postPairs = (path: string, cookieHeader: string, pairs: [string, string][]) =>
    new Request(`http://localhost${path}`, { method: "POST", headers: { Cookie: cookieHeader, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(pairs).toString() });
  const withChoices = (fields: Record<string, string>, skus: string[], codes: string[]): [string, string][] => [
    ...Object.entries(fields),
    ...skus.map((sku): [string, string] => ["productSkus", sku]),
    ...codes.map((code): [string, string] => ["couponCodes", code]),
  ];

  beforeAll(async () => {
    await (await import("#server/db/client")).getDb();
    login = await import("~/routes/store.login");
    list = await import("~/routes/store.campaigns._index");
    edit = await import("~/routes/store.campaigns.$id");
    cookies.manager = await signIn("gerencia@tienda.example");
    cookies.clerk = await signIn("roma@tienda.example");
  });

  it("staff who are not managers get a 403 and change nothing", async () => {
    for (const run of [
      () => list.loader(args(get("/store/campaigns", cookies.clerk!))),
      () => list.action(args(post("/store/campaigns", cookies.clerk!, { intent: "pause", id: "1" }))),
      () => edit.loader(args(get("/store/campaigns/new", cookies.clerk!), { id: "new" })),
      () => edit.action(args(post("/store/campaigns/new", cookies.clerk!, valid), { id: "new" })),
    ]) {
      expect((await thrown(run() as Promise<unknown>)).status).toBe(403);
    }
  });

  it("bad input is a 400 with the translated messages' keys beside their fields; an unknown id is a 404", async () => {
    const cases: [[string, string][], Record<string, string[]>][] = [
      [withChoices({ ...valid, name: "Fin De Semana" }, [], []), { name: ["store:campaigns.v.name"] }],
      [withChoices({ ...valid, name: "-fin" }, [], []), { name: ["store:campaigns.v.name"] }],
      [withChoices({ ...valid, titleEs: "" }, [], []), { titleEs: ["store:campaigns.v.titleRequired"] }],
      [withChoices({ ...valid, image: "/images/../x.svg" }, [], []), { image: ["store:banners.v.image"] }],
      [withChoices({ ...valid, image: "/images/banners/no-existe.png" }, [], []), { image: ["store:banners.v.imageMissing"] }],
      // with the schema's own refusals too: every mistake at once
      [withChoices({ ...valid, titleEs: "", image: "/images/banners/no-existe.png" }, [], []), { titleEs: ["store:campaigns.v.titleRequired"], image: ["store:banners.v.imageMissing"] }],
      [withChoices({ ...valid, startsAt: "2026-12-02T10:00", endsAt: "2026-12-01T10:00" }, [], []), { endsAt: ["store:banners.v.endsBeforeStart"] }],
      [
        withChoices({ ...valid, titleEs: "", startsAt: "2026-12-02T10:00", endsAt: "2026-12-01T10:00" }, [], []),
        { titleEs: ["store:campaigns.v.titleRequired"], endsAt: ["store:banners.v.endsBeforeStart"] },
      ],
      [withChoices({ ...valid, name: "noche-de-pizza" }, [], []), { name: ["store:campaigns.v.nameTaken"] }],
      [withChoices(valid, ["NO-SUCH-SKU"], []), { productSkus: ["store:campaigns.v.unknownProducts"] }],
      [withChoices(valid, [], ["NOSUCHCODE"]), { couponCodes: ["store:campaigns.v.unknownCoupons"] }],
    ];
    for (const [pairs, errors] of cases) {
      const response = (await edit.action(args(postPairs("/store/campaigns/new", cookies.manager!, pairs), { id: "new" }))) as Response;
      expect(response.status, JSON.stringify(pairs)).toBe(400);
      expect((await response.json()).result.error).toEqual(errors);
    }
    // A choice that is no plain code (a NUL, which Postgres text cannot hold: found by the fuzz) is a 400, not a 500.
    for (const choice of ["\u0000", "PZ PEPPERONI", "<b>"]) {
      const response = (await edit.action(args(postPairs("/store/campaigns/new", cookies.manager!, withChoices({ ...valid, intent: "preview" }, [choice], [choice])), { id: "new" }))) as Response;
      expect(response.status, JSON.stringify(choice)).toBe(400);
    }
    expect((await thrown(edit.loader(args(get("/store/campaigns/abc", cookies.manager!), { id: "abc" })) as Promise<unknown>)).status).toBe(404);
    expect((await thrown(edit.loader(args(get("/store/campaigns/999999", cookies.manager!), { id: "999999" })) as Promise<unknown>)).status).toBe(404);
  });

  it("a preview saves nothing; a save serves the campaign at once; pause hides it", async () => {
    const page = await import("~/routes/campaign.$campaignName");
    const served = async () => {
      try {
        return await (await page.loader(args(get("/campaign/fin-de-semana", await cookie({ lng: "es" })), { campaignName: "fin-de-semana" }))).json();
      } catch (error) {
        if (error instanceof Response) return error.status;
        throw error;
      }
    };
    const pairs = withChoices(valid, ["PZ-PEPPERONI"], ["PIZZA15"]);
    const preview = (await edit.action(args(postPairs("/store/campaigns/new", cookies.manager!, [...pairs.filter(([k]) => k !== "intent"), ["intent", "preview"]]), { id: "new" }))) as Response;
    const shown = (await preview.json()).preview;
    expect(shown).toMatchObject({ name: "fin-de-semana", title: "Fin de semana", summary: "Dos pizzas", coupons: [{ code: "PIZZA15" }] });
    expect(shown.products).toHaveLength(1);
    expect(shown.termsHtml).toContain("<h2");
    expect(await served()).toBe(404);
    const saved = (await edit.action(args(postPairs("/store/campaigns/new", cookies.manager!, pairs), { id: "new" }))) as Response;
    expect([saved.status, saved.headers.get("Location")]).toEqual([303, "/store/campaigns"]);
    expect(await served()).toMatchObject({ title: "Fin de semana", coupons: [{ code: "PIZZA15" }] });
    const rows = (await (await list.loader(args(get("/store/campaigns", cookies.manager!)))).json()).items as { id: number; name: string; state: string }[];
    const row = rows.find((c) => c.name === "fin-de-semana")!;
    expect(row.state).toBe("showing");
    const form = await (await edit.loader(args(get(`/store/campaigns/${row.id}`, cookies.manager!), { id: String(row.id) }))).json();
    expect(form.defaultValue).toMatchObject({ name: "fin-de-semana", productSkus: ["PZ-PEPPERONI"], couponCodes: ["PIZZA15"], sortOrder: "5" });
    const paused = (await list.action(args(post("/store/campaigns", cookies.manager!, { intent: "pause", id: String(row.id) })))) as Response;
    expect(paused.status).toBe(303);
    expect(await served()).toBe(404);
  });
});
