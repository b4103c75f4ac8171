import pg from "pg";

/**
 * Named prepared statements on the Postgres server (issue 15).
 *
 * Kysely sends every statement unnamed, so Postgres parses and plans it again on each execution. For this app's
 * statements that is most of the database's work: measured under the order bench, parse and plan took 78 % of the
 * time its statements spent in Postgres, and the cart's one statement (seven tables) plans in ~0.8 ms and runs in
 * 0.08 ms. A statement text seen again is given a name here, so each connection parses it once and Postgres keeps
 * its plan (a generic one when that costs no more than planning each time: plan_cache_mode auto).
 *
 * Bounded: a text is named the second time it is seen (a one-off query is never kept on the server), and at most
 * `capacity` texts per process are named; statements past that stay unnamed, as before. Only plain DML is named
 * (select, insert, update, delete, with): transaction control and the rest go as they came.
 *
 * A named statement whose tables changed shape under it (a migration run by a newer process while this one keeps
 * serving) fails with "cached plan must not change result type" (SQLSTATE 0A000); its text is then never named again
 * in this process. Alone, it is sent again at once, unnamed, and answers; inside a transaction the failure has
 * aborted the transaction, which fails (once per such text and process).
 */
export class StatementNames {
  readonly #named = new Map<string, string>();
  readonly #seenOnce = new Set<string>();
  readonly #refused = new Set<string>();

  constructor(
    readonly capacity = 200,
    /** how many texts seen once are remembered (cleared when full) */
    readonly seenCapacity = 2_000,
  ) {}

  /** The statement's name, or undefined to send it unnamed. */
  nameOf(text: string): string | undefined {
    const named = this.#named.get(text);
    if (named !== undefined) return named;
    if (this.#named.size >= this.capacity || this.#refused.has(text) || !DML.test(text)) return undefined;
    if (!this.#seenOnce.has(text)) {
      if (this.#seenOnce.size >= this.seenCapacity) this.#seenOnce.clear();
      this.#seenOnce.add(text);
      return undefined;
    }
    this.#seenOnce.delete(text);
    const name = `storefront_${this.#named.size + this.#refused.size}`;
    this.#named.set(text, name);
    return name;
  }

  /** Never name this text again (its prepared form no longer fits its tables). */
  refuse(text: string): void {
    this.#named.delete(text);
    this.#refused.add(text);
  }

  get size(): number {
    return this.#named.size;
  }
}

const DML = /^\s*(select|insert|update|delete|with)\b/i;
const TRANSACTION_START = /^\s*(begin|start transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback|end|abort)\s*;?\s*$/i;

/** Postgres: a cached plan's result type no longer matches its tables (a column added or dropped under it). */
function isStalePlan(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "0A000" && /cached plan must not change result type/.test(String((error as Error).message));
}

type QueryArgs = [unknown, unknown?, unknown?];
const BaseClient = pg.Client as unknown as new (config?: pg.ClientConfig) => { query(...args: QueryArgs): unknown };

/**
 * One connection's way of running statements: by name when `names` names the text, else unnamed. It follows the
 * connection's transaction (Kysely's `begin` and its `commit` or `rollback`) for what a stale plan does (above).
 */
export class StatementRunner {
  #inTransaction = false;
  constructor(readonly names: StatementNames) {}

  run<T>(text: string, named: (name: string) => Promise<T>, unnamed: () => Promise<T>): Promise<T> {
    if (TRANSACTION_START.test(text)) this.#inTransaction = true;
    else if (TRANSACTION_END.test(text)) this.#inTransaction = false;
    const name = this.names.nameOf(text);
    if (name === undefined) return unnamed();
    return named(name).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      this.names.refuse(text);
      // Alone, the statement changed nothing: sent again unnamed, it is planned for the tables as they are now.
      // In a transaction the failure has aborted it; the transaction fails as a whole.
      if (this.#inTransaction) throw error;
      return unnamed();
    });
  }
}

/**
 * A pg Client class for a pool (`new pg.Pool({ Client })`) that sends the statements `names` names as named
 * prepared statements. Only the form Kysely uses is changed (a text and its values, answered by a promise).
 */
export function preparingClient(names: StatementNames): typeof pg.Client {
  class PreparingClient extends BaseClient {
    readonly #runner = new StatementRunner(names);

    query(...args: QueryArgs): unknown {
      const [text, values, callback] = args;
      if (typeof text !== "string" || !Array.isArray(values) || callback !== undefined) return super.query(...args);
      return this.#runner.run(
        text,
        (name) => super.query({ name, text, values }) as Promise<pg.QueryResult>,
        () => super.query(text, values) as Promise<pg.QueryResult>,
      );
    }
  }
  return PreparingClient as unknown as typeof pg.Client;
}
