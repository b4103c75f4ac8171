import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import type { Database } from "./client";

/** A tally of the statements a database handle ran (one request's, in the app: app/web/request-scope.server.ts). */
export interface StatementTally {
  count: number;
}

/** Counts each statement once its result is back (compiling a query without running it counts nothing). */
class CountingPlugin implements KyselyPlugin {
  constructor(private readonly tally: StatementTally) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.tally.count++;
    return args.result;
  }
}

/**
 * The same database (same pool, same transactions) whose statements add up in `tally`. BEGIN and COMMIT of a
 * transaction go through the driver, not as queries, and are not counted.
 */
export function counting(db: Database, tally: StatementTally): Database {
  const counted = db.withPlugin(new CountingPlugin(tally));
  bases.set(counted, baseOf(db));
  return counted;
}

const bases = new WeakMap<Database, Database>();

/** The database a counting handle counts for (itself for any other): what process-wide caches are kept per. */
export function baseOf(db: Database): Database {
  return bases.get(db) ?? db;
}
