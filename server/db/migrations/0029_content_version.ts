import { type Kysely, sql } from "kysely";

/**
 * The site content's version (issue 15), as 0026 keeps the catalogue's: one row whose number goes up, in the same
 * transaction, with every change to what customer pages show around the menu (banners, campaigns, the site's
 * settings such as the emergency banner, the content pages and footer), whoever makes it. Each process caches those
 * rows (server/content/cache.ts) and reads this number with the catalogue's, in one statement per request
 * (server/db/versions.ts), to know they still hold: a change shows on the next page of every process.
 */
const TABLES = ["banners", "campaigns", "site_settings", "content_pages"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table content_version (
    id boolean primary key default true check (id),
    version bigint not null default 1
  )`.execute(db);
  await sql`insert into content_version (id, version) values (true, 1)`.execute(db);
  await sql`create function bump_content_version() returns trigger language plpgsql as $$
    begin
      update content_version set version = version + 1;
      return null;
    end
  $$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.id(`${table}_content_version`)} after insert or update or delete or truncate on ${sql.id(table)}
      for each statement execute function bump_content_version()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await sql`drop trigger ${sql.id(`${table}_content_version`)} on ${sql.id(table)}`.execute(db);
  await sql`drop function bump_content_version()`.execute(db);
  await sql`drop table content_version`.execute(db);
}
