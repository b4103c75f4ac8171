/**
 * The store console (issue 5): staff of one outlet see and move only their outlets' orders, through the server
 * functions (on PGlite, and on Postgres when TEST_DATABASE_URL is set) and through the app's own routes (sign-in,
 * the console's loader and action, sign-out; on the app's database, PGlite in memory).
 *
 * session.server.ts and auth.server.ts read SESSION_SECRET, getDb() reads DATA_DIR when first used: both are set
 * before the app's modules are imported (dynamically, below).
 */
import type { Database } from "#server/db/client";
import { demoStaff } from "#server/db/seed/staff";
import { moveOrderAsStaff, todaysOrders } from "#server/staff/console";
import { verifyStaffLogin } from "#server/staff/auth";
import { limits } from "#server/security/rate-limits";
import { deactivateStaff, findStaff, saveStaff, type StaffMember } from "#server/staff/staff";
import { verifyPassword } from "#server/staff/password";
import { randomUUID } from "node:crypto";
import { productUuid } from "#server/db/seed";
import { answerOf, args, get, placeCashOrder, post, thrown } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";
import { refusal } from "../support/refusal";

process.env.SESSION_SECRET = "console-test-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";

const NOW = "2026-11-20T19:00:00Z"; // Friday 13:00 in Mexico City
const YESTERDAY = "2026-11-19T19:00:00Z";
pinStoreNow(NOW);

const ROMA = "MX-ROM-01";
const CONDESA = "MX-CON-01";
const COYOACAN = "MX-COY-01";
const PASSWORD = "console-test-password";

async function staffMember(db: Database, email: string, outletCodes: string[]): Promise<StaffMember> {
  const { id } = await saveStaff(db, { email, name: email.split("@")[0]!, password: PASSWORD, outletCodes, now: new Date(NOW) });
  return (await findStaff(db, id))!;
}

/** Places an order with the clock pinned at `instant` (the test's own pin is restored before the next test). */
async function placedAt(instant: string, db: Database, options: Parameters<typeof placeCashOrder>[1]) {
  process.env.STORE_NOW = instant;
  try {
    return await placeCashOrder(db, options);
  } finally {
    process.env.STORE_NOW = NOW;
  }
}

describe.each(testDatabases())("the store console's data on $name", (kind) => {
  let t: TestDatabase;
  let roma: StaffMember;
  let coyoacan: StaffMember;
  let manager: StaffMember;
  beforeAll(async () => {
    t = await kind.create();
    roma = await staffMember(t.db, "Roma@Tienda.test", [ROMA]);
    coyoacan = await staffMember(t.db, "coyoacan@tienda.test", [COYOACAN]);
    manager = await staffMember(t.db, "manager@tienda.test", [ROMA, CONDESA]);
  });
  afterAll(() => t?.destroy());

  it("keeps staff emails lower-cased and unique, with an argon2id hash and their outlets", async () => {
    expect(roma.email).toBe("roma@tienda.test");
    expect(roma.outlets.map((o) => o.code)).toEqual([ROMA]);
    expect(manager.outlets.map((o) => o.code).sort()).toEqual([CONDESA, ROMA].sort());
    const row = await t.db.selectFrom("staff").select("password_hash").where("id", "=", roma.id).executeTakeFirstOrThrow();
    // the cost is the setting's (cheap under test: vitest.config.ts); production's default is in server/config.test.ts
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    expect(await verifyPassword(row.password_hash, PASSWORD)).toBe(true);
    expect(await verifyPassword(row.password_hash, `${PASSWORD}!`)).toBe(false);
    // saving the same email again updates that member (one row), with the new outlets
    const again = await saveStaff(t.db, { email: " ROMA@tienda.test ", name: "Ana", password: PASSWORD, outletCodes: [ROMA, CONDESA], now: new Date(NOW) });
    expect(again).toEqual({ id: roma.id, created: false });
    expect((await findStaff(t.db, roma.id))!.outlets).toHaveLength(2);
    await saveStaff(t.db, { email: "roma@tienda.test", name: "Ana", password: PASSWORD, outletCodes: [ROMA], now: new Date(NOW) });
    await expect(saveStaff(t.db, { email: "x@tienda.test", name: "X", password: PASSWORD, outletCodes: ["MX-NOPE-01"], now: new Date(NOW) })).rejects.toThrow(
      /unknown outlet/,
    );
    await expect(saveStaff(t.db, { email: "x@tienda.test", name: "X", password: "short", outletCodes: [ROMA], now: new Date(NOW) })).rejects.toThrow(
      /at least 10/,
    );
  });

  it("says what the kitchen must make (a half-and-half's halves, the toppings taken off and added) and the CFDI asked for, as the tracker does", async () => {
    const { addToCart } = await import("#server/cart/rows");
    const { placeOrder } = await import("#server/orders/place");
    const { trackOrder } = await import("#server/orders/tracker");
    const outlet = await t.db.selectFrom("outlets").select("id").where("code", "=", ROMA).executeTakeFirstOrThrow();
    const topping = async (code: string) => (await t.db.selectFrom("toppings").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
    const large = async (sku: string) => {
      const layers = await t.db.selectFrom("product_layers as l").innerJoin("products as p", "p.id", "l.product_id").select(["l.id", "l.sku"]).where("p.sku", "=", sku).execute();
      return { firstLayerId: layers.find((l) => l.sku === "L")!.id, secondLayerId: layers.find((l) => l.sku === "L-PAN")!.id };
    };
    const cartUuid = await addToCart(t.db, {
      cartUuid: null,
      outletId: outlet.id,
      orderType: "C",
      productUuid: productUuid("PZ-HAWAIANA"),
      ...(await large("PZ-HAWAIANA")),
      toppings: { removed: [await topping("pina")], extras: { [await topping("champinones")]: 1 } },
      quantity: 1,
    });
    await addToCart(t.db, {
      cartUuid,
      outletId: outlet.id,
      orderType: "C",
      productUuid: productUuid("HH-MITAD-Y-MITAD"),
      ...(await large("HH-MITAD-Y-MITAD")),
      halves: [productUuid("PZ-PEPPERONI"), productUuid("PZ-HAWAIANA")],
      quantity: 1,
    });
    const invoice = { rfc: "GODE561231GR8", personType: "fisica" as const, legalName: "TERE RUIZ", taxRegime: "612" as const, fiscalPostalCode: "06700", cfdiUse: "G03" as const };
    const checkout = { name: "Tere", surname: "Ruiz", email: "tere@example.com", mobile: "5512345678", comment: "", paymentMethod: "cash" as const, idempotencyKey: randomUUID(), invoice };
    const placed = await placeOrder(t.db, { cartUuid, outletId: outlet.id, orderType: "C", checkout, locale: "es" });

    const card = (await todaysOrders(t.db, roma, "en")).find((o) => o.uuid === placed.uuid)!;
    expect(card.items.map((item) => item.choices)).toEqual([
      { halves: [], comboItems: [], removedToppings: ["Pineapple"], addedToppings: [{ name: "Mushrooms", count: 1 }] },
      { halves: ["Pepperoni", "Hawaiian"], comboItems: [], removedToppings: [], addedToppings: [] },
    ]);
    // and the CFDI the customer asked for, to issue with the order
    expect(card.invoice).toEqual({ rfc: "GODE561231GR8", legalName: "TERE RUIZ", cfdiUse: "G03" });
    const tracked = await trackOrder(t.db, placed.uuid, "es");
    expect(tracked!.invoice).toEqual(card.invoice);
    expect(tracked!.items.map(({ halves, removedToppings, addedToppings }) => ({ halves, removedToppings, addedToppings }))).toEqual([
      { halves: [], removedToppings: ["Piña"], addedToppings: [{ name: "Champiñones", count: 1 }] },
      { halves: ["Pepperoni", "Hawaiana"], removedToppings: [], addedToppings: [] },
    ]);
    // out of the next tests' lists: closed, weeks ago
    await t.db.updateTable("orders").set({ status: 9, created_at: new Date("2026-11-01T19:00:00Z") }).where("uuid", "=", placed.uuid).execute();
  });

  it("shows each member today's orders of their own outlets only, the most urgent first, with the change to give", async () => {
    const first = await placedAt("2026-11-20T18:00:00Z", t.db, { outletCode: ROMA, name: "Primero" });
    const second = await placedAt("2026-11-20T18:30:00Z", t.db, { outletCode: ROMA, name: "Segundo", tenderedCents: 50_000 });
    const coy = await placedAt("2026-11-20T18:10:00Z", t.db, { outletCode: COYOACAN, name: "Coyoacán" });
    const condesa = await placedAt("2026-11-20T18:20:00Z", t.db, { outletCode: CONDESA, name: "Condesa" });
    // placed yesterday and closed yesterday (picked up): not today's
    const yesterday = await placedAt(YESTERDAY, t.db, { outletCode: ROMA, name: "Ayer" });
    await t.db.updateTable("orders").set({ status: 9 }).where("uuid", "=", yesterday.uuid).execute();
    // placed yesterday for a slot today (15:00 in Mexico City): due today, so on today's list
    const scheduled = await placedAt(YESTERDAY, t.db, { outletCode: ROMA, name: "Programado", orderTime: new Date("2026-11-20T21:00:00Z") });
    // placed last night (21:30 in Mexico City) and still open: carried onto today's list until staff close it
    const lastNight = await placedAt("2026-11-20T03:30:00Z", t.db, { outletCode: ROMA, name: "Anoche" });
    // open, but from the day before yesterday: not carried
    const older = await placedAt("2026-11-18T19:00:00Z", t.db, { outletCode: ROMA, name: "Anteayer" });
    // placed yesterday for tomorrow (Saturday 14:00): tomorrow's, not today's
    const tomorrow = await placedAt(YESTERDAY, t.db, { outletCode: ROMA, name: "Mañana", orderTime: new Date("2026-11-21T20:00:00Z") });

    // Due soonest first: an order for as soon as possible is due at its placing plus the outlet's quote (carry-out at
    // Roma Norte: 15 minutes), a scheduled one at its slot's end. At 13:00 the three ASAP orders are late.
    const romaList = await todaysOrders(t.db, roma, "es");
    expect(romaList.map((o) => o.number)).toEqual([lastNight.number, first.number, second.number, scheduled.number]);
    for (const left of [yesterday, older, tomorrow]) expect(romaList.map((o) => o.number)).not.toContain(left.number);
    expect(romaList.map((o) => [o.placedToday, o.dueToday])).toEqual([[false, false], [true, false], [true, false], [false, true]]);
    expect(romaList.map((o) => [o.dueAt, o.lateMinutes])).toEqual([
      ["2026-11-20T03:45:00.000Z", 915],
      ["2026-11-20T18:15:00.000Z", 45],
      ["2026-11-20T18:45:00.000Z", 15],
      ["2026-11-20T21:00:00.000Z", null],
    ]);
    expect((await todaysOrders(t.db, coyoacan, "es")).map((o) => o.number)).toEqual([coy.number]);
    expect((await todaysOrders(t.db, manager, "es")).map((o) => o.number)).toEqual([lastNight.number, first.number, condesa.number, second.number, scheduled.number]);
    // once closed, last night's order leaves the list
    await t.db.updateTable("orders").set({ status: 9 }).where("uuid", "=", lastNight.uuid).execute();
    expect((await todaysOrders(t.db, roma, "es")).map((o) => o.number)).toEqual([first.number, second.number, scheduled.number]);
    // What waits on the store comes first; a ready order waits on its customer (not late: the store's part is done),
    // then today's finished ones
    await t.db.updateTable("orders").set({ status: 16 }).where("uuid", "=", second.uuid).execute();
    await t.db.updateTable("orders").set({ status: 9 }).where("uuid", "=", first.uuid).execute();
    const later = await todaysOrders(t.db, roma, "es");
    expect(later.map((o) => [o.number, o.lateMinutes])).toEqual([[scheduled.number, null], [second.number, null], [first.number, null]]);

    const shown = romaList[2]!;
    expect(shown).toMatchObject({
      uuid: second.uuid,
      status: 3,
      stage: "received",
      final: false,
      orderType: "C",
      outletName: "Roma Norte",
      customer: { name: "Segundo Núñez", mobile: "5512345678" },
      paymentMethod: "cash",
      next: [5, 8],
    });
    expect(shown.items).toEqual([{ quantity: 1, name: "Pepperoni", detail: ["Grande", "Original (Pan)"], choices: { halves: [], comboItems: [], removedToppings: [], addedToppings: [] } }]);
    expect(shown.cash).toEqual({ tenderedCents: 50_000, changeCents: 50_000 - shown.totalCents });
    // paid with the exact amount: no change to give
    expect(romaList[1]!.cash).toEqual({ tenderedCents: romaList[1]!.totalCents, changeCents: 0 });
    // no coupon and no delivery fee: the total is the products'
    expect(shown).toMatchObject({ coupons: [], deliveryFeeCents: 0, subtotalCents: shown.totalCents });
    expect(romaList[3]!.collectionTime).toBe("2026-11-20T21:00:00.000Z");
    // the slot's start is kept with the order (migration 0024): the console reads "14:45 – 15:00" as the dialog did
    expect(romaList[3]!.collectionFrom).toBe("2026-11-20T20:45:00.000Z");
  });

  it("says what makes a total that is not the products' alone: each coupon's discount and the delivery fee", async () => {
    const { makeCoupon } = await import("../support/coupons");
    const { code } = await makeCoupon(t.db, {});
    const placed = await placeCashOrder(t.db, { outletCode: ROMA, orderType: "D", pizzas: 2, coupon: code });
    const card = (await todaysOrders(t.db, roma, "es")).find((o) => o.uuid === placed.uuid)!;
    expect(card.coupons).toEqual([{ code, discountCents: expect.any(Number) }]);
    expect(card.coupons[0]!.discountCents).toBeGreaterThan(0);
    expect(card.deliveryFeeCents).toBeGreaterThan(0);
    expect(card.subtotalCents - card.coupons[0]!.discountCents + card.deliveryFeeCents).toBe(card.totalCents);
  });

  it("a cancel typed on a card a colleague has moved on since still cancels, if the order's status allows it now", async () => {
    const placed = await placeCashOrder(t.db, { outletCode: ROMA });
    // the card showed "received" (3); a colleague put it in the oven meanwhile
    await moveOrderAsStaff(t.db, manager, { orderUuid: placed.uuid, to: 5, from: 3 });
    // a move from the stale card is refused (nobody acts on a status they did not see) ...
    expect((await refusal(moveOrderAsStaff(t.db, roma, { orderUuid: placed.uuid, to: 5, from: 3 }))).code).toBe("STATUS-TRANSITION");
    // ... its cancel is not
    expect(await moveOrderAsStaff(t.db, roma, { orderUuid: placed.uuid, to: 8, from: 3, reason: "El cliente llamó para cancelar" })).toMatchObject({ from: 5, to: 8 });
    // once final, nothing cancels it
    const done = await placeCashOrder(t.db, { outletCode: ROMA });
    for (const to of [5, 16, 9]) await moveOrderAsStaff(t.db, roma, { orderUuid: done.uuid, to });
    expect((await refusal(moveOrderAsStaff(t.db, roma, { orderUuid: done.uuid, to: 8, from: 3, reason: "demasiado tarde" }))).code).toBe("STATUS-TRANSITION");
  });

  it("staff of one outlet cannot move another outlet's order: it is 'not found', and nothing changes", async () => {
    const coy = await placeCashOrder(t.db, { outletCode: COYOACAN });
    for (const to of [5, 8]) {
      const error = await refusal(moveOrderAsStaff(t.db, roma, { orderUuid: coy.uuid, to, from: 3, reason: "no es mío" }));
      expect(error.code).toBe("ORDER-1");
    }
    expect((await refusal(moveOrderAsStaff(t.db, roma, { orderUuid: "not-a-uuid", to: 5 }))).code).toBe("ORDER-1");
    const row = await t.db.selectFrom("orders").select(["status", "cancel_reason"]).where("id", "=", coy.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 3, cancel_reason: null });
    // its own staff can
    const moved = await moveOrderAsStaff(t.db, coyoacan, { orderUuid: coy.uuid, to: 5, from: 3 });
    expect(moved).toMatchObject({ from: 3, to: 5, number: coy.number });
    const history = await t.db.selectFrom("order_status_history").select(["status", "actor"]).where("order_id", "=", coy.id).orderBy("id").execute();
    expect(history).toEqual([
      { status: 3, actor: "customer" },
      { status: 5, actor: `staff:${coyoacan.id}` },
    ]);
  });

  it("signs in by email and password: one refusal for every wrong combination; an inactive member cannot", async () => {
    const login = (email: string, password: string) => verifyStaffLogin(t.db, { email, password, clientAddress: "10.0.0.1", knownDevice: false });
    expect((await login(" ROMA@tienda.test", PASSWORD)).id).toBe(roma.id);
    expect((await refusal(login("roma@tienda.test", "wrong password"))).code).toBe("STAFF-AUTH");
    expect((await refusal(login("nobody@tienda.test", PASSWORD))).code).toBe("STAFF-AUTH");
    const gone = await staffMember(t.db, "gone@tienda.test", [ROMA]);
    await t.db.updateTable("staff").set({ active: false }).where("id", "=", gone.id).execute();
    expect((await refusal(login("gone@tienda.test", PASSWORD))).code).toBe("STAFF-AUTH");
    expect(await findStaff(t.db, gone.id)).toBeUndefined();
  });

  it("limits per account and address: 5 tries, then even the right password waits; another address is not locked out", async () => {
    await staffMember(t.db, "locked@tienda.test", [ROMA]);
    const from = (clientAddress: string, password: string) =>
      verifyStaffLogin(t.db, { email: "locked@tienda.test", password, clientAddress, knownDevice: false });
    for (let i = 0; i < limits.signInPerAccountAndAddress.points; i++) {
      expect((await refusal(from("203.0.113.7", `wrong ${i}`))).code).toBe("STAFF-AUTH");
    }
    const locked = await refusal(from("203.0.113.7", PASSWORD));
    expect(locked.code).toBe("STAFF-THROTTLED");
    expect(locked.data).toEqual({ minutes: 15 });
    // the member, from their own address, still signs in: the attacker's address is the one that waits
    expect((await from("198.51.100.20", PASSWORD)).email).toBe("locked@tienda.test");
    // an unknown email is counted the same way (no telling which emails exist)
    for (let i = 0; i < limits.signInPerAccountAndAddress.points; i++) {
      await refusal(verifyStaffLogin(t.db, { email: "ghost@tienda.test", password: "x", clientAddress: "203.0.113.8", knownDevice: false }));
    }
    expect((await refusal(verifyStaffLogin(t.db, { email: "ghost@tienda.test", password: "x", clientAddress: "203.0.113.8", knownDevice: false }))).code).toBe(
      "STAFF-THROTTLED",
    );
  });

  it("200 parallel wrong passwords from one address: only the limit's 5 reach the password check, the right one on try 38 waits too", async () => {
    await staffMember(t.db, "flood@tienda.test", [ROMA]);
    const tries = Array.from({ length: 200 }, (_, i) =>
      verifyStaffLogin(t.db, { email: "flood@tienda.test", password: i === 37 ? PASSWORD : `wrong ${i}`, clientAddress: "203.0.113.9", knownDevice: false }).then(
        () => "signed in",
        (error: { code: string }) => error.code,
      ),
    );
    const outcomes = await Promise.all(tries);
    const count = (code: string) => outcomes.filter((o) => o === code).length;
    expect(count("signed in")).toBe(0);
    expect(count("STAFF-AUTH")).toBe(limits.signInPerAccountAndAddress.points);
    expect(count("STAFF-THROTTLED")).toBe(200 - limits.signInPerAccountAndAddress.points);
  });

  it("limits per address across accounts, and per account across addresses (a botnet): a known device still gets in", async () => {
    // one address trying many accounts
    for (let i = 0; i < limits.signInPerAddress.points; i++) {
      await refusal(verifyStaffLogin(t.db, { email: `victim${i}@tienda.test`, password: "x", clientAddress: "192.0.2.50", knownDevice: false }));
    }
    expect((await refusal(verifyStaffLogin(t.db, { email: "roma@tienda.test", password: PASSWORD, clientAddress: "192.0.2.50", knownDevice: false }))).code).toBe(
      "STAFF-THROTTLED",
    );
    // many addresses trying one account spend its daily budget: unknown devices wait, a known device does not
    await staffMember(t.db, "spread@tienda.test", [ROMA]);
    for (let i = 0; i < limits.signInPerAccount.points; i++) {
      await refusal(verifyStaffLogin(t.db, { email: "spread@tienda.test", password: `x${i}`, clientAddress: `192.0.2.${100 + (i % 50)}`, knownDevice: false }));
    }
    const stranger = await refusal(verifyStaffLogin(t.db, { email: "spread@tienda.test", password: PASSWORD, clientAddress: "198.51.100.1", knownDevice: false }));
    expect(stranger.code).toBe("STAFF-THROTTLED");
    expect((await verifyStaffLogin(t.db, { email: "spread@tienda.test", password: PASSWORD, clientAddress: "198.51.100.2", knownDevice: true })).email).toBe(
      "spread@tienda.test",
    );
    // ...and that success reopens the account for everyone
    expect((await verifyStaffLogin(t.db, { email: "spread@tienda.test", password: PASSWORD, clientAddress: "198.51.100.3", knownDevice: false })).email).toBe(
      "spread@tienda.test",
    );
  });
});

describe("the store console through its routes", () => {
  let db: Database;
  let login: typeof import("~/routes/store.login");
  let consoleRoute: typeof import("~/routes/store._index/route");
  let layout: typeof import("~/routes/store");
  let logout: typeof import("~/routes/store.logout");
  let romaCookie: string;
  let coyCookie: string;

  /** Signs in through the login action and returns the `__staff` cookie it sets. */
  async function signIn(email: string, password: string, cookie = ""): Promise<string> {
    const response = (await login.action(args(post("/store/login", cookie, { email, password })))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/store");
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("__staff="))!;
    expect(setCookie).toMatch(/^__staff=.+; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax$/);
    return setCookie.split(";")[0]!;
  }

  const statusOf = async (uuid: string) =>
    (await db.selectFrom("orders").select(["status", "cancel_reason"]).where("uuid", "=", uuid).executeTakeFirstOrThrow());

  beforeAll(async () => {
    db = await (await import("#server/db/client")).getDb();
    login = await import("~/routes/store.login");
    consoleRoute = await import("~/routes/store._index/route");
    layout = await import("~/routes/store");
    logout = await import("~/routes/store.logout");
    await saveStaff(db, { email: "roma@tienda.test", name: "Ana", password: PASSWORD, outletCodes: [ROMA], now: new Date(NOW) });
    await saveStaff(db, { email: "coy@tienda.test", name: "Luis", password: PASSWORD, outletCodes: [COYOACAN], now: new Date(NOW) });
    romaCookie = await signIn("roma@tienda.test", PASSWORD);
    coyCookie = await signIn("coy@tienda.test", PASSWORD);
  });

  it("the demo staff exist outside production, with the README's passwords", async () => {
    for (const member of demoStaff) {
      const cookie = await signIn(member.email, member.password);
      expect(cookie).toMatch(/^__staff=/);
    }
  });

  it("a wrong password or an unknown email is a 401 with the same translated message; a malformed form a 400", async () => {
    for (const fields of [
      { email: "roma@tienda.test", password: "not the password" },
      { email: "nadie@tienda.test", password: "not the password" },
    ]) {
      const response = (await login.action(args(post("/store/login", "", fields)))) as Response;
      expect(response.status).toBe(401);
      expect(response.headers.get("Set-Cookie")).toBeNull();
      const body = await response.json();
      expect(body.notice).toEqual({ tone: "error", key: "errors:staffAuth", values: {} });
      expect(JSON.stringify(body)).not.toContain("not the password"); // the password is never sent back
    }
    const empty = (await login.action(args(post("/store/login", "", { email: "", password: "" })))) as Response;
    expect(empty.status).toBe(400);
    const { result } = await empty.json();
    expect(result.error).toEqual({ email: ["store:validation.emailRequired"], password: ["store:validation.passwordRequired"] });
    const bad = (await login.action(args(post("/store/login", "", { email: "roma", password: "x" })))) as Response;
    expect(bad.status).toBe(400);
  });

  it("too many failed sign-ins answer 429 with the translated message", async () => {
    await saveStaff(db, { email: "lock@tienda.test", name: "L", password: PASSWORD, outletCodes: [ROMA], now: new Date(NOW) });
    for (let i = 0; i < 5; i++) {
      expect(((await login.action(args(post("/store/login", "", { email: "lock@tienda.test", password: `nope ${i}` })))) as Response).status).toBe(401);
    }
    const response = (await login.action(args(post("/store/login", "", { email: "lock@tienda.test", password: PASSWORD })))) as Response;
    expect(response.status).toBe(429);
    expect((await response.json()).notice).toEqual({ tone: "error", key: "errors:staffThrottled", values: { minutes: 15, count: 15 } });
  });

  it("the sign-in limits count each client address apart, as the server's load context gives it", async () => {
    const from = (address: string, i: number) =>
      login.action({ ...args(post("/store/login", "", { email: `guess${i}@tienda.test`, password: "not the password" })), context: { clientAddress: address } }) as Promise<Response>;
    for (let i = 0; i < limits.signInPerAddress.points; i++) expect((await from("203.0.113.50", i)).status).toBe(401);
    expect((await from("203.0.113.50", 99)).status).toBe(429);
    // another customer's address is not held back by that one's tries
    expect((await from("198.51.100.50", 100)).status).toBe(401);
    const member = (await login.action({ ...args(post("/store/login", "", { email: "roma@tienda.test", password: PASSWORD })), context: { clientAddress: "198.51.100.51" } })) as Response;
    expect(member.status).toBe(303);
  });

  it("the console needs a signed-in member: without one every /store page and post goes to the sign-in page", async () => {
    for (const run of [
      () => layout.loader(args(get("/store", ""))),
      () => consoleRoute.loader(args(get("/store", ""))),
      () => consoleRoute.action(args(post("/store?index", "", { intent: "status", order: "x", from: "3", to: "5" }))),
      () => consoleRoute.loader(args(get("/store", "__staff=forged"))),
    ]) {
      const response = await thrown(run());
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/store/login");
    }
    // the sign-in page itself is open, and a signed-in member is sent on to the console
    expect((await layout.loader(args(get("/store/login", "")))).status).toBe(200);
    const signedIn = await thrown(login.loader(args(get("/store/login", romaCookie))));
    expect(signedIn.headers.get("Location")).toBe("/store");
  });

  it("a session that ended (signed out in another tab) sends an open console page to the sign-in, which says why and comes back to it", async () => {
    const cookie = await signIn("roma@tienda.test", PASSWORD);
    const other = await signIn("roma@tienda.test", PASSWORD); // another tab, another session
    expect((await logout.action(args(post("/store/logout", cookie, {})))).status).toBe(303);
    const coupons = await import("~/routes/store.coupons._index");
    const left = await thrown(coupons.loader(args(get("/store/coupons?estado=activos", cookie))));
    expect(left.headers.get("Location")).toBe("/store/login?ended=1&redirectTo=%2Fstore%2Fcoupons%3Festado%3Dactivos");
    // a post from the console page goes back to that page
    const posted = await thrown(consoleRoute.action(args(post("/store?index", cookie, { intent: "status", order: "x", from: "3", to: "5" }))));
    expect(posted.headers.get("Location")).toBe("/store/login?ended=1");
    const page = await (await answerOf(login.loader(args(get("/store/login?ended=1", ""))))).json();
    expect(page.notice).toEqual({ tone: "info", key: "store:login.ended" });
    // signing in goes back where the member was; a path outside the console goes to the console
    const back = (await login.action(args(post("/store/login?redirectTo=%2Fstore%2Fcoupons%3Festado%3Dactivos", "", { email: "roma@tienda.test", password: PASSWORD })))) as Response;
    expect(back.headers.get("Location")).toBe("/store/coupons?estado=activos");
    for (const away of ["/home", "//evil.example/store", "https://evil.example/store"]) {
      const response = (await login.action(args(post(`/store/login?redirectTo=${encodeURIComponent(away)}`, "", { email: "roma@tienda.test", password: PASSWORD })))) as Response;
      expect(response.headers.get("Location"), away).toBe("/store");
    }
    // the other tab's session still stands
    expect((await answerOf(consoleRoute.loader(args(get("/store", other))))).status).toBe(200);
  });

  it("lists the member's outlet's orders only", async () => {
    const mine = await placeCashOrder(db, { outletCode: ROMA });
    const theirs = await placeCashOrder(db, { outletCode: COYOACAN });
    const data = await (await consoleRoute.loader(args(get("/store", romaCookie)))).json();
    const numbers = data.orders.map((o: { number: string }) => o.number);
    expect(numbers).toContain(mine.number);
    expect(numbers).not.toContain(theirs.number);
    expect(data.outlets).toEqual(["Roma Norte"]);
    expect(data.autoRefresh).toBe(true);
    const other = await (await consoleRoute.loader(args(get("/store?refresh=off", coyCookie)))).json();
    expect(other.orders.map((o: { number: string }) => o.number)).toContain(theirs.number);
    expect(other.orders.map((o: { number: string }) => o.number)).not.toContain(mine.number);
    expect(other.autoRefresh).toBe(false);
  });

  it("the cancel view (?cancel=) opens one cancellable order's form and does not reload itself; any other id is the plain console", async () => {
    const mine = await placeCashOrder(db, { outletCode: ROMA });
    const theirs = await placeCashOrder(db, { outletCode: COYOACAN });
    const view = await (await consoleRoute.loader(args(get(`/store?cancel=${mine.uuid}`, romaCookie)))).json();
    expect(view.cancelling).toBe(mine.uuid);
    expect(view.autoRefresh).toBe(false);
    for (const id of [theirs.uuid, "not-a-uuid", ""]) {
      const plain = await (await consoleRoute.loader(args(get(`/store?cancel=${id}`, romaCookie)))).json();
      expect(plain.cancelling).toBeNull();
      expect(plain.autoRefresh).toBe(true);
    }
    // Once cancelled (a colleague's post meanwhile), the order cannot be cancelled again: no cancel view for it.
    const cancelled = (await consoleRoute.action(
      args(post(`/store?index&cancel=${mine.uuid}`, romaCookie, { intent: "cancel", order: mine.uuid, from: "3", reason: "Cliente llamó" })),
    )) as Response;
    expect(cancelled.headers.get("Location")).toBe("/store");
    const done = await (await consoleRoute.loader(args(get(`/store?cancel=${mine.uuid}`, romaCookie)))).json();
    expect(done.cancelling).toBeNull();
    expect(done.autoRefresh).toBe(true);
  });

  it("staff of outlet A cannot move an order of outlet B through the console's action (404, nothing changes)", async () => {
    const theirs = await placeCashOrder(db, { outletCode: COYOACAN });
    const move = (await consoleRoute.action(args(post("/store?index", romaCookie, { intent: "status", order: theirs.uuid, from: "3", to: "5" })))) as Response;
    expect(move.status).toBe(404);
    expect((await move.json()).notice).toEqual({ tone: "error", key: "errors:orderNotFound", values: {} });
    const cancel = (await consoleRoute.action(
      args(post("/store?index", romaCookie, { intent: "cancel", order: theirs.uuid, from: "3", reason: "No es de aquí" })),
    )) as Response;
    expect(cancel.status).toBe(404);
    expect(await statusOf(theirs.uuid)).toEqual({ status: 3, cancel_reason: null });
    const history = await db
      .selectFrom("order_status_history as h")
      .innerJoin("orders as o", "o.id", "h.order_id")
      .select("h.status")
      .where("o.uuid", "=", theirs.uuid)
      .execute();
    expect(history).toHaveLength(1);
  });

  it("moves its own orders with a 303 back to the console and a notice; refuses stale and illegal moves with 409", async () => {
    const order = await placeCashOrder(db, { outletCode: ROMA });
    const move = (await consoleRoute.action(
      args(post("/store?index&refresh=off", romaCookie, { intent: "status", order: order.uuid, from: "3", to: "5" })),
    )) as Response;
    expect(move.status).toBe(303);
    expect(move.headers.get("Location")).toBe("/store?refresh=off");
    expect((await statusOf(order.uuid)).status).toBe(5);
    const staffId = (await db.selectFrom("staff").select("id").where("email", "=", "roma@tienda.test").executeTakeFirstOrThrow()).id;
    const last = await db
      .selectFrom("order_status_history as h")
      .innerJoin("orders as o", "o.id", "h.order_id")
      .select(["h.status", "h.actor", "h.at"])
      .where("o.uuid", "=", order.uuid)
      .orderBy("h.id", "desc")
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ status: 5, actor: `staff:${staffId}` });
    expect(new Date(last.at).toISOString()).toBe(new Date(NOW).toISOString());

    // the notice is shown once by the console's loader
    const flashCookie = move.headers.get("Set-Cookie")!.split(";")[0]!;
    const page = await consoleRoute.loader(args(get("/store", flashCookie)));
    expect((await page.json()).notice).toEqual({ tone: "success", key: "store:moved.5", values: { number: order.number } });

    // a second click on the same, now stale, button; a move the table does not allow
    for (const fields of [
      { intent: "status", order: order.uuid, from: "3", to: "5" },
      { intent: "status", order: order.uuid, from: "5", to: "9" },
    ]) {
      const refused = (await consoleRoute.action(args(post("/store?index", romaCookie, fields)))) as Response;
      expect(refused.status).toBe(409);
      expect((await refused.json()).notice).toMatchObject({ key: "errors:statusTransition", values: { number: order.number } });
    }
    expect((await statusOf(order.uuid)).status).toBe(5);
  });

  it("cancels with a required reason: none is a 400 with the field's message, one is kept", async () => {
    const order = await placeCashOrder(db, { outletCode: ROMA });
    const empty = (await consoleRoute.action(args(post("/store?index", romaCookie, { intent: "cancel", order: order.uuid, from: "3", reason: " " })))) as Response;
    expect(empty.status).toBe(400);
    const body = await empty.json();
    expect(body.order).toBe(order.uuid);
    expect(body.result.error).toEqual({ reason: ["store:validation.reasonRequired"] });
    expect((await statusOf(order.uuid)).status).toBe(3);

    const done = (await consoleRoute.action(
      args(post("/store?index", romaCookie, { intent: "cancel", order: order.uuid, from: "3", reason: "Cliente llamó para cancelar" })),
    )) as Response;
    expect(done.status).toBe(303);
    expect(await statusOf(order.uuid)).toEqual({ status: 8, cancel_reason: "Cliente llamó para cancelar" });
    // the customer is told, once, in the order's language, with the reason
    const mails = await db.selectFrom("mail_outbox").select(["kind", "to", "subject", "text"]).where("key", "=", `order-cancellation:${order.uuid}`).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "order-cancellation", to: "jose@example.com", subject: `Tu pedido ${order.number} fue cancelado · Horno Rojo Pizza` });
    expect(mails[0]!.text).toContain(`Roma Norte canceló tu pedido ${order.number}.`);
    expect(mails[0]!.text).toContain("Motivo: Cliente llamó para cancelar");
    expect(mails[0]!.text).not.toContain("pago con tarjeta"); // paid in cash: nothing to give back
  });

  it("a malformed post is a 400, never a 500", async () => {
    for (const fields of [
      { intent: "status", order: "not-a-uuid", from: "3", to: "5" },
      { intent: "status", order: "6f1c2a9e-4b7d-4e0a-9c55-3d2f8b1e7a40", from: "x", to: "5" },
      { intent: "fly", order: "6f1c2a9e-4b7d-4e0a-9c55-3d2f8b1e7a40" },
      {},
    ]) {
      const response = (await consoleRoute.action(args(post("/store?index", romaCookie, fields as Record<string, string>)))) as Response;
      expect(response.status, JSON.stringify(fields)).toBe(400);
    }
    // a well-formed uuid of no order is a 404
    const unknown = (await consoleRoute.action(
      args(post("/store?index", romaCookie, { intent: "status", order: "6f1c2a9e-4b7d-4e0a-9c55-3d2f8b1e7a40", from: "3", to: "5" })),
    )) as Response;
    expect(unknown.status).toBe(404);
  });

  it("signing out is a post that clears the console's cookie", async () => {
    const cookie = await signIn("roma@tienda.test", PASSWORD);
    const response = await logout.action(args(post("/store/logout", cookie, {})));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/store/login");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__staff=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT;/);
  });

  const signedOut = async (cookie: string) => {
    const response = await thrown(consoleRoute.loader(args(get("/store", cookie))));
    // the sign-in page says the session ended
    return response.status === 302 && response.headers.get("Location") === "/store/login?ended=1";
  };

  it("a cookie copied before sign-out no longer works after it (the session ends on the server)", async () => {
    const copied = await signIn("roma@tienda.test", PASSWORD);
    expect((await consoleRoute.loader(args(get("/store", copied)))).status).toBe(200);
    await logout.action(args(post("/store/logout", copied, {})));
    expect(await signedOut(copied)).toBe(true);
    // the member's other sessions (another browser) are not affected by this sign-out
    expect((await consoleRoute.loader(args(get("/store", romaCookie)))).status).toBe(200);
  });

  it("a password change and a deactivation end every session of the member", async () => {
    await saveStaff(db, { email: "rotate@tienda.test", name: "R", password: PASSWORD, outletCodes: [ROMA], now: new Date(NOW) });
    const laptop = await signIn("rotate@tienda.test", PASSWORD);
    const phone = await signIn("rotate@tienda.test", PASSWORD);
    expect(laptop).not.toBe(phone);
    await saveStaff(db, { email: "rotate@tienda.test", name: "R", password: "another-password-2026", outletCodes: [ROMA], now: new Date(NOW) });
    expect(await signedOut(laptop)).toBe(true);
    expect(await signedOut(phone)).toBe(true);
    const again = await signIn("rotate@tienda.test", "another-password-2026");
    expect((await consoleRoute.loader(args(get("/store", again)))).status).toBe(200);
    expect(await deactivateStaff(db, "rotate@tienda.test", new Date(NOW))).toBe(true);
    expect(await signedOut(again)).toBe(true);
  });

  it("each sign-in rotates the session: the cookie held before it stops working", async () => {
    const before = await signIn("coy@tienda.test", PASSWORD);
    const after = await signIn("coy@tienda.test", PASSWORD, before);
    expect(after).not.toBe(before);
    expect(await signedOut(before)).toBe(true);
    expect((await consoleRoute.loader(args(get("/store", after)))).status).toBe(200);
  });
});

describe("the console's words", () => {
  it("every refusal of the lifecycle and of the sign-in has a message in Spanish, English and Arabic", async () => {
    const { errorMessageKey } = await import("~/errors");
    const { resources } = await import("~/locales");
    for (const code of ["STATUS-TRANSITION", "CANCEL-REASON", "STAFF-AUTH", "STAFF-THROTTLED", "AUTH-BUSY"] as const) {
      const key = errorMessageKey[code].replace(/^errors:/, "") as keyof typeof resources.es.errors;
      const texts = (["es", "en", "ar"] as const).map((lng) => (resources[lng].errors as Record<string, string>)[key]);
      expect(texts.every((text) => typeof text === "string" && text.length > 10), code).toBe(true);
      expect(new Set(texts).size, code).toBe(3);
    }
  });

  it("each stage and each move's notice reads differently from every other, in every language", async () => {
    const { resources } = await import("~/locales");
    for (const lng of ["es", "en", "ar"] as const) {
      for (const group of ["stage", "action", "moved"] as const) {
        const texts = Object.values(resources[lng].store[group] as Record<string, string>);
        expect(new Set(texts).size, `${lng} ${group}`).toBe(texts.length);
      }
    }
  });

  it("a date and time ending in its own full stop (Spanish 'p.m.') is not followed by the sentence's", async () => {
    const { resources } = await import("~/locales");
    const { formatDateTime } = await import("~/format");
    const texts = (tree: object): string[] => Object.values(tree).flatMap((v) => (typeof v === "object" && v ? texts(v) : [String(v)]));
    for (const lng of ["es", "en", "ar"] as const) {
      // in the store namespace, {{when}} is always a formatDateTime
      if (!formatDateTime("2026-11-20T20:22:00Z", lng, "America/Mexico_City").endsWith(".")) continue;
      expect(texts(resources[lng].store).filter((text) => text.includes("{{when}}.")), lng).toEqual([]);
    }
  });

  it("the store namespace has the same keys in every language (plural forms aside)", async () => {
    const { resources } = await import("~/locales");
    const keys = (tree: object, prefix = ""): string[] =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === "object" && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`.replace(/_(zero|one|two|few|many|other)$/, "")]));
    const es = [...new Set(keys(resources.es.store))].sort();
    expect(es.length).toBeGreaterThan(40);
    expect([...new Set(keys(resources.en.store))].sort()).toEqual(es);
    expect([...new Set(keys(resources.ar.store))].sort()).toEqual(es);
  });
});
