/**
 * Contact and the satisfaction survey (issue 14 point 4): the business layer on each test database
 * (server/content/feedback.ts: a message is stored and mailed to customer care in one transaction, the rate limits,
 * one survey answer per completed order), then the routes on the app's own database (/contact and /crs: 400 with
 * translation keys, the honeypot, 429, 303 after success, 409 for a second answer, 404 for what is not a survey).
 */
import { contactAllowed, contactOutlets, saveContactMessage, surveyFor, answerSurvey } from "#server/content/feedback";
import { contactSchema, surveySchema, type ContactInput } from "#server/content/feedback-rules";
import { limits } from "#server/security/rate-limits";
import { args, cookie, get, post, thrown } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { createCustomer, signedInCookie } from "../support/customers";
import { testDatabases, type TestDatabase } from "../support/db";
import { placeTestOrder } from "../support/orders";
import { tenant } from "#server/tenant";

process.env.SESSION_SECRET = "feedback-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";
process.env.ARGON2_MEMORY_KIB = "256";
process.env.ARGON2_TIME_COST = "1";
const NOW = "2026-11-20T19:00:00.000Z";
process.env.STORE_NOW = NOW;
pinStoreNow(NOW);

const message: ContactInput = {
  name: "Dora Méndez",
  email: "dora@correo.mx",
  phone: "5512345678",
  outlet: "MX-ROM-01",
  orderNumber: "100045",
  message: "La pizza llegó fría y tardó una hora.\nPor favor revisen.",
};
const render = (stored: { id: number; email: string }) => ({ to: "atencion@pizzademo.mx", replyTo: stored.email, subject: `#${stored.id}`, text: "t", html: "<p>t</p>" });

describe("the forms' rules (pure)", () => {
  it("contact: every field checked, with translation keys; the order number is optional and '#' is dropped", () => {
    const bad = contactSchema.safeParse({ name: "", email: "no", phone: "12", outlet: "", orderNumber: "A1", message: "corto" });
    expect(bad.success).toBe(false);
    const keys = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(keys).toEqual({
      name: "required",
      email: "email",
      phone: "content:v.phone",
      outlet: "content:v.outlet",
      orderNumber: "content:v.orderNumber",
      message: "content:v.messageShort",
    });
    expect(contactSchema.parse({ ...message, orderNumber: "# 100045", phone: "(55) 1234-5678" })).toMatchObject({ orderNumber: "100045", phone: "5512345678" });
    expect(contactSchema.parse({ ...message, orderNumber: undefined }).orderNumber).toBeUndefined();
    expect(contactSchema.safeParse({ ...message, message: "x".repeat(2001) }).error!.issues[0]!.message).toBe("content:v.messageLong");
    expect(contactSchema.safeParse({ ...message, message: "hola\u0000 que tal amigos" }).error!.issues[0]!.message).toBe("content:v.characters");
    expect(contactSchema.safeParse({ ...message, name: "Ana\r\nBcc: x@y.z" }).error!.issues[0]!.message).toBe("content:v.name");
    expect(contactSchema.parse({ ...message, message: "  uno\r\ndos\rtres  " }).message).toBe("uno\ndos\ntres");
  });

  it("survey: ratings 1 to 5, an optional comment up to 1000 characters", () => {
    expect(surveySchema.parse({ food: 5, service: 1 })).toEqual({ food: 5, service: 1 });
    for (const food of [0, 6, 2.5, Number.NaN]) expect(surveySchema.safeParse({ food, service: 3 }).error!.issues[0]!.message).toBe("content:v.rating");
    expect(surveySchema.safeParse({ food: 3 }).error!.issues[0]).toMatchObject({ path: ["service"], message: "content:v.rating" });
    expect(surveySchema.safeParse({ food: 3, service: 3, comment: "x".repeat(1001) }).error!.issues[0]!.message).toBe("content:v.commentLong");
  });
});

describe.each(testDatabases())("contact messages and surveys on $name", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());

  it("offers the chain's active outlets", async () => {
    const outlets = await contactOutlets(t.db);
    expect(outlets.length).toBeGreaterThan(3);
    expect(outlets.map((o) => o.code)).toContain("MX-ROM-01");
    await t.db.updateTable("outlets").set({ active: false }).where("code", "=", "MX-ROM-01").execute();
    expect((await contactOutlets(t.db)).map((o) => o.code)).not.toContain("MX-ROM-01");
    await t.db.updateTable("outlets").set({ active: true }).where("code", "=", "MX-ROM-01").execute();
  });

  it("stores a message and writes its mail to customer care, Reply-To the customer, in one go", async () => {
    const at = new Date(NOW);
    const outcome = await saveContactMessage(t.db, { ...message, lng: "en", customerId: null }, render, at);
    expect(outcome.ok).toBe(true);
    const id = outcome.ok ? outcome.id : 0;
    const row = await t.db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const roma = await t.db.selectFrom("outlets").select("id").where("code", "=", "MX-ROM-01").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Dora Méndez", email: "dora@correo.mx", phone: "5512345678", outlet_id: roma.id, order_number: "100045", lng: "en", customer_id: null });
    expect(row.message).toContain("\n");
    const mail = await t.db.selectFrom("mail_outbox").selectAll().where("key", "=", `contact:${id}`).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: "contact", to: "atencion@pizzademo.mx", reply_to: "dora@correo.mx", subject: `#${id}` });
  });

  it("a message about no outlet stores none; an unknown or closed outlet is refused, and nothing is stored or mailed", async () => {
    const none = await saveContactMessage(t.db, { ...message, outlet: "none", orderNumber: undefined, lng: "es", customerId: null }, render, new Date(NOW));
    expect(none.ok).toBe(true);
    const row = await t.db.selectFrom("contact_messages").selectAll().where("id", "=", none.ok ? none.id : 0).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ outlet_id: null, order_number: null });
    const before = await t.db.selectFrom("contact_messages").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    const mailsBefore = await t.db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    expect(await saveContactMessage(t.db, { ...message, outlet: "MX-NOPE-99", lng: "es", customerId: null }, render, new Date(NOW))).toEqual({ ok: false, field: "outlet" });
    const after = await t.db.selectFrom("contact_messages").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    const mailsAfter = await t.db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(Number(mailsAfter.n)).toBe(Number(mailsBefore.n));
  });

  it("a mail that cannot be written leaves no message behind (one transaction)", async () => {
    const count = async () => Number((await t.db.selectFrom("contact_messages").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()).n);
    const before = await count();
    await expect(
      saveContactMessage(t.db, { ...message, lng: "es", customerId: null }, () => { throw new Error("render failed"); }, new Date(NOW)),
    ).rejects.toThrow("render failed");
    expect(await count()).toBe(before);
  });

  it(`limits messages per email (${limits.contactPerEmail.points} an hour) and per client address (${limits.contactPerAddress.points})`, async () => {
    for (let i = 0; i < limits.contactPerEmail.points; i++) expect((await contactAllowed(t.db, "198.51.100.1", "Eva@correo.mx")).allowed).toBe(true);
    const refused = await contactAllowed(t.db, "198.51.100.2", "eva@CORREO.mx");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect((await contactAllowed(t.db, "198.51.100.2", "otra@correo.mx")).allowed).toBe(true);
    for (let i = 0; i < limits.contactPerAddress.points - 1; i++) await contactAllowed(t.db, "198.51.100.3", `p${i}@correo.mx`);
    expect((await contactAllowed(t.db, "198.51.100.3", "ultima@correo.mx")).allowed).toBe(true);
    expect((await contactAllowed(t.db, "198.51.100.3", "nueva@correo.mx")).allowed).toBe(false);
    // an address over its limit does not spend the email's points
    expect((await contactAllowed(t.db, "198.51.100.4", "nueva@correo.mx")).allowed).toBe(true);
  });

  it("a survey opens when the order is completed, takes one answer, and says so afterwards", async () => {
    const order = await placeTestOrder(t.db);
    expect(await surveyFor(t.db, order.uuid)).toMatchObject({ uuid: order.uuid, number: order.number, orderType: "C", state: "notYet" });
    expect(await answerSurvey(t.db, order.uuid, { food: 5, service: 4, lng: "es" }, new Date(NOW))).toBe("notOpen");
    await t.db.updateTable("orders").set({ status: 7 }).where("id", "=", order.id).execute();
    expect((await surveyFor(t.db, order.uuid.toUpperCase()))?.state).toBe("open");
    expect(await answerSurvey(t.db, order.uuid, { food: 5, service: 4, comment: "Muy rica", lng: "es" }, new Date(NOW))).toBe("saved");
    expect(await answerSurvey(t.db, order.uuid, { food: 1, service: 1, lng: "es" }, new Date(NOW))).toBe("answered");
    expect((await surveyFor(t.db, order.uuid))?.state).toBe("answered");
    const answers = await t.db.selectFrom("survey_answers").selectAll().where("order_id", "=", order.id).execute();
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ food: 5, service: 4, comment: "Muy rica", lng: "es" });
  });

  it("two answers at once: one is saved, the other is told the survey was answered", async () => {
    const order = await placeTestOrder(t.db);
    await t.db.updateTable("orders").set({ status: 9 }).where("id", "=", order.id).execute();
    const outcomes = await Promise.all([1, 2, 3].map((food) => answerSurvey(t.db, order.uuid, { food, service: 3, lng: "es" }, new Date(NOW))));
    expect(outcomes.sort()).toEqual(["answered", "answered", "saved"]);
  });

  it("a canceled order has nothing to rate; an unknown or malformed uuid is no survey", async () => {
    const order = await placeTestOrder(t.db);
    await t.db.updateTable("orders").set({ status: 8 }).where("id", "=", order.id).execute();
    expect((await surveyFor(t.db, order.uuid))?.state).toBe("closed");
    expect(await answerSurvey(t.db, order.uuid, { food: 3, service: 3, lng: "es" }, new Date(NOW))).toBe("notOpen");
    expect(await surveyFor(t.db, "00000000-0000-4000-8000-000000000000")).toBeUndefined();
    expect(await surveyFor(t.db, "not-a-uuid'; drop table orders")).toBeUndefined();
    expect(await answerSurvey(t.db, "1234", { food: 3, service: 3, lng: "es" }, new Date(NOW))).toBe("notFound");
  });
});

describe("the routes (/contact, /crs) on the app's database", () => {
  let db: import("#server/db/client").Database;
  let contact: typeof import("~/routes/contact");
  let crs: typeof import("~/routes/crs.($mode).($sub)");
  beforeAll(async () => {
    db = await (await import("#server/db/client")).getDb();
    contact = await import("~/routes/contact");
    crs = await import("~/routes/crs.($mode).($sub)");
  });
  let visitor = 0;
  const send = async (fields: Record<string, string>, address = `203.0.113.${++visitor}`, session?: string) =>
    (await contact.action({ ...args(post("/contact", session ?? (await cookie({ lng: "es" })), fields)), context: { clientAddress: address } } as never)) as Response;
  const form = { name: "Luis Pérez", email: "luis@correo.mx", phone: "55 8765 4321", outlet: "MX-ROM-01", orderNumber: "", message: "Quiero felicitar al repartidor.", website: "" };
  const mailsTo = (email: string) => db.selectFrom("mail_outbox").selectAll().where("reply_to", "=", email).execute();

  it("bad input: 400 with every field's translation key, nothing stored", async () => {
    const response = await send({ name: "", email: "luis@", phone: "1", outlet: "", message: "", website: "" });
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error).toEqual({
      name: ["required"],
      email: ["email"],
      phone: ["content:v.phone"],
      outlet: ["content:v.outlet"],
      message: ["required"],
    });
  });

  it("an outlet that is not the chain's: 400 on the outlet", async () => {
    const response = await send({ ...form, email: "x1@correo.mx", outlet: "MX-XXX-00" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { result: { error: Record<string, string[]> } }).result.error).toEqual({ outlet: ["content:v.outlet"] });
    expect(await mailsTo("x1@correo.mx")).toHaveLength(0);
  });

  it("a good message: 303 to the thank-you page; stored and mailed to customer care in Spanish, Reply-To the customer", async () => {
    const response = await send(form);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/contact?sent=1");
    const [mail] = await mailsTo("luis@correo.mx");
    expect(mail).toMatchObject({ kind: "contact", to: "atencion@pizzademo.mx" });
    expect(mail!.subject).toMatch(/^Contacto #\d+: Luis Pérez$/);
    expect(mail!.text).toContain("Teléfono: 55 8765 4321");
    expect(mail!.text).toContain("Sucursal: Roma Norte (MX-ROM-01)");
    expect(mail!.text).toContain("Pedido: sin número");
    // the page's language named in the team's words, not as a code ("es")
    expect(mail!.text).toContain("Idioma del sitio: Español");
    expect(mail!.text).toContain("Quiero felicitar al repartidor.");
    // signed with the chain's name, and no "do not reply" under a mail that is meant to be answered
    expect(mail!.text).toContain("Responde a este correo para contestarle a luis@correo.mx.");
    expect(mail!.text).toContain(`${tenant.name.es} · Enviado desde el sitio web.`);
    expect(mail!.text).not.toMatch(/brand\.name|no lo respondas/);
    expect(mail!.html).not.toContain("<script");
    const thanks = await (await contact.loader(args(get("/contact?sent=1", await cookie({ lng: "en" }))))).json();
    expect(thanks).toMatchObject({ sent: true, title: "Contact us" });
  });

  it("the customer's words are escaped in the mail's html", async () => {
    await send({ ...form, email: "html@correo.mx", name: "<b>Eva</b>", message: "<script>alert(1)</script> & más" });
    const [mail] = await mailsTo("html@correo.mx");
    expect(mail!.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; más");
    expect(mail!.html).not.toContain("<b>Eva</b>");
  });

  it("a filled honeypot: the same 303, and nothing stored, counted or mailed", async () => {
    const count = async () => Number((await db.selectFrom("contact_messages").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()).n);
    const before = await count();
    const response = await send({ ...form, email: "robot@correo.mx", website: "http://spam.example" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/contact?sent=1");
    expect(await count()).toBe(before);
    expect(await mailsTo("robot@correo.mx")).toHaveLength(0);
    // even with the other fields broken (a robot learns nothing from a 400)
    expect((await send({ website: "x" })).status).toBe(303);
  });

  it("past the limit for one email: 429 with Retry-After and the translated message's key; other emails still go", async () => {
    for (let i = 0; i < limits.contactPerEmail.points; i++) expect((await send({ ...form, email: "mucho@correo.mx" })).status).toBe(303);
    const refused = await send({ ...form, email: "mucho@correo.mx" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const body = (await refused.json()) as { result: { error: Record<string, string[]> }; retryMinutes: number };
    expect(body.result.error).toEqual({ "": ["content:contact.tooMany"] });
    expect(body.retryMinutes).toBe(60);
    expect(await mailsTo("mucho@correo.mx")).toHaveLength(limits.contactPerEmail.points);
  });

  it("past the limit for one client address: 429", async () => {
    const address = "192.0.2.200";
    for (let i = 0; i < limits.contactPerAddress.points; i++) expect((await send({ ...form, email: `dir${i}@correo.mx` }, address)).status).toBe(303);
    expect((await send({ ...form, email: "dir-last@correo.mx" }, address)).status).toBe(429);
  });

  it("a guest gets an empty form with the outlets; a signed-in customer's name, email and phone are filled in", async () => {
    const guest = await (await contact.loader(args(get("/contact", await cookie({ lng: "es" }))))).json();
    expect(guest.defaults).toBeNull();
    expect(guest.outlets.map((o: { code: string }) => o.code)).toContain("MX-ROM-01");
    const id = await createCustomer(db, { email: "carla.contacto@correo.mx", phone: "5522223333" });
    const session = await signedInCookie(db, id, { lng: "es" });
    const member = await (await contact.loader(args(get("/contact", session)))).json();
    expect(member.defaults).toEqual({ name: "Carla Ruiz", email: "carla.contacto@correo.mx", phone: "5522223333" });
    expect((await send({ ...form, email: "carla.contacto@correo.mx" }, undefined, session)).status).toBe(303);
    const row = await db.selectFrom("contact_messages").select("customer_id").where("email", "=", "carla.contacto@correo.mx").executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(id);
  });

  it("deleting the account deletes the messages it wrote signed in, and their mails to customer care", async () => {
    const { deleteCustomer } = await import("#server/customers/privacy");
    const id = await createCustomer(db, { email: "borrar.contacto@correo.mx", phone: "5522224444" });
    const session = await signedInCookie(db, id, { lng: "es" });
    expect((await send({ ...form, email: "borrar.contacto@correo.mx" }, undefined, session)).status).toBe(303);
    expect(await mailsTo("borrar.contacto@correo.mx")).toHaveLength(1);
    await deleteCustomer(db, id, new Date(NOW));
    expect(await db.selectFrom("contact_messages").select("id").where("email", "=", "borrar.contacto@correo.mx").execute()).toEqual([]);
    expect(await mailsTo("borrar.contacto@correo.mx")).toEqual([]);
  });

  it("/crs explains the survey; another mode, a missing or unknown order is a 404", async () => {
    const about = await (await crs.loader(args(get("/crs", await cookie({ lng: "es" })), {}))).json();
    expect(about).toMatchObject({ survey: null, title: "Encuesta de satisfacción" });
    for (const params of [{ mode: "order" } as Record<string, string>, { mode: "foo" }, { mode: "foo", sub: "bar" }, { mode: "order", sub: "00000000-0000-4000-8000-000000000000" }, { mode: "order", sub: "x" }]) {
      const response = await thrown(crs.loader(args(get("/crs/x", await cookie({ lng: "es" })), params)));
      expect(response.status, JSON.stringify(params)).toBe(404);
    }
    const post404 = await thrown(crs.action(args(post("/crs/foo", await cookie({ lng: "es" }), { food: "5", service: "5" }), { mode: "foo" })));
    expect(post404.status).toBe(404);
  });

  it("/crs/order/<uuid>: 409 before the order is completed; then 400 on bad input, 303 once, 409 'already answered' after", async () => {
    const order = await placeTestOrder(db);
    const params = { mode: "order", sub: order.uuid };
    const answer = async (fields: Record<string, string>) => (await crs.action(args(post(`/crs/order/${order.uuid}`, await cookie({ lng: "es" }), fields), params))) as Response;
    const early = await answer({ food: "5", service: "5" });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { result: { error: Record<string, string[]> } }).result.error).toEqual({ "": ["content:survey.notYet"] });
    await db.updateTable("orders").set({ status: 7 }).where("id", "=", order.id).execute();
    const page = await (await crs.loader(args(get(`/crs/order/${order.uuid}`, await cookie({ lng: "es" })), params))).json();
    expect(page.survey).toMatchObject({ state: "open", number: order.number });
    const bad = await answer({ food: "9", service: "", comment: "x".repeat(1001) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      food: ["content:v.rating"],
      service: ["content:v.rating"],
      comment: ["content:v.commentLong"],
    });
    const ok = await answer({ food: "4", service: "5", comment: "Todo bien" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe(`/crs/order/${order.uuid}?sent=1`);
    const again = await answer({ food: "1", service: "1" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { result: { error: Record<string, string[]> } }).result.error).toEqual({ "": ["content:survey.answered"] });
    const thanks = await (await crs.loader(args(get(`/crs/order/${order.uuid}?sent=1`, await cookie({ lng: "es" })), params))).json();
    expect(thanks).toMatchObject({ sent: true, survey: { state: "answered" } });
  });
});
