/**
 * /game/:slug through its route module on the app's own database (issue 12 point 7): login required; a plain post is
 * answered by a 303 to the page that reveals the play, a fetcher's post by the result as data; refusals are the
 * translated GA notices (flashed after a 303, or 404/409/403 data for a fetcher), never a 500. The draw is fixed by
 * COUPON_GAME_TEST_DRAW (taken here: the database is in memory), 50: the demo wheel's REFRESCO.
 */
import { args, cookie, get, post, sessionOf, thrown } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { makeCustomer } from "../support/customers";

process.env.SESSION_SECRET = "game-route-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.COUPON_GAME_TEST_DRAW = "50";
const NOW = "2026-11-20T19:00:00.000Z";
pinStoreNow(NOW);

let db: import("#server/db/client").Database;
let game: typeof import("~/routes/game.$slug/route");
let sessions: typeof import("#server/security/sessions");

beforeAll(async () => {
  db = await (await import("#server/db/client")).getDb();
  game = await import("~/routes/game.$slug/route");
  sessions = await import("#server/security/sessions");
});

/** A fresh customer (confirmed unless told) signed in on a fresh browser. */
async function signedIn(confirmed = true) {
  const { id } = await makeCustomer(db, { confirmed });
  const token = await sessions.openSession(db, { subject: "customer", subjectId: id, now: new Date(NOW), ttlMs: 3_600_000 });
  return { id, session: await cookie({ lng: "es", customerToken: token }) };
}
const params = { slug: "ruleta" };
const page = async (session: string, path = "/game/ruleta", slug = "ruleta") => (await game.loader(args(get(path, session), { slug }))) as Response;
/** A play's post: a document's (no JavaScript), or a fetcher's (`dataRequest`, as the edge marks `?_data=`). */
const play = async (session: string, options: { fetcher?: boolean; slug?: string; fields?: Record<string, string> } = {}) =>
  (await game.action({
    ...args(post(`/game/${options.slug ?? "ruleta"}`, session, options.fields ?? { intent: "play" }), { slug: options.slug ?? "ruleta" }),
    context: { dataRequest: options.fetcher ?? false },
  } as never)) as Response;

describe("/game/:slug", () => {
  it("a guest is sent to sign in and back, to look or to play", async () => {
    const guest = await cookie({ lng: "es" });
    for (const response of [await thrown(game.loader(args(get("/game/ruleta", guest), params))), await thrown(play(guest))]) {
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fgame%2Fruleta");
    }
  });

  it("without JavaScript: the play is a 303 to the page that reveals it; the next is refused with GA-02 and the next period", async () => {
    const { session } = await signedIn();
    const before = await (await page(session)).json();
    expect(before).toMatchObject({
      title: "Ruleta de cupones",
      view: { game: { kind: "wheel" }, playsLeft: 1, canPlay: true, won: [], result: null },
    });
    expect(before.view.prizes.map((p: { label: string }) => p.label)).toEqual(["10 % de descuento", "Refresco de regalo", "Sigue intentando"]);

    const played = await play(session);
    expect(played.status).toBe(303);
    const location = played.headers.get("Location")!;
    expect(location).toMatch(/^\/game\/ruleta\?play=\d+$/);
    const after = await (await page(session, location)).json();
    expect(after.view).toMatchObject({
      playsLeft: 0,
      won: [{ code: "REFRESCO", name: "Refresco de regalo" }],
      result: { prize: { label: "Refresco de regalo", coupon: { code: "REFRESCO", name: "Refresco de regalo" } }, alreadyHad: false },
    });
    expect(after.view.nextPlay).toMatch(/^21 nov 2026/);
    // Another customer's browser does not see that play.
    const other = await signedIn();
    expect((await (await page(other.session, location)).json()).view.result).toBeNull();

    const again = await play(session);
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe("/game/ruleta");
    expect((await sessionOf(again)).get("notice")).toEqual({ tone: "error", key: "errors:ga02", values: { next: "sábado, 21 de noviembre, 00:00" } });
  });

  it("with JavaScript (a fetcher): the result as data, then GA-02 as a 409 notice", async () => {
    const { id, session } = await signedIn();
    const played = await play(session, { fetcher: true });
    expect(played.status).toBe(200);
    expect(await played.json()).toMatchObject({ result: { prize: { coupon: { code: "REFRESCO" } }, alreadyHad: false } });
    expect(await db.selectFrom("customer_coupons").select("source").where("customer_id", "=", id).execute()).toEqual([{ source: "game" }]);
    const again = await play(session, { fetcher: true });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ notice: { tone: "error", key: "errors:ga02", values: { next: "sábado, 21 de noviembre, 00:00" } } });
  });

  it("an unconfirmed email sees the game without a play; its post is GA-03 (403)", async () => {
    const { session } = await signedIn(false);
    expect((await (await page(session)).json()).view).toMatchObject({ canPlay: false, playsLeft: 1 });
    const refused = await play(session, { fetcher: true });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ notice: { key: "errors:ga03" } });
  });

  it("an unknown or paused game is a 404 page with GA-01's message; its post is GA-01", async () => {
    const { session } = await signedIn();
    const missing = await page(session, "/game/no-existe", "no-existe");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ title: "Juego no disponible", view: null, missing: { tone: "error", key: "errors:ga01", values: {} } });
    const refused = await play(session, { fetcher: true, slug: "no-existe" });
    expect(refused.status).toBe(404);
    await db.updateTable("coupon_games").set({ active: false }).where("slug", "=", "ruleta").execute();
    try {
      expect((await page(session)).status).toBe(404);
      const plain = await play(session);
      expect(plain.headers.get("Location")).toBe("/game/ruleta");
      expect((await sessionOf(plain)).get("notice")).toMatchObject({ key: "errors:ga01" });
    } finally {
      await db.updateTable("coupon_games").set({ active: true }).where("slug", "=", "ruleta").execute();
    }
  });

  it("a post that is not a play is a 400 with a message, nothing played", async () => {
    const { id, session } = await signedIn();
    const response = await play(session, { fields: { intent: "cheat", prize: "1" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ notice: { tone: "error", key: "game:badForm" } });
    expect(await db.selectFrom("coupon_game_plays").select("id").where("customer_id", "=", id).execute()).toEqual([]);
  });
});
