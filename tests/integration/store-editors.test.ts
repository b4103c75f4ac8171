/**
 * The managers' topic, opening and favourite editors (issue 14 point 8, beyond the spec), through the routes'
 * loaders and actions on a fresh database: other staff get a 403 and change nothing; bad input is a 4xx with the
 * translated messages' keys beside their fields; a save shows on the public page at once; the switches
 * (unpublish, close) take it off the site; the list pages share the console's pause/resume.
 */
import { demoStaff } from "#server/db/seed/staff";
import { args, cookie, get, post, thrown } from "../support/app";
import { pinStoreNow } from "../support/clock";

process.env.SESSION_SECRET = "store-editors-test-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";

pinStoreNow("2026-11-20T19:00:00.000Z");

const cookies: Record<string, string> = {};
async function signIn(email: string): Promise<string> {
  const login = await import("~/routes/store.login");
  const password = demoStaff.find((m) => m.email === email)!.password;
  const response = (await login.action(args(post("/store/login", "", { email, password })))) as Response;
  return response.headers.getSetCookie().find((c) => c.startsWith("__staff="))!.split(";")[0]!;
}
/** A public page's data, or the status of the response it threw (a 404). */
// biome-ignore lint/suspicious/noExplicitAny: the pages' data differ; the tests read what they check
async function answer(run: () => Promise<Response>): Promise<any> {
  try {
    return await (await run()).json();
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}
/** A post with repeated fields (checkboxes), as a browser sends them. */
const postPairs = (path: string, cookieHeader: string, pairs: [string, string][]) =>
  new Request(`http://localhost${path}`, { method: "POST", headers: { Cookie: cookieHeader, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(pairs).toString() });

beforeAll(async () => {
  await (await import("#server/db/client")).getDb();
  cookies.manager = await signIn("gerencia@tienda.example");
  cookies.clerk = await signIn("roma@tienda.example");
});

describe("managers edit the topics (/store/topics)", () => {
  const valid = { intent: "save", slug: "horno-nuevo", publishedAt: "2026-11-19T10:00", titleEs: "Horno nuevo", summaryEs: "Ya llegó", bodyEs: "## Más calor\n\nUn horno **nuevo**.", titleEn: "New oven", bodyEn: "A new oven." };
  const publicTopic = async (slug: string, lng: "es" | "en" = "es") => {
    const route = await import("~/routes/topic.$name.($code)");
    const page = await answer(async () => route.loader(args(get(`/topic/${slug}`, await cookie({ lng })), { name: slug })));
    return typeof page === "number" ? page : page.topic;
  };

  it("staff who are not managers get a 403 and change nothing", async () => {
    const list = await import("~/routes/store.topics._index");
    const edit = await import("~/routes/store.topics.$slug");
    for (const run of [
      () => list.loader(args(get("/store/topics", cookies.clerk!))),
      () => list.action(args(post("/store/topics", cookies.clerk!, { intent: "pause", id: "como-hacemos-la-masa" }))),
      () => edit.loader(args(get("/store/topics/new", cookies.clerk!), { slug: "new" })),
      () => edit.action(args(post("/store/topics/new", cookies.clerk!, valid), { slug: "new" })),
    ]) {
      expect((await thrown(run() as Promise<unknown>)).status).toBe(403);
    }
    expect(await publicTopic("horno-nuevo")).toBe(404);
  });

  it("bad input is a 4xx with the messages' keys beside their fields; an unknown slug is a 404", async () => {
    const edit = await import("~/routes/store.topics.$slug");
    const cases: [Record<string, string>, number, Record<string, string[]>][] = [
      [{ ...valid, slug: "Horno Nuevo" }, 400, { slug: ["store:topics.v.slug"] }],
      [{ ...valid, titleEs: "" }, 400, { titleEs: ["store:topics.v.titleRequired"] }],
      [{ ...valid, bodyEs: "" }, 400, { bodyEs: ["store:topics.v.bodyRequired"] }],
      [{ ...valid, bodyEn: "" }, 400, { bodyEn: ["store:topics.v.incomplete"] }],
      [{ ...valid, publishedAt: "2026-02-30T10:00" }, 400, { publishedAt: ["store:topics.v.publishedAt"] }],
      [{ ...valid, slug: "como-hacemos-la-masa" }, 409, { slug: ["store:topics.v.slugTaken"] }],
    ];
    for (const [fields, status, errors] of cases) {
      const response = (await edit.action(args(post("/store/topics/new", cookies.manager!, fields), { slug: "new" }))) as Response;
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect((await response.json()).result.error).toEqual(errors);
    }
    for (const slug of ["no-such-topic", "__proto__"]) {
      expect((await thrown(edit.loader(args(get(`/store/topics/${slug}`, cookies.manager!), { slug })) as Promise<unknown>)).status).toBe(404);
    }
  });

  it("a preview saves nothing; a save shows on /topic at once; unpublish hides it, publish brings it back", async () => {
    const list = await import("~/routes/store.topics._index");
    const edit = await import("~/routes/store.topics.$slug");
    const preview = (await edit.action(args(post("/store/topics/new", cookies.manager!, { ...valid, intent: "preview" }), { slug: "new" }))) as Response;
    const shown = (await preview.json()).preview;
    expect(shown.map((a: { lng: string; title: string }) => [a.lng, a.title])).toEqual([["es", "Horno nuevo"], ["en", "New oven"]]);
    expect(shown[0].html).toContain("<h2");
    expect(await publicTopic("horno-nuevo")).toBe(404);

    const saved = (await edit.action(args(post("/store/topics/new", cookies.manager!, valid), { slug: "new" }))) as Response;
    expect([saved.status, saved.headers.get("Location")]).toEqual([303, "/store/topics"]);
    expect(await publicTopic("horno-nuevo")).toMatchObject({ title: "Horno nuevo", languages: ["es", "en"] });
    expect(await publicTopic("horno-nuevo", "en")).toMatchObject({ title: "New oven" });

    // Edited: the English text dropped, the address kept whatever the form says.
    const form = await (await edit.loader(args(get("/store/topics/horno-nuevo", cookies.manager!), { slug: "horno-nuevo" }))).json();
    expect(form.defaultValue).toMatchObject({ slug: "horno-nuevo", titleEs: "Horno nuevo", bodyEn: "A new oven.", publishedAt: "2026-11-19T10:00" });
    const edited = (await edit.action(args(post("/store/topics/horno-nuevo", cookies.manager!, { ...valid, slug: "otro", titleEs: "Horno renovado", titleEn: "", bodyEn: "" }), { slug: "horno-nuevo" }))) as Response;
    expect(edited.status).toBe(303);
    expect(await publicTopic("horno-nuevo")).toMatchObject({ title: "Horno renovado", languages: ["es"] });

    const switchTo = async (intent: string) => (await list.action(args(post("/store/topics", cookies.manager!, { intent, id: "horno-nuevo" })))) as Response;
    expect((await switchTo("pause")).status).toBe(303);
    expect(await publicTopic("horno-nuevo")).toBe(404);
    const rows = (await (await list.loader(args(get("/store/topics", cookies.manager!)))).json()).items as { id: string; state: string }[];
    expect(rows.find((r) => r.id === "horno-nuevo")?.state).toBe("unpublished");
    expect((await switchTo("resume")).status).toBe(303);
    expect(await publicTopic("horno-nuevo")).toMatchObject({ title: "Horno renovado" });
    expect((await list.action(args(post("/store/topics", cookies.manager!, { intent: "pause", id: "Not A Slug" })))).status).toBe(400);
    expect((await list.action(args(post("/store/topics", cookies.manager!, { intent: "pause", id: "no-such-topic" })))).status).toBe(404);
  });
});

describe("managers edit the job openings (/store/openings)", () => {
  const careers = async (id?: number) => {
    const route = await import("~/routes/careers.($id)");
    return answer(async () => route.loader(args(get(id ? `/careers/${id}` : "/careers", await cookie({ lng: "es" })), id ? { id: String(id) } : {})));
  };
  const outletId = async () => {
    const db = await (await import("#server/db/client")).getDb();
    return String((await db.selectFrom("outlets").select("id").where("code", "=", "MX-ROM-01").executeTakeFirstOrThrow()).id);
  };

  it("staff who are not managers get a 403", async () => {
    const list = await import("~/routes/store.openings._index");
    const edit = await import("~/routes/store.openings.$id");
    for (const run of [
      () => list.loader(args(get("/store/openings", cookies.clerk!))),
      () => list.action(args(post("/store/openings", cookies.clerk!, { intent: "pause", id: "1" }))),
      () => edit.loader(args(get("/store/openings/new", cookies.clerk!), { id: "new" })),
      () => edit.action(args(post("/store/openings/new", cookies.clerk!, { intent: "save" }), { id: "new" })),
    ]) {
      expect((await thrown(run() as Promise<unknown>)).status).toBe(403);
    }
  });

  it("bad input is a 4xx with the messages' keys beside their fields", async () => {
    const edit = await import("~/routes/store.openings.$id");
    const valid = { intent: "save", code: "ROM-CAJA", outletId: await outletId(), titleEs: "Cajero/a", descriptionEs: "## Qué harás\n\n- Cobrar", position: "3" };
    const cases: [Record<string, string>, number, Record<string, string[]>][] = [
      [{ ...valid, code: "rom caja" }, 400, { code: ["store:openings.v.code"] }],
      [{ ...valid, outletId: "" }, 400, { outletId: ["store:openings.v.outlet"] }],
      [{ ...valid, outletId: "999999" }, 400, { outletId: ["store:openings.v.outlet"] }],
      [{ ...valid, titleEs: "" }, 400, { titleEs: ["store:openings.v.titleRequired"] }],
      [{ ...valid, descriptionEs: "" }, 400, { descriptionEs: ["store:openings.v.descriptionRequired"] }],
      [{ ...valid, position: "-1" }, 400, { position: ["store:banners.v.sortOrder"] }],
      [{ ...valid, code: "ROM-COCINA" }, 409, { code: ["store:openings.v.codeTaken"] }],
    ];
    for (const [fields, status, errors] of cases) {
      const response = (await edit.action(args(post("/store/openings/new", cookies.manager!, fields), { id: "new" }))) as Response;
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect((await response.json()).result.error).toEqual(errors);
    }
    expect((await thrown(edit.loader(args(get("/store/openings/999999", cookies.manager!), { id: "999999" })) as Promise<unknown>)).status).toBe(404);
  });

  it("a preview saves nothing; a save lists it on /careers at once; closing it takes it off", async () => {
    const list = await import("~/routes/store.openings._index");
    const edit = await import("~/routes/store.openings.$id");
    const valid = { intent: "save", code: "rom-caja", outletId: await outletId(), titleEs: "Cajero/a de mostrador", titleEn: "Counter cashier", descriptionEs: "## Qué harás\n\n- Cobrar", position: "3" };
    const titles = async () => ((await careers()) as { groups: { openings: { title: string }[] }[] }).groups.flatMap((g) => g.openings.map((o) => o.title));
    const preview = (await edit.action(args(post("/store/openings/new", cookies.manager!, { ...valid, intent: "preview" }), { id: "new" }))) as Response;
    expect((await preview.json()).preview).toMatchObject({ title: "Cajero/a de mostrador", outlet: { name: expect.any(String) } });
    expect(await titles()).not.toContain("Cajero/a de mostrador");

    const saved = (await edit.action(args(post("/store/openings/new", cookies.manager!, valid), { id: "new" }))) as Response;
    expect([saved.status, saved.headers.get("Location")]).toEqual([303, "/store/openings"]);
    expect(await titles()).toContain("Cajero/a de mostrador");
    const rows = (await (await list.loader(args(get("/store/openings", cookies.manager!)))).json()).items as { id: number; code: string; open: boolean }[];
    const row = rows.find((r) => r.code === "ROM-CAJA")!;
    expect(row.open).toBe(true);
    expect(await careers(row.id)).toMatchObject({ opening: { title: "Cajero/a de mostrador" } });

    expect((await list.action(args(post("/store/openings", cookies.manager!, { intent: "pause", id: String(row.id) })))).status).toBe(303);
    expect(await titles()).not.toContain("Cajero/a de mostrador");
    expect(await careers(row.id)).toBe(404);
    expect((await list.action(args(post("/store/openings", cookies.manager!, { intent: "resume", id: "999999" })))).status).toBe(404);
  });
});

describe("managers pick the home page's favourites (/store/favourites)", () => {
  const favourites = async () => {
    const home = await import("~/routes/home");
    return (await (await home.loader(args(get("/home", await cookie({ lng: "es" }))))).json()).promotions.favourites.map((p: { name: string }) => p.name) as string[];
  };

  it("staff who are not managers get a 403", async () => {
    const route = await import("~/routes/store.favourites");
    expect((await thrown(route.loader(args(get("/store/favourites", cookies.clerk!))) as Promise<unknown>)).status).toBe(403);
    expect((await thrown(route.action(args(post("/store/favourites", cookies.clerk!, { sku: "PZ-HAWAIANA" }))) as Promise<unknown>)).status).toBe(403);
  });

  it("bad input is a 400 with the messages' keys; nothing changes", async () => {
    const route = await import("~/routes/store.favourites");
    const before = await favourites();
    const cases: [[string, string][], object][] = [
      [[["sku", "PZ-HAWAIANA"], ["order-PZ-HAWAIANA", "0"]], { order: { "PZ-HAWAIANA": "store:favourites.v.order" } }],
      [[["sku", "PZ-HAWAIANA"], ["order-PZ-HAWAIANA", "abc"]], { order: { "PZ-HAWAIANA": "store:favourites.v.order" } }],
      [[["sku", "NO-SUCH-SKU"]], { form: "store:favourites.v.unknown" }],
      [Array.from({ length: 13 }, (_, i): [string, string] => ["sku", `SKU-${i}`]), { form: "store:favourites.v.tooMany" }],
    ];
    for (const [pairs, errors] of cases) {
      const response = (await route.action(args(postPairs("/store/favourites", cookies.manager!, pairs)))) as Response;
      expect(response.status, JSON.stringify(pairs)).toBe(400);
      expect((await response.json()).errors).toEqual(errors);
    }
    expect(await favourites()).toEqual(before);
  });

  it("a save shows the picked products on the home page at once, numbered ones first in their order", async () => {
    const route = await import("~/routes/store.favourites");
    const pairs: [string, string][] = [
      ["sku", "PZ-PEPPERONI"],
      ["order-PZ-PEPPERONI", ""],
      ["sku", "PZ-HAWAIANA"],
      ["order-PZ-HAWAIANA", "2"],
      ["sku", "PZ-CUATRO-QUESOS"],
      ["order-PZ-CUATRO-QUESOS", "1"],
      ["order-SD-ALITAS-BBQ", "3"], // numbered but not ticked: not a favourite
    ];
    const saved = (await route.action(args(postPairs("/store/favourites", cookies.manager!, pairs)))) as Response;
    expect([saved.status, saved.headers.get("Location")]).toEqual([303, "/store/favourites"]);
    const page = await (await route.loader(args(get("/store/favourites", saved.headers.get("Set-Cookie")!.split(";")[0]!)))).json();
    expect(page.notice).toMatchObject({ key: "store:favourites.saved", values: { count: 3 } });
    expect(page.products.slice(0, 4).map((p: { sku: string; featured: number | null }) => [p.sku, p.featured])).toEqual([
      ["PZ-CUATRO-QUESOS", 1],
      ["PZ-HAWAIANA", 2],
      ["PZ-PEPPERONI", 3],
      [expect.any(String), null],
    ]);
    expect((await favourites()).length).toBe(3);
    expect((await favourites())[0]).toMatch(/queso/i);
  });
});
