import { type Compilable, CompiledQuery, type Kysely, type QueryResult, type Transaction } from "kysely";
import type { DB } from "./types";

type Executor = Kysely<DB> | Transaction<DB>;

/** What a placeholder looks like while the statement is built: a string no caller sends. */
const MARK = "\u0000storefront:";
const placeholder = (name: string) => `${MARK}${name}\u0000`;

/**
 * A statement Kysely builds and compiles once per process, then runs with each call's values (issue 15).
 *
 * Kysely builds a frozen operation tree and compiles it to SQL on every execution: for the cart's statement (seven
 * tables, a JSON array of lines) and the tracker's order (three JSON arrays) that is most of their cost in this
 * process, and their text never changes, only their values. `build` gets a placeholder string for each named value and
 * must hand each to Kysely as a bound parameter, as is (`where("uuid", "=", values.uuid)`), once or more (an outlet's
 * id in each of its subqueries); the first call checks that each is bound (else it throws, naming the value), and
 * later calls put the values in all of their placeholders' places. Values of any other kind (a list of any length
 * for `in`, a clause chosen by a value) do not fit: such statements are built per call as before.
 */
export function compiledOnce<Name extends string, Row>(names: readonly Name[], build: (db: Executor, values: Record<Name, string>) => Compilable<Row>) {
  let compiled: { sql: string; parameters: readonly unknown[]; positions: [number, Name][] } | undefined;
  const compile = (db: Executor) => {
    const query = build(db, Object.fromEntries(names.map((name) => [name, placeholder(name)])) as Record<Name, string>).compile();
    const positions: [number, Name][] = [];
    for (const name of names) {
      const at = query.parameters.flatMap((value, index) => (value === placeholder(name) ? [index] : []));
      if (at.length === 0) throw new Error(`compiledOnce: the value "${name}" must be bound as a parameter (found nowhere)`);
      for (const index of at) positions.push([index, name]);
    }
    // A placeholder inside the SQL text (a value written into it instead of bound), or bound after a change (a
    // template around it, a case change), would be sent as is: refused here rather than by the database.
    if (query.sql.includes(MARK)) throw new Error("compiledOnce: a value was written into the statement's text, not bound");
    const changed = query.parameters.find((value) => typeof value === "string" && value.includes(MARK) && !names.some((name) => value === placeholder(name)));
    if (changed !== undefined) throw new Error("compiledOnce: a value was changed before it was bound (bind each value as is)");
    return { sql: query.sql, parameters: query.parameters, positions };
  };
  return async (db: Executor, values: Record<Name, unknown>): Promise<QueryResult<Row>> => {
    compiled ??= compile(db);
    const parameters = [...compiled.parameters];
    for (const [index, name] of compiled.positions) parameters[index] = values[name];
    return db.executeQuery(CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<Row>);
  };
}
