import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "./client";
import { StatementNames } from "./prepared";

describe("StatementNames", () => {
  it("names a statement the second time it is seen, and the same name ever after", () => {
    const names = new StatementNames();
    const text = 'select "uuid" from "carts" where "uuid" = $1';
    expect(names.nameOf(text)).toBeUndefined();
    const name = names.nameOf(text);
    expect(name).toMatch(/^storefront_\d+$/);
    expect(names.nameOf(text)).toBe(name);
    expect(names.nameOf(`  ${text}`)).toBeUndefined();
    expect(names.size).toBe(1);
  });

  it("names only plain DML: transaction control and the rest go unnamed", () => {
    const names = new StatementNames();
    for (const text of ["begin", "commit", "rollback", "set local lock_timeout = 1000", "listen orders", "select 1", "with x as (select 1) select * from x", "insert into t values ($1)", "UPDATE t SET a = 1", "delete from t"]) {
      names.nameOf(text);
      const named = names.nameOf(text) !== undefined;
      expect(named, text).toBe(/^(select|with|insert|update|delete)/i.test(text));
    }
  });

  it("names at most its capacity of texts, and remembers a bounded number seen once", () => {
    const names = new StatementNames(3, 5);
    for (let i = 0; i < 10; i++) {
      names.nameOf(`select ${i}`);
      names.nameOf(`select ${i}`);
    }
    expect(names.size).toBe(3);
    expect(names.nameOf("select 0")).toBeDefined();
    expect(names.nameOf("select 9")).toBeUndefined();
    // Seen once, then forgotten when the set of texts seen once fills up: named only after two more sightings.
    const small = new StatementNames(10, 2);
    small.nameOf("select 'a'");
    small.nameOf("select 'b'");
    small.nameOf("select 'c'");
    expect(small.nameOf("select 'a'")).toBeUndefined();
    expect(small.nameOf("select 'a'")).toBeDefined();
  });

  it("never names a refused text again", () => {
    const names = new StatementNames();
    names.nameOf("select * from t");
    expect(names.nameOf("select * from t")).toBeDefined();
    names.refuse("select * from t");
    expect(names.nameOf("select * from t")).toBeUndefined();
    expect(names.nameOf("select * from t")).toBeUndefined();
    expect(names.size).toBe(0);
  });
});

// Prepared statements live on a real Postgres server (CI's .ci/run sets TEST_DATABASE_URL); PGlite has no pool.
const url = process.env.TEST_DATABASE_URL;
if (url) {
  describe("named prepared statements on Postgres", () => {
    const schema = `t_${randomBytes(8).toString("hex")}`;
    let admin: pg.Client;
    let db: Database;
    let plain: Database;

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.query(`create table ${schema}.items (id int primary key, name text not null)`);
      await admin.query(`insert into ${schema}.items values (1, 'uno'), (2, 'dos')`);
      // One connection each, so that what a statement left on its connection can be read back on it.
      db = createDatabase({ url, schema, poolSize: 1 });
      plain = createDatabase({ url, schema, poolSize: 1, preparedStatements: false });
    });
    afterAll(async () => {
      await db?.destroy();
      await plain?.destroy();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    });

    const byId = (on: Database, id: number) => on.selectFrom("items" as never).selectAll().where("id" as never, "=", id as never).execute();
    const preparedOn = async (on: Database) =>
      (await sql<{ statement: string }>`select statement from pg_prepared_statements where statement like '%from "items"%' and statement not like '%pg_prepared%'`.execute(on)).rows.map((r) => r.statement);

    it("parses a repeated statement once per connection and answers as before", async () => {
      expect(await byId(db, 1)).toEqual([{ id: 1, name: "uno" }]);
      expect(await preparedOn(db)).toEqual([]);
      expect(await byId(db, 2)).toEqual([{ id: 2, name: "dos" }]);
      expect(await byId(db, 1)).toEqual([{ id: 1, name: "uno" }]);
      expect(await preparedOn(db)).toEqual(['select * from "items" where "id" = $1']);
      // In a transaction too, and the transaction's own statements go as they came.
      await db.transaction().execute(async (trx) => {
        expect(await byId(trx, 2)).toEqual([{ id: 2, name: "dos" }]);
      });
      // Turned off, nothing is kept on the server.
      await byId(plain, 1);
      await byId(plain, 1);
      expect(await preparedOn(plain)).toEqual([]);
    });

    it("after a column is added under a named statement, answers at once alone and fails its transaction once", async () => {
      await byId(db, 1);
      expect(await preparedOn(db)).toHaveLength(1);
      await admin.query(`alter table ${schema}.items add column size text not null default 'chica'`);
      // Alone: sent again unnamed, planned for the table as it is now.
      expect(await byId(db, 1)).toEqual([{ id: 1, name: "uno", size: "chica" }]);
      expect(await byId(db, 2)).toEqual([{ id: 2, name: "dos", size: "chica" }]);

      // In a transaction the stale plan aborts it: the transaction fails, once; the next one plans afresh.
      const byName = (on: Database, name: string) => on.selectFrom("items" as never).selectAll().where("name" as never, "=", name as never).execute();
      await byName(db, "uno");
      await byName(db, "uno");
      await admin.query(`alter table ${schema}.items add column crust text not null default 'original'`);
      await expect(db.transaction().execute((trx) => byName(trx, "uno"))).rejects.toMatchObject({ code: "0A000" });
      expect(await db.transaction().execute((trx) => byName(trx, "uno"))).toEqual([{ id: 1, name: "uno", size: "chica", crust: "original" }]);
      // A savepoint's rollback inside a transaction does not count as its end.
      await db.transaction().execute(async (trx) => {
        await sql`savepoint s1`.execute(trx);
        await sql`rollback to savepoint s1`.execute(trx);
        expect(await byName(trx, "dos")).toEqual([{ id: 2, name: "dos", size: "chica", crust: "original" }]);
      });
    });
  });
}
