/**
 * The loyalty card (issue 11 point 8): attach a 15-digit card with the account's phone and birthday. First the rules
 * on each test database (server/customers/loyalty.ts): match, mismatch, unconfirmed email, one card per account and
 * one account per card decided by the unique keys (two racing attaches: one wins), the per-account limit; then the
 * page's answers through its route module on the app's own database.
 */
import { findCustomer } from "#server/customers/accounts";
import { attachLoyaltyCard, issueLoyaltyCard } from "#server/customers/loyalty";
import { withCheckDigit } from "#server/customers/loyalty-card";
import { limits } from "#server/security/rate-limits";
import { args, get, post, sessionOf, thrown } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { makeCustomer, signedInCookie } from "../support/customers";
import { testDatabases, type TestDatabase } from "../support/db";

process.env.SESSION_SECRET = "loyalty-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";

const NOW = "2026-11-20T19:00:00.000Z";
process.env.STORE_NOW = NOW;
pinStoreNow(NOW);
const at = new Date(NOW);

let cards = 0;
const cardNumber = (n: number) => withCheckDigit(`7000${String(n).padStart(10, "0")}`);
/** A fresh valid card number (Luhn) per call, one of those the chain issued (`issueCards`). */
const newCard = () => cardNumber(++cards);
const details = { phone: "5512345678", birthdate: "1990-05-17" };
/** The chain issues the cards the tests attach, to the test customers' holder (their phone and birthday). */
async function issueCards(db: import("#server/db/client").Database) {
  for (let n = 1; n <= 200; n++) await issueLoyaltyCard(db, { cardNumber: cardNumber(n), ...details }, at);
}

/** The CUS code a refused promise carries. */
async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

describe.each(testDatabases())("attaching a loyalty card on $name", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await kind.create();
    await issueCards(t.db);
  });
  afterAll(() => t?.destroy());

  it("attaches with the account's phone and birthday; the account then shows it", async () => {
    const ana = await makeCustomer(t.db);
    const card = newCard();
    await attachLoyaltyCard(t.db, ana.id, { cardNumber: card, ...details }, at);
    expect((await findCustomer(t.db, ana.id))?.loyaltyCard).toBe(card);
    // The same card again (a doubled post) is no error and changes nothing.
    await attachLoyaltyCard(t.db, ana.id, { cardNumber: card, ...details }, at);
    expect((await findCustomer(t.db, ana.id))?.loyaltyCard).toBe(card);
  });

  it("a card the chain never issued, or issued to another holder, is CUS-100012 even with the account's details", async () => {
    // Before, any 15 digits with a valid check digit attached, and with them the members' coupons (CIRCULO30).
    const ana = await makeCustomer(t.db);
    const invented = withCheckDigit("70009999999999");
    expect(await codeOf(attachLoyaltyCard(t.db, ana.id, { cardNumber: invented, ...details }, at))).toBe("CUS-100012");
    const someoneElses = withCheckDigit("70008888888888");
    await issueLoyaltyCard(t.db, { cardNumber: someoneElses, phone: "5599990000", birthdate: "1985-01-02" }, at);
    expect(await codeOf(attachLoyaltyCard(t.db, ana.id, { cardNumber: someoneElses, ...details }, at))).toBe("CUS-100012");
    // Its holder's details are not the account's either: still refused.
    expect(await codeOf(attachLoyaltyCard(t.db, ana.id, { cardNumber: someoneElses, phone: "5599990000", birthdate: "1985-01-02" }, at))).toBe("CUS-100012");
    expect((await findCustomer(t.db, ana.id))?.loyaltyCard ?? null).toBeNull();
    // Issued to her (the store corrects the holder's details): it attaches.
    await issueLoyaltyCard(t.db, { cardNumber: someoneElses, phone: "52 55 1234 5678", birthdate: details.birthdate }, at);
    await attachLoyaltyCard(t.db, ana.id, { cardNumber: someoneElses, ...details }, at);
    expect((await findCustomer(t.db, ana.id))?.loyaltyCard).toBe(someoneElses);
  });

  it("a members' coupon (CIRCULO30) needs a card the chain issued: a link to a number never issued does not count", async () => {
    const { checkNewCoupon } = await import("#server/coupons/evaluate");
    const { findCouponByCode } = await import("#server/coupons/store");
    const circle = await findCouponByCode(t.db, "CIRCULO30");
    const roma = await t.db.selectFrom("outlets").select("id").where("code", "=", "MX-ROM-01").executeTakeFirstOrThrow();
    const check = (customerId: number) =>
      checkNewCoupon(t.db, circle, 0, {
        outletId: roma.id,
        orderType: "C",
        orderTime: null,
        customerId,
        payment: null,
        lines: [{ productUuid: "p-pizza", quantity: 1, totalCents: 27_400, couponCode: null }],
        deliveryFeeCents: 0,
        now: at,
      }, []);
    // Linked before the registry existed (migration 0035), to an invented number: not a member.
    const linkedBefore = await makeCustomer(t.db);
    await t.db.insertInto("loyalty_cards").values({ card_number: withCheckDigit("70007777777777"), customer_id: linkedBefore.id, attached_at: at }).execute();
    expect(await check(linkedBefore.id)).toMatchObject({ ok: false, code: "CP-22" });
    // A card the chain issued, linked: a member.
    const member = await makeCustomer(t.db);
    await attachLoyaltyCard(t.db, member.id, { cardNumber: newCard(), ...details }, at);
    expect(await check(member.id)).toMatchObject({ ok: true });
  });

  it("a phone typed with the country code 52 is the account's phone", async () => {
    const ana = await makeCustomer(t.db);
    await attachLoyaltyCard(t.db, ana.id, { cardNumber: newCard(), phone: "525512345678", birthdate: details.birthdate }, at);
  });

  it("another phone or birthday than the account's: CUS-100012, nothing attached", async () => {
    const ana = await makeCustomer(t.db);
    expect(await codeOf(attachLoyaltyCard(t.db, ana.id, { cardNumber: newCard(), ...details, phone: "5587654321" }, at))).toBe("CUS-100012");
    expect(await codeOf(attachLoyaltyCard(t.db, ana.id, { cardNumber: newCard(), ...details, birthdate: "1990-05-18" }, at))).toBe("CUS-100012");
    expect((await findCustomer(t.db, ana.id))?.loyaltyCard).toBeNull();
  });

  it("an account without a phone (a social sign-in's) never matches", async () => {
    const ana = await makeCustomer(t.db, { phone: "" });
    expect(await codeOf(attachLoyaltyCard(t.db, ana.id, { cardNumber: newCard(), ...details }, at))).toBe("CUS-100012");
  });

  it("an unconfirmed email cannot attach: CUS-100014", async () => {
    const ana = await makeCustomer(t.db, { confirmed: false });
    expect(await codeOf(attachLoyaltyCard(t.db, ana.id, { cardNumber: newCard(), ...details }, at))).toBe("CUS-100014");
  });

  it("a card on another account, or a second card: CUS-100013", async () => {
    const ana = await makeCustomer(t.db);
    const beto = await makeCustomer(t.db);
    const card = newCard();
    await attachLoyaltyCard(t.db, ana.id, { cardNumber: card, ...details }, at);
    expect(await codeOf(attachLoyaltyCard(t.db, beto.id, { cardNumber: card, ...details }, at))).toBe("CUS-100013");
    expect(await codeOf(attachLoyaltyCard(t.db, ana.id, { cardNumber: newCard(), ...details }, at))).toBe("CUS-100013");
    expect((await findCustomer(t.db, ana.id))?.loyaltyCard).toBe(card);
    expect((await findCustomer(t.db, beto.id))?.loyaltyCard).toBeNull();
  });

  it("two accounts racing for one card: exactly one gets it, the other CUS-100013", async () => {
    const other = t.twin?.() ?? t.db;
    for (let round = 0; round < 5; round++) {
      const [ana, beto] = [await makeCustomer(t.db), await makeCustomer(t.db)];
      const card = newCard();
      const outcomes = await Promise.all([
        codeOf(attachLoyaltyCard(t.db, ana.id, { cardNumber: card, ...details }, at)),
        codeOf(attachLoyaltyCard(other, beto.id, { cardNumber: card, ...details }, at)),
      ]);
      expect(outcomes.sort()).toEqual(["CUS-100013", undefined]);
      const holders = await t.db.selectFrom("loyalty_cards").select("customer_id").where("card_number", "=", card).execute();
      expect(holders).toHaveLength(1);
    }
  });

  it("one account racing two cards: exactly one is attached, the other CUS-100013", async () => {
    const other = t.twin?.() ?? t.db;
    const ana = await makeCustomer(t.db);
    const outcomes = await Promise.all([
      codeOf(attachLoyaltyCard(t.db, ana.id, { cardNumber: newCard(), ...details }, at)),
      codeOf(attachLoyaltyCard(other, ana.id, { cardNumber: newCard(), ...details }, at)),
    ]);
    expect(outcomes.sort()).toEqual(["CUS-100013", undefined]);
    expect(await t.db.selectFrom("loyalty_cards").select("card_number").where("customer_id", "=", ana.id).execute()).toHaveLength(1);
  });

  it("tries are limited per account (guessing numbers is slow): then CUS-100016 with the minutes to wait", async () => {
    const { points } = limits.loyaltyAttachPerAccount;
    const ana = await makeCustomer(t.db);
    const beto = await makeCustomer(t.db);
    for (let i = 0; i < points; i++) {
      expect(await codeOf(attachLoyaltyCard(t.db, ana.id, { cardNumber: newCard(), ...details, phone: "5500000000" }, at))).toBe("CUS-100012");
    }
    try {
      await attachLoyaltyCard(t.db, ana.id, { cardNumber: newCard(), ...details }, at);
      expect.unreachable("the limit is spent");
    } catch (error) {
      expect(error).toMatchObject({ code: "CUS-100016", data: { minutes: expect.any(Number) } });
      expect((error as { data: { minutes: number } }).data.minutes).toBeGreaterThan(0);
    }
    // Another account is not slowed by Ana's tries.
    await attachLoyaltyCard(t.db, beto.id, { cardNumber: newCard(), ...details }, at);
  });
});

describe("the /loyalty-card page", () => {
  let route: typeof import("~/routes/loyalty-card/route");
  let db: import("#server/db/client").Database;
  beforeAll(async () => {
    route = await import("~/routes/loyalty-card/route");
    db = await (await import("#server/db/client")).getDb();
    await issueCards(db);
  });

  const fields = (over: Record<string, string> = {}) => ({
    cardNumber: newCard(),
    phone: "55 1234 5678",
    birthDay: "17",
    birthMonth: "5",
    birthYear: "1990",
    ...over,
  });

  it("asks a guest to sign in first, and comes back here after", async () => {
    const response = await thrown(route.loader(args(get("/loyalty-card", ""))) as Promise<unknown>);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Floyalty-card");
    const answer = await thrown(route.action(args(post("/loyalty-card", "", fields()))) as Promise<unknown>);
    expect(answer.headers.get("Location")).toBe("/login?redirectTo=%2Floyalty-card");
  });

  it("shows the form to an account without a card", async () => {
    const ana = await makeCustomer(db);
    const data = await ((await route.loader(args(get("/loyalty-card", await signedInCookie(db, ana.id))))) as Response).json();
    expect(data).toMatchObject({ card: null, emailConfirmed: true, today: "2026-11-20", title: "Tarjeta de lealtad" });
  });

  it("attaches: 303 to the profile with the notice; the page then shows the card", async () => {
    const ana = await makeCustomer(db);
    const c = await signedInCookie(db, ana.id);
    const card = withCheckDigit("60000000000011");
    await issueLoyaltyCard(db, { cardNumber: card, ...details }, at);
    // Typed in groups, as printed on the card.
    const form = fields({ cardNumber: `${card.slice(0, 4)} ${card.slice(4, 8)} ${card.slice(8, 12)} ${card.slice(12)}` });
    const response = (await route.action(args(post("/loyalty-card", c, form)))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/profile");
    expect((await sessionOf(response)).get("notice")).toMatchObject({ tone: "success", key: "notices.account.loyaltyAttached" });
    const data = await ((await route.loader(args(get("/loyalty-card", c)))) as Response).json();
    expect(data.card).toBe(card);
  });

  it("an invalid form is a 400 with each field's message", async () => {
    const ana = await makeCustomer(db);
    const response = (await route.action(args(post("/loyalty-card", await signedInCookie(db, ana.id), fields({ cardNumber: "600000000000017", phone: "12" }))))) as Response;
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error).toMatchObject({ cardNumber: ["history:v.cardCheck"], phone: ["account:v.phone"] });
  });

  it("refusals come back translated with their statuses: mismatch 422, taken 409, unconfirmed 403", async () => {
    const ana = await makeCustomer(db);
    const c = await signedInCookie(db, ana.id);
    const mismatch = (await route.action(args(post("/loyalty-card", c, fields({ birthDay: "18" }))))) as Response;
    expect(mismatch.status).toBe(422);
    expect((await mismatch.json()).notice).toMatchObject({ tone: "error", key: "errors:loyaltyMismatch" });

    const card = newCard();
    const beto = await makeCustomer(db);
    await attachLoyaltyCard(db, beto.id, { cardNumber: card, ...details }, at);
    const taken = (await route.action(args(post("/loyalty-card", c, fields({ cardNumber: card }))))) as Response;
    expect(taken.status).toBe(409);
    expect((await taken.json()).notice).toMatchObject({ key: "errors:loyaltyTaken" });

    const carla = await makeCustomer(db, { confirmed: false });
    const unconfirmed = (await route.action(args(post("/loyalty-card", await signedInCookie(db, carla.id), fields())))) as Response;
    expect(unconfirmed.status).toBe(403);
    expect((await unconfirmed.json()).notice).toMatchObject({ key: "errors:emailNotConfirmed" });
  });
});
