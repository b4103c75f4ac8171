import { type Kysely, sql } from "kysely";

/**
 * Customer accounts (issue 11):
 * - `customers`: the spec's user and customer form. The email is kept lower-cased and unique; `password_hash` is
 *   argon2id (null for an account made by a social sign-in that never set one); `email_confirmed_at` null until
 *   the confirmation link is followed. A deleted account (the ARCO cancellation right) is a deleted row: its
 *   orders stay, without personal data (`orders.customer_id` set null, `orders.customer` blanked by the app).
 * - `customer_tokens`: single-use links (confirm an email, reset a password, confirm a new email). Only the
 *   token's SHA-256 is stored; `used_at` is set by the one update that wins.
 * - `customer_identities`: a social provider's subject linked to an account (Facebook 1, Google 2, Yahoo 3).
 * - `customer_locations`: saved places; at most one default per customer (a partial unique index, not a check).
 * - `loyalty_cards`: one card per account and one account per card, both unique keys.
 * - `phone_codes`: one-time codes for a phone change (the request id is the row's uuid; the code is hashed).
 * - `sms_outbox`: texts written first, shipped by a provider adapter when one is configured.
 * - `orders.customer_id`: the account that placed the order (or whose confirmed email a guest order carried; those
 *   are found by migration 0006's index on the lower-cased email).
 * Statements run one by one: PGlite's extended protocol takes one statement per query.
 */
const up_statements = [
  `create table customers (
    id serial primary key,
    email text not null unique check (email = lower(email)),
    first_name text not null,
    last_name text not null,
    phone text not null default '',
    birthdate text check (birthdate ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    gender char(1) check (gender in ('M', 'F', 'O')),
    password_hash text,
    news boolean not null default false,
    html_mail boolean not null default true,
    locale text not null default 'es',
    terms_accepted_at timestamptz,
    email_confirmed_at timestamptz,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`,
  `create table customer_tokens (
    id serial primary key,
    customer_id integer not null references customers on delete cascade,
    purpose text not null check (purpose in ('confirm', 'reset', 'email-change')),
    token_hash text not null unique,
    email text not null,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  `create index customer_tokens_customer on customer_tokens (customer_id, purpose, created_at desc)`,
  `create table customer_identities (
    provider smallint not null check (provider in (1, 2, 3)),
    subject text not null,
    customer_id integer not null references customers on delete cascade,
    created_at timestamptz not null,
    primary key (provider, subject)
  )`,
  `create table customer_locations (
    id serial primary key,
    customer_id integer not null references customers on delete cascade,
    name text not null,
    street text not null,
    exterior_number text not null,
    interior_number text not null default '',
    house_number text not null default '',
    reference text not null default '',
    landmark text not null,
    instructions text not null default '',
    postal_code text not null,
    city text not null,
    state text not null,
    is_default boolean not null default false,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`,
  `create index customer_locations_customer on customer_locations (customer_id, id)`,
  `create unique index customer_locations_one_default on customer_locations (customer_id) where is_default`,
  `create table loyalty_cards (
    card_number char(15) primary key check (card_number ~ '^[0-9]{15}$'),
    customer_id integer not null unique references customers on delete cascade,
    attached_at timestamptz not null
  )`,
  `create table phone_codes (
    request_id uuid primary key,
    customer_id integer not null references customers on delete cascade,
    phone text not null,
    code_hash text not null,
    attempts integer not null default 0,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  `create index phone_codes_customer on phone_codes (customer_id, created_at desc)`,
  `create table sms_outbox (
    id serial primary key,
    kind text not null,
    key text not null unique,
    "to" text not null,
    text text not null,
    created_at timestamptz not null,
    attempts integer not null default 0,
    sent_at timestamptz,
    next_attempt_at timestamptz,
    error text
  )`,
  `create index sms_outbox_due on sms_outbox (next_attempt_at nulls first, id) where sent_at is null`,
  `alter table orders add column customer_id integer references customers on delete set null`,
  `create index orders_customer on orders (customer_id, created_at desc) where customer_id is not null`,
  `alter table carts add constraint carts_customer foreign key (customer_id) references customers on delete set null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of up_statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("alter table carts drop constraint if exists carts_customer").execute(db);
  await sql.raw("drop index if exists orders_customer").execute(db);
  await sql.raw("alter table orders drop column if exists customer_id").execute(db);
  for (const table of ["sms_outbox", "phone_codes", "loyalty_cards", "customer_locations", "customer_identities", "customer_tokens", "customers"]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
