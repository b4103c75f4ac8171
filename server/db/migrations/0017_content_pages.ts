import { type Kysely, sql } from "kysely";

/**
 * The site's content pages (issue 14; spec section 7's tenant contents and content types): one row per type and
 * language, its title and its Markdown body, rendered on the server (server/content/markdown.ts). Managers edit them
 * in the store console (`updated_by`); the seed writes the demo chain's texts and never overwrites an edit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table content_pages (
      type text not null check (type ~ '^[a-z][a-z_]{0,39}$'),
      lng text not null check (lng in ('es', 'en', 'ar')),
      title text not null check (char_length(title) between 1 and 120),
      body text not null check (char_length(body) <= 50000),
      updated_at timestamptz not null default now(),
      updated_by integer references staff (id) on delete set null,
      primary key (type, lng)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table content_pages`.execute(db);
}
