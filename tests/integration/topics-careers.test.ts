/**
 * Topics and careers (issue 14 point 4). The business layer on each test database: articles by slug and language,
 * published from their date on (the shop's clock), rendered and sanitised; openings by outlet, open or closed; an
 * application stored with its CV and mailed to the chain through the outbox, the CV attached by reference and sent
 * over real SMTP. Then the routes, through the edge as the server applies it: 404s for every unknown or bad id, the
 * multipart form with its CSRF token, a CV too large (413) or not a PDF (400) answered with translated keys and the
 * other inputs kept, the rate limit (429), a body past the route's limit (413 at the edge).
 */
import { submitApplication } from "#server/careers/applications";
import { findOpening, listOpenings, openingId } from "#server/careers/openings";
import { CV_MAX_BYTES, cvFilename, isPdf, isPdfType } from "#server/careers/schema";
import { findTopic, listTopics, saveTopic } from "#server/content/topics";
import { seedContent } from "#server/db/seed";
import { deliverPending, smtpTransport } from "#server/mail/sender";
import { renderApplicationReceived, renderJobApplication } from "~/web/mail.server";
import { args, cookie, get, sessionOf, statusOf, thrown } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";
import { PDF } from "../support/pdf";
import { decodeQuotedPrintable, smtpStandIn } from "../support/smtp";
import { tenant } from "#server/tenant";

// Before any import: mail.server reads the settings as it loads (a database in memory, never ./data).
vi.hoisted(() => {
  process.env.SESSION_SECRET = "topics-careers-test-secret";
  process.env.DATA_DIR = "memory://";
  process.env.DATABASE_URL = "";
  process.env.SEED_ON_START = "true";
});

const NOW = "2026-11-20T19:00:00.000Z";
pinStoreNow(NOW);
const at = new Date(NOW);

describe("the CV's checks (pure)", () => {
  it("a PDF is told by its first bytes and by its declared type, not by its name", () => {
    expect(isPdf(PDF)).toBe(true);
    expect(isPdf(Buffer.from("%PDF"))).toBe(false);
    expect(isPdf(Buffer.from("hello %PDF-1.4"))).toBe(false);
    expect(isPdf(new Uint8Array())).toBe(false);
    expect(["application/pdf", "Application/PDF", "application/pdf; charset=binary", "application/x-pdf"].map(isPdfType)).toEqual([true, true, true, true]);
    expect(["", "text/plain", "application/octet-stream", "application/pdfx", "image/pdf"].map(isPdfType)).toEqual([false, false, false, false, false]);
  });

  it("the file name the chain receives is plain and ends in .pdf", () => {
    expect(cvFilename("Currículum Ana López.pdf")).toBe("Curriculum Ana Lopez.pdf");
    expect(cvFilename("../../etc/passwd")).toBe("etcpasswd.pdf");
    expect(cvFilename("سيرة.PDF")).toBe("cv.pdf");
    expect(cvFilename(`${"a".repeat(300)}.pdf`)).toHaveLength(120);
  });

  it("a path's opening id is a positive int4 in plain digits, or nothing", () => {
    expect(["1", "42", "2147483647"].map(openingId)).toEqual([1, 42, 2147483647]);
    expect(["0", "-1", "01", "1e3", "2147483648", "99999999999", "abc", "1.0", " 1", "", undefined].map(openingId)).toEqual(Array(11).fill(null));
  });
});

describe.each(testDatabases())("topics and careers on $name", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());

  it("the seed wrote the articles in es, en and ar; the list shows the published ones, newest first, in the asked language", async () => {
    const rows = await t.db.selectFrom("topics").select(["slug", "lng"]).execute();
    expect(rows).toHaveLength(4 * 3);
    const list = await listTopics(t.db, "en", at);
    expect(list.map((topic) => [topic.slug, topic.lng])).toEqual([
      ["nueva-sucursal-tijuana", "en"],
      ["salsa-de-tomate-en-casa", "en"],
      ["como-hacemos-la-masa", "en"],
    ]);
    expect(list[2]).toMatchObject({ title: "How we make our dough", publishedAt: "2026-10-06T15:00:00.000Z" });
    // The seasonal article shows from its date on.
    expect((await listTopics(t.db, "es", new Date("2026-12-01T15:00:00.000Z")))[0]!.slug).toBe("pizzas-de-temporada");
    expect(await findTopic(t.db, "pizzas-de-temporada", "es", at)).toBeNull();
  });

  it("an article in the visitor's language, else in Spanish; with an exact language only in it; its Markdown sanitised", async () => {
    await saveTopic(t.db, { slug: "solo-espanol", lng: "es", title: "Solo", summary: "", body: "## Hola\n\n<script>alert(1)</script> [x](javascript:alert(1))", publishedAt: new Date("2026-11-01T00:00:00Z"), now: at });
    const fallback = (await findTopic(t.db, "solo-espanol", "ar", at))!;
    expect(fallback).toMatchObject({ lng: "es", title: "Solo", languages: ["es"] });
    expect(fallback.html).toContain("<h2>Hola</h2>");
    expect(fallback.html).not.toMatch(/<script|href="javascript/i);
    expect(await findTopic(t.db, "solo-espanol", "ar", at, { exact: true })).toBeNull();
    expect(await listTopics(t.db, "ar", at)).toContainEqual(expect.objectContaining({ slug: "solo-espanol", lng: "es" }));
    const dough = (await findTopic(t.db, "como-hacemos-la-masa", "ar", at, { exact: true }))!;
    expect(dough).toMatchObject({ lng: "ar", title: "كيف نحضّر عجينتنا", languages: ["es", "en", "ar"] });
    for (const slug of ["nope", "Como-Hacemos-La-Masa", "../x", "a".repeat(81), ""]) expect(await findTopic(t.db, slug, "es", at), slug).toBeNull();
    // Seeding again keeps what the chain wrote.
    await t.db.updateTable("topics").set({ title: "Nuestra masa" }).where("slug", "=", "como-hacemos-la-masa").where("lng", "=", "es").execute();
    await seedContent(t.db);
    expect((await findTopic(t.db, "como-hacemos-la-masa", "es", at))!.title).toBe("Nuestra masa");
  });

  it("openings: the open ones grouped by outlet in the outlets' order; a closed one is not found", async () => {
    const groups = await listOpenings(t.db, "es");
    expect(groups.map((g) => [g.outlet.code, g.openings.map((o) => o.title)])).toEqual([
      ["MX-ROM-01", ["Cocinero/a de pizza", "Repartidor/a en moto"]],
      ["MX-POL-01", ["Cajero/a y atención a clientes"]],
      ["MX-TIJ-01", ["Gerente de turno", "Cocinero/a de pizza"]],
    ]);
    const rider = groups[0]!.openings[1]!;
    const inArabic = (await findOpening(t.db, rider.id, "ar"))!;
    expect(inArabic).toMatchObject({ title: "عامل توصيل بدراجة نارية", outlet: { code: "MX-ROM-01", name: "Roma Norte" } });
    expect(inArabic.html).toContain("<h2>ما ستقوم به</h2>");
    expect([inArabic.lang, inArabic.htmlLang]).toEqual([undefined, undefined]);
    // An opening nobody translated shows its Spanish, marked as Spanish (lang="es") for screen readers.
    const before = await t.db.selectFrom("job_openings").select(["title", "description"]).where("id", "=", rider.id).executeTakeFirstOrThrow();
    const es = (text: { es: string }) => JSON.stringify({ es: text.es });
    await t.db.updateTable("job_openings").set({ title: es(before.title), description: es(before.description) }).where("id", "=", rider.id).execute();
    expect(await findOpening(t.db, rider.id, "ar")).toMatchObject({ title: "Repartidor/a en moto", lang: "es", htmlLang: "es" });
    expect((await listOpenings(t.db, "en"))[0]!.openings[1]).toMatchObject({ title: "Repartidor/a en moto", lang: "es" });
    await t.db.updateTable("job_openings").set({ title: JSON.stringify(before.title), description: JSON.stringify(before.description) }).where("id", "=", rider.id).execute();
    const closed = await t.db.selectFrom("job_openings").select("id").where("code", "=", "CEN-CAJA").executeTakeFirstOrThrow();
    expect(await findOpening(t.db, closed.id, "es")).toBeNull();
    expect(await findOpening(t.db, 2_147_483_647, "es")).toBeNull();
  });

  it("an application is stored with its CV and mailed to the chain with the CV attached (real SMTP); the outbox keeps a reference", async () => {
    // The applicant reads the site in English: their confirmation names the opening in English, the chain's mail in Spanish.
    const opening = (await findOpening(t.db, (await listOpenings(t.db, "es"))[0]!.openings[0]!.id, "en"))!;
    const application = await submitApplication(
      t.db,
      { opening, name: "Ana López", email: "ana@correo.mx", phone: "5512345678", message: "Tengo experiencia en horno de leña.", lng: "en", cv: { name: "CV Ana.pdf", bytes: PDF }, to: "empleos@pizzademo.mx", now: at },
      (a) => renderJobApplication(a),
      (a) => renderApplicationReceived(a),
    );
    const stored = await t.db.selectFrom("job_applications").selectAll().where("id", "=", application.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ opening_id: opening.id, name: "Ana López", email: "ana@correo.mx", phone: "5512345678", lng: "en", cv_filename: "CV Ana.pdf" });
    expect(Buffer.from(stored.cv).equals(PDF)).toBe(true);
    const mail = await t.db.selectFrom("mail_outbox").selectAll().where("key", "=", `job-application:${application.id}`).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: "job-application", to: "empleos@pizzademo.mx", attachment: `job_application:${application.id}` });
    expect(mail.subject).toBe("Solicitud de empleo: Cocinero/a de pizza en Roma Norte · Ana López");
    expect(mail.text).toContain("Correo: ana@correo.mx");
    expect(mail.text).toContain("Idioma del sitio: Inglés");
    expect(mail.text.length).toBeLessThan(2_000);
    // the chain's people may answer the applicant from it: signed with the chain's name, no "do not reply"
    expect(mail.text).toContain(`${tenant.name.es} · Enviado desde el sitio web.`);
    expect(mail.text).not.toContain("brand.name");
    // The applicant's confirmation, in the language they applied in (English here), queued with it; no CV attached.
    const confirmation = await t.db.selectFrom("mail_outbox").selectAll().where("key", "=", `job-application-received:${application.id}`).executeTakeFirstOrThrow();
    expect(confirmation).toMatchObject({ kind: "job-application-received", to: "ana@correo.mx", attachment: null, subject: "We received your application: Pizza cook at Roma Norte" });
    expect(confirmation.text).toContain("Hello Ana López,");
    expect(confirmation.text).toContain(`Application number: ${application.id}.`);
    expect(confirmation.text).toContain(`The ${tenant.name.en} team`);
    expect(confirmation.text).toContain(`${tenant.name.en} · This email was sent automatically`);
    expect(confirmation.text).not.toContain("brand.name");
    expect(confirmation.html).toContain('<html lang="en" dir="ltr">');

    const smtp = await smtpStandIn();
    try {
      const report = await deliverPending(t.db, smtpTransport(smtp.url), "Pizza <pedidos@pizza.example.mx>");
      expect(report).toMatchObject({ failed: 0 });
      const received = smtp.received.find((m) => m.to.includes("empleos@pizzademo.mx"))!;
      expect(received.raw).toMatch(/Content-Type: application\/pdf; name="?CV Ana\.pdf"?/);
      expect(received.raw).toContain(PDF.toString("base64").slice(0, 60));
      expect(decodeQuotedPrintable(received.raw)).toContain("Tengo experiencia en horno de leña.");
      const toApplicant = smtp.received.find((m) => m.to.includes("ana@correo.mx"))!;
      expect(decodeQuotedPrintable(toApplicant.raw)).toContain("We received your application for the opening");
      expect(toApplicant.raw).not.toContain("application/pdf");

      // A reference that no longer resolves fails its mail, with the reason kept for a person.
      const again = await submitApplication(t.db, { opening, name: "Luis", email: "luis@correo.mx", phone: "5512345679", message: "", lng: "es", cv: { name: "x.pdf", bytes: PDF }, to: "empleos@pizzademo.mx", now: at }, (a) => renderJobApplication(a), (a) => renderApplicationReceived(a));
      await t.db.deleteFrom("job_applications").where("id", "=", again.id).execute();
      // (the applicant's confirmation has no attachment: it still goes)
      expect(await deliverPending(t.db, smtpTransport(smtp.url), "Pizza <pedidos@pizza.example.mx>")).toEqual({ sent: 1, failed: 1 });
      expect(await t.db.selectFrom("mail_outbox").select(["error", "sent_at"]).where("key", "=", `job-application:${again.id}`).executeTakeFirst()).toEqual({
        error: `the attachment job_application:${again.id} is gone`,
        sent_at: null,
      });
    } finally {
      await smtp.close();
    }
  });

  it("the table refuses a CV over 2 MiB (the rule holds below the web too)", async () => {
    const opening = (await listOpenings(t.db, "es"))[0]!.openings[0]!;
    await expect(
      t.db.insertInto("job_applications").values({ opening_id: opening.id, name: "X", email: "x@y.mx", phone: "5512345678", lng: "es", cv: new Uint8Array(CV_MAX_BYTES + 1), cv_filename: "x.pdf", created_at: at }).execute(),
    ).rejects.toThrow();
  });
});

describe("the routes /topic, /topic/:name/:code?, /careers/:id?", () => {
  type Module = Parameters<typeof import("~/web/edge.server").guardModule>[0];
  let careers: Module;
  let topicList: typeof import("~/routes/topic._index");
  let topic: typeof import("~/routes/topic.$name.($code)");
  let csrf: { token: string; cookie: string };
  let open: { id: number; title: string }[];
  let closedId: number;

  beforeAll(async () => {
    const { guardModule } = await import("~/web/edge.server");
    careers = guardModule(await import("~/routes/careers.($id)"));
    topicList = await import("~/routes/topic._index");
    topic = await import("~/routes/topic.$name.($code)");
    const { csrfToken } = await import("~/web/csrf.server");
    const [token, setCookie] = await csrfToken(new Request("http://localhost/careers"));
    csrf = { token, cookie: setCookie!.split(";")[0]! };
    const db = await (await import("#server/db/client")).getDb();
    open = (await listOpenings(db, "es")).flatMap((g) => g.openings);
    closedId = (await db.selectFrom("job_openings").select("id").where("code", "=", "CEN-CAJA").executeTakeFirstOrThrow()).id;
  });

  it("/topic lists the articles in the visitor's language; an article by slug, or in the language its code names; anything else a 404", async () => {
    const list = await (await topicList.loader(args(get("/topic", await cookie({ lng: "ar" }))))).json();
    expect(list.title).toBe("أخبار ووصفات");
    expect(list.topics[0]).toMatchObject({ slug: "nueva-sucursal-tijuana", lng: "ar", title: "افتتحنا في تيخوانا زونا ريو" });
    const es = await cookie({ lng: "es" });
    const page = await (await topic.loader(args(get("/topic/salsa-de-tomate-en-casa", es), { name: "salsa-de-tomate-en-casa" }))).json();
    expect(page).toMatchObject({ title: "Receta: nuestra salsa de tomate en casa", chosen: null, topic: { lng: "es", languages: ["es", "en", "ar"] } });
    expect(page.topic.html).toContain("<table>");
    const english = await (await topic.loader(args(get("/topic/salsa-de-tomate-en-casa/en", es), { name: "salsa-de-tomate-en-casa", code: "en" }))).json();
    expect(english).toMatchObject({ title: "Recipe: our tomato sauce at home", shownIn: "es", chosen: "en" });
    for (const params of [{ name: "nope" } as Record<string, string>, { name: "salsa-de-tomate-en-casa", code: "fr" }, { name: "salsa-de-tomate-en-casa", code: "EN" }, { name: "pizzas-de-temporada" }, { name: "%00" }, { name: "x".repeat(500) }]) {
      expect((await thrown(topic.loader(args(get("/topic/x", es), params)))).status, JSON.stringify(params)).toBe(404);
    }
  });

  it("/careers lists the open openings by outlet; an opening's page; a closed, unknown or malformed id is a 404 (a post to a closed one: below)", async () => {
    const list = (await careers.loader!(args(get("/careers", await cookie({ lng: "en" }))))) as Response;
    const data = await list.json();
    expect(data.title).toBe("Work with us");
    expect(data.groups.map((g: { outlet: { name: string } }) => g.outlet.name)).toEqual(["Roma Norte", "Polanco", "Tijuana Zona Río"]);
    const page = (await careers.loader!(args(get(`/careers/${open[0]!.id}`, ""), { id: String(open[0]!.id) }))) as Response;
    expect((await page.json()).title).toBe("Cocinero/a de pizza · Roma Norte");
    for (const id of [String(closedId), "0", "-1", "abc", "2147483648", "99999999999999999999", "1e3", "2147483647"]) {
      expect(await statusOf(() => careers.loader!(args(get(`/careers/${id}`, ""), { id }))), id).toBe(404);
      if (id !== String(closedId)) expect(await statusOf(() => careers.action!(args(apply(`/careers/${id}`, fields(), PDF), { id }))), id).toBe(404);
    }
  });

  it("an application posted after its opening closed goes to the open openings with why, in the visitor's language", async () => {
    const response = (await careers.action!(args(apply(`/careers/${closedId}`, fields(), PDF, { cookie: await cookie({ lng: "en" }) }), { id: String(closedId) }))) as Response;
    expect([response.status, response.headers.get("Location")]).toEqual([303, "/careers"]);
    const session = await sessionOf(response);
    expect(session.get("lng")).toBe("en");
    // the notice the list shows, with the opening's title in English
    expect(session.get("notice")).toMatchObject({ tone: "error", key: "careers:closed", values: { title: "Cashier and customer service" } });
  });

  const fields = (extra: Record<string, string> = {}) => ({ name: "Ana López", email: "ana@correo.mx", phone: "55 1234 5678", message: "Hola", ...extra });

  /** A browser's multipart post of the form, with this browser's CSRF token unless told otherwise. */
  function apply(path: string, values: Record<string, string>, cv: Uint8Array | null, options: { type?: string; filename?: string; token?: string | null; address?: string; cookie?: string } = {}) {
    const form = new FormData();
    if (options.token !== null) form.append("csrf", options.token ?? csrf.token);
    for (const [name, value] of Object.entries(values)) form.append(name, value);
    if (cv) form.append("cv", new File([new Uint8Array(cv)], options.filename ?? "cv.pdf", { type: options.type ?? "application/pdf" }));
    return new Request(`http://localhost${path}`, { method: "POST", headers: { Cookie: [csrf.cookie, options.cookie].filter(Boolean).join("; "), Origin: "http://localhost" }, body: form });
  }
  const post = (id: number, values: Record<string, string>, cv: Uint8Array | null, options: Parameters<typeof apply>[3] = {}) =>
    careers.action!({ ...args(apply(`/careers/${id}`, values, cv, options), { id: String(id) }), context: { clientAddress: options.address ?? "203.0.113.1" } }) as Promise<Response>;

  it("a valid application: a 303 to /careers with a notice, the application stored and its mail in the outbox", async () => {
    const db = await (await import("#server/db/client")).getDb();
    const response = await post(open[1]!.id, fields({ email: "ROSA@Correo.mx" }), PDF, { filename: "Rosa CV.pdf" });
    expect([response.status, response.headers.get("Location")]).toEqual([303, "/careers"]);
    const row = await db.selectFrom("job_applications").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ opening_id: open[1]!.id, email: "rosa@correo.mx", phone: "5512345678", cv_filename: "Rosa CV.pdf", message: "Hola" });
    expect(await db.selectFrom("mail_outbox").select(["to", "attachment"]).where("key", "=", `job-application:${row.id}`).executeTakeFirst()).toEqual({
      to: "empleos@pizzademo.mx",
      attachment: `job_application:${row.id}`,
    });
  });

  it("the applicant gets a confirmation in the language they applied in, queued with the application; a refused form queues none", async () => {
    const db = await (await import("#server/db/client")).getDb();
    const arabic = await cookie({ lng: "ar" });
    const response = await post(open[0]!.id, fields({ email: "salma@correo.mx", name: "سلمى" }), PDF, { address: "203.0.113.50", cookie: arabic });
    expect(response.status).toBe(303);
    const row = await db.selectFrom("job_applications").select(["id", "lng"]).where("email", "=", "salma@correo.mx").executeTakeFirstOrThrow();
    expect(row.lng).toBe("ar");
    const mail = await db.selectFrom("mail_outbox").selectAll().where("key", "=", `job-application-received:${row.id}`).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: "job-application-received", to: "salma@correo.mx", attachment: null });
    expect(mail.subject).toMatch(/^استلمنا طلب التوظيف: .+ في Roma Norte$/);
    expect(mail.text).toContain("مرحبًا سلمى،");
    expect(mail.text).toContain(`رقم طلب التوظيف: ${row.id}.`);
    expect(mail.text).toContain("/careers");
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    // The chain's copy stays in Spanish.
    expect((await db.selectFrom("mail_outbox").select("subject").where("key", "=", `job-application:${row.id}`).executeTakeFirstOrThrow()).subject).toMatch(/^Solicitud de empleo: /);

    const before = await db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<string>().as("n")).where("kind", "=", "job-application-received").executeTakeFirstOrThrow();
    const refused = await post(open[0]!.id, fields({ email: "nadie@correo.mx", phone: "12" }), PDF, { address: "203.0.113.51" });
    expect(refused.status).toBe(400);
    const after = await db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<string>().as("n")).where("kind", "=", "job-application-received").executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("refusals keep the other inputs and name the translated message: no CV, too large (413), not a PDF by its bytes or by its type (400)", async () => {
    const id = open[0]!.id;
    const cases: [Uint8Array | null, Parameters<typeof apply>[3], number, string][] = [
      [null, {}, 400, "careers:v.cvRequired"],
      [new Uint8Array(0), {}, 400, "careers:v.cvRequired"],
      [Buffer.concat([PDF, Buffer.alloc(CV_MAX_BYTES)]), {}, 413, "careers:v.cvTooLarge"],
      [Buffer.from("just text, named like a PDF"), {}, 400, "careers:v.cvNotPdf"],
      [PDF, { type: "text/plain", filename: "cv.txt" }, 400, "careers:v.cvNotPdf"],
      [PDF, { type: "application/octet-stream" }, 400, "careers:v.cvNotPdf"],
    ];
    for (const [cv, options, expected, key] of cases) {
      const response = await post(id, fields({ email: "" }), cv, options);
      expect(response.status, key).toBe(expected);
      const { result } = await response.json();
      expect(result.error.cv, key).toEqual([key]);
      if (expected === 413) expect(result.error.email).toEqual(["required"]);
      expect(result.initialValue).toMatchObject({ name: "Ana López", phone: "55 1234 5678", message: "Hola" });
      expect(result.initialValue.cv).toBeUndefined();
    }
    const bad = await post(id, fields({ phone: "12", name: " " }), PDF);
    expect(bad.status).toBe(400);
    expect((await bad.json()).result.error).toMatchObject({ phone: ["careers:v.phone"], name: ["required"] });
  });

  it("no CSRF token: a 403 before the form is read; another site: a 403; a body over the route's 4 MiB: a 413 at the edge", async () => {
    expect(await statusOf(() => post(open[0]!.id, fields(), PDF, { token: null }))).toBe(403);
    expect(await statusOf(() => post(open[0]!.id, fields(), PDF, { token: "A".repeat(43) }))).toBe(403);
    const request = apply(`/careers/${open[0]!.id}`, fields(), PDF);
    const foreign = new Request(request, { headers: { Cookie: csrf.cookie, Origin: "http://evil.example" } });
    expect(await statusOf(() => careers.action!(args(foreign, { id: String(open[0]!.id) })))).toBe(403);
    expect(await statusOf(() => post(open[0]!.id, fields(), Buffer.concat([PDF, Buffer.alloc(4 * 1024 * 1024)])))).toBe(413);
    // Streamed without a Content-Length, a body over the edge's 1 MB drain limit but within the route's 4 MiB is read
    // whole (not cut): here a 1.5 MB CV that is no PDF, answered by the page.
    const boundary = "b0undary";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf.token}\r\n--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const chunks = [new TextEncoder().encode(head), ...Array.from({ length: 24 }, () => new Uint8Array(64 * 1024).fill(0x61)), new TextEncoder().encode(`\r\n--${boundary}--\r\n`)];
    const streamed = new Request(`http://localhost/careers/${open[0]!.id}`, {
      method: "POST",
      headers: { Cookie: csrf.cookie, Origin: "http://localhost", "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: new ReadableStream({
        pull(controller) {
          const next = chunks.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    const read = (await careers.action!(args(streamed, { id: String(open[0]!.id) }))) as Response;
    expect(read.status).toBe(400);
    expect((await read.json()).result.error.cv).toEqual(["careers:v.cvNotPdf"]);
    // A form that is not multipart has no CV.
    const plain = new Request(`http://localhost/careers/${open[0]!.id}`, {
      method: "POST",
      headers: { Cookie: csrf.cookie, Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: csrf.token, ...fields(), cv: "%PDF-1.4" }).toString(),
    });
    const answer = (await careers.action!(args(plain, { id: String(open[0]!.id) }))) as Response;
    expect(answer.status).toBe(400);
    expect((await answer.json()).result.error.cv).toEqual(["careers:v.cvRequired"]);
  });

  it("applications from one address are limited: the sixth within the hour is a 429 with a translated message", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(open[2]!.id, fields(), PDF, { address: "198.51.100.99" })).status);
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
    const refused = await post(open[2]!.id, fields(), PDF, { address: "198.51.100.99" });
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await refused.json()).result.error[""]).toEqual(["careers:tooMany"]);
    expect((await post(open[2]!.id, fields(), PDF, { address: "198.51.100.100" })).status).toBe(303);
  });
});
