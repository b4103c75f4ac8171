/**
 * The emergency banner (issue 14 point 5; spec sections 1 and 9): off by default; a manager switches it on in the
 * store console (/store/settings) and every customer page's root data carries it, with the number to phone; a
 * customer's dismissal (a plain post) hides it for that browser until the banner changes again. Staff who are not
 * managers get a 403 and change nothing; a bad number is a 400 with its translated message. Through the server
 * module on each test database, and through the routes on the app's database (PGlite in memory).
 */
import type { Database } from "#server/db/client";
import { DEFAULT_ORDERING_PHONE, bannerShows, emergencyBanner, setEmergencyBanner } from "#server/content/emergency";
import { demoStaff } from "#server/db/seed/staff";
import { answerOf, args, cookie, get, post, sessionOf, thrown } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";

process.env.SESSION_SECRET = "emergency-banner-test-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";

const NOW = "2026-11-20T19:00:00.000Z";
pinStoreNow(NOW);

describe.each(testDatabases())("the emergency banner's setting on $name", (kind) => {
  let t: TestDatabase;
  let staffId: number;
  beforeAll(async () => {
    t = await kind.create();
    staffId = (await t.db.selectFrom("staff").select("id").executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t?.destroy());

  it("is off with the demo number on a new database", async () => {
    expect(await emergencyBanner(t.db, { fresh: true })).toEqual({ on: false, phone: DEFAULT_ORDERING_PHONE, version: null, changedAt: null });
  });

  it("a switch is stored with a new version each time; a dismissal holds only for the version dismissed", async () => {
    const first = await setEmergencyBanner(t.db, { on: true, phone: "55 1234 5678", staffId, now: new Date(NOW) });
    expect(first).toMatchObject({ on: true, phone: "55 1234 5678" });
    expect(await emergencyBanner(t.db, { fresh: true })).toEqual(first);
    expect(bannerShows(first, undefined)).toBe(true);
    expect(bannerShows(first, first.version)).toBe(false);
    const second = await setEmergencyBanner(t.db, { on: true, phone: "55 8765 4321", staffId, now: new Date(Date.parse(NOW) + 60_000) });
    expect(second.version).not.toBe(first.version);
    expect(bannerShows(second, first.version)).toBe(true);
    const off = await setEmergencyBanner(t.db, { on: false, phone: "55 8765 4321", staffId, now: new Date(Date.parse(NOW) + 120_000) });
    expect(bannerShows(off, undefined)).toBe(false);
    const rows = await t.db.selectFrom("site_settings").select(["key", "updated_by"]).execute();
    expect(rows).toEqual([{ key: "emergency_banner", updated_by: staffId }]);
  });

  it("a number that is not one is refused before it is stored", async () => {
    await expect(setEmergencyBanner(t.db, { on: true, phone: "call us!", staffId, now: new Date(NOW) })).rejects.toThrow();
    await expect(setEmergencyBanner(t.db, { on: true, phone: "123", staffId, now: new Date(NOW) })).rejects.toThrow();
  });

  it("another process's change shows on the next read (the content's version moved with it)", async () => {
    await setEmergencyBanner(t.db, { on: false, phone: "55 1234 5678", staffId, now: new Date(NOW) });
    expect((await emergencyBanner(t.db)).on).toBe(false);
    // Another process writes the row behind this one's back.
    await t.db.updateTable("site_settings").set({ value: JSON.stringify({ on: true, phone: "55 1234 5678", version: "elsewhere" }) }).execute();
    expect((await emergencyBanner(t.db)).on).toBe(true);
  });
});

describe("the emergency banner through the routes", () => {
  let db: Database;
  let root: typeof import("~/root");
  let settings: typeof import("~/routes/store.settings");
  let dismiss: typeof import("~/routes/emergency-banner");
  let login: typeof import("~/routes/store.login");
  let managerCookie: string;
  let clerkCookie: string;

  async function signIn(email: string): Promise<string> {
    const password = demoStaff.find((m) => m.email === email)!.password;
    const response = (await login.action(args(post("/store/login", "", { email, password })))) as Response;
    expect(response.status).toBe(303);
    return response.headers.getSetCookie().find((c) => c.startsWith("__staff="))!.split(";")[0]!;
  }
  const rootData = async (cookieHeader: string) => (await (await answerOf(root.loader(args(get("/home", cookieHeader))))).json()) as { emergency: { phone: string } | null };

  beforeAll(async () => {
    db = await (await import("#server/db/client")).getDb();
    root = await import("~/root");
    settings = await import("~/routes/store.settings");
    dismiss = await import("~/routes/emergency-banner");
    login = await import("~/routes/store.login");
    managerCookie = await signIn("gerencia@tienda.example");
    clerkCookie = await signIn("roma@tienda.example");
  });

  it("customer pages carry no banner while it is off (the spec's default)", async () => {
    expect((await rootData(await cookie({ lng: "es" }))).emergency).toBeNull();
  });

  it("staff who are not managers get a 403 and change nothing; nobody signed in goes to the sign-in page", async () => {
    expect((await thrown(settings.loader(args(get("/store/settings", clerkCookie))))).status).toBe(403);
    expect((await thrown(settings.action(args(post("/store/settings", clerkCookie, { on: "on", phone: "55 1234 5678" }))))).status).toBe(403);
    expect((await thrown(settings.action(args(post("/store/settings", "", { on: "on", phone: "55 1234 5678" }))))).headers.get("Location")).toBe("/store/login?redirectTo=%2Fstore%2Fsettings");
    expect(await db.selectFrom("site_settings").selectAll().execute()).toEqual([]);
  });

  it("a bad number is a 400 with the translated message's key beside the field, and nothing is stored", async () => {
    const response = (await settings.action(args(post("/store/settings", managerCookie, { on: "on", phone: "llámanos" })))) as Response;
    expect(response.status).toBe(400);
    expect((await response.json()).result.error).toEqual({ phone: ["store:validation.phoneInvalid"] });
    expect(await db.selectFrom("site_settings").selectAll().execute()).toEqual([]);
  });

  it("a manager switches it on: every customer sees it with the number; a dismissal hides it for that browser until it changes", async () => {
    const saved = (await settings.action(args(post("/store/settings", managerCookie, { on: "on", phone: "55 1234 5678" })))) as Response;
    expect([saved.status, saved.headers.get("Location")]).toEqual([303, "/store/settings"]);
    const shown = await (await settings.loader(args(get("/store/settings", managerCookie)))).json();
    expect(shown.banner).toMatchObject({ on: true, phone: "55 1234 5678" });

    const customer = await cookie({ lng: "es" });
    expect((await rootData(customer)).emergency).toEqual({ phone: "55 1234 5678" });

    const dismissed = (await dismiss.action(args(post("/emergency-banner", customer, { back: "/order/pizzas?x=1" })))) as Response;
    expect([dismissed.status, dismissed.headers.get("Location")]).toEqual([303, "/order/pizzas?x=1"]);
    const after = dismissed.headers.getSetCookie()[0]!.split(";")[0]!;
    expect((await sessionOf(dismissed)).get("emergencyDismissed")).toBe(shown.banner.version);
    expect((await rootData(after)).emergency).toBeNull();
    expect((await rootData(await cookie({ lng: "en" }))).emergency).toEqual({ phone: "55 1234 5678" });

    // A new number is a new banner: it shows again, to that browser too.
    await settings.action(args(post("/store/settings", managerCookie, { on: "on", phone: "55 8765 4321" })));
    expect((await rootData(after)).emergency).toEqual({ phone: "55 8765 4321" });

    // Off: gone for everyone.
    await settings.action(args(post("/store/settings", managerCookie, { phone: "55 8765 4321" })));
    expect((await rootData(await cookie({ lng: "es" }))).emergency).toBeNull();
  });

  it("a dismissal's way back is a path of this site only", async () => {
    const customer = await cookie({ lng: "es" });
    for (const back of ["//evil.example", "https://evil.example/", "/\t/evil.example"]) {
      const response = (await dismiss.action(args(post("/emergency-banner", customer, { back })))) as Response;
      expect(response.headers.get("Location")).toBe("/home");
    }
  });
});
