/**
 * Saved places (issue 11, point 7): the rules of server/customers/locations.ts on each test database (every call
 * scoped to its customer, one default, the cap, under concurrency), then the pages through the app's own route
 * modules on the same database: /add-location/:id? (login, save, delete, make-default, 400/404/422), the home
 * page's "deliver to a saved place" (the address form's path), and the checkout prefilled for a customer.
 */
import type { Database } from "#server/db/client";
import { SERVED_POSTAL_CODE, UNSERVED_POSTAL_CODE } from "#server/db/seed";
import type { PlaceForm } from "#server/customers/location-rules";
import { args, cookie, get, hawaiianCart, post, sessionOf, thrown } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";

process.env.SESSION_SECRET = "places-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";

// Friday 2026-11-20, 15:00 in Mexico City: the outlets are open for ASAP orders.
const NOW = "2026-11-20T21:00:00.000Z";
pinStoreNow(NOW);
const at = new Date(NOW);

let locations: typeof import("#server/customers/locations");
let rules: typeof import("#server/customers/location-rules");
let sessions: typeof import("#server/security/sessions");
let addLocation: typeof import("~/routes/add-location.($id)/route");
let home: typeof import("~/routes/home");
let checkout: typeof import("~/routes/checkout/route");

beforeAll(async () => {
  locations = await import("#server/customers/locations");
  rules = await import("#server/customers/location-rules");
  sessions = await import("#server/security/sessions");
  addLocation = await import("~/routes/add-location.($id)/route");
  home = await import("~/routes/home");
  checkout = await import("~/routes/checkout/route");
});

/** The app's process-wide database (server/db/client.ts's getDb) becomes the suite's. */
const app = globalThis as typeof globalThis & { __storefrontDb?: Promise<Database> };

/** A place in Roma Norte (06700, delivered by MX-ROM-01). */
const PLACE: PlaceForm = {
  name: "Casa",
  street: "Calle Orizaba",
  exteriorNumber: "101",
  interiorNumber: "4",
  houseNumber: "Casa 2",
  reference: "Entre Colima y Durango",
  landmark: "Frente al parque",
  instructions: "Tocar dos veces",
  postalCode: SERVED_POSTAL_CODE,
  city: "Ciudad de México",
  state: "CDMX",
};

let emails = 0;
async function newCustomer(db: Database, firstName = "Ana"): Promise<number> {
  emails++;
  const row = await db
    .insertInto("customers")
    .values({
      email: `cliente${emails}@correo.mx`,
      first_name: firstName,
      last_name: "López",
      phone: "5512345678",
      password_hash: null,
      created_at: at,
      updated_at: at,
      email_confirmed_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.each(testDatabases())("saved places on $name", (kind) => {
  let t: TestDatabase;
  let ana: number;
  let beto: number;
  beforeAll(async () => {
    t = await kind.create();
    app.__storefrontDb = Promise.resolve(t.db);
  });
  afterAll(async () => {
    app.__storefrontDb = undefined;
    await t?.destroy();
  });
  beforeEach(async () => {
    ana = await newCustomer(t.db, "Ana");
    beto = await newCustomer(t.db, "Beto");
  });

  const save = (customer: number, over: Partial<PlaceForm> = {}, makeDefault = false) =>
    locations.createPlace(t.db, customer, { ...PLACE, ...over }, { now: at, makeDefault });
  const defaults = async (customer: number) => (await locations.listPlaces(t.db, customer)).filter((p) => p.isDefault).map((p) => p.name);
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: { code?: string; data?: unknown }) => ({ code: error.code, data: error.data }));

  describe("the rules", () => {
    it("the first place becomes the default; the list is the default first, then the oldest", async () => {
      const casa = await save(ana);
      expect(casa).toMatchObject({ ...PLACE, isDefault: true });
      await save(ana, { name: "Oficina" });
      const gym = await save(ana, { name: "Gimnasio" }, true);
      expect(gym.isDefault).toBe(true);
      expect((await locations.listPlaces(t.db, ana)).map((p) => [p.name, p.isDefault])).toEqual([
        ["Gimnasio", true],
        ["Casa", false],
        ["Oficina", false],
      ]);
      expect(await locations.listPlaces(t.db, beto)).toEqual([]);
    });

    it("a place is changed in place; make-default on save moves the default", async () => {
      const casa = await save(ana);
      const oficina = await save(ana, { name: "Oficina" });
      const changed = await locations.updatePlace(t.db, ana, oficina.id, { ...PLACE, name: "Oficina nueva", interiorNumber: "" }, { now: at });
      expect(changed).toMatchObject({ id: oficina.id, name: "Oficina nueva", interiorNumber: "", isDefault: false });
      await locations.updatePlace(t.db, ana, oficina.id, { ...PLACE, name: "Oficina nueva" }, { now: at, makeDefault: true });
      expect(await defaults(ana)).toEqual(["Oficina nueva"]);
      expect((await locations.getPlace(t.db, ana, casa.id)).isDefault).toBe(false);
    });

    it("another customer's place and an unknown id are the same CUS-100011, for every call, and nothing changes", async () => {
      const casa = await save(ana);
      const notFound = { code: "CUS-100011", data: {} };
      expect(await refusal(locations.getPlace(t.db, beto, casa.id))).toEqual(notFound);
      expect(await refusal(locations.getPlace(t.db, ana, 2_000_000_000))).toEqual(notFound);
      expect(await refusal(locations.updatePlace(t.db, beto, casa.id, { ...PLACE, name: "Mía" }, { now: at }))).toEqual(notFound);
      expect(await refusal(locations.makeDefaultPlace(t.db, beto, casa.id, at))).toEqual(notFound);
      expect(await refusal(locations.deletePlace(t.db, beto, casa.id, at))).toEqual(notFound);
      expect(await locations.getPlace(t.db, ana, casa.id)).toMatchObject({ name: "Casa", isDefault: true });
      expect(await locations.listPlaces(t.db, beto)).toEqual([]);
    });

    it("deleting the default promotes the oldest remaining; deleting the last leaves none; a second delete is CUS-100011", async () => {
      const casa = await save(ana);
      const oficina = await save(ana, { name: "Oficina" });
      const gym = await save(ana, { name: "Gimnasio" });
      await locations.makeDefaultPlace(t.db, ana, gym.id, at);
      await locations.deletePlace(t.db, ana, gym.id, at);
      expect(await defaults(ana)).toEqual(["Casa"]);
      await locations.deletePlace(t.db, ana, oficina.id, at);
      expect(await defaults(ana)).toEqual(["Casa"]);
      await locations.deletePlace(t.db, ana, casa.id, at);
      expect(await locations.listPlaces(t.db, ana)).toEqual([]);
      expect(await refusal(locations.deletePlace(t.db, ana, casa.id, at))).toMatchObject({ code: "CUS-100011" });
      // The next place saved is the default again.
      expect((await save(ana, { name: "Nueva" })).isDefault).toBe(true);
    });

    it("two make-default calls at once leave exactly one default (the database's index never breaks)", async () => {
      const places = [await save(ana), await save(ana, { name: "Oficina" }), await save(ana, { name: "Gimnasio" })];
      // On Postgres the twin is another pool: the calls run on separate connections, truly at once.
      const other = t.twin?.() ?? t.db;
      for (let round = 0; round < 5; round++) {
        const [a, b] = [places[(round + 1) % 3]!, places[(round + 2) % 3]!];
        await Promise.all([locations.makeDefaultPlace(t.db, ana, a.id, at), locations.makeDefaultPlace(other, ana, b.id, at)]);
        const now = await defaults(ana);
        expect(now).toHaveLength(1);
        expect([a.name, b.name]).toContain(now[0]);
      }
      if (other !== t.db) await other.destroy();
    });

    it(`at most ${20} places: the next is PLACES-LIMIT with the maximum; two saves at the edge make one place`, async () => {
      expect(rules.PLACES_MAX).toBe(20);
      for (let i = 0; i < rules.PLACES_MAX - 1; i++) await save(ana, { name: `Lugar ${i}` });
      const other = t.twin?.() ?? t.db;
      const outcomes = await Promise.allSettled([save(ana, { name: "Uno" }), locations.createPlace(other, ana, { ...PLACE, name: "Otro" }, { now: at })]);
      if (other !== t.db) await other.destroy();
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      const rejected = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
      expect(rejected.reason).toMatchObject({ code: "PLACES-LIMIT", data: { max: 20 } });
      expect(await locations.listPlaces(t.db, ana)).toHaveLength(20);
      expect(await refusal(save(ana, { name: "Otro más" }))).toEqual({ code: "PLACES-LIMIT", data: { max: 20 } });
      // Another customer is not limited by Ana's places.
      await save(beto);
    });
  });

  describe("the pages", () => {
    /** A signed-in customer's session cookie (a server-side session, as the sign-in opens it), with `extra` in it. */
    async function signedIn(customer: number, extra: Record<string, unknown> = {}) {
      const token = await sessions.openSession(t.db, { subject: "customer", subjectId: customer, now: at, ttlMs: 3_600_000 });
      return cookie({ customerToken: token, lng: "es", ...extra });
    }
    const form = (over: Record<string, string> = {}) => ({ intent: "save", ...(PLACE as unknown as Record<string, string>), ...over });
    const postPlace = async (path: string, session: string, fields: Record<string, string>, id?: string) =>
      (await addLocation.action(args(post(path, session, fields), id ? { id } : {}))) as Response;

    it("/add-location asks a guest to sign in first, and comes back here", async () => {
      const response = await thrown(addLocation.loader(args(get("/add-location/12?x=1", await cookie({ lng: "es" })), { id: "12" })));
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/add-location/12?x=1")}`);
      const posted = await thrown(addLocation.action(args(post("/add-location", await cookie({ lng: "es" }), form()))));
      expect(posted.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/add-location")}`);
    });

    it("adds a place: 303 to the profile with the notice; an invalid form is a 400 with every field's error", async () => {
      const session = await signedIn(ana);
      const invalid = await postPlace("/add-location", session, form({ name: "", postalCode: "123", landmark: "<b>" }));
      expect(invalid.status).toBe(400);
      expect((await invalid.json()).result.error).toEqual({ name: ["required"], postalCode: ["postalCode"], landmark: ["addressCharacters"] });
      expect(await locations.listPlaces(t.db, ana)).toEqual([]);

      const saved = await postPlace("/add-location", session, form());
      expect(saved.status).toBe(303);
      expect(saved.headers.get("Location")).toBe("/profile");
      expect((await sessionOf(saved)).get("notice")).toEqual({ tone: "success", key: "notices.account.placeSaved" });
      expect(await locations.listPlaces(t.db, ana)).toMatchObject([{ ...PLACE, isDefault: true }]);
    });

    it("goes back to a safe redirectTo only", async () => {
      const session = await signedIn(ana);
      const back = await postPlace("/add-location", session, form({ redirectTo: "/checkout" }));
      expect(back.headers.get("Location")).toBe("/checkout");
      // A refused form keeps the redirectTo it carried (the page's URL no longer has it).
      const invalid = await postPlace("/add-location", session, form({ name: "", redirectTo: "/checkout" }));
      expect((await invalid.json()).result.initialValue).toMatchObject({ redirectTo: "/checkout" });
      const evil = await postPlace("/add-location", session, form({ redirectTo: "//evil.example/x" }));
      expect(evil.headers.get("Location")).toBe("/profile");
      const page = (await addLocation.loader(args(get("/add-location?redirectTo=https://evil.example", session)))) as Response;
      expect((await page.json()).redirectTo).toBe("/profile");
    });

    it("edits, makes default and deletes the customer's own place", async () => {
      const session = await signedIn(ana);
      const casa = await save(ana);
      const oficina = await save(ana, { name: "Oficina" });
      const page = (await addLocation.loader(args(get(`/add-location/${oficina.id}`, session), { id: String(oficina.id) }))) as Response;
      const data = await page.json();
      expect(data.place).toMatchObject({ id: oficina.id, name: "Oficina", street: "Calle Orizaba" });
      expect(data.places.map((p: { name: string }) => p.name)).toEqual(["Casa", "Oficina"]);

      const edited = await postPlace(`/add-location/${oficina.id}`, session, form({ name: "Trabajo", street: "Av. Reforma" }), String(oficina.id));
      expect(edited.status).toBe(303);
      expect(await locations.getPlace(t.db, ana, oficina.id)).toMatchObject({ name: "Trabajo", street: "Av. Reforma", isDefault: false });

      const madeDefault = await postPlace(`/add-location/${oficina.id}`, session, { intent: "make-default", redirectTo: "/add-location" }, String(oficina.id));
      expect(madeDefault.headers.get("Location")).toBe("/add-location");
      expect(await defaults(ana)).toEqual(["Trabajo"]);

      const deleted = await postPlace(`/add-location/${oficina.id}`, session, { intent: "delete" }, String(oficina.id));
      expect(deleted.headers.get("Location")).toBe("/profile");
      expect((await sessionOf(deleted)).get("notice")).toEqual({ tone: "success", key: "notices.account.placeDeleted" });
      expect(await locations.listPlaces(t.db, ana)).toMatchObject([{ id: casa.id, isDefault: true }]);
    });

    it("another customer's place, an unknown id and a non-id are a 404 (CUS-100011), for the page and every form", async () => {
      const casa = await save(ana);
      const session = await signedIn(beto);
      for (const id of [String(casa.id), "2000000000", "abc", "99999999999"]) {
        const page = await thrown(addLocation.loader(args(get(`/add-location/${id}`, session), { id })));
        expect(page.status).toBe(404);
        expect(await page.json()).toEqual({ code: "CUS-100011" });
        for (const fields of [form(), { intent: "delete" }, { intent: "make-default" }]) {
          const answer = await thrown(postPlace(`/add-location/${id}`, session, fields, id));
          expect(answer.status).toBe(404);
        }
      }
      // Delete and make-default without an id name no place.
      expect((await thrown(postPlace("/add-location", session, { intent: "delete" }))).status).toBe(404);
      expect(await locations.getPlace(t.db, ana, casa.id)).toMatchObject({ ...PLACE, isDefault: true });
    });

    it("the place beyond the cap is a 422 with the translated refusal and the form as typed", async () => {
      for (let i = 0; i < rules.PLACES_MAX; i++) await save(ana, { name: `Lugar ${i}` });
      const answer = await postPlace("/add-location", await signedIn(ana), form({ name: "Uno más" }));
      expect(answer.status).toBe(422);
      const body = await answer.json();
      expect(body.notice).toEqual({ tone: "error", key: "errors:placesLimit", values: { max: 20 } });
      expect(body.result.initialValue).toMatchObject({ name: "Uno más" });
    });

    it("/home offers a signed-in customer's places (the default first), and none to a guest", async () => {
      await save(ana);
      await save(ana, { name: "Oficina" }, true);
      const page = (await home.loader(args(get("/home", await signedIn(ana))))) as Response;
      expect((await page.json()).places).toEqual([
        expect.objectContaining({ name: "Oficina", isDefault: true, line: "Calle Orizaba 101 – 4, 06700 Ciudad de México" }),
        expect.objectContaining({ name: "Casa", isDefault: false }),
      ]);
      const guest = (await home.loader(args(get("/home", await cookie({ lng: "es" }))))) as Response;
      expect((await guest.json()).places).toEqual([]);
    });

    it("a place's button on /home chooses delivery to it as the address form does, then the checkout starts from it", async () => {
      const casa = await save(ana);
      const chosen = (await home.action(args(post("/home", await signedIn(ana), { placeId: String(casa.id) })))) as Response;
      expect(chosen.status).toBe(303);
      expect(chosen.headers.get("Location")).toMatch(/^\/order\//);
      const disposition = (await sessionOf(chosen)).get("disposition");
      expect(disposition).toMatchObject({
        orderType: "D",
        postalCode: SERVED_POSTAL_CODE,
        outletName: "Roma Norte",
        st: "Calle Orizaba",
        houseNo: "101",
        interiorNo: "4",
        cityName: "Ciudad de México",
        prefectureName: "CDMX",
        landmark: "Frente al parque",
        locationName: "Casa",
        placeId: casa.id,
      });

      // The same address typed in the home form makes the same disposition, but no saved place.
      const typed = (await home.action(args(post("/home", await cookie({ lng: "es" }), { orderType: "D", st: "Calle Orizaba", houseNo: "101", interiorNo: "4", cityName: "Ciudad de México", prefectureName: "CDMX", postalCode: SERVED_POSTAL_CODE, landmark: "Frente al parque" })))) as Response;
      const { placeId: _id, locationName: _name, lat: _lat, long: _long, ...rest } = disposition!;
      const { lat: _lat2, long: _long2, ...typedRest } = (await sessionOf(typed)).get("disposition")!;
      expect(typedRest).toEqual(rest);

      // Checkout: contact from the profile, the address from the place, the comment from its reference and instructions.
      const cartUuid = await hawaiianCart(t.db, disposition!.outletId, "D");
      const page = (await checkout.loader(args(get("/checkout", await signedIn(ana, { disposition, cartUuid, sid: "browser-a" }))))) as Response;
      const { form: data } = await page.json();
      expect(data.prefill).toEqual({
        name: "Ana",
        surname: "López",
        email: expect.stringMatching(/@correo\.mx$/),
        mobile: "5512345678",
        comment: "Casa 2. Entre Colima y Durango. Tocar dos veces",
      });
      expect(data.address).toEqual({ st: "Calle Orizaba", houseNo: "101", interiorNo: "4", cityName: "Ciudad de México", prefectureName: "CDMX", landmark: "Frente al parque" });

      // A guest's checkout starts empty, as before; a place deleted since leaves the contact only.
      const guest = (await checkout.loader(args(get("/checkout", await cookie({ disposition, cartUuid, sid: "browser-b" }))))) as Response;
      expect((await guest.json()).form.prefill).toEqual({});
      await locations.deletePlace(t.db, ana, casa.id, at);
      const after = (await checkout.loader(args(get("/checkout", await signedIn(ana, { disposition, cartUuid, sid: "browser-a" }))))) as Response;
      expect((await after.json()).form.prefill).not.toHaveProperty("comment");
    });

    it("a posted checkout keeps what was typed over the prefill", async () => {
      const casa = await save(ana);
      const chosen = (await home.action(args(post("/home", await signedIn(ana), { placeId: String(casa.id) })))) as Response;
      const disposition = (await sessionOf(chosen)).get("disposition");
      const cartUuid = await hawaiianCart(t.db, disposition!.outletId, "D");
      const session = await signedIn(ana, { disposition, cartUuid, sid: "browser-a" });
      const answer = (await checkout.action(args(post("/checkout", session, { name: "Otra", surname: "", email: "otra@correo.mx", mobile: "5500000000", comment: "Sin cebolla" })))) as Response;
      expect(answer.status).toBe(400);
      expect((await answer.json()).result.initialValue).toMatchObject({ name: "Otra", email: "otra@correo.mx", comment: "Sin cebolla" });
    });

    it("a place no outlet delivers to gets the address form's refusal; another's place a 404; a guest's post a 401", async () => {
      const far = await save(ana, { name: "San Ángel", postalCode: UNSERVED_POSTAL_CODE });
      const refused = (await home.action(args(post("/home", await signedIn(ana), { placeId: String(far.id) })))) as Response;
      expect(refused.status).toBe(422);
      const body = await refused.json();
      expect(body).toMatchObject({ notice: { tone: "error", key: "errors:noOutlet" }, carryoutNear: UNSERVED_POSTAL_CODE, result: null });

      const other = (await home.action(args(post("/home", await signedIn(beto), { placeId: String(far.id) })))) as Response;
      expect(other.status).toBe(404);
      expect((await other.json()).notice).toMatchObject({ key: "errors:locationNotFound" });
      const junk = (await home.action(args(post("/home", await signedIn(ana), { placeId: "1e3" })))) as Response;
      expect(junk.status).toBe(404);

      const guest = (await home.action(args(post("/home", await cookie({ lng: "es" }), { placeId: String(far.id) })))) as Response;
      expect(guest.status).toBe(401);
      expect((await guest.json()).notice).toMatchObject({ key: "errors:sessionExpired" });
    });

    it("with products in a carry-out cart, a place asks for the confirmation, which posts the place again", async () => {
      const casa = await save(ana);
      const roma = await t.db.selectFrom("outlets").selectAll().where("code", "=", "MX-ROM-01").executeTakeFirstOrThrow();
      const outlets = await import("#server/outlets/outlets");
      const cartUuid = await hawaiianCart(t.db, roma.id, "C");
      const session = await signedIn(ana, { disposition: outlets.dispositionFor(roma, "C"), cartUuid });
      const asked = (await home.action(args(post("/home", session, { placeId: String(casa.id) })))) as Response;
      expect(asked.status).toBe(409);
      const { confirm } = await asked.json();
      expect(confirm.choice).toMatchObject({ orderType: "D", placeId: casa.id, postalCode: SERVED_POSTAL_CODE });
      const fields = Object.fromEntries(Object.entries(confirm.choice).map(([k, v]) => [k, String(v)]));
      const confirmed = (await home.action(args(post("/home", session, { ...fields, confirm: "1" })))) as Response;
      expect(confirmed.status).toBe(303);
      expect((await sessionOf(confirmed)).get("disposition")).toMatchObject({ orderType: "D", placeId: casa.id, st: "Calle Orizaba" });
    });
  });
});
