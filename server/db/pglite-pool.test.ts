import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlitePool } from "./pglite-pool";

/**
 * The embedded connection runs a repeated statement by name (parsed and described once, then bind-execute-sync in
 * one call): it must answer exactly as PGlite's own `query` does, for every kind of value the app sends and reads.
 */
describe("PGlitePool's statements by name", () => {
  let pglite: PGlite;
  let pool: PGlitePool;
  let plain: PGlitePool;

  beforeAll(async () => {
    pglite = await PGlite.create("memory://");
    await pglite.exec(`
      create table things (
        id serial primary key, uuid uuid not null unique, name text not null, price_cents int not null,
        big bigint not null, at timestamptz not null, day date, info jsonb not null, tags text[] not null,
        flag boolean not null, note text
      );`);
    pool = new PGlitePool(pglite);
    plain = new PGlitePool(pglite, { preparedStatements: false });
  });
  afterAll(async () => {
    await pglite.close();
  });

  const query = async (on: PGlitePool, text: string, values: unknown[] = []) => {
    const client = await on.connect();
    try {
      return await client.query(text, values);
    } finally {
      client.release();
    }
  };
  const prepared = async () => (await pglite.query<{ name: string }>("select name from pg_prepared_statements order by name")).rows.map((r) => r.name);

  const insert = "insert into things (uuid, name, price_cents, big, at, day, info, tags, flag, note) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *";
  const rows = [
    ["00000000-0000-4000-8000-000000000001", "Pepperoni", 12_900, 9_007_199_254_740_000, new Date("2026-11-27T18:30:00.000Z"), "2026-11-27", JSON.stringify({ es: "Chica", n: 1 }), ["a", "b,c", 'd"e'], true, null],
    ["00000000-0000-4000-8000-000000000002", "Hawaiana ñ", 0, -5, new Date("2026-01-01T00:00:00.000Z"), null, JSON.stringify([1, { x: null }]), [], false, "nota"],
    ["00000000-0000-4000-8000-000000000003", "Orilla", 100, 0, new Date("2026-06-30T23:59:59.999Z"), "2026-06-30", "{}", ["x"], false, ""],
  ];

  it("answers as PGlite's query does: inserts with returning, selects of every type, updates' counts", async () => {
    for (const values of rows) {
      const named = await query(pool, insert, values);
      expect(named.rows).toHaveLength(1);
      expect(named.command).toBe("INSERT");
    }
    // The insert ran by name from its second time on.
    expect(await prepared()).toHaveLength(1);
    const select = "select * from things where uuid = $1 or name = any($2::text[]) order by id";
    for (const values of [[rows[0]![0], []], [rows[1]![0], ["Orilla"]], ["00000000-0000-4000-8000-00000000ffff", ["Pepperoni", "Orilla"]]]) {
      const expected = await query(plain, select, values);
      expect((await query(pool, select, values)).rows).toEqual(expected.rows);
      expect((await query(pool, select, values)).rows).toEqual(expected.rows);
    }
    const one = (await query(pool, select, [rows[0]![0], []])).rows[0] as Record<string, unknown>;
    expect(one).toMatchObject({ name: "Pepperoni", big: 9_007_199_254_740_000, info: { es: "Chica", n: 1 }, tags: ["a", "b,c", 'd"e'], flag: true, note: null });
    expect((one.at as Date).toISOString()).toBe("2026-11-27T18:30:00.000Z");
    const update = "update things set price_cents = price_cents + $1 where flag = $2";
    for (let i = 0; i < 3; i++) expect((await query(pool, update, [1, false])).rowCount).toBe(2);
    expect((await query(plain, "select sum(price_cents)::int as s from things where flag = false")).rows).toEqual([{ s: 106 }]);
  });

  it("keeps the connection usable after a statement by name fails (a unique violation keeps its code)", async () => {
    const again = rows[0]!;
    await expect(query(pool, insert, again)).rejects.toMatchObject({ code: "23505" });
    await expect(query(pool, insert, again)).rejects.toMatchObject({ code: "23505" });
    const client = await pool.connect();
    try {
      await client.query("begin", []);
      await expect(client.query(insert, again)).rejects.toMatchObject({ code: "23505" });
      await client.query("rollback", []);
    } finally {
      client.release();
    }
    expect((await query(pool, "select count(*)::int as n from things where uuid = $1", [again[0]])).rows).toEqual([{ n: 1 }]);
    expect((await query(pool, "select count(*)::int as n from things where uuid = $1", [again[0]])).rows).toEqual([{ n: 1 }]);
  });

  it("after a column is added under a statement by name, answers at once with the table as it is", async () => {
    const select = "select * from things where id = $1";
    await query(pool, select, [1]);
    await query(pool, select, [1]);
    await pglite.exec("alter table things add column size text not null default 'chica'");
    expect((await query(pool, select, [1])).rows).toMatchObject([{ id: 1, size: "chica" }]);
    expect((await query(pool, select, [2])).rows).toMatchObject([{ id: 2, size: "chica" }]);
  });
});
