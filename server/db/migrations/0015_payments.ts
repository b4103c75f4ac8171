import { type Kysely, sql } from "kysely";

/**
 * Online card payment (issue 13). An order paid online is placed as today, in a starting status, and is paid by
 * one or more attempts; only an authorised attempt sends it to the store.
 * - `payments`: one row per attempt. `transaction` is the attempt's public id (its URLs), `merchant_reference`
 *   what the provider knows it by (`<order number>-<attempt>`, unique per attempt as Adyen asks), `state` where
 *   it is (server/payments/state.ts), `psp_reference` the provider's id once known. `expires_at`: when the
 *   sweeper ends an attempt that never came back. `confirming_until`: a short lease, so of many concurrent
 *   returns of one redirect only one asks the provider. `session_id`/`hosted_url`: the hosted payment page's
 *   session (the no-JavaScript path), reused if the shopper goes there again.
 * - `payment_events`: the webhook inbox, unique per (provider, psp reference, event code, success), so a replayed
 *   or duplicated notification is stored once and changes nothing. Processed after the answer (`processed_at`).
 * - `payment_tasks`: calls to the provider that follow a committed change (capture when an order is completed,
 *   cancel-or-refund when a paid order is canceled, cancel-by-reference for an attempt that is given up), written
 *   in the same transaction as that change and run after it, retried with a backoff until the provider takes them.
 * Statements run one by one: PGlite's extended protocol takes one statement per query.
 */
const up_statements = [
  `create table payments (
    id serial primary key,
    transaction text not null unique check (transaction ~ '^[A-Za-z0-9_-]{16,64}$'),
    order_id integer not null references orders on delete cascade,
    attempt smallint not null check (attempt between 1 and 99),
    provider text not null,
    method text not null,
    merchant_reference text not null unique,
    amount_cents integer not null check (amount_cents > 0),
    currency text not null,
    state text not null,
    result_code text,
    refusal_reason text,
    psp_reference text unique,
    channel text,
    session_id text,
    hosted_url text,
    confirming_until timestamptz,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    expires_at timestamptz not null,
    unique (order_id, attempt)
  )`,
  `create index payments_open on payments (expires_at) where state in ('new', 'action', 'pending')`,
  `create table payment_events (
    id serial primary key,
    provider text not null,
    psp_reference text not null,
    event_code text not null,
    success boolean not null,
    merchant_reference text,
    original_reference text,
    amount_cents integer,
    reason text,
    payload jsonb not null,
    received_at timestamptz not null,
    processed_at timestamptz,
    attempts integer not null default 0,
    error text,
    unique (provider, psp_reference, event_code, success)
  )`,
  `create index payment_events_unprocessed on payment_events (id) where processed_at is null`,
  `create table payment_tasks (
    id serial primary key,
    payment_id integer not null references payments on delete cascade,
    kind text not null check (kind in ('capture', 'refund', 'cancel')),
    due_at timestamptz not null,
    claimed_until timestamptz,
    attempts integer not null default 0,
    done_at timestamptz,
    error text,
    created_at timestamptz not null,
    unique (payment_id, kind)
  )`,
  `create index payment_tasks_due on payment_tasks (due_at) where done_at is null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of up_statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("drop table if exists payment_tasks").execute(db);
  await sql.raw("drop table if exists payment_events").execute(db);
  await sql.raw("drop table if exists payments").execute(db);
}
