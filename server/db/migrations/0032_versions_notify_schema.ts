import { type Kysely, sql } from "kysely";

/**
 * The `cache_versions` NOTIFY of migration 0030 names the schema of the table that changed. A channel is the whole
 * database's: each process keeps its versions until told of a change (server/db/versions.ts), and a change in
 * another schema of the same database (another shop, another test's) is not one of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function notify_cache_versions() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cache_versions', tg_table_schema);
      return null;
    end
  $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function notify_cache_versions() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cache_versions', '');
      return null;
    end
  $$`.execute(db);
}
