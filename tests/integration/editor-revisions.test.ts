/**
 * Two managers editing one item (content review, 2026-11-29): every editor's save is made only over the revision its
 * form loaded (server/content/revision.ts). On each test database, for the seeded banner, campaign, content page,
 * topic and job opening: a save over the loaded revision goes through; a second save over that same, now stale,
 * revision is "changed" and leaves the first one's text; a pause moves the revision too. Then the banner editor's
 * route: the refused save is a 409 that keeps the typed values over the current revision, and saving again replaces.
 */
import { openingById, saveOpening, setOpeningOpen } from "#server/careers/openings";
import { bannerById, saveBanner, setBannerActive } from "#server/content/banners";
import { campaignById, saveCampaign } from "#server/content/campaigns";
import { contentSource, saveContent } from "#server/content/pages";
import { NEW_ITEM, revisionOf } from "#server/content/revision";
import { saveTopicArticle, topicArticle } from "#server/content/topics";
import { demoStaff } from "#server/db/seed/staff";
import { args, get, post } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";

process.env.SESSION_SECRET = "editor-revisions-test-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";

const NOW = "2026-11-20T19:00:00.000Z";
pinStoreNow(NOW);
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000);

describe.each(testDatabases())("editors' saves over their revision on $name", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());

  it("a banner: the loaded revision saves once; the same revision again is refused; a pause moves it", async () => {
    const [first] = await t.db.selectFrom("banners").select("id").orderBy("id").limit(1).execute();
    const banner = (await bannerById(t.db, first!.id))!;
    const loaded = revisionOf(banner.updatedAt);
    const values = (title: string) => ({ ...banner, title: { es: title } });
    expect(await saveBanner(t.db, { id: banner.id, values: values("Primero"), staffId: null, now: at(1), revision: loaded })).toBe(banner.id);
    expect(await saveBanner(t.db, { id: banner.id, values: values("Segundo"), staffId: null, now: at(2), revision: loaded })).toBe("changed");
    expect((await bannerById(t.db, banner.id))!.title.es).toBe("Primero");
    const current = revisionOf((await bannerById(t.db, banner.id))!.updatedAt);
    await setBannerActive(t.db, { id: banner.id, active: false, staffId: null, now: at(3) });
    expect(await saveBanner(t.db, { id: banner.id, values: values("Tercero"), staffId: null, now: at(4), revision: current })).toBe("changed");
    // Without a revision (an old page) it saves as before; a banner that is gone is still "none".
    expect(await saveBanner(t.db, { id: banner.id, values: values("Cuarto"), staffId: null, now: at(5) })).toBe(banner.id);
    expect(await saveBanner(t.db, { id: 999_999, values: values("x"), staffId: null, now: at(5), revision: current })).toBeNull();
    await setBannerActive(t.db, { id: banner.id, active: true, staffId: null, now: at(6) });
  });

  it("a campaign, a content page, a topic and an opening: the same", async () => {
    const [row] = await t.db.selectFrom("campaigns").select("id").orderBy("id").limit(1).execute();
    const campaign = (await campaignById(t.db, row!.id))!;
    const campaignRevision = revisionOf(campaign.updatedAt);
    const saveCampaignAs = (summary: string) =>
      saveCampaign(t.db, { id: campaign.id, values: { ...campaign, summary: { es: summary } }, staffId: null, now: at(1), revision: campaignRevision });
    expect(await saveCampaignAs("Primero")).toEqual({ ok: true, id: campaign.id });
    expect(await saveCampaignAs("Segundo")).toEqual({ ok: false, problem: "changed" });
    expect((await campaignById(t.db, campaign.id))!.summary.es).toBe("Primero");

    // Seeded content is stamped by the database's clock, to the microsecond: the revision is its millisecond.
    const faq = await contentSource(t.db, "faq", "es");
    const contentRevision = revisionOf(faq.updatedAt!);
    const saveFaq = (title: string) => saveContent(t.db, { type: "faq", lng: "es", title, body: faq.body, staffId: null, now: at(1), revision: contentRevision });
    expect(await saveFaq("Preguntas (primero)")).toBe("saved");
    expect(await saveFaq("Preguntas (segundo)")).toBe("changed");
    expect((await contentSource(t.db, "faq", "es")).title).toBe("Preguntas (primero)");

    const [topicRow] = await t.db.selectFrom("topics").select("slug").orderBy("slug").limit(1).execute();
    const topic = (await topicArticle(t.db, topicRow!.slug))!;
    const topicRevision = revisionOf(topic.updatedAt);
    const saveTopicAs = (title: string) =>
      saveTopicArticle(t.db, { slug: topic.slug, isNew: false, texts: { es: { ...topic.texts.es!, title } }, publishedAt: topic.publishedAt, now: at(1), revision: topicRevision });
    expect(await saveTopicAs("Primero")).toBe("saved");
    expect(await saveTopicAs("Segundo")).toBe("changed");
    expect((await topicArticle(t.db, topic.slug))!.texts.es!.title).toBe("Primero");

    const [openingRow] = await t.db.selectFrom("job_openings").select("id").orderBy("id").limit(1).execute();
    const opening = (await openingById(t.db, openingRow!.id))!;
    const openingRevision = revisionOf(opening.updatedAt);
    const saveOpeningAs = (title: string) =>
      saveOpening(t.db, { id: opening.id, values: { ...opening, title: { es: title } }, now: at(1), revision: openingRevision });
    expect(await saveOpeningAs("Primero")).toBe(opening.id);
    expect(await saveOpeningAs("Segundo")).toBe("changed");
    expect((await openingById(t.db, opening.id))!.title.es).toBe("Primero");
  });

  it("with the clock standing still (a pinned demo, two saves in one millisecond) every change is a new revision", async () => {
    const [first] = await t.db.selectFrom("job_openings").select("id").orderBy("id").limit(1).execute();
    const opening = (await openingById(t.db, first!.id))!;
    const still = at(0);
    const loaded = revisionOf(opening.updatedAt);
    const save = (title: string, revision: string) => saveOpening(t.db, { id: opening.id, values: { ...opening, title: { es: title } }, now: still, revision });
    expect(await save("Primero", loaded)).toBe(opening.id);
    const afterFirst = revisionOf((await openingById(t.db, opening.id))!.updatedAt);
    expect(afterFirst).not.toBe(loaded);
    expect(await save("Segundo", loaded)).toBe("changed");
    // Closing it at the same instant moves it again: a save over what was loaded before is told.
    await setOpeningOpen(t.db, { id: opening.id, open: false, now: still });
    expect(await save("Tercero", afterFirst)).toBe("changed");
    await setOpeningOpen(t.db, { id: opening.id, open: true, now: still });
  });

  it("a content page's language not written yet: the first manager's save goes, the second is told", async () => {
    await t.db.deleteFrom("content_pages").where("type", "=", "faq").where("lng", "=", "ar").execute();
    const write = (title: string, revision?: string) =>
      saveContent(t.db, { type: "faq", lng: "ar", title, body: "نص", staffId: null, now: at(1), ...(revision ? { revision } : {}) });
    expect(await write("الأول", NEW_ITEM)).toBe("saved");
    expect(await write("الثاني", NEW_ITEM)).toBe("changed");
    expect((await contentSource(t.db, "faq", "ar")).title).toBe("الأول");
    // A topic or a banner posted as not loaded, though it exists, is told too (never a save over an unseen one).
    const [topic] = await t.db.selectFrom("topics").select("slug").limit(1).execute();
    const article = (await topicArticle(t.db, topic!.slug))!;
    expect(
      await saveTopicArticle(t.db, { slug: article.slug, isNew: false, texts: { es: article.texts.es! }, publishedAt: article.publishedAt, now: at(1), revision: NEW_ITEM }),
    ).toBe("changed");
    const [banner] = await t.db.selectFrom("banners").select("id").limit(1).execute();
    const current = (await bannerById(t.db, banner!.id))!;
    expect(await saveBanner(t.db, { id: current.id, values: current, staffId: null, now: at(1), revision: NEW_ITEM })).toBe("changed");
  });
});

describe("the banner editor when another manager saved first", () => {
  let edit: typeof import("~/routes/store.banners.$id");
  let manager: string;

  beforeAll(async () => {
    await (await import("#server/db/client")).getDb();
    const login = await import("~/routes/store.login");
    edit = await import("~/routes/store.banners.$id");
    const { email, password } = demoStaff.find((m) => m.email === "gerencia@tienda.example")!;
    const response = (await login.action(args(post("/store/login", "", { email, password })))) as Response;
    manager = response.headers.getSetCookie().find((c) => c.startsWith("__staff="))!.split(";")[0]!;
  });

  it("answers 409 with what was typed over the current revision; saving again replaces the other change", async () => {
    const path = "/store/banners/1";
    const page = async () => (await (await edit.loader(args(get(path, manager), { id: "1" }))).json()) as { revision: string; defaultValue: Record<string, string> };
    const opened = await page();
    const form = (titleEs: string, revision: string) => ({ ...opened.defaultValue, intent: "save", titleEs, revision });
    const save = async (titleEs: string, revision: string) => (await edit.action(args(post(path, manager, form(titleEs, revision)), { id: "1" }))) as Response;

    // B opened it too, and saves first.
    expect((await save("Guardado por B", opened.revision)).status).toBe(303);
    // A saves over what A opened: refused, nothing lost.
    const refused = await save("Guardado por A", opened.revision);
    expect(refused.status).toBe(409);
    const body = await refused.json();
    expect(body).toMatchObject({ conflict: true, result: { initialValue: { titleEs: "Guardado por A" } } });
    expect(body.revision).not.toBe(opened.revision);
    expect((await page()).defaultValue.titleEs).toBe("Guardado por B");
    // A, told, saves again over the current revision: A's text replaces B's.
    expect((await save("Guardado por A", body.revision)).status).toBe(303);
    expect((await page()).defaultValue.titleEs).toBe("Guardado por A");
  });
});
