import { type Kysely, sql } from "kysely";

/**
 * Contact and the satisfaction survey (issue 14 point 4).
 * - `contact_messages`: the feedback form of /contact (spec: POST contacts): who wrote (name, email, phone), about
 *   which outlet (null: not about one), an optional order number as typed, the message, the page's language and the
 *   account when a customer was signed in. Customer care gets each one by mail (`mail_outbox`, key `contact:<id>`).
 * - `survey_answers`: /crs/order/<uuid>, one answer per order (its primary key): food and service from 1 to 5 and
 *   an optional comment.
 * - `mail_outbox.reply_to`: a mail's Reply-To (customer care answers the customer by replying to the contact mail).
 * Statements run one by one: PGlite's extended protocol takes one statement per query.
 */
const up_statements = [
  `create table contact_messages (
    id serial primary key,
    name text not null check (char_length(name) between 1 and 80),
    email text not null check (char_length(email) between 3 and 254),
    phone text not null check (phone ~ '^[0-9]{10,12}$'),
    outlet_id integer references outlets (id) on delete set null,
    order_number text check (order_number ~ '^[0-9]{1,12}$'),
    message text not null check (char_length(message) between 1 and 2000),
    lng text not null check (lng in ('es', 'en', 'ar')),
    customer_id integer references customers (id) on delete set null,
    created_at timestamptz not null
  )`,
  `create index contact_messages_created_at on contact_messages (created_at)`,
  `create table survey_answers (
    order_id integer primary key references orders (id) on delete cascade,
    food smallint not null check (food between 1 and 5),
    service smallint not null check (service between 1 and 5),
    comment text not null default '' check (char_length(comment) <= 1000),
    lng text not null check (lng in ('es', 'en', 'ar')),
    created_at timestamptz not null
  )`,
  `alter table mail_outbox add column reply_to text`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of up_statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox drop column reply_to`.execute(db);
  await sql`drop table survey_answers`.execute(db);
  await sql`drop table contact_messages`.execute(db);
}
