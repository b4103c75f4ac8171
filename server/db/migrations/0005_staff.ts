import { type Kysely, sql } from "kysely";

/**
 * The store console (issue 5):
 * - `staff`: people who sign in at /store; email unique and stored lower-cased, an argon2id password hash.
 * - `staff_outlets`: the outlets each one works for (they see and move only those outlets' orders).
 * - `staff_login_failures`: failed sign-ins by email (whether or not the email exists), for the attempt limit.
 * - `orders.cancel_reason`: why an order was canceled (status 8); required by the lifecycle.
 * Statements run one by one: PGlite's extended protocol takes one statement per query.
 */
const up_statements = [
  `create table staff (
    id serial primary key,
    email text not null unique check (email = lower(email) and email <> ''),
    name text not null,
    password_hash text not null,
    active boolean not null default true,
    created_at timestamptz not null
  )`,
  `create table staff_outlets (
    staff_id integer not null references staff on delete cascade,
    outlet_id integer not null references outlets on delete cascade,
    primary key (staff_id, outlet_id)
  )`,
  `create index staff_outlets_outlet on staff_outlets (outlet_id)`,
  `create table staff_login_failures (
    id serial primary key,
    email text not null,
    at timestamptz not null
  )`,
  `create index staff_login_failures_email on staff_login_failures (email, at)`,
  `alter table orders add column cancel_reason text`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of up_statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("alter table orders drop column if exists cancel_reason").execute(db);
  await sql.raw("drop table if exists staff_login_failures").execute(db);
  await sql.raw("drop table if exists staff_outlets").execute(db);
  await sql.raw("drop table if exists staff").execute(db);
}
