import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "kysely";
import { compiledOnce } from "#server/db/compiled";
import { counting } from "#server/db/counting";
import { testDatabases, type TestDatabase } from "../support/db";

/**
 * compiledOnce (server/db/compiled.ts): a statement Kysely builds and compiles once, then runs with each call's
 * values. It must answer exactly as the same builder run per call, on both databases, in a transaction too, and
 * still be counted by a request's counting handle.
 */
let t: TestDatabase;

describe.each(testDatabases())("statements compiled once on $name", (kind) => {
  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("answers as the builder run per call, with each call's values, and builds once", async () => {
    const outlets = await t.db.selectFrom("outlets").select(["id", "code"]).orderBy("id").execute();
    expect(outlets.length).toBeGreaterThan(1);
    const build = vi.fn((db: typeof t.db, values: { code: string; active: string }) =>
      db
        .selectFrom("outlets")
        .select(["id", "code", "name"])
        .where("code", "=", values.code)
        .where("active", "=", values.active as unknown as boolean)
        .where("id", ">", 0),
    );
    const byCode = compiledOnce(["code", "active"], build);
    for (const { code } of [...outlets, { code: "NO-SUCH" }]) {
      const compiled = (await byCode(t.db, { code, active: true })).rows;
      const direct = await t.db.selectFrom("outlets").select(["id", "code", "name"]).where("code", "=", code).where("active", "=", true).where("id", ">", 0).execute();
      expect(compiled).toEqual(direct);
    }
    // In a transaction, and counted as one statement by a request's handle.
    await t.db.transaction().execute(async (trx) => {
      expect((await byCode(trx, { code: outlets[0]!.code, active: true })).rows).toHaveLength(1);
    });
    const tally = { count: 0 };
    await byCode(counting(t.db, tally), { code: outlets[1]!.code, active: true });
    expect(tally.count).toBe(1);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it("refuses a value bound nowhere or written into the text; a value bound twice takes the call's value in both places", async () => {
    const unused = compiledOnce(["code"], (db) => db.selectFrom("outlets").select("id"));
    await expect(unused(t.db, { code: "X" })).rejects.toThrow(/"code" must be bound as a parameter \(found nowhere\)/);
    const inlined = compiledOnce(["code"], (db, { code }) => db.selectFrom("outlets").select("id").where("code", "=", code).where(sql<boolean>`name = ${sql.lit(code)}`));
    await expect(inlined(t.db, { code: "X" })).rejects.toThrow(/written into the statement's text/);
    const changed = compiledOnce(["code"], (db, { code }) => db.selectFrom("outlets").select("id").where("code", "=", code).where("name", "=", `${code}!`));
    await expect(changed(t.db, { code: "X" })).rejects.toThrow(/changed before it was bound/);
    const outlet = await t.db.selectFrom("outlets").select(["id", "code", "name"]).orderBy("id").executeTakeFirstOrThrow();
    const twice = compiledOnce(["code"], (db, { code }) =>
      db.selectFrom("outlets").select("id").where((eb) => eb.or([eb("code", "=", code), eb("name", "=", code)])),
    );
    expect((await twice(t.db, { code: outlet.code })).rows).toEqual([{ id: outlet.id }]);
    expect((await twice(t.db, { code: outlet.name })).rows).toEqual([{ id: outlet.id }]);
    expect((await twice(t.db, { code: "NO-SUCH" })).rows).toEqual([]);
  });
});
