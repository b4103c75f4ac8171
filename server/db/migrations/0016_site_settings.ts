import { type Kysely, sql } from "kysely";

/**
 * Settings of the whole site that managers change without a deploy (issue 14), one row per key with its value as
 * JSON: first the emergency banner (spec sections 1 and 9: off by default, it tells customers to phone the ordering
 * line). `updated_at` is the version a customer's dismissal remembers; `updated_by` who changed it last.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table site_settings (
      key text primary key check (key ~ '^[a-z][a-z0-9_]{0,62}$'),
      value jsonb not null,
      updated_at timestamptz not null default now(),
      updated_by integer references staff (id) on delete set null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table site_settings`.execute(db);
}
