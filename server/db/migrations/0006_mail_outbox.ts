import { type Kysely, sql } from "kysely";

/**
 * The mail outbox (issue 5): every mail the storefront sends is first a row here, written by the request that
 * causes it. `key` is unique, so a mail that must go once (an order's confirmation: `order-confirmation:<uuid>`)
 * is enqueued once however often its cause is retried. With SMTP_URL set, a sender claims pending rows
 * (`claimed_at`, so two processes never send the same row), sends them with nodemailer and sets `sent_at`, or
 * records the `error` and counts the `attempts`.
 * Also an index for the order lookup by email (/tracking), which compares the customer's email case-blind.
 * Statements run one by one: PGlite's extended protocol takes one statement per query.
 */
const up_statements = [
  `create table mail_outbox (
    id serial primary key,
    kind text not null,
    key text not null unique,
    "to" text not null,
    subject text not null,
    text text not null,
    html text not null,
    created_at timestamptz not null,
    claimed_at timestamptz,
    attempts integer not null default 0 check (attempts >= 0),
    sent_at timestamptz,
    error text
  )`,
  `create index mail_outbox_pending on mail_outbox (id) where sent_at is null`,
  `create index orders_customer_email on orders (lower(customer->>'email'), created_at desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of up_statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("drop index if exists orders_customer_email").execute(db);
  await sql.raw("drop table if exists mail_outbox").execute(db);
}
