import { type Insertable, sql } from "kysely";
import type { Database } from "../db/client";
import type { BannersTable } from "../db/types";

/**
 * Two managers editing one item (a banner, a campaign, a content page, a topic, a job opening): each editor's form
 * carries the revision it loaded, the row's `updated_at` to the millisecond, and a save is made only over that
 * revision. A save over a change the editor did not load (another manager's save, a pause) is refused as "changed":
 * the page says so and keeps what was typed, now over the current revision, so saving again replaces the other change
 * knowingly (docs/store-console.md). An editor that loaded no item yet (a content page's language not written)
 * posts `NEW_ITEM`: saved only while there is still none. A post without a revision (an old page) saves as before.
 */
export const NEW_ITEM = "new";

export function revisionOf(updatedAt: Date | string): string {
  return new Date(updatedAt).toISOString();
}

/** A posted revision: an ISO instant as `revisionOf` writes it, or `NEW_ITEM`; else undefined. */
export function postedRevision(value: unknown): string | undefined {
  if (value === NEW_ITEM) return NEW_ITEM;
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)) return undefined;
  return Number.isNaN(Date.parse(value)) ? undefined : value;
}

/**
 * The `updated_at` a change of an edited row writes: now, or a millisecond after the revision it had when the clock
 * has not moved past it (a pinned clock in a demo or a test, two saves in one millisecond): every change makes a new
 * revision, so a save over an older one is always told.
 */
export const nextRevision = (table: string, now: Date) =>
  sql<Date>`greatest(${now}::timestamptz, date_trunc('milliseconds', ${sql.ref(`${table}.updated_at`)}) + interval '1 millisecond')`;

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
  target: { id?: number; revision?: string; now: Date },
): Promise<number | "changed" | null> {
  // The three tables share the columns this touches (id, updated_at); the values are the caller's row.
  const anyTable = table as "banners";
  const values = columns as Insertable<BannersTable>;
  const { id, revision } = target;
  if (id === undefined) return (await db.insertInto(anyTable).values(values).returning("id").executeTakeFirstOrThrow()).id;
  const exists = async () => Boolean(await db.selectFrom(anyTable).select("id").where("id", "=", id).executeTakeFirst());
  // An editor that loaded no such row cannot be saving over it.
  if (revision === NEW_ITEM) return (await exists()) ? "changed" : null;
  const row = await db
    .updateTable(anyTable)
    .set({ ...values, updated_at: nextRevision(table, target.now) })
    .where("id", "=", id)
    .$if(revision !== undefined, (q) => q.where(atRevision(revision!)))
    .returning("id")
    .executeTakeFirst();
  if (row) return row.id;
  if (revision === undefined) return null;
  return (await exists()) ? "changed" : null;
}
