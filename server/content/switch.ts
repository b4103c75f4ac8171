import { sql } from "kysely";
import { nextRevision } from "./revision";
import type { Database } from "../db/client";

/**
 * The console's on/off switches (pause or resume a banner or a campaign, close or reopen a job opening, publish or
 * unpublish a topic): one update of the row's flag, stamped with when (and by whom, where the table records it).
 * True when a row changed, false when there is no such row. The callers forget their own caches.
 */
const SWITCHES = {
  banners: { key: "id", flag: "active", who: true },
  campaigns: { key: "id", flag: "active", who: true },
  job_openings: { key: "id", flag: "open", who: false },
  topics: { key: "slug", flag: "published", who: false },
} as const;
export type SwitchTable = keyof typeof SWITCHES;

export interface SwitchChange {
  /** the row's id, or a topic's slug */
  key: number | string;
  on: boolean;
  staffId: number | null;
  now: Date;
}

export async function setSwitch(db: Database, table: SwitchTable, change: SwitchChange): Promise<boolean> {
  const { key, flag, who } = SWITCHES[table];
  const sets = [sql`${sql.ref(flag)} = ${change.on}`];
  sets.push(sql`updated_at = ${nextRevision(table, change.now)}`);
  if (who) sets.push(sql`updated_by = ${change.staffId}`);
  const result = await sql`update ${sql.table(table)} set ${sql.join(sets)} where ${sql.ref(key)} = ${change.key}`.execute(db);
  return Number(result.numAffectedRows ?? 0n) > 0;
}
