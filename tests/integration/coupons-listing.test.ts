/**
 * The coupons a visitor may use (/order/coupons: server/coupons/listing.ts), attaching a coupon to an account
 * (/crm/coupon: server/coupons/attach.ts) and the coupon history (server/coupons/history.ts), on each test
 * database. Issue 12 points 3, 5 and 6.
 */
import { redeemCoupon, checkCouponCode, type CodeLookup } from "#server/coupons/attach";
import { couponHistory } from "#server/coupons/history";
import { listCoupons, type Visitor } from "#server/coupons/listing";
import { pinStoreNow } from "../support/clock";
import { refusal } from "../support/refusal";
import { makeCoupon } from "../support/coupons";
import { makeCustomer } from "../support/customers";
import { testDatabases, type TestDatabase } from "../support/db";
import { placeTestOrder } from "../support/orders";

const NOW = "2026-11-20T19:00:00.000Z"; // Friday 13:00 in Mexico City
process.env.STORE_NOW = NOW;
pinStoreNow(NOW);
const now = new Date(NOW);
const ZONE = "America/Mexico_City";

/** The code a refused call was refused with (it must be refused). */
const refusedWith = async (promise: Promise<unknown>) => (await refusal(promise)).code;

describe.each(testDatabases())("coupons of a customer on $name", (kind) => {
  let t: TestDatabase;
  let me: number;
  let other: number;
  let addresses = 0;
  beforeAll(async () => {
    t = await kind.create();
    me = (await makeCustomer(t.db)).id;
    other = (await makeCustomer(t.db)).id;
  });
  afterAll(() => t?.destroy());

  const visitor = (customerId: number | null, emailConfirmed = true): Visitor => ({
    customer: customerId === null ? null : { id: customerId, emailConfirmed },
    lng: "es",
    now,
    timeZone: ZONE,
  });
  const codesFor = async (customerId: number | null) => (await listCoupons(t.db, visitor(customerId))).map((c) => c.code);
  /** A look-up from a fresh client address (each test its own, so the per-address limit is its own). */
  const lookup = (customerId: number, code: string, address = `198.51.100.${++addresses}`): CodeLookup => ({
    code,
    customer: { id: customerId, emailConfirmed: true },
    address,
    lng: "es",
    now,
    timeZone: ZONE,
  });
  const attach = (customerId: number, code: string, source: "crm" | "game" = "crm") =>
    t.db
      .selectFrom("coupons")
      .select("id")
      .where("code", "=", code)
      .executeTakeFirstOrThrow()
      .then(({ id }) => t.db.insertInto("customer_coupons").values({ customer_id: customerId, coupon_id: id, source, attached_at: now }).execute());
  const use = async (customerId: number, couponId: number, discountCents = 2_000) => {
    const order = await placeTestOrder(t.db, { email: `usa.${customerId}.${couponId}@correo.mx` });
    await t.db.insertInto("coupon_uses").values({ coupon_id: couponId, order_id: order.id, customer_id: customerId, discount_cents: discountCents, used_at: now }).execute();
    return order;
  };

  describe("the list (/order/coupons)", () => {
    it("public coupons for everyone; unlisted ones only once attached; another customer's never", async () => {
      const pub = await makeCoupon(t.db);
      const hidden = await makeCoupon(t.db, { listed: false });
      const mine = await makeCoupon(t.db, { listed: false, conditions: { customerId: me } });
      const others = await makeCoupon(t.db, { conditions: { customerId: other } });
      await attach(me, mine.code);
      await attach(other, hidden.code);
      const forMe = await codesFor(me);
      expect(forMe).toContain(pub.code);
      expect(forMe).toContain(mine.code);
      expect(forMe).not.toContain(hidden.code);
      expect(forMe).not.toContain(others.code);
      expect(await codesFor(other)).toEqual(expect.arrayContaining([pub.code, hidden.code, others.code]));
      const forGuest = await codesFor(null);
      expect(forGuest).toContain(pub.code);
      expect(forGuest).not.toContain(hidden.code);
      expect(forGuest).not.toContain(others.code);
      expect(forGuest).not.toContain(mine.code);
      // The seed: its public coupons are listed; the game's prize and the campaign's coupon are not.
      expect(forGuest).toEqual(expect.arrayContaining(["PIZZA15", "ENVIOGRATIS", "COMBOPAREJA"]));
      expect(forGuest).not.toContain("RULETA10");
      expect(forGuest).not.toContain("BIENVENIDA");
      expect(forGuest).not.toContain("CUMPLEANOS");
    });

    it("the customer's attached coupons come first, marked; a guest is told which need signing in", async () => {
      const attached = await makeCoupon(t.db, { listed: false });
      await attach(me, attached.code);
      const list = await listCoupons(t.db, visitor(me));
      expect(list.filter((c) => c.attached).map((c) => c.code)).toContain(attached.code);
      expect(list.findIndex((c) => !c.attached)).toBeGreaterThan(list.findIndex((c) => c.code === attached.code));
      const guest = await listCoupons(t.db, visitor(null));
      expect(guest.find((c) => c.code === "AHORRA50")?.signInFirst).toBe(true);
      expect(guest.find((c) => c.code === "PIZZA15")?.signInFirst).toBe(false);
      expect(list.find((c) => c.code === "AHORRA50")?.signInFirst).toBe(false);
    });

    it("a card says what it gives and its conditions, with its image by type (or its own under /images/)", async () => {
      const gift = (await listCoupons(t.db, visitor(null))).find((c) => c.code === "REFRESCO")!;
      expect(gift).toMatchObject({ type: 1, image: "/images/coupons/type-1.svg", gives: { kind: "item", quantity: 1 }, terms: [{ kind: "minItems", count: 2 }] });
      expect(gift.gives).toHaveProperty("name", expect.stringMatching(/\S/));
      const own = await makeCoupon(t.db);
      await t.db.updateTable("coupons").set({ image: JSON.stringify({ desktop: { es: "/images/coupons/navidad.svg", en: "https://elsewhere.example/x.svg" } }) }).where("id", "=", own.id).execute();
      const es = (await listCoupons(t.db, visitor(null))).find((c) => c.code === own.code)!;
      expect(es.image).toBe("/images/coupons/navidad.svg");
      const en = (await listCoupons(t.db, { ...visitor(null), lng: "en" })).find((c) => c.code === own.code)!;
      expect(en.image).toBe("/images/coupons/type-2.svg");
    });

    it("a coupon only for its holders: listed to them, never to others even when listed to everyone", async () => {
      const holders = await makeCoupon(t.db, { conditions: { attachedOnly: true } });
      await attach(other, holders.code);
      expect(await codesFor(other)).toContain(holders.code);
      expect(await codesFor(me)).not.toContain(holders.code);
      expect(await codesFor(null)).not.toContain(holders.code);
    });

    it("a coupon for this customer, whose email is not confirmed, says so (CP-23 at apply)", async () => {
      const unconfirmed = (await makeCustomer(t.db, { confirmed: false })).id;
      const mine = await makeCoupon(t.db, { listed: false, conditions: { customerId: unconfirmed } });
      await attach(unconfirmed, mine.code);
      const card = (await listCoupons(t.db, visitor(unconfirmed, false))).find((c) => c.code === mine.code);
      expect(card?.confirmEmailFirst).toBe(true);
      const holders = await makeCoupon(t.db, { listed: false, conditions: { attachedOnly: true } });
      await attach(unconfirmed, holders.code);
      expect((await listCoupons(t.db, visitor(unconfirmed, false))).find((c) => c.code === holders.code)?.confirmEmailFirst).toBe(true);
      expect((await listCoupons(t.db, visitor(unconfirmed, false))).find((c) => c.code === "PIZZA15")?.confirmEmailFirst).toBe(false);
    });

    it("used up by this customer, run out, ended, paused or not for the web: not listed, attached or not", async () => {
      const usedUp = await makeCoupon(t.db, { conditions: { usesPerCustomer: 1 } });
      const runOut = await makeCoupon(t.db, { conditions: { generationLimit: 3 }, uses: 3 });
      const ended = await makeCoupon(t.db, { conditions: { validUntil: NOW } });
      const paused = await makeCoupon(t.db, { active: false });
      const appOnly = await makeCoupon(t.db, { conditions: { channels: ["app"] } });
      const notYet = await makeCoupon(t.db, { conditions: { validFrom: "2026-11-21T06:00:00Z" } });
      const lastMinute = await makeCoupon(t.db, { conditions: { validUntil: "2026-11-20T19:00:00.001Z", generationLimit: 3 }, uses: 2 });
      await use(me, usedUp.id);
      for (const code of [usedUp.code, runOut.code, ended.code, paused.code, appOnly.code]) await attach(me, code);
      const forMe = await codesFor(me);
      for (const gone of [usedUp, runOut, ended, paused, appOnly, notYet]) expect(forMe, gone.code).not.toContain(gone.code);
      expect(forMe).toContain(lastMinute.code);
      // Another customer has not used it: it is listed for them.
      expect(await codesFor(other)).toContain(usedUp.code);
      // One not started yet is listed once attached (its terms say from when).
      await attach(me, notYet.code);
      const card = (await listCoupons(t.db, visitor(me))).find((c) => c.code === notYet.code);
      expect(card?.terms).toContainEqual({ kind: "validFrom", at: "2026-11-21T06:00:00Z" });
    });
  });

  describe("attaching (/crm/coupon)", () => {
    it("attaches once: a second time is harmless and says it was there", async () => {
      const campaign = await makeCoupon(t.db, { listed: false });
      const first = await redeemCoupon(t.db, lookup(me, campaign.code.toLowerCase()));
      expect(first.already).toBe(false);
      expect(first.card).toMatchObject({ code: campaign.code, attached: true });
      const second = await redeemCoupon(t.db, lookup(me, ` ${campaign.code} `));
      expect(second.already).toBe(true);
      const rows = await t.db.selectFrom("customer_coupons").selectAll().where("coupon_id", "=", campaign.id).execute();
      expect(rows).toEqual([expect.objectContaining({ customer_id: me, source: "crm" })]);
      expect(await codesFor(me)).toContain(campaign.code);
    });

    it("a coupon only for its holders is attached from its link; a game's prize only by winning it (CP-08)", async () => {
      const campaign = await makeCoupon(t.db, { listed: false, conditions: { attachedOnly: true } });
      expect((await redeemCoupon(t.db, lookup(me, campaign.code))).already).toBe(false);
      expect(await codesFor(me)).toContain(campaign.code);
      expect(await refusedWith(redeemCoupon(t.db, lookup(me, "RULETA10")))).toBe("CP-08");
      // Its winner holds it: the link says it is there.
      const winner = (await makeCustomer(t.db)).id;
      await attach(winner, "RULETA10", "game");
      expect((await redeemCoupon(t.db, lookup(winner, "RULETA10"))).already).toBe(true);
      // A prize that is not for holders only (REFRESCO is also a public coupon) is attached as any other.
      expect((await redeemCoupon(t.db, lookup(me, "REFRESCO"))).already).toBe(false);
    });

    it("two racing attaches of one coupon make one row, one of them answered 'already'", async () => {
      const campaign = await makeCoupon(t.db, { listed: false });
      const outcomes = await Promise.all([redeemCoupon(t.db, lookup(other, campaign.code)), redeemCoupon(t.db, lookup(other, campaign.code))]);
      expect(outcomes.map((o) => o.already).sort()).toEqual([false, true]);
      const rows = await t.db.selectFrom("customer_coupons").select("customer_id").where("coupon_id", "=", campaign.id).execute();
      expect(rows).toHaveLength(1);
    });

    it("looking a code up writes nothing (check-existed-coupon)", async () => {
      const campaign = await makeCoupon(t.db, { listed: false });
      const checked = await checkCouponCode(t.db, lookup(me, campaign.code));
      expect(checked).toMatchObject({ attached: false, card: { code: campaign.code } });
      expect(await t.db.selectFrom("customer_coupons").select("customer_id").where("coupon_id", "=", campaign.id).execute()).toEqual([]);
    });

    it("refuses an unknown or paused code (CP-12), another customer's (CP-08), and one that can no longer be used", async () => {
      const paused = await makeCoupon(t.db, { active: false });
      const others = await makeCoupon(t.db, { listed: false, conditions: { customerId: other } });
      const ended = await makeCoupon(t.db, { conditions: { validUntil: "2026-11-01T06:00:00Z" } });
      const runOut = await makeCoupon(t.db, { conditions: { generationLimit: 1 }, uses: 1 });
      const usedUp = await makeCoupon(t.db, { conditions: { usesPerCustomer: 1 } });
      await use(me, usedUp.id);
      expect(await refusedWith(redeemCoupon(t.db, lookup(me, "NOEXISTE")))).toBe("CP-12");
      expect(await refusedWith(redeemCoupon(t.db, lookup(me, "no es un código")))).toBe("CP-12");
      expect(await refusedWith(redeemCoupon(t.db, lookup(me, paused.code)))).toBe("CP-12");
      expect(await refusedWith(redeemCoupon(t.db, lookup(me, others.code)))).toBe("CP-08");
      expect(await refusedWith(redeemCoupon(t.db, lookup(me, ended.code)))).toBe("CP-13");
      expect(await refusedWith(redeemCoupon(t.db, lookup(me, runOut.code)))).toBe("CP-21");
      expect(await refusedWith(redeemCoupon(t.db, lookup(me, usedUp.code)))).toBe("CP-10");
      // Its own customer attaches it.
      expect((await redeemCoupon(t.db, lookup(other, others.code))).already).toBe(false);
      const attached = await t.db.selectFrom("customer_coupons").select("coupon_id").where("customer_id", "=", me).execute();
      for (const id of [paused.id, others.id, ended.id, runOut.id, usedUp.id]) expect(attached.map((r) => r.coupon_id)).not.toContain(id);
    });

    it("wrong guesses are limited per account: the 11th look-up within the hour is refused, found or not", async () => {
      const guesser = (await makeCustomer(t.db)).id;
      const campaign = await makeCoupon(t.db, { listed: false });
      // Codes that exist give their try back: many of them spend nothing.
      for (let i = 0; i < 12; i++) await checkCouponCode(t.db, lookup(guesser, campaign.code));
      for (let i = 0; i < 10; i++) expect(await refusedWith(checkCouponCode(t.db, lookup(guesser, `NOEXISTE-${i}`)))).toBe("CP-12");
      expect(await refusedWith(checkCouponCode(t.db, lookup(guesser, campaign.code)))).toBe("CUS-100016");
      expect(await refusedWith(redeemCoupon(t.db, lookup(guesser, campaign.code)))).toBe("CUS-100016");
      // Another account is not held back by it.
      expect((await checkCouponCode(t.db, lookup(other, campaign.code))).card.code).toBe(campaign.code);
    });

    it("wrong guesses are limited per client address, across accounts: the 31st is refused", async () => {
      const address = "203.0.113.77";
      for (let i = 0; i < 30; i++) {
        const guesser = (await makeCustomer(t.db)).id;
        expect(await refusedWith(checkCouponCode(t.db, lookup(guesser, `NOEXISTE-${i}`, address)))).toBe("CP-12");
      }
      const fresh = (await makeCustomer(t.db)).id;
      expect(await refusedWith(checkCouponCode(t.db, lookup(fresh, "PIZZA15", address)))).toBe("CUS-100016");
      expect((await checkCouponCode(t.db, lookup(fresh, "PIZZA15"))).card.code).toBe("PIZZA15");
    });
  });

  describe("the history (profile)", () => {
    it("used coupons with their orders, latest first; attached ones not used yet, CPH-02 when they can no longer be used", async () => {
      const customer = (await makeCustomer(t.db)).id;
      const first = await makeCoupon(t.db);
      const second = await makeCoupon(t.db, { benefit: { type: 4 } });
      const waiting = await makeCoupon(t.db, { listed: false });
      const paused = await makeCoupon(t.db, { listed: false });
      await attach(customer, first.code);
      await attach(customer, waiting.code, "game");
      await attach(customer, paused.code);
      await t.db.updateTable("coupons").set({ active: false }).where("id", "=", paused.id).execute();
      const older = await use(customer, first.id, 2_000);
      await t.db.updateTable("coupon_uses").set({ used_at: new Date("2026-11-19T19:00:00Z") }).where("order_id", "=", older.id).execute();
      const newer = await use(customer, second.id, 0);
      await use(other, first.id, 2_000);
      const history = await couponHistory(t.db, customer, { lng: "es", now, timeZone: ZONE });
      expect(history.used).toEqual([
        { code: second.code, name: `Cupón ${second.code}`, orderNumber: newer.number, orderUuid: newer.uuid, usedAt: NOW, timeZone: ZONE, discountCents: 0, type: 4 },
        { code: first.code, name: `Cupón ${first.code}`, orderNumber: older.number, orderUuid: older.uuid, usedAt: "2026-11-19T19:00:00.000Z", timeZone: ZONE, discountCents: 2_000, type: 2 },
      ]);
      // `first` was attached and used: it is among the used, not the waiting.
      expect(history.attached.map(({ code, source, problem }) => ({ code, source, problem }))).toEqual([
        { code: waiting.code, source: "game", problem: null },
        { code: paused.code, source: "crm", problem: "CPH-02" },
      ]);
    });

    it("a customer without coupons has an empty history", async () => {
      const nobody = (await makeCustomer(t.db)).id;
      expect(await couponHistory(t.db, nobody, { lng: "en", now, timeZone: ZONE })).toEqual({ used: [], attached: [] });
    });
  });
});
