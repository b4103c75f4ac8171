/**
 * Managers' coupons (issue 12 point 8, beyond the spec): a manager creates, edits, pauses and resumes coupons that
 * the rules then read (findCouponByCode + checkCoupon); editing never resets the uses the orders counted; a code
 * already taken, and products, combos, outlets and customers that do not exist, are refused beside their fields;
 * staff who are not managers are refused. Through the server functions on each test database (PGlite, and Postgres
 * when TEST_DATABASE_URL is set), and through the app's routes (on the app's database, PGlite in memory).
 */
import type { Database } from "#server/db/client";
import { buildCouponDraft, type CouponFormInput } from "#server/coupons/admin-form";
import { couponChoices, couponForEdit, listCoupons, saveCoupon, setCouponActive, type SaveOutcome } from "#server/coupons/admin";
import { checkCoupon, type CouponCheckInput } from "#server/coupons/rules";
import { findCouponByCode } from "#server/coupons/store";
import { recordCouponUse } from "#server/coupons/uses";
import { productUuid } from "#server/db/seed";
import { demoStaff } from "#server/db/seed/staff";
import { findStaff, saveStaff, setStaffRole, type StaffMember } from "#server/staff/staff";
import { args, get, post, thrown } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";
import { placeTestOrder } from "../support/orders";
import { refusal } from "../support/refusal";

process.env.SESSION_SECRET = "store-coupons-test-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";

const NOW = "2026-11-20T19:00:00.000Z"; // Friday 13:00 in Mexico City
pinStoreNow(NOW);
const at = new Date(NOW);
const PASSWORD = "store-coupons-password";
const ROMA = "MX-ROM-01";

function draftOf(input: CouponFormInput) {
  const result = buildCouponDraft(input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.draft;
}

async function member(db: Database, email: string, role: "staff" | "manager"): Promise<StaffMember> {
  const { id } = await saveStaff(db, { email, name: email.split("@")[0]!, password: PASSWORD, outletCodes: [ROMA], role, now: at });
  return (await findStaff(db, id))!;
}

/** A carry-out cart of $300 at Roma Norte, ASAP, for a guest: what a plain percent coupon applies to. */
const cart: CouponCheckInput = {
  lines: [{ productUuid: productUuid("PZ-PEPPERONI"), quantity: 1, totalCents: 30_000, couponCode: null }],
  deliveryFeeCents: 0,
  orderType: "C",
  outlet: { code: ROMA, timeZone: "America/Mexico_City", openAtOrderTime: true },
  orderTime: null,
  now: at,
  channel: "web",
  customer: null,
  payment: null,
  uses: { byCustomer: 0, total: 0 },
  applied: [],
};

const codeTaken = { code: ["store:coupons.v.codeTaken"] };
const errorsOf = (outcome: SaveOutcome) => (!outcome.ok && "errors" in outcome ? outcome.errors : undefined);

describe.each(testDatabases())("managers' coupons on $name", (kind) => {
  let t: TestDatabase;
  let manager: StaffMember;
  let clerk: StaffMember;
  beforeAll(async () => {
    t = await kind.create();
    manager = await member(t.db, "gerente@tienda.test", "manager");
    clerk = await member(t.db, "cajero@tienda.test", "staff");
  });
  afterAll(() => t?.destroy());

  it("a manager creates a percent coupon: the rules read it as typed, and the list shows it with 0 uses", async () => {
    const saved = await saveCoupon(t.db, manager, {
      draft: draftOf({ code: "prueba20", nameEs: "20 % de prueba", nameEn: "20% test", type: "3", percent: "20", maxAmount: "100", minAmount: "200", generationLimit: "50" }),
      now: at,
    });
    expect(saved).toMatchObject({ ok: true, code: "PRUEBA20" });
    const coupon = await findCouponByCode(t.db, "prueba20");
    expect(coupon).toMatchObject({
      code: "PRUEBA20",
      name: { es: "20 % de prueba", en: "20% test" },
      type: 3,
      group: "discount",
      benefit: { type: 3, percentBasisPoints: 2_000, maxCents: 10_000 },
      conditions: { minAmountCents: 20_000, generationLimit: 50 },
      active: true,
    });
    expect(checkCoupon(coupon, cart)).toMatchObject({ ok: true, effect: { discountCents: 6_000 } });
    const listed = (await listCoupons(t.db, manager, "es")).find((c) => c.code === "PRUEBA20");
    expect(listed).toMatchObject({ name: "20 % de prueba", type: 3, group: "discount", active: true, uses: 0, generationLimit: 50, validFrom: null, validUntil: null });
    // the demo coupons are listed too, by code
    const codes = (await listCoupons(t.db, manager, "es")).map((c) => c.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toContain("PIZZA15");
  });

  it("editing rewrites the coupon but never its uses (nor the uses' rows, nor its pause)", async () => {
    const { id } = (await saveCoupon(t.db, manager, { draft: draftOf({ code: "USADO", nameEs: "Usado", type: "2", amount: "40" }), now: at })) as { id: number };
    // two orders use it, as placing an order counts them
    for (let i = 0; i < 2; i++) {
      const order = await placeTestOrder(t.db, { email: `usado.${i}@correo.mx` });
      await t.db.transaction().execute(async (trx) => {
        const coupon = (await findCouponByCode(trx, "USADO"))!;
        expect(await recordCouponUse(trx, { coupon, orderId: order.id, customerId: null, discountCents: 4_000, at })).toEqual({ ok: true });
      });
    }
    await setCouponActive(t.db, manager, { id, active: false, now: at });
    const edited = await saveCoupon(t.db, manager, {
      id,
      draft: draftOf({ code: "USADO-2", nameEs: "Usado dos", type: "3", percent: "10", validFrom: "2026-12-01T00:00", generationLimit: "2" }),
      now: new Date("2026-11-21T19:00:00Z"),
    });
    expect(edited).toEqual({ ok: true, id, code: "USADO-2" });
    const row = await t.db.selectFrom("coupons").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ code: "USADO-2", type: 3, group: "discount", uses: 2, active: false });
    expect(row.benefit).toEqual({ type: 3, percentBasisPoints: 1_000, maxCents: null });
    expect(row.conditions).toEqual({ validFrom: "2026-12-01T06:00:00.000Z", generationLimit: 2 });
    expect(new Date(row.created_at).toISOString()).toBe(NOW);
    expect(new Date(row.updated_at).toISOString()).toBe("2026-11-21T19:00:00.000Z");
    // the type changed: the image follows (it was the type's own)
    expect(row.image).toEqual({ desktop: { es: "/images/coupons/type-3.svg" } });
    const uses = await t.db.selectFrom("coupon_uses").select("discount_cents").where("coupon_id", "=", id).execute();
    expect(uses).toEqual([{ discount_cents: 4_000 }, { discount_cents: 4_000 }]);
    // its form shows what was saved, in local time
    expect((await couponForEdit(t.db, manager, id))!).toMatchObject({ uses: 2, active: false, values: { code: "USADO-2", percent: "10", validFrom: "2026-12-01T00:00", generationLimit: "2" } });
    // a generation limit below the uses so far is refused beside its field
    const below = await saveCoupon(t.db, manager, { id, draft: draftOf({ code: "USADO-2", nameEs: "Usado", type: "3", percent: "10", generationLimit: "1" }), now: at });
    expect(errorsOf(below)).toEqual({ generationLimit: ["store:coupons.v.limitBelowUses"] });
  });

  it("a code already taken is refused beside the code field, on create and on edit; a coupon keeps its own code", async () => {
    const again = await saveCoupon(t.db, manager, { draft: draftOf({ code: "pizza15", nameEs: "Otra", type: "4" }), now: at });
    expect(errorsOf(again)).toEqual(codeTaken);
    const { id } = (await saveCoupon(t.db, manager, { draft: draftOf({ code: "OTRO", nameEs: "Otro", type: "4" }), now: at })) as { id: number };
    expect(errorsOf(await saveCoupon(t.db, manager, { id, draft: draftOf({ code: "PIZZA15", nameEs: "Otro", type: "4" }), now: at }))).toEqual(codeTaken);
    expect(await saveCoupon(t.db, manager, { id, draft: draftOf({ code: "OTRO", nameEs: "Otro más", type: "4" }), now: at })).toMatchObject({ ok: true });
    const count = await t.db.selectFrom("coupons").select((eb) => eb.fn.countAll<string>().as("n")).where("code", "=", "PIZZA15").executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    // an unknown coupon is missing, not created
    expect(await saveCoupon(t.db, manager, { id: 999_999, draft: draftOf({ code: "NUEVO", nameEs: "N", type: "4" }), now: at })).toEqual({ ok: false, missing: true });
    expect(await findCouponByCode(t.db, "NUEVO")).toBeUndefined();
  });

  it("two managers saving the same new code at once: one coupon, the other is told the code is taken", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, i) => saveCoupon(t.db, manager, { draft: draftOf({ code: "CARRERA", nameEs: `Carrera ${i}`, type: "4" }), now: at })),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).map(errorsOf)).toEqual(Array(5).fill(codeTaken));
  });

  it("what the coupon names must exist: the free item and its option, the combo, the outlets, the products, the customer", async () => {
    const base = { code: "REFS", nameEs: "Referencias" };
    const pepperoni = productUuid("PZ-PEPPERONI");
    const choices = await couponChoices(t.db, manager, "es");
    const pizza = choices.items.find((i) => i.uuid === pepperoni)!;
    expect(pizza.options.length).toBeGreaterThan(0);
    expect(choices.items.find((i) => i.uuid === productUuid("DR-COLA-600"))!.options).toEqual([]);
    expect(choices.combos.map((c) => c.uuid)).toContain(productUuid("CB-PAREJA"));
    // A fixed package (nothing for the customer to choose) cannot be opened as a deal: not offered.
    expect(choices.combos.map((c) => c.uuid)).not.toContain(productUuid("DL-2-GRANDES-1ING"));
    expect(choices.outlets.map((o) => o.code)).toContain(ROMA);
    const other = choices.items.find((i) => i.uuid !== pepperoni && i.options.length > 0)!;
    const cases: [CouponFormInput, Record<string, string[]>][] = [
      [{ type: "1", freeItem: productUuid("NOPE") }, { freeItem: ["store:coupons.v.freeItemUnknown"] }],
      [{ type: "1", freeItem: productUuid("CB-PAREJA") }, { freeItem: ["store:coupons.v.freeItemUnknown"] }],
      [{ type: "1", freeItem: pepperoni }, { freeItem: ["store:coupons.v.freeItemOption"] }],
      [{ type: "1", freeItem: `${pepperoni}/${other.options[0]!.id}` }, { freeItem: ["store:coupons.v.freeItemOption"] }],
      [{ type: "6", combo: pepperoni, dealPrice: "99" }, { combo: ["store:coupons.v.comboUnknown"] }],
      [{ type: "6", combo: productUuid("DL-2-GRANDES-1ING"), dealPrice: "99" }, { combo: ["store:coupons.v.comboNoChoices"] }],
      // The couple combo is $279 on the menu: a deal at that price or above is none.
      [{ type: "6", combo: productUuid("CB-PAREJA"), dealPrice: "279" }, { dealPrice: ["store:coupons.v.dealNotCheaper"] }],
      [{ type: "6", combo: productUuid("CB-PAREJA"), dealPrice: "400" }, { dealPrice: ["store:coupons.v.dealNotCheaper"] }],
      [{ type: "4", outlets: [ROMA, "MX-NOPE-01"] }, { outlets: ["store:coupons.v.outletUnknown"] }],
      [{ type: "4", menuItems: [pepperoni, productUuid("NOPE")] }, { menuItems: ["store:coupons.v.menuItemUnknown"] }],
      [{ type: "4", customerEmail: "nadie@correo.mx" }, { customerEmail: ["store:coupons.v.customerUnknown"] }],
    ];
    for (const [fields, expected] of cases) {
      expect(errorsOf(await saveCoupon(t.db, manager, { draft: draftOf({ ...base, ...fields }), now: at })), JSON.stringify(fields)).toEqual(expected);
    }
    expect(await findCouponByCode(t.db, "REFS")).toBeUndefined();
    // all of them right: saved, the customer by their id
    const customer = await t.db
      .insertInto("customers")
      .values({ email: `refs.${kind.name}@correo.mx`, first_name: "R", last_name: "F", created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const gift = await saveCoupon(t.db, manager, {
      draft: draftOf({ ...base, type: "1", freeItem: `${pepperoni}/${pizza.options[0]!.id}`, outlets: [ROMA], menuItems: [pepperoni], customerEmail: `REFS.${kind.name}@correo.mx` }),
      now: at,
    });
    expect(gift).toMatchObject({ ok: true });
    expect(await findCouponByCode(t.db, "REFS")).toMatchObject({
      group: "freeGift",
      benefit: { type: 1, productUuid: pepperoni, secondLayerId: pizza.options[0]!.id, quantity: 1 },
      conditions: { outletCodes: [ROMA], menuItems: [pepperoni], customerId: customer.id },
    });
    expect((await couponForEdit(t.db, manager, (gift as { id: number }).id))!.values.customerEmail).toBe(`refs.${kind.name}@correo.mx`);
    const deal = await saveCoupon(t.db, manager, { draft: draftOf({ code: "DEAL", nameEs: "Combo", type: "6", combo: productUuid("CB-PAREJA"), dealPrice: "249" }), now: at });
    expect(deal).toMatchObject({ ok: true });
  });

  it("pausing makes the rules refuse the coupon as not found (CP-12); resuming makes it apply again", async () => {
    const { id } = (await saveCoupon(t.db, manager, { draft: draftOf({ code: "PAUSA", nameEs: "Pausa", type: "3", percent: "10" }), now: at })) as { id: number };
    expect(checkCoupon(await findCouponByCode(t.db, "PAUSA"), cart)).toMatchObject({ ok: true });
    expect(await setCouponActive(t.db, manager, { id, active: false, now: at })).toBe("PAUSA");
    const paused = await findCouponByCode(t.db, "PAUSA");
    expect(paused).toMatchObject({ active: false });
    expect(checkCoupon(paused, cart)).toEqual({ ok: false, code: "CP-12", data: {} });
    expect((await listCoupons(t.db, manager, "es")).find((c) => c.id === id)).toMatchObject({ active: false });
    expect(await setCouponActive(t.db, manager, { id, active: true, now: at })).toBe("PAUSA");
    expect(checkCoupon(await findCouponByCode(t.db, "PAUSA"), cart)).toMatchObject({ ok: true });
    expect(await setCouponActive(t.db, manager, { id: 999_999, active: false, now: at })).toBeUndefined();
  });

  it("staff who are not managers are refused by every function, and nothing changes; promoted, they may", async () => {
    const before = await t.db.selectFrom("coupons").select(["id", "code", "active", "updated_at"]).orderBy("id").execute();
    const pizza15 = before.find((c) => c.code === "PIZZA15")!;
    const draft = draftOf({ code: "CAJERO", nameEs: "Cajero", type: "4" });
    for (const attempt of [
      () => listCoupons(t.db, clerk, "es"),
      () => couponChoices(t.db, clerk, "es"),
      () => couponForEdit(t.db, clerk, pizza15.id),
      () => saveCoupon(t.db, clerk, { draft, now: at }),
      () => saveCoupon(t.db, clerk, { id: pizza15.id, draft, now: at }),
      () => setCouponActive(t.db, clerk, { id: pizza15.id, active: false, now: at }),
    ]) {
      expect((await refusal(attempt())).code).toBe("STAFF-FORBIDDEN");
    }
    expect(await t.db.selectFrom("coupons").select(["id", "code", "active", "updated_at"]).orderBy("id").execute()).toEqual(before);
    // the role is the staff row's: promoted with the CLI's function, the member (read again) may
    expect(await setStaffRole(t.db, "CAJERO@tienda.test", "manager")).toBe(true);
    const promoted = (await findStaff(t.db, clerk.id))!;
    expect(promoted.role).toBe("manager");
    expect(await listCoupons(t.db, promoted, "es")).not.toHaveLength(0);
    expect(await setStaffRole(t.db, "nadie@tienda.test", "manager")).toBe(false);
    // a new member is plain staff unless told; an update keeps the role unless told
    const { id } = await saveStaff(t.db, { email: "nuevo@tienda.test", name: "Nuevo", password: PASSWORD, outletCodes: [ROMA], now: at });
    expect((await findStaff(t.db, id))!.role).toBe("staff");
    await saveStaff(t.db, { email: "cajero@tienda.test", name: "Cajero", password: PASSWORD, outletCodes: [ROMA], now: at });
    expect((await findStaff(t.db, clerk.id))!.role).toBe("manager");
  });
});

describe("managers' coupons through the routes", () => {
  let db: Database;
  let login: typeof import("~/routes/store.login");
  let list: typeof import("~/routes/store.coupons._index");
  let create: typeof import("~/routes/store.coupons.new");
  let edit: typeof import("~/routes/store.coupons.$id");
  let layout: typeof import("~/routes/store");
  let managerCookie: string;
  let clerkCookie: string;

  async function signIn(email: string, password: string): Promise<string> {
    const response = (await login.action(args(post("/store/login", "", { email, password })))) as Response;
    expect(response.status).toBe(303);
    return response.headers.getSetCookie().find((c) => c.startsWith("__staff="))!.split(";")[0]!;
  }
  const couponRow = (code: string) => db.selectFrom("coupons").selectAll().where("code", "=", code).executeTakeFirst();

  beforeAll(async () => {
    db = await (await import("#server/db/client")).getDb();
    login = await import("~/routes/store.login");
    list = await import("~/routes/store.coupons._index");
    create = await import("~/routes/store.coupons.new");
    edit = await import("~/routes/store.coupons.$id");
    layout = await import("~/routes/store");
    const gerencia = demoStaff.find((m) => m.email === "gerencia@tienda.example")!;
    managerCookie = await signIn(gerencia.email, gerencia.password);
    const roma = demoStaff.find((m) => m.email === "roma@tienda.example")!;
    clerkCookie = await signIn(roma.email, roma.password);
  });

  it("the demo manager is Gerencia; the other demo staff are not managers, and only a manager's frame links to the coupons", async () => {
    const roles = await db.selectFrom("staff").select(["email", "role"]).where("email", "in", demoStaff.map((m) => m.email)).orderBy("email").execute();
    expect(roles).toEqual([
      { email: "coyoacan@tienda.example", role: "staff" },
      { email: "gerencia@tienda.example", role: "manager" },
      { email: "roma@tienda.example", role: "staff" },
    ]);
    expect((await (await layout.loader(args(get("/store", managerCookie)))).json()).staff!.manager).toBe(true);
    expect((await (await layout.loader(args(get("/store", clerkCookie)))).json()).staff!.manager).toBe(false);
  });

  it("nobody signed in goes to the sign-in page; staff who are not managers get a 403 and change nothing", async () => {
    // the sign-in comes back to the page asked for
    for (const [run, back] of [
      [() => list.loader(args(get("/store/coupons", ""))), "%2Fstore%2Fcoupons"],
      [() => create.action(args(post("/store/coupons/new", "", { code: "X" }))), "%2Fstore%2Fcoupons%2Fnew"],
    ] as const) {
      const response = await thrown(run());
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/store/login?redirectTo=${back}`);
    }
    const pizza15 = (await couponRow("PIZZA15"))!;
    for (const run of [
      () => list.loader(args(get("/store/coupons", clerkCookie))),
      () => list.action(args(post("/store/coupons?index", clerkCookie, { intent: "pause", id: String(pizza15.id) }))),
      () => create.loader(args(get("/store/coupons/new", clerkCookie))),
      () => create.action(args(post("/store/coupons/new", clerkCookie, { code: "CAJERO", nameEs: "Cajero", type: "4" }))),
      () => edit.loader(args(get(`/store/coupons/${pizza15.id}`, clerkCookie), { id: String(pizza15.id) })),
      () => edit.action(args(post(`/store/coupons/${pizza15.id}`, clerkCookie, { code: "PIZZA15", nameEs: "Cambiado", type: "4" }), { id: String(pizza15.id) })),
    ]) {
      expect((await thrown(run())).status).toBe(403);
    }
    expect(await couponRow("PIZZA15")).toEqual(pizza15);
    expect(await couponRow("CAJERO")).toBeUndefined();
  });

  it("a manager creates a coupon (303 to the list, which shows it with 0 uses and says so once), edits it, and pauses it", async () => {
    const page = await (await create.loader(args(get("/store/coupons/new", managerCookie)))).json();
    expect(page.choices.outlets.length).toBeGreaterThan(0);
    expect(page.types).toContainEqual({ type: 5, group: "circleDiscount" });
    const created = (await create.action(
      args(post("/store/coupons/new", managerCookie, { code: "ruta15", nameEs: "15 % por la ruta", type: "3", percent: "15", generationLimit: "100", channels: "web" })),
    )) as Response;
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toBe("/store/coupons");
    const flash = created.headers.get("Set-Cookie")!.split(";")[0]!;
    const listed = await (await list.loader(args(get("/store/coupons", flash)))).json();
    expect(listed.notice).toEqual({ tone: "success", key: "store:coupons.notice.created", values: { code: "RUTA15" } });
    expect(listed.items.find((c: { code: string }) => c.code === "RUTA15")).toMatchObject({ uses: 0, generationLimit: 100, active: true, type: 3, group: "discount" });
    const { id } = (await couponRow("RUTA15"))!;

    const form = await (await edit.loader(args(get(`/store/coupons/${id}`, managerCookie), { id: String(id) }))).json();
    expect(form.coupon).toEqual({ id, code: "RUTA15", active: true, uses: 0 });
    expect(form.defaultValue).toMatchObject({ code: "RUTA15", percent: "15", generationLimit: "100", channels: ["web"] });
    const saved = (await edit.action(
      args(post(`/store/coupons/${id}`, managerCookie, { code: "RUTA15", nameEs: "15 % por la ruta", type: "3", percent: "12.5" }), { id: String(id) }),
    )) as Response;
    expect(saved.status).toBe(303);
    expect((await couponRow("RUTA15"))!.benefit).toEqual({ type: 3, percentBasisPoints: 1_250, maxCents: null });

    const paused = (await list.action(args(post("/store/coupons?index", managerCookie, { intent: "pause", id: String(id) })))) as Response;
    expect(paused.status).toBe(303);
    expect((await couponRow("RUTA15"))!.active).toBe(false);
    const after = await (await list.loader(args(get("/store/coupons", paused.headers.get("Set-Cookie")!.split(";")[0]!)))).json();
    expect(after.notice).toEqual({ tone: "success", key: "store:coupons.notice.paused", values: { code: "RUTA15" } });
    expect((await list.action(args(post("/store/coupons?index", managerCookie, { intent: "resume", id: String(id) })))).status).toBe(303);
    expect((await couponRow("RUTA15"))!.active).toBe(true);
  });

  it("a bad form is a 400 with the messages beside their fields and what was typed; a code taken a 422; never a 500", async () => {
    const bad = (await create.action(args(post("/store/coupons/new", managerCookie, { code: "x y", nameEs: "", type: "2", amount: "mucho", validFrom: "2026-12-02T10:00", validUntil: "2026-12-01T10:00" })))) as Response;
    expect(bad.status).toBe(400);
    const { result } = await bad.json();
    expect(result.error).toEqual({
      code: ["store:coupons.v.codeShape"],
      nameEs: ["store:coupons.v.nameRequired"],
      amount: ["store:coupons.v.money"],
      validUntil: ["store:coupons.v.untilAfterFrom"],
    });
    expect(result.initialValue).toMatchObject({ code: "x y", amount: "mucho" });
    const taken = (await create.action(args(post("/store/coupons/new", managerCookie, { code: "PIZZA15", nameEs: "Otra", type: "4" })))) as Response;
    expect(taken.status).toBe(422);
    expect((await taken.json()).result.error).toEqual(codeTaken);
    // forged and malformed posts
    expect((await create.action(args(post("/store/coupons/new", managerCookie, { code: "A".repeat(5_000) })))).status).toBe(400);
    expect((await list.action(args(post("/store/coupons?index", managerCookie, { intent: "delete", id: "1" })))).status).toBe(400);
    expect((await list.action(args(post("/store/coupons?index", managerCookie, { intent: "pause", id: "abc" })))).status).toBe(400);
    expect((await list.action(args(post("/store/coupons?index", managerCookie, { intent: "pause", id: "999999" })))).status).toBe(404);
  });

  it("an unknown coupon's page, or one that is no number, is a 404", async () => {
    for (const id of ["999999", "abc", "99999999999999999999"]) {
      expect((await thrown(edit.loader(args(get(`/store/coupons/${id}`, managerCookie), { id })))).status).toBe(404);
    }
    const post404 = await thrown(edit.action(args(post("/store/coupons/999999", managerCookie, { code: "NADA", nameEs: "Nada", type: "4" }), { id: "999999" })));
    expect(post404.status).toBe(404);
    expect(await couponRow("NADA")).toBeUndefined();
  });
});
