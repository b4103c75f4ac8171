import type { PGlite } from "@electric-sql/pglite";
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";

/**
 * A pg-pool-shaped adapter over one PGlite instance, so Kysely's own PostgresDialect drives both the
 * embedded database and a real server. PGlite is a single connection: a client is lent to one caller at a
 * time (transactions stay on their connection), and the others wait in line.
 */
export class PGlitePool implements PostgresPool {
  #tail: Promise<void> = Promise.resolve();
  constructor(readonly pglite: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => turn);
    await previous;
    const pglite = this.pglite;
    let released = false;
    const client = {
      async query<R>(sqlText: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        const result = await pglite.query<R>(sqlText, parameters as unknown[]);
        const command = (sqlText.trimStart().split(/\s+/, 1)[0] ?? "").toUpperCase();
        return {
          command: command as PostgresQueryResult<R>["command"],
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
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
