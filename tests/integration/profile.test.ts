/**
 * The profile's changes (issue 11): the email change by a single-use link, the phone change by a one-time code
 * through the SMS outbox (and its webhook sender against a local HTTP stand-in), the data export and the account
 * deletion, on each test database (PGlite; Postgres too with TEST_DATABASE_URL).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resetEnvCache } from "#server/config";
import { confirmEmailChange, pendingEmail, requestEmailChange } from "#server/customers/email-change";
import { codeHash, CODE_TTL_MS, livePhoneRequest, MAX_CODE_ATTEMPTS, requestPhoneCode, verifyPhoneCode } from "#server/customers/phone";
import { deleteCustomer, exportCustomerData } from "#server/customers/privacy";
import { TOKEN_TTL_MS } from "#server/customers/tokens";
import { openSession, sessionSubject } from "#server/security/sessions";
import { deliverSms, sendSms } from "#server/sms";
import { backoffMs } from "#server/sms/outbox";
import { placeCashOrder } from "../support/app";
import { DELIVERED } from "#server/orders/lifecycle";
import { pinStoreNow } from "../support/clock";
import { createCustomer } from "../support/customers";
import { testDatabases, type TestDatabase } from "../support/db";
import { refusal } from "../support/refusal";

process.env.ARGON2_MEMORY_KIB = "256";
process.env.ARGON2_TIME_COST = "1";
const NOW = "2026-11-20T19:00:00.000Z";
pinStoreNow(NOW);
const at = (ms = 0) => new Date(new Date(NOW).getTime() + ms);
const MINUTE = 60_000;
const text = (code: string) => `Tu código es ${code}`;
/** The code of a request, read back from the text the outbox holds for it (as the customer reads the SMS). */
async function codeOf(db: TestDatabase["db"], requestId: string): Promise<string> {
  const row = await db.selectFrom("sms_outbox").select("text").where("key", "=", `phone-code:${requestId}`).executeTakeFirstOrThrow();
  return /(\d{6})/.exec(row.text)![1]!;
}

describe.each(testDatabases())("profile changes on $name", (kind) => {
  let t: TestDatabase;
  let n = 0;
  let customer: number;
  const email = () => `carla${n}@correo.mx`;
  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());
  beforeEach(async () => {
    n++;
    customer = await createCustomer(t.db, { email: email(), phone: `55111${String(n).padStart(5, "0")}` });
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });

  describe("email change", () => {
    it("the link changes the email only when followed, once; the address is confirmed and pending until then", async () => {
      const link = await requestEmailChange(t.db, customer, " Nueva.Carla@Correo.mx ", at());
      expect(link).toMatchObject({ email: "nueva.carla@correo.mx", firstName: "Carla", locale: "es" });
      expect(await pendingEmail(t.db, customer, at())).toBe("nueva.carla@correo.mx");
      expect((await t.db.selectFrom("customers").select("email").where("id", "=", customer).executeTakeFirstOrThrow()).email).toBe(email());
      const changed = await confirmEmailChange(t.db, link.token, at(MINUTE));
      expect(changed).toMatchObject({ customerId: customer, oldEmail: email(), newEmail: "nueva.carla@correo.mx" });
      const row = await t.db.selectFrom("customers").select(["email", "email_confirmed_at"]).where("id", "=", customer).executeTakeFirstOrThrow();
      expect(row.email).toBe("nueva.carla@correo.mx");
      expect(new Date(row.email_confirmed_at!).toISOString()).toBe(at(MINUTE).toISOString());
      expect(await pendingEmail(t.db, customer, at(MINUTE))).toBeUndefined();
      expect((await refusal(confirmEmailChange(t.db, link.token, at(2 * MINUTE)))).code).toBe("CUS-100015");
    });

    it("one link a minute (CUS-100007); a new link voids the older one", async () => {
      const first = await requestEmailChange(t.db, customer, "uno@correo.mx", at());
      expect((await refusal(requestEmailChange(t.db, customer, "dos@correo.mx", at(MINUTE - 1)))).code).toBe("CUS-100007");
      const second = await requestEmailChange(t.db, customer, "dos@correo.mx", at(MINUTE));
      expect((await refusal(confirmEmailChange(t.db, first.token, at(MINUTE)))).code).toBe("CUS-100015");
      expect((await confirmEmailChange(t.db, second.token, at(MINUTE))).newEmail).toBe("dos@correo.mx");
    });

    it("an address another account has: refused when asked (CUS-100003), and when followed if it was taken since", async () => {
      await createCustomer(t.db, { email: `otra${n}@correo.mx` });
      expect((await refusal(requestEmailChange(t.db, customer, `OTRA${n}@correo.mx`, at()))).code).toBe("CUS-100003");
      const link = await requestEmailChange(t.db, customer, `tarde${n}@correo.mx`, at());
      await createCustomer(t.db, { email: `tarde${n}@correo.mx` });
      expect((await refusal(confirmEmailChange(t.db, link.token, at(MINUTE)))).code).toBe("CUS-100003");
      // Not spent: it would work again once the address is free.
      await t.db.deleteFrom("customers").where("email", "=", `tarde${n}@correo.mx`).execute();
      expect((await confirmEmailChange(t.db, link.token, at(2 * MINUTE))).newEmail).toBe(`tarde${n}@correo.mx`);
    });

    it("an expired or malformed link is CUS-100015", async () => {
      const link = await requestEmailChange(t.db, customer, `tarde${n}@correo.mx`, at());
      expect((await refusal(confirmEmailChange(t.db, link.token, at(TOKEN_TTL_MS["email-change"])))).code).toBe("CUS-100015");
      expect((await refusal(confirmEmailChange(t.db, "not-a-token", at()))).code).toBe("CUS-100015");
    });

    it("two clicks racing with one link: exactly one changes the email", async () => {
      const link = await requestEmailChange(t.db, customer, `carrera${n}@correo.mx`, at());
      const db2 = t.twin?.() ?? t.db;
      const results = await Promise.allSettled([confirmEmailChange(t.db, link.token, at(1)), confirmEmailChange(db2, link.token, at(1)), confirmEmailChange(t.db, link.token, at(1))]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "CUS-100015" });
    });

    it("guest orders placed with the new address join the account when it is confirmed", async () => {
      const order = await placeCashOrder(t.db, { outletCode: "MX-ROM-01" });
      await t.db.updateTable("orders").set({ customer: JSON.stringify({ name: "C", surname: "R", email: `Invitada${n}@correo.mx`, mobile: "5511112222" }) }).where("id", "=", order.id).execute();
      const link = await requestEmailChange(t.db, customer, `invitada${n}@correo.mx`, at());
      await confirmEmailChange(t.db, link.token, at());
      expect((await t.db.selectFrom("orders").select("customer_id").where("id", "=", order.id).executeTakeFirstOrThrow()).customer_id).toBe(customer);
    });
  });

  describe("phone code", () => {
    it("a code goes to the new phone through the SMS outbox (hashed, 10 minutes), and changes the phone once", async () => {
      const { requestId } = await requestPhoneCode(t.db, { customerId: customer, phone: "5599998888", now: at(), text });
      const sms = await t.db.selectFrom("sms_outbox").selectAll().where("key", "=", `phone-code:${requestId}`).executeTakeFirstOrThrow();
      expect(sms).toMatchObject({ kind: "phone-code", to: "5599998888", sent_at: null });
      const code = await codeOf(t.db, requestId);
      const row = await t.db.selectFrom("phone_codes").selectAll().where("request_id", "=", requestId).executeTakeFirstOrThrow();
      expect(row.code_hash).toBe(codeHash(requestId, code));
      expect(row.code_hash).not.toContain(code);
      expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(CODE_TTL_MS);
      expect(await livePhoneRequest(t.db, customer, requestId, at())).toEqual({ phone: "5599998888" });

      expect(await verifyPhoneCode(t.db, { customerId: customer, requestId, code, now: at(MINUTE) })).toBe("5599998888");
      expect((await t.db.selectFrom("customers").select("phone").where("id", "=", customer).executeTakeFirstOrThrow()).phone).toBe("5599998888");
      expect(await livePhoneRequest(t.db, customer, requestId, at(MINUTE))).toBeUndefined();
      expect((await refusal(verifyPhoneCode(t.db, { customerId: customer, requestId, code, now: at(MINUTE) }))).code).toBe("CUS-100008");
    });

    it("one code a minute (CUS-100007); a new code kills the older one", async () => {
      const first = await requestPhoneCode(t.db, { customerId: customer, phone: "5599998888", now: at(), text });
      expect((await refusal(requestPhoneCode(t.db, { customerId: customer, phone: "5599998888", now: at(MINUTE - 1), text }))).code).toBe("CUS-100007");
      const second = await requestPhoneCode(t.db, { customerId: customer, phone: "5599997777", now: at(MINUTE), text });
      const oldCode = await codeOf(t.db, first.requestId);
      expect((await refusal(verifyPhoneCode(t.db, { customerId: customer, requestId: first.requestId, code: oldCode, now: at(MINUTE) }))).code).toBe("CUS-100008");
      expect(await verifyPhoneCode(t.db, { customerId: customer, requestId: second.requestId, code: await codeOf(t.db, second.requestId), now: at(MINUTE) })).toBe("5599997777");
    });

    it("two requests at once: the minute's limit lets one through", async () => {
      const db2 = t.twin?.() ?? t.db;
      const results = await Promise.allSettled([
        requestPhoneCode(t.db, { customerId: customer, phone: "5599998888", now: at(), text }),
        requestPhoneCode(db2, { customerId: customer, phone: "5599998888", now: at(), text }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "CUS-100007" } });
    });

    it(`wrong codes count: after ${MAX_CODE_ATTEMPTS} the request is dead, even for the right code`, async () => {
      const { requestId } = await requestPhoneCode(t.db, { customerId: customer, phone: "5599998888", now: at(), text });
      const code = await codeOf(t.db, requestId);
      const wrong = code === "000000" ? "000001" : "000000";
      for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
        expect((await refusal(verifyPhoneCode(t.db, { customerId: customer, requestId, code: wrong, now: at() }))).code).toBe("CUS-100008");
      }
      expect((await refusal(verifyPhoneCode(t.db, { customerId: customer, requestId, code, now: at() }))).code).toBe("CUS-100008");
      expect(await livePhoneRequest(t.db, customer, requestId, at())).toBeUndefined();
      expect((await t.db.selectFrom("customers").select("phone").where("id", "=", customer).executeTakeFirstOrThrow()).phone).not.toBe("5599998888");
    });

    it("a code is dead at 10 minutes; request ids that are malformed or another's are CUS-100009; no code is CUS-100010", async () => {
      const { requestId } = await requestPhoneCode(t.db, { customerId: customer, phone: "5599998888", now: at(), text });
      const code = await codeOf(t.db, requestId);
      expect((await refusal(verifyPhoneCode(t.db, { customerId: customer, requestId, code, now: at(CODE_TTL_MS) }))).code).toBe("CUS-100008");
      const other = await createCustomer(t.db, { email: `otro${n}@correo.mx` });
      expect((await refusal(verifyPhoneCode(t.db, { customerId: other, requestId, code, now: at() }))).code).toBe("CUS-100009");
      expect((await refusal(verifyPhoneCode(t.db, { customerId: customer, requestId: "123", code, now: at() }))).code).toBe("CUS-100009");
      expect((await refusal(verifyPhoneCode(t.db, { customerId: customer, requestId: crypto.randomUUID(), code, now: at() }))).code).toBe("CUS-100009");
      expect((await refusal(verifyPhoneCode(t.db, { customerId: customer, requestId, code: " ", now: at() }))).code).toBe("CUS-100010");
      // Still live before the 10 minutes.
      expect(await verifyPhoneCode(t.db, { customerId: customer, requestId, code, now: at(CODE_TTL_MS - 1) })).toBe("5599998888");
    });

    it("the right code sent twice at once changes the phone once (single use under concurrency)", async () => {
      const { requestId } = await requestPhoneCode(t.db, { customerId: customer, phone: "5599998888", now: at(), text });
      const code = await codeOf(t.db, requestId);
      const db2 = t.twin?.() ?? t.db;
      const results = await Promise.allSettled([0, 1, 2, 3].map((i) => verifyPhoneCode(i % 2 ? db2 : t.db, { customerId: customer, requestId, code, now: at() })));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "CUS-100008" });
    });
  });

  describe("the SMS sender", () => {
    let server: Server;
    let received: { auth: string | undefined; body: unknown }[];
    let status: number;
    beforeAll(async () => {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => {
          received.push({ auth: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
          res.writeHead(status).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
    beforeEach(async () => {
      received = [];
      status = 202;
      await t.db.deleteFrom("sms_outbox").execute();
      vi.stubEnv("SMS_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`);
      vi.stubEnv("SMS_TOKEN", "secreto");
      resetEnvCache();
    });

    it("without SMS_URL the text stays in the outbox", async () => {
      vi.stubEnv("SMS_URL", "");
      resetEnvCache();
      expect(await sendSms(t.db, { kind: "test", to: "5512345678", text: "hola" }, at())).toEqual({ queued: true, delivery: null });
      expect(received).toHaveLength(0);
    });

    it("ships due texts as JSON {to, text} with the bearer token, and marks them sent; a key goes once", async () => {
      const first = await sendSms(t.db, { kind: "test", key: "k1", to: "5512345678", text: "hola" }, at());
      expect(await first.delivery).toEqual({ sent: 1, failed: 0 });
      expect((await sendSms(t.db, { kind: "test", key: "k1", to: "5512345678", text: "otra vez" }, at())).queued).toBe(false);
      expect(received).toEqual([{ auth: "Bearer secreto", body: { to: "5512345678", text: "hola" } }]);
      const row = await t.db.selectFrom("sms_outbox").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ attempts: 1, error: null, next_attempt_at: null });
      expect(new Date(row.sent_at!).toISOString()).toBe(NOW);
    });

    it("a refusal is a failed try that waits for the backoff, then goes", async () => {
      status = 500;
      const { delivery } = await sendSms(t.db, { kind: "test", to: "5512345678", text: "hola" }, at());
      expect(await delivery).toEqual({ sent: 0, failed: 1 });
      const failed = await t.db.selectFrom("sms_outbox").selectAll().executeTakeFirstOrThrow();
      expect(failed).toMatchObject({ attempts: 1, sent_at: null, error: "the SMS provider answered 500" });
      expect(new Date(failed.next_attempt_at!).getTime()).toBe(at(backoffMs(1)).getTime());
      status = 202;
      expect(await deliverSms(t.db)).toEqual({ sent: 0, failed: 0 }); // not due yet
      vi.stubEnv("STORE_NOW", at(backoffMs(1)).toISOString());
      expect(await deliverSms(t.db)).toEqual({ sent: 1, failed: 0 });
      expect(received).toHaveLength(2);
    });

    it("a phone code's text reaches the provider", async () => {
      const { requestId } = await requestPhoneCode(t.db, { customerId: customer, phone: "5599998888", now: at(), text });
      expect(await deliverSms(t.db)).toEqual({ sent: 1, failed: 0 });
      expect(received[0]!.body).toEqual({ to: "5599998888", text: `Tu código es ${await codeOf(t.db, requestId)}` });
    });
  });

  describe("privacy rights", () => {
    it("the export has the profile, places, card, orders with items and consents, and no hash of any kind", async () => {
      await t.db
        .insertInto("customer_locations")
        .values({ customer_id: customer, name: "Casa", street: "Orizaba", exterior_number: "1", landmark: "Parque", postal_code: "06700", city: "CDMX", state: "CDMX", is_default: true, created_at: at(), updated_at: at() })
        .execute();
      await t.db.insertInto("loyalty_cards").values({ card_number: `70000000000${String(n).padStart(4, "0")}`, customer_id: customer, attached_at: at() }).execute();
      const order = await placeCashOrder(t.db, { outletCode: "MX-ROM-01", orderType: "D" });
      await t.db.updateTable("orders").set({ customer_id: customer }).where("id", "=", order.id).execute();
      await requestEmailChange(t.db, customer, `pendiente${n}@correo.mx`, at());
      await openSession(t.db, { subject: "customer", subjectId: customer, now: at(), ttlMs: MINUTE * 60, userAgent: "Prueba" });
      const data = await exportCustomerData(t.db, customer, at());
      expect(data.profile).toMatchObject({ email: email(), firstName: "Carla", pendingEmail: `pendiente${n}@correo.mx`, hasPassword: true, birthdate: "1992-03-04" });
      expect(data.consents).toMatchObject({ news: false, htmlMail: true });
      expect(data.places).toEqual([expect.objectContaining({ name: "Casa", postalCode: "06700", isDefault: true })]);
      expect(data.loyaltyCard?.number).toMatch(/^7\d{14}$/);
      expect(data.sessions).toEqual([expect.objectContaining({ browser: "Prueba" })]);
      expect(data.orders).toHaveLength(1);
      expect(data.orders[0]).toMatchObject({ number: order.number, type: "delivery", customer: { name: "José", email: "jose@example.com" } });
      expect(data.orders[0]!.items[0]).toMatchObject({ sku: "PZ-PEPPERONI", quantity: 1 });
      const raw = JSON.stringify(data);
      expect(raw).not.toMatch(/argon2|password_hash|token_hash|code_hash/);
      const hashes = await t.db.selectFrom("customer_tokens").select("token_hash").where("customer_id", "=", customer).execute();
      for (const { token_hash } of hashes) expect(raw).not.toContain(token_hash);
    });

    it("deleting: sessions end, orders are kept without personal data, the rows go", async () => {
      const order = await placeCashOrder(t.db, { outletCode: "MX-ROM-01", orderType: "D" });
      await t.db.updateTable("orders").set({ customer_id: customer, comment: "Timbre 4" }).where("id", "=", order.id).execute();
      const other = await placeCashOrder(t.db, { outletCode: "MX-ROM-01" });
      const token = await openSession(t.db, { subject: "customer", subjectId: customer, now: at(), ttlMs: MINUTE * 60 });
      await requestPhoneCode(t.db, { customerId: customer, phone: "5599998888", now: at(), text });
      await requestEmailChange(t.db, customer, `pendiente${n}@correo.mx`, at());
      // While the order is on its way the store needs who and where: the account stays, nothing changes.
      expect((await refusal(deleteCustomer(t.db, customer, at()))).code).toBe("CUS-100018");
      expect(await sessionSubject(t.db, token, "customer", at())).toBe(customer);
      expect((await t.db.selectFrom("orders").select("customer").where("id", "=", order.id).executeTakeFirstOrThrow()).customer).toMatchObject({ name: "José" });
      await t.db.updateTable("orders").set({ status: DELIVERED }).where("id", "=", order.id).execute();
      // A card order whose payment never came (4) or came too late and was returned (22) never reached the store: no
      // move will end it, and it does not hold the account (the review found it held it for ever).
      const unpaid = await placeCashOrder(t.db, { outletCode: "MX-ROM-01" });
      await t.db.updateTable("orders").set({ customer_id: customer, payment_method: "card", status: 4 }).where("id", "=", unpaid.id).execute();
      const late = await placeCashOrder(t.db, { outletCode: "MX-ROM-01" });
      await t.db.updateTable("orders").set({ customer_id: customer, payment_method: "card", status: 22 }).where("id", "=", late.id).execute();
      expect(await deleteCustomer(t.db, customer, at())).toEqual({ orders: 3 });
      expect(await sessionSubject(t.db, token, "customer", at())).toBeUndefined();
      const kept = await t.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
      expect(kept).toMatchObject({ customer_id: null, customer: { name: "", surname: "", email: "", mobile: "" }, comment: "", company: "", total_cents: expect.any(Number) });
      expect(kept.delivery_address).toEqual({ postalCode: expect.stringMatching(/^\d{5}$/), cityName: "CDMX", prefectureName: "CDMX" });
      expect(await t.db.selectFrom("order_items").select("id").where("order_id", "=", order.id).execute()).not.toHaveLength(0);
      // Another's order is untouched.
      expect((await t.db.selectFrom("orders").select("customer").where("id", "=", other.id).executeTakeFirstOrThrow()).customer).toMatchObject({ name: "José" });
      for (const table of ["customer_tokens", "phone_codes", "customer_locations", "loyalty_cards"] as const) {
        expect(await t.db.selectFrom(table).select("customer_id").where("customer_id", "=", customer).execute()).toEqual([]);
      }
      expect(await t.db.selectFrom("customers").select("id").where("id", "=", customer).execute()).toEqual([]);
      expect(await t.db.selectFrom("sms_outbox").select("id").where("to", "=", "5599998888").execute()).toEqual([]);
      expect((await refusal(deleteCustomer(t.db, customer, at()))).code).toBe("CUS-100002");
    });
  });
});
