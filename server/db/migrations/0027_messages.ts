import { type Kysely, sql } from "kysely";

/**
 * The managers' customer-care inbox (/store/messages, issue 14): a contact message or a survey answer is open until a
 * manager marks it handled. `handled_at` (null: open) and `handled_by` (the member of staff; null once they are
 * removed, the time stays). Lists read newest first and by state, so both tables get an index on their creation time.
 * Statements run one by one: PGlite's extended protocol takes one statement per query.
 */
const up_statements = [
  `alter table contact_messages add column handled_at timestamptz`,
  `alter table contact_messages add column handled_by integer references staff (id) on delete set null`,
  `alter table survey_answers add column handled_at timestamptz`,
  `alter table survey_answers add column handled_by integer references staff (id) on delete set null`,
  `create index survey_answers_created_at on survey_answers (created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of up_statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index survey_answers_created_at`.execute(db);
  for (const table of ["survey_answers", "contact_messages"]) {
    await sql.raw(`alter table ${table} drop column handled_by`).execute(db);
    await sql.raw(`alter table ${table} drop column handled_at`).execute(db);
  }
}
