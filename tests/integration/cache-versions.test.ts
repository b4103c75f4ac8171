import pg from "pg";
import { sql } from "kysely";
import { getMenuPage } from "#server/catalog/menu";
import type { Database } from "#server/db/client";
import { counting } from "#server/db/counting";
import { SAMPLE_PIZZA_SKU } from "#server/db/seed";
import { HOLD_MS } from "#server/db/versions";
import { testDatabases, type TestDatabase } from "../support/db";
import { heard } from "../support/notify";

/**
 * The cache versions a process holds (server/db/versions.ts): kept until a NOTIFY tells of a change (the process's
 * own changes heard before the changing call returns, on Postgres by its pool's connections), read again past
 * HOLD_MS even without one (a listener whose connection died without a word), and read per request while the
 * listener's connection is lost, until it listens again.
 */
async function pricedPage(db: Database): Promise<{ price: number | undefined; statements: number }> {
  const tally = { count: 0 };
  const page = await getMenuPage(counting(db, tally), "es", "pizzas", "clasicas");
  if (page.kind !== "page") throw new Error("no menu page");
  return { price: page.products.find((p) => p.sku === SAMPLE_PIZZA_SKU)?.sizes[0]?.priceCents, statements: tally.count };
}

const raise = (db: Database, cents: number) =>
  sql`update product_layers set price_cents = price_cents + ${cents} where id = (select l.id from product_layers l join products p on p.id = l.product_id where p.sku = ${SAMPLE_PIZZA_SKU} order by l.position, l.id limit 1)`.execute(
    db,
  );

describe.each(testDatabases())("the cache versions on $name", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());
  afterEach(() => vi.restoreAllMocks());

  it("a change made through this process shows on its next page, without waiting (its own NOTIFY comes with the commit)", async () => {
    const { price } = await pricedPage(t.db);
    expect((await pricedPage(t.db)).statements).toBe(0);
    await raise(t.db, 300);
    expect((await pricedPage(t.db)).price).toBe(price! + 300);
    await t.db.transaction().execute((trx) => raise(trx, -300));
    expect((await pricedPage(t.db)).price).toBe(price);
    expect((await pricedPage(t.db)).statements).toBe(0);
  });

  it("a held answer is read again after HOLD_MS, told of a change or not", async () => {
    await pricedPage(t.db);
    expect((await pricedPage(t.db)).statements).toBe(0);
    // Far enough ahead that whatever was held is read at `start`, then held from there.
    const start = performance.now() + 10 * HOLD_MS;
    const clock = vi.spyOn(performance, "now").mockReturnValue(start);
    expect((await pricedPage(t.db)).statements).toBe(1);
    clock.mockReturnValue(start + HOLD_MS - 1);
    expect((await pricedPage(t.db)).statements).toBe(0);
    clock.mockReturnValue(start + HOLD_MS + 1);
    expect((await pricedPage(t.db)).statements).toBe(1);
    // Read at that moment, the answer is held again from there.
    expect((await pricedPage(t.db)).statements).toBe(0);
  });

  if (kind.name === "postgres") it("every connection of the pool LISTENs, however many the pool opens", async () => {
    // Three connections held at once (each reserved while the next is asked for), so the pool lends three.
    const listening = (db: Database) =>
      sql<{ channels: string[]; pid: number }>`select array(select pg_listening_channels()) as channels, pg_backend_pid() as pid`.execute(db).then(({ rows }) => rows[0]!);
    const rows = await t.db.connection().execute((a) => t.db.connection().execute((b) => t.db.connection().execute(async (c) => Promise.all([a, b, c].map(listening)))));
    expect(new Set(rows.map((row) => row.pid)).size).toBe(3);
    for (const row of rows) expect(row.channels).toContain("cache_versions");
  });

  if (kind.name === "postgres") it("a change's NOTIFY names its schema, so another schema's shop (or test) does not flush this one's", async () => {
    const listener = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await listener.connect();
    try {
      // Other tests' schemas notify on the same channel meanwhile: wait for ours (without 0032 it never comes).
      const heard = new Promise<void>((resolve) => listener.on("notification", (message) => message.payload === t.schema && resolve()));
      await listener.query("LISTEN cache_versions");
      await raise(t.db, 0);
      await heard;
    } finally {
      await listener.end();
    }
  });

  if (kind.name === "postgres") it("its listener's connection lost: read per request, a change made meanwhile shows, then held again once it listens", async () => {
    const writer = t.twin!();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { price } = await pricedPage(t.db);
      expect((await pricedPage(t.db)).statements).toBe(0);
      const { rows } = await admin.query("select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = $1", [
        `${t.schema} listen cache_versions`,
      ]);
      expect(rows).toEqual([{ done: true }]);
      // Once the process knows its listener is gone, every page reads the versions (one statement).
      await heard(async () => expect((await pricedPage(t.db)).statements).toBe(1));
      await raise(writer, 700);
      expect(await pricedPage(t.db)).toEqual({ price: price! + 700, statements: expect.any(Number) });
      // Listening again (after 0.5 s), the versions are held again and a change shows by its NOTIFY.
      await vi.waitFor(async () => expect((await pricedPage(t.db)).statements).toBe(0), { timeout: 10_000, interval: 50 });
      await raise(writer, -700);
      await heard(async () => expect((await pricedPage(t.db)).price).toBe(price));
    } finally {
      await admin.end();
    }
  });
});
