import { type Kysely, sql } from "kysely";

/**
 * The managers' editors (issue 14 point 8, beyond the spec): a topic can be taken off the site without deleting it.
 * `topics.published`: false hides the article (every language of its slug) from /topic and /topic/:name whatever its
 * `published_at`; the console's list publishes it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table topics add column published boolean not null default true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table topics drop column published`.execute(db);
}
