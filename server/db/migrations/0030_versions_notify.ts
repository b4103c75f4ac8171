import { type Kysely, sql } from "kysely";

/**
 * A NOTIFY on `cache_versions` whenever the catalogue's or the site content's version moves (migrations 0026 and
 * 0029), sent at the changing transaction's commit. Each process keeps both versions in memory and reads them again
 * on it (server/db/versions.ts), instead of reading them on every page; migration 0032 adds the schema to the payload.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function notify_cache_versions() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cache_versions', '');
      return null;
    end
  $$`.execute(db);
  for (const table of ["catalog_version", "content_version"]) {
    await sql`create trigger ${sql.id(`${table}_notify`)} after insert or update or delete or truncate on ${sql.id(table)}
      for each statement execute function notify_cache_versions()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["catalog_version", "content_version"]) await sql`drop trigger ${sql.id(`${table}_notify`)} on ${sql.id(table)}`.execute(db);
  await sql`drop function notify_cache_versions()`.execute(db);
}
