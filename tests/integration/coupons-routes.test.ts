/**
 * The coupon pages through their route modules on the app's own database (issue 12 points 3, 5 and 6):
 * /crm/coupon/:code? (login required; the GET shows and attaches nothing, the POST attaches, 303 to /order/coupons),
 * /order/coupons (the coupons category, a page of its own: login required while the spec's flag is on; the visitor's
 * coupons with their apply forms' data) and the profile's coupon history (CPH-01 when it cannot be read).
 */
import { constants } from "#server/config";
import { args, cookie, get, post, sessionOf, thrown } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { makeCoupon } from "../support/coupons";
import { makeCustomer, signedInCookie } from "../support/customers";

process.env.SESSION_SECRET = "coupon-routes-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";
const NOW = "2026-11-20T19:00:00.000Z";
process.env.STORE_NOW = NOW;
pinStoreNow(NOW);

let db: import("#server/db/client").Database;
let crm: typeof import("~/routes/crm.coupon.($code)/route");
let coupons: typeof import("~/routes/order.coupons/route");
let menu: typeof import("~/routes/order.($slug).($sub).($uuid)/route");
let profile: typeof import("~/routes/profile/route");

beforeAll(async () => {
  db = await (await import("#server/db/client")).getDb();
  crm = await import("~/routes/crm.coupon.($code)/route");
  coupons = await import("~/routes/order.coupons/route");
  menu = await import("~/routes/order.($slug).($sub).($uuid)/route");
  profile = await import("~/routes/profile/route");
});

let addresses = 0;
/** A route call from a client address of its own (the per-address guess limit is per test). */
const withAddress = (request: Request, params: Record<string, string> = {}) =>
  ({ ...args(request, params), context: { clientAddress: `192.0.2.${++addresses}` } }) as never;
const signedIn = async () => {
  const customer = await makeCustomer(db);
  return { ...customer, session: await signedInCookie(db, customer.id, { lng: "es" }) };
};
const attachedRows = (customerId: number) => db.selectFrom("customer_coupons").select(["coupon_id", "source"]).where("customer_id", "=", customerId).execute();
type CrmPage = { coupon: { code: string; attached: boolean } | null; notice: { key: string; link?: { to: string } } | null };
type CrmPost = { notice: { key: string; link?: { to: string } } | null; result: { error?: Record<string, string[]> } };

describe("/crm/coupon/:code?", () => {
  it("a guest is sent to sign in, and back to the campaign's link afterwards", async () => {
    const guest = await cookie({ lng: "es" });
    const response = await thrown(Promise.resolve().then(() => crm.loader(withAddress(get("/crm/coupon/BIENVENIDA", guest), { code: "BIENVENIDA" }))));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fcrm%2Fcoupon%2FBIENVENIDA");
    const posted = await thrown(Promise.resolve().then(() => crm.action(withAddress(post("/crm/coupon", guest, { intent: "attach", code: "BIENVENIDA" })))));
    expect(posted.headers.get("Location")).toBe("/login?redirectTo=%2Fcrm%2Fcoupon");
  });

  it("the campaign's link shows the coupon and attaches nothing (a prefetch neither)", async () => {
    const { id, session } = await signedIn();
    for (let i = 0; i < 3; i++) {
      const response = (await crm.loader(withAddress(get("/crm/coupon/bienvenida", session), { code: "bienvenida" }))) as Response;
      expect(response.status).toBe(200);
      const page = (await response.json()) as CrmPage & { coupon: { gives: unknown; terms: unknown[] } };
      expect(page.coupon).toMatchObject({ code: "BIENVENIDA", attached: false, gives: { kind: "amount", amountCents: 10_000 } });
      expect(page.coupon?.terms).toContainEqual({ kind: "minAmount", amountCents: 40_000 });
    }
    expect(await attachedRows(id)).toEqual([]);
    // Without a code: the form to type one.
    const form = (await (crm.loader(withAddress(get("/crm/coupon", session))) as Promise<Response>).then((r) => r.json())) as CrmPage;
    expect(form).toMatchObject({ coupon: null, notice: null });
  });

  it("attaching: 303 to /order/coupons with the notice; a second time says it was already there", async () => {
    const { id, session } = await signedIn();
    const first = (await crm.action(withAddress(post("/crm/coupon", session, { intent: "attach", code: "BIENVENIDA" })))) as Response;
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe("/order/coupons");
    expect((await sessionOf(first)).get("notice")).toMatchObject({ tone: "success", key: "notices.coupons.attached" });
    const second = (await crm.action(withAddress(post("/crm/coupon", session, { intent: "attach", code: " bienvenida " })))) as Response;
    expect(second.status).toBe(303);
    expect((await sessionOf(second)).get("notice")).toMatchObject({ tone: "info", key: "notices.coupons.alreadyAttached" });
    const bienvenida = await db.selectFrom("coupons").select("id").where("code", "=", "BIENVENIDA").executeTakeFirstOrThrow();
    expect(await attachedRows(id)).toEqual([{ coupon_id: bienvenida.id, source: "crm" }]);
    // The link now says it is in the account.
    const page = (await (crm.loader(withAddress(get("/crm/coupon/BIENVENIDA", session), { code: "BIENVENIDA" })) as Promise<Response>).then((r) => r.json())) as CrmPage;
    expect(page.coupon).toMatchObject({ attached: true });
  });

  it("an unknown code: CP-12 with a link to the deals (404), on the link and when typed; a bad code is a 400", async () => {
    const { id, session } = await signedIn();
    const link = (await crm.loader(withAddress(get("/crm/coupon/NOEXISTE", session), { code: "NOEXISTE" }))) as Response;
    expect(link.status).toBe(404);
    expect(await link.json()).toMatchObject({ coupon: null, notice: { key: "errors:cp12", link: { to: "/order/deals" } } });
    const typed = (await crm.action(withAddress(post("/crm/coupon", session, { intent: "attach", code: "NOEXISTE" })))) as Response;
    expect(typed.status).toBe(404);
    expect((await typed.json()) as CrmPost).toMatchObject({ notice: { key: "errors:cp12", link: { to: "/order/deals" } } });
    const bad = (await crm.action(withAddress(post("/crm/coupon", session, { intent: "attach", code: "x" })))) as Response;
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as CrmPost).result.error).toMatchObject({ code: ["coupons:crm.codeFormat"] });
    const empty = (await crm.action(withAddress(post("/crm/coupon", session, { intent: "attach", code: "  " })))) as Response;
    expect(((await empty.json()) as CrmPost).result.error).toMatchObject({ code: ["required"] });
    expect(await attachedRows(id)).toEqual([]);
  });

  it("another customer's coupon: CP-08 (403), not attached", async () => {
    const { id, session } = await signedIn();
    const someoneElse = await makeCustomer(db);
    const theirs = await makeCoupon(db, { listed: false, conditions: { customerId: someoneElse.id } });
    const response = (await crm.action(withAddress(post("/crm/coupon", session, { intent: "attach", code: theirs.code })))) as Response;
    expect(response.status).toBe(403);
    const body = (await response.json()) as CrmPost;
    expect(body.notice).toMatchObject({ key: "errors:cp08" });
    expect(body.notice?.link).toBeUndefined();
    expect(await attachedRows(id)).toEqual([]);
  });

  it("too many wrong guesses from one account: 429 with the minutes to wait", async () => {
    const { session } = await signedIn();
    for (let i = 0; i < 10; i++) {
      const guess = (await crm.action(withAddress(post("/crm/coupon", session, { intent: "attach", code: `NOEXISTE-${i}` })))) as Response;
      expect(guess.status).toBe(404);
    }
    const refused = (await crm.action(withAddress(post("/crm/coupon", session, { intent: "attach", code: "BIENVENIDA" })))) as Response;
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as CrmPost).notice).toMatchObject({ key: "errors:signInThrottled", values: { minutes: 60, count: 60 } });
  });
});

describe("/order/coupons", () => {
  const couponsPage = async (session: string) => {
    const response = (await coupons.loader(args(get("/order/coupons", session)))) as Response;
    return (await response.json()) as { category: { name: string }; games: { href: string; name: string }[]; coupons: { code: string; attached: boolean; signInFirst: boolean; terms: unknown[] }[]; signInPath: string };
  };

  it("a guest is sent to sign in and back (the spec's flag is on)", async () => {
    expect(constants.couponPageLoginRequired).toBe(true);
    const response = await thrown(coupons.loader(args(get("/order/coupons", await cookie({ lng: "es" })))));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Forder%2Fcoupons");
  });

  it("with the flag off a guest sees the public coupons, those needing an account marked", async () => {
    constants.couponPageLoginRequired = false;
    try {
      const page = await couponsPage(await cookie({ lng: "es" }));
      expect(page.signInPath).toBe("/login?redirectTo=%2Forder%2Fcoupons");
      expect(page.coupons.find((c) => c.code === "AHORRA50")).toMatchObject({ signInFirst: true });
      expect(page.coupons.find((c) => c.code === "PIZZA15")).toMatchObject({ signInFirst: false });
      expect(page.coupons.map((c) => c.code)).not.toContain("BIENVENIDA");
    } finally {
      constants.couponPageLoginRequired = true;
    }
  });

  it("a customer sees the public coupons and the ones attached to the account, with the cart hidden", async () => {
    const { session } = await signedIn();
    const before = await couponsPage(session);
    expect(before.category.name).toBe("Cupones");
    expect(before.games).toEqual([{ href: "/game/ruleta", name: "Ruleta de cupones" }]);
    expect(before.coupons.map((c) => c.code)).toEqual(expect.arrayContaining(["PIZZA15", "AHORRA50"]));
    expect(before.coupons.map((c) => c.code)).not.toContain("BIENVENIDA");
    // The days of a weekdays coupon are named in the visitor's language by the loader.
    expect(before.coupons.find((c) => c.code === "LUNESMARTES")?.terms).toContainEqual({ kind: "weekdays", days: "lunes y martes" });
    await crm.action(withAddress(post("/crm/coupon", session, { intent: "attach", code: "BIENVENIDA" })));
    const after = await couponsPage(session);
    expect(after.coupons[0]).toMatchObject({ code: "BIENVENIDA", attached: true, signInFirst: false });
  });

  it("the menu's route sends the coupons category, with any sub-path, to the coupons page", async () => {
    const paths: Record<string, string>[] = [{ slug: "coupons" }, { slug: "coupons", sub: "x" }, { slug: "coupons", sub: "x", uuid: "00000000-0000-4000-8000-000000000000" }];
    for (const params of paths) {
      const response = await thrown(menu.loader(args(get("/order/coupons/x", await cookie({ lng: "es" })), params)));
      expect(response.headers.get("Location"), JSON.stringify(params)).toBe("/order/coupons");
    }
  });
});

describe("the profile's coupon history", () => {
  const profilePage = async (session: string) =>
    (await (profile.loader(args(get("/profile", session))) as Promise<Response>).then((r) => r.json())) as {
      coupons: { history: { attached: { code: string; problem: string | null }[]; used: unknown[] } | null; notice: { key: string } | null };
    };

  it("shows the coupons waiting in the account", async () => {
    const { session } = await signedIn();
    await crm.action(withAddress(post("/crm/coupon", session, { intent: "attach", code: "BIENVENIDA" })));
    const page = await profilePage(session);
    expect(page.coupons.notice).toBeNull();
    expect(page.coupons.history).toMatchObject({ used: [], attached: [{ code: "BIENVENIDA", problem: null }] });
  });

  it("CPH-01 when the history cannot be read; the rest of the profile still shows", async () => {
    const { session } = await signedIn();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    await db.schema.alterTable("coupon_uses").renameTo("coupon_uses_away").execute();
    try {
      const page = (await profilePage(session)) as Awaited<ReturnType<typeof profilePage>> & { customer: { name: string } };
      expect(page.coupons).toEqual({ history: null, notice: { tone: "error", key: "errors:cph01", values: {} }, timeZone: "America/Mexico_City" });
      expect(page.customer.name).toBe("Ana López");
      expect(quiet).toHaveBeenCalled();
    } finally {
      await db.schema.alterTable("coupon_uses_away").renameTo("coupon_uses").execute();
      quiet.mockRestore();
    }
  });
});
