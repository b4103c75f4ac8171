import { type PGlite, parse, protocol } from "@electric-sql/pglite";
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import { StatementNames, StatementRunner } from "./prepared";

type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];

/** A statement parsed by name on the embedded connection: its parameters' types and its row description. */
interface NamedStatement {
  paramTypes: number[];
  rowDescription: BackendMessage | undefined;
}

/**
 * A pg-pool-shaped adapter over one PGlite instance, so Kysely's own PostgresDialect drives both the
 * embedded database and a real server. PGlite is a single connection: a client is lent to one caller at a
 * time (transactions stay on their connection), and the others wait in line.
 */
export class PGlitePool implements PostgresPool {
  #tail: Promise<void> = Promise.resolve();
  /** The one connection's runner: repeated statements by name (server/db/prepared.ts), as on Postgres. */
  readonly #runner: StatementRunner;
  readonly #statements = new Map<string, NamedStatement>();

  constructor(
    readonly pglite: PGlite,
    options: { preparedStatements?: boolean } = {},
  ) {
    this.#runner = new StatementRunner(new StatementNames(options.preparedStatements === false ? 0 : undefined));
  }

  /**
   * A statement by name. PGlite's `query` parses, describes, binds, describes again, executes and syncs, six calls
   * into the database for every statement, and Postgres plans it each time (the cart's statement: ~1.8 ms of its
   * ~2.9 ms). Here a statement is parsed and described once, then each execution is one call (bind, execute, sync),
   * its rows read with the row description kept from the first. As PGlite's own query does, each statement then
   * writes to the data directory (syncToFs).
   */
  #named(name: string, text: string, parameters: readonly unknown[]): Promise<{ rows: unknown[]; affectedRows: number }> {
    const pglite = this.pglite;
    return pglite.runExclusive(async () => {
      let statement = this.#statements.get(name);
      if (!statement) {
        const described = await pglite.execProtocolStream(
          Buffer.concat([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: "S", name }), protocol.serialize.sync()]),
          { syncToFs: false },
        );
        statement = {
          paramTypes: parse.parseDescribeStatementResults(described),
          rowDescription: described.find((m) => m.name === "rowDescription"),
        };
        this.#statements.set(name, statement);
      }
      const { paramTypes } = statement;
      const values = parameters.map((value, i) => {
        if (value === null || value === undefined) return null;
        // The instance's serializers and parsers: the module's defaults plus the array types PGlite reads at start.
        const serialize = pglite.serializers[paramTypes[i]!];
        return serialize ? serialize(value) : String(value);
      });
      const messages = await pglite.execProtocolStream(
        Buffer.concat([protocol.serialize.bind({ statement: name, values }), protocol.serialize.execute({}), protocol.serialize.sync()]),
        { syncToFs: false },
      );
      const [result] = parse.parseResults(statement.rowDescription ? [statement.rowDescription, ...messages] : messages, pglite.parsers);
      await pglite.syncToFs();
      return { rows: result?.rows ?? [], affectedRows: result?.affectedRows ?? 0 };
    });
  }

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => turn);
    await previous;
    const pglite = this.pglite;
    let released = false;
    const client = {
      query: async <R>(sqlText: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> => {
        const result = await this.#runner.run<{ rows: unknown[]; affectedRows?: number }>(
          sqlText,
          (name) => this.#named(name, sqlText, parameters),
          () => pglite.query<R>(sqlText, parameters as unknown[]),
        );
        const command = (sqlText.trimStart().split(/\s+/, 1)[0] ?? "").toUpperCase();
        return {
          command: command as PostgresQueryResult<R>["command"],
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows as R[],
        };
      },
      release() {
        if (released) return;
        released = true;
        release();
      },
    };
    return client as unknown as PostgresPoolClient;
  }

  /** LISTEN on the embedded connection (taking its turn, so it never lands inside another caller's transaction). */
  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    const client = await this.connect();
    try {
      const stop = await this.pglite.listen(channel, onMessage);
      return async () => {
        const turn = await this.connect();
        try {
          await stop();
        } finally {
          turn.release();
        }
      };
    } finally {
      client.release();
    }
  }

  async end(): Promise<void> {
    await this.#tail;
    await this.pglite.close();
  }
}
