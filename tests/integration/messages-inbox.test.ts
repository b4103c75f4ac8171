/**
 * The managers' customer-care inbox (/store/messages, issue 14, beyond the spec). On each test database: contact
 * messages and survey answers in one list, newest first, filtered by kind, state and outlet (or "no outlet"), a page
 * of 20 at a time; marking one handled is done once (two managers at once: one wins, the other is told). Then the
 * routes, through the edge as the server applies it: other staff get a 403, the filters and pages as links give
 * them, a post marks an item handled (303 with a notice), again is a 409, bad input a 400, an unknown item a 404,
 * and no CSRF token a 403.
 */
import type { Database } from "#server/db/client";
import { saveContactMessage } from "#server/content/feedback";
import { inboxMessage, listInbox, setHandled } from "#server/content/inbox";
import { demoStaff } from "#server/db/seed/staff";
import { args, get, placeCashOrder, post, statusOf, thrown } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";

vi.hoisted(() => {
  process.env.SESSION_SECRET = "inbox-test-secret";
  process.env.DATA_DIR = "memory://";
  process.env.DATABASE_URL = "";
  process.env.SEED_ON_START = "true";
  process.env.SEED_DEMO_STAFF = "true";
});

const NOW = "2026-11-20T19:00:00.000Z";
pinStoreNow(NOW);
const minutes = (n: number) => new Date(Date.parse(NOW) - n * 60_000);

/** A contact message written `ago` minutes before NOW, about an outlet (by code) or none. */
async function contact(db: Database, name: string, outlet: string, ago: number) {
  const outcome = await saveContactMessage(
    db,
    { name, email: "luis@correo.mx", phone: "5587654321", outlet, message: `Mensaje de ${name} para atención a clientes.`, lng: "es", customerId: null },
    () => ({ to: "atencion@pizzademo.mx", subject: "s", text: "t", html: "<p>t</p>" }),
    minutes(ago),
  );
  if (!outcome.ok) throw new Error(`no outlet ${outlet}`);
  return outcome.id;
}

/** A survey answer of a new order at an outlet, written `ago` minutes before NOW. */
async function survey(db: Database, outletCode: string, ago: number, comment = "") {
  const order = await placeCashOrder(db, { outletCode, name: "Marta" });
  await db.insertInto("survey_answers").values({ order_id: order.id, food: 5, service: 3, comment, lng: "en", created_at: minutes(ago) }).execute();
  return order;
}

describe.each(testDatabases())("the inbox on $name", (kind) => {
  let t: TestDatabase;
  let staffId: number;
  beforeAll(async () => {
    t = await kind.create();
    staffId = (await t.db.insertInto("staff").values({ email: "jefa@tienda.example", name: "Jefa", password_hash: "x", role: "manager", created_at: new Date(NOW) }).returning("id").executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t?.destroy());

  it("both kinds newest first; filtered by kind, state and outlet (no outlet: contact messages only); pages of 20", async () => {
    const roma = await contact(t.db, "Ana", "MX-ROM-01", 30);
    const none = await contact(t.db, "Beto", "none", 10);
    const answered = await survey(t.db, "MX-ROM-01", 20, "Muy rica");
    const page = (await listInbox(t.db, {}, 1))!;
    expect(page.items.map((i) => [i.kind, i.id, i.sender, i.outletName])).toEqual([
      ["contact", none, "Beto", null],
      ["survey", answered.id, "Marta Núñez", "Roma Norte"],
      ["contact", roma, "Ana", "Roma Norte"],
    ]);
    expect(page.items[1]).toMatchObject({ food: 5, service: 3, text: "Muy rica", handledAt: null });
    expect(page).toMatchObject({ page: 1, pages: 1, total: 3 });
    const ids = async (filter: Parameters<typeof listInbox>[1]) => (await listInbox(t.db, filter, 1))!.items.map((i) => `${i.kind}:${i.id}`);
    expect(await ids({ kind: "survey" })).toEqual([`survey:${answered.id}`]);
    expect(await ids({ kind: "contact" })).toEqual([`contact:${none}`, `contact:${roma}`]);
    expect(await ids({ outlet: "none" })).toEqual([`contact:${none}`]);
    expect(await ids({ outlet: "MX-ROM-01", kind: "contact" })).toEqual([`contact:${roma}`]);
    expect(await ids({ outlet: "MX-NOPE" })).toEqual([]);

    expect(await setHandled(t.db, { kind: "survey", id: answered.id, handled: true, staffId, now: new Date(NOW) })).toBe("done");
    expect(await ids({ state: "handled" })).toEqual([`survey:${answered.id}`]);
    expect(await ids({ state: "open" })).toEqual([`contact:${none}`, `contact:${roma}`]);
    expect(await inboxMessage(t.db, "survey", answered.id)).toMatchObject({ handledBy: "Jefa", handledAt: new Date(NOW), orderNumber: answered.number, email: "jose@example.com" });

    for (let i = 0; i < 20; i++) await contact(t.db, `Cliente ${i}`, "MX-ROM-01", 100 + i);
    const first = (await listInbox(t.db, {}, 1))!;
    const second = (await listInbox(t.db, {}, 2))!;
    expect([first.items.length, second.items.length, first.pages, first.total]).toEqual([20, 3, 2, 23]);
    expect(second.items.at(-1)!.sender).toBe("Cliente 19");
    expect(await listInbox(t.db, {}, 3)).toBeNull();
    // An empty list still has its first page.
    expect(await listInbox(t.db, { outlet: "MX-NOPE" }, 1)).toMatchObject({ items: [], page: 1, pages: 1, total: 0 });
  });

  it("marking handled happens once: of two managers at once, one does it and the other is told; open again; an unknown item is missing", async () => {
    const id = await contact(t.db, "Carla", "MX-ROM-01", 5);
    const mark = () => setHandled(t.db, { kind: "contact", id, handled: true, staffId, now: new Date(NOW) });
    expect((await Promise.all([mark(), mark()])).sort()).toEqual(["done", "unchanged"]);
    expect(await inboxMessage(t.db, "contact", id)).toMatchObject({ handledBy: "Jefa", message: "Mensaje de Carla para atención a clientes." });
    expect(await setHandled(t.db, { kind: "contact", id, handled: false, staffId, now: new Date(NOW) })).toBe("done");
    expect(await setHandled(t.db, { kind: "contact", id, handled: false, staffId, now: new Date(NOW) })).toBe("unchanged");
    expect(await inboxMessage(t.db, "contact", id)).toMatchObject({ handledAt: null, handledBy: null });
    expect(await setHandled(t.db, { kind: "contact", id: 999_999, handled: true, staffId, now: new Date(NOW) })).toBe("missing");
    expect(await setHandled(t.db, { kind: "survey", id: 999_999, handled: true, staffId, now: new Date(NOW) })).toBe("missing");
    expect(await inboxMessage(t.db, "survey", 999_999)).toBeNull();
  });
});

describe("/store/messages through the routes", () => {
  type Module = Parameters<typeof import("~/web/edge.server").guardModule>[0];
  let list: Module;
  let detail: Module;
  let db: Database;
  let csrf: { token: string; cookie: string };
  const cookies: Record<string, string> = {};
  let message: number;
  let order: { id: number; number: string };

  async function signIn(email: string): Promise<string> {
    const login = await import("~/routes/store.login");
    const password = demoStaff.find((m) => m.email === email)!.password;
    const response = (await login.action(args(post("/store/login", "", { email, password })))) as Response;
    return response.headers.getSetCookie().find((c) => c.startsWith("__staff="))!.split(";")[0]!;
  }
  /** A browser's post of the detail page's form, with its CSRF token unless told otherwise. */
  const postTo = (kind: string, id: string, who: string, fields: Record<string, string>, token: string | null = csrf.token) =>
    detail.action!(
      args(
        new Request(`http://localhost/store/messages/${kind}/${id}`, {
          method: "POST",
          headers: { Cookie: `${cookies[who]}; ${csrf.cookie}`, Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ ...(token === null ? {} : { csrf: token }), ...fields }).toString(),
        }),
        { kind, id },
      ),
    ) as Promise<Response>;

  beforeAll(async () => {
    const { guardModule } = await import("~/web/edge.server");
    db = await (await import("#server/db/client")).getDb();
    list = guardModule(await import("~/routes/store.messages._index"));
    detail = guardModule(await import("~/routes/store.messages.$kind.$id"));
    const { csrfToken } = await import("~/web/csrf.server");
    const [token, setCookie] = await csrfToken(new Request("http://localhost/store/messages"));
    csrf = { token, cookie: setCookie!.split(";")[0]! };
    cookies.manager = await signIn("gerencia@tienda.example");
    cookies.clerk = await signIn("roma@tienda.example");
    message = await contact(db, "Diana", "MX-ROM-01", 3);
    order = await survey(db, "MX-ROM-01", 4, "The crust was cold");
  });

  const load = async (path: string, who = "manager") => {
    const url = new URL(`http://localhost${path}`);
    const [, , , kind, id] = url.pathname.split("/");
    const route = kind ? detail : list;
    return (await route.loader!(args(get(path, cookies[who]!), kind ? { kind, id: id! } : {}))) as Response;
  };

  it("staff who are not managers get a 403 and change nothing; nobody signed in goes to the sign-in page", async () => {
    expect((await thrown(load("/store/messages", "clerk"))).status).toBe(403);
    expect((await thrown(load(`/store/messages/contact/${message}`, "clerk"))).status).toBe(403);
    expect(await statusOf(() => postTo("contact", String(message), "clerk", { intent: "handle" }))).toBe(403);
    expect(await inboxMessage(db, "contact", message)).toMatchObject({ handledAt: null });
    const anonymous = await thrown(list.loader!(args(get("/store/messages", ""))) as Promise<unknown>);
    expect([anonymous.status, anonymous.headers.get("Location")]).toEqual([302, "/store/login?redirectTo=%2Fstore%2Fmessages"]);
  });

  it("the list: newest first, its filters as the GET form sends them, unknown filter values read as none, a page past the last a 404", async () => {
    const data = await (await load("/store/messages")).json();
    expect(data.title).toBe("Mensajes de clientes");
    expect(data.items.slice(0, 2).map((i: { kind: string; id: number }) => `${i.kind}:${i.id}`)).toEqual([`contact:${message}`, `survey:${order.id}`]);
    expect(data.outlets.at(-1)).toEqual({ code: "none", name: null });
    const surveys = await (await load("/store/messages?kind=survey&state=open&outlet=MX-ROM-01")).json();
    expect(surveys.filter).toEqual({ kind: "survey", state: "open", outlet: "MX-ROM-01" });
    expect(surveys.items.map((i: { id: number }) => i.id)).toEqual([order.id]);
    const lenient = await (await load("/store/messages?kind=fax&state=%00&outlet=%3Cscript%3E&page=abc")).json();
    expect(lenient.filter).toEqual({});
    expect(lenient.page).toBe(1);
    expect(await statusOf(() => load("/store/messages?page=50"))).toBe(404);
  });

  it("an item's page; a manager marks it handled (303 back with a notice), again is a 409, open again; bad input a 400; unknown a 404; no CSRF token a 403", async () => {
    const page = await (await load(`/store/messages/survey/${order.id}`)).json();
    expect(page).toMatchObject({ title: `Encuesta del pedido ${order.number}`, message: { kind: "survey", food: 5, service: 3, comment: "The crust was cold", lng: "en", handledAt: null } });

    const done = await postTo("contact", String(message), "manager", { intent: "handle" });
    expect([done.status, done.headers.get("Location")]).toEqual([303, `/store/messages/contact/${message}`]);
    const shown = await (await load(`/store/messages/contact/${message}`, "manager")).json();
    expect(shown.message).toMatchObject({ name: "Diana", handledBy: "Marta Gerencia" });
    expect(shown.message.handledAt).toBe(NOW);
    const handled = await (await load("/store/messages?state=handled")).json();
    expect(handled.items.map((i: { id: number; kind: string }) => `${i.kind}:${i.id}`)).toContain(`contact:${message}`);

    const again = await postTo("contact", String(message), "manager", { intent: "handle" });
    expect(again.status).toBe(409);
    expect((await again.json()).notice).toEqual({ tone: "error", key: "store:messages.notice.alreadyHandled" });
    expect((await postTo("contact", String(message), "manager", { intent: "reopen" })).status).toBe(303);
    expect(await inboxMessage(db, "contact", message)).toMatchObject({ handledAt: null });

    expect((await postTo("contact", String(message), "manager", { intent: "delete" })).status).toBe(400);
    expect((await postTo("contact", String(message), "manager", {})).status).toBe(400);
    for (const [kind, id] of [["contact", "999999"], ["survey", "999999"], ["fax", "1"], ["contact", "0"], ["contact", "1e3"], ["contact", "99999999999"]]) {
      expect(await statusOf(() => load(`/store/messages/${kind}/${id}`)), `${kind}/${id}`).toBe(404);
      expect(await statusOf(() => postTo(kind!, id!, "manager", { intent: "handle" })), `${kind}/${id}`).toBe(404);
    }
    expect(await statusOf(() => postTo("contact", String(message), "manager", { intent: "handle" }, null))).toBe(403);
    expect(await inboxMessage(db, "contact", message)).toMatchObject({ handledAt: null });
  });
});
