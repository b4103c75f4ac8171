import { type Kysely, sql } from "kysely";

/**
 * The catalogue's version (issue 15): one row whose number goes up, in the same transaction, with every change to the
 * menu's tables (categories, products, their sizes and crusts, combo slots), whoever makes it (the seed, a migration,
 * an operator's SQL), and a NOTIFY on `catalog`. Every process caches the menu's rows (server/catalog/snapshot.ts)
 * and reads this one number per menu page to know they still hold.
 */
const TABLES = ["categories", "products", "product_layers", "combo_slots"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table catalog_version (
    id boolean primary key default true check (id),
    version bigint not null default 1
  )`.execute(db);
  await sql`insert into catalog_version (id, version) values (true, 1)`.execute(db);
  await sql`create function bump_catalog_version() returns trigger language plpgsql as $$
    begin
      update catalog_version set version = version + 1;
      perform pg_notify('catalog', '');
      return null;
    end
  $$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.id(`${table}_catalog_version`)} after insert or update or delete or truncate on ${sql.id(table)}
      for each statement execute function bump_catalog_version()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await sql`drop trigger ${sql.id(`${table}_catalog_version`)} on ${sql.id(table)}`.execute(db);
  await sql`drop function bump_catalog_version()`.execute(db);
  await sql`drop table catalog_version`.execute(db);
}
