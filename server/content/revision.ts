import { type Insertable, sql } from "kysely";
import type { Database } from "../db/client";
import type { BannersTable } from "../db/types";

/**
 * Two managers editing one item (a banner, a campaign, a content page, a topic, a job opening): each editor's form
 * carries the revision it loaded, the row's `updated_at` to the millisecond, and a save is made only over that
 * revision. A save over a change the editor did not load (another manager's save, a pause) is refused as "changed":
 * the page says so and keeps what was typed, now over the current revision, so saving again replaces the other change
 * knowingly (docs/store-console.md). A post without a revision (an old page) saves as before.
 */
export function revisionOf(updatedAt: Date | string): string {
  return new Date(updatedAt).toISOString();
}

/** A posted revision: an ISO instant as `revisionOf` writes it, else undefined. */
export function postedRevision(value: unknown): string | undefined {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)) return undefined;
  return Number.isNaN(Date.parse(value)) ? undefined : value;
}

/** An update's condition: the row is still at the revision the editor loaded (stored times may carry microseconds). */
export const atRevision = (revision: string) => sql<boolean>`date_trunc('milliseconds', updated_at) = ${new Date(revision)}`;

/** The tables whose rows an editor writes by id. */
type EditedTable = "banners" | "campaigns" | "job_openings";

/**
 * Writes an editor's row: a new one (`id` undefined: its id), or the row `id` over the editor's `revision` (none: as
 * before): its id, "changed" when it exists at another revision, null when it is gone. A unique key's refusal is
 * the caller's to answer.
 */
export async function writeEdited(
  db: Database,
  table: EditedTable,
  columns: Record<string, unknown>,
  target: { id?: number; revision?: string },
): Promise<number | "changed" | null> {
  // The three tables share the columns this touches (id, updated_at); the values are the caller's row.
  const anyTable = table as "banners";
  const values = columns as Insertable<BannersTable>;
  const { id, revision } = target;
  if (id === undefined) return (await db.insertInto(anyTable).values(values).returning("id").executeTakeFirstOrThrow()).id;
  const row = await db
    .updateTable(anyTable)
    .set(values)
    .where("id", "=", id)
    .$if(revision !== undefined, (q) => q.where(atRevision(revision!)))
    .returning("id")
    .executeTakeFirst();
  if (row) return row.id;
  if (revision === undefined) return null;
  const exists = await db.selectFrom(anyTable).select("id").where("id", "=", id).executeTakeFirst();
  return exists ? "changed" : null;
}
