import { type Kysely, sql } from "kysely";

/**
 * Hardening (issue 9):
 * - `mail_outbox.next_attempt_at`: when a pending mail is next due. A sender's claim sets it a lease ahead (a
 *   sender that dies mid-send frees the row when the lease ends), a failure sets it after a doubling backoff.
 * - `rate_limits`: rate-limiter-flexible's Postgres store (key, points, expire in epoch ms), shared by every app
 *   process; each consume is one atomic upsert.
 * - `auth_sessions`: signed-in sessions kept on the server (the cookie holds a random token, the row its
 *   SHA-256), so that signing out, a password change or a deactivation ends them everywhere.
 * - `staff_login_failures` (migration 0005) goes: the sign-in limits live in `rate_limits` now.
 * Statements run one by one: PGlite's extended protocol takes one statement per query.
 */
const up_statements = [
  `alter table mail_outbox add column next_attempt_at timestamptz`,
  `drop index if exists mail_outbox_pending`,
  `create index mail_outbox_due on mail_outbox (next_attempt_at nulls first, id) where sent_at is null`,
  `create table rate_limits (
    key varchar(255) primary key,
    points integer not null default 0,
    expire bigint
  )`,
  `create table auth_sessions (
    token_hash text primary key,
    subject text not null check (subject in ('staff', 'customer')),
    subject_id integer not null,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    revoked_at timestamptz,
    user_agent text not null default ''
  )`,
  `create index auth_sessions_subject on auth_sessions (subject, subject_id) where revoked_at is null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of up_statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("create table if not exists staff_login_failures (id serial primary key, email text not null, at timestamptz not null)").execute(db);
  await sql.raw("drop table if exists auth_sessions").execute(db);
  await sql.raw("drop table if exists rate_limits").execute(db);
  await sql.raw("drop index if exists mail_outbox_due").execute(db);
  await sql.raw("create index if not exists mail_outbox_pending on mail_outbox (id) where sent_at is null").execute(db);
  await sql.raw("alter table mail_outbox drop column if exists next_attempt_at").execute(db);
}
