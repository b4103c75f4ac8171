import { type Kysely, sql } from "kysely";

/**
 * When a job opening last changed (its text, or closing and reopening it), as the other editors' rows record it: the
 * managers' editor refuses a save made over a change it did not load (server/content/revision.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table job_openings add column updated_at timestamptz not null default now()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table job_openings drop column updated_at`.execute(db);
}
