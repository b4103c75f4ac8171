import { type Kysely, sql } from "kysely";

/**
 * Opening hours in the spec's shape (section 3) and slot capacity (issue 4):
 * - `outlet_date_hours`: hours for one date that replace the weekly `outlet_hours` of that date (holidays,
 *   events). A row with null times closes the outlet that date.
 * - `outlet_advance_durations`: advance-duration windows `{date, opening, closing, duration {D, C}}`: inside
 *   the window the slot interval is the order type's duration; -1 keeps the default interval.
 * - `outlets.slot_capacity_pizzas` and `slot_bookings`: each outlet bakes at most so many pizzas per slot; a
 *   placed scheduled order books its pizzas into its slot with one conditional upsert (atomic).
 * Statements run one by one: PGlite's extended protocol takes one statement per query.
 */
const up_statements = [
  `alter table outlets add column slot_capacity_pizzas integer not null default 30 check (slot_capacity_pizzas > 0)`,
  `alter table outlet_hours add column quote_delivery_min integer check (quote_delivery_min > 0)`,
  `alter table outlet_hours add column quote_carryout_min integer check (quote_carryout_min > 0)`,
  `create table outlet_date_hours (
    id serial primary key,
    outlet_id integer not null references outlets on delete cascade,
    date date not null,
    opens time,
    closes time,
    interval_min smallint not null default 15 check (interval_min > 0),
    note text not null default '',
    check ((opens is null) = (closes is null))
  )`,
  `create unique index outlet_date_hours_key on outlet_date_hours (outlet_id, date, coalesce(opens, '00:00'))`,
  `create table outlet_advance_durations (
    id serial primary key,
    outlet_id integer not null references outlets on delete cascade,
    date date not null,
    opening time not null,
    closing time not null,
    duration_d smallint not null default -1 check (duration_d = -1 or duration_d > 0),
    duration_c smallint not null default -1 check (duration_c = -1 or duration_c > 0),
    unique (outlet_id, date, opening)
  )`,
  `create table slot_bookings (
    outlet_id integer not null references outlets on delete cascade,
    slot_at timestamptz not null,
    pizzas integer not null check (pizzas >= 0),
    primary key (outlet_id, slot_at)
  )`,
  `alter table orders add column slot_pizzas integer not null default 0`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of up_statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("alter table orders drop column if exists slot_pizzas").execute(db);
  await sql.raw("drop table if exists slot_bookings").execute(db);
  await sql.raw("drop table if exists outlet_advance_durations").execute(db);
  await sql.raw("drop table if exists outlet_date_hours").execute(db);
  await sql.raw("alter table outlet_hours drop column if exists quote_carryout_min").execute(db);
  await sql.raw("alter table outlet_hours drop column if exists quote_delivery_min").execute(db);
  await sql.raw("alter table outlets drop column if exists slot_capacity_pizzas").execute(db);
}
