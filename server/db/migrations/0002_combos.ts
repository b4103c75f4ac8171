import { type Kysely, sql } from "kysely";

/**
 * Combos: a combo product (product_type 1) has numbered slots; each slot offers products, one of which the
 * customer chooses. A layered product (a pizza) is offered at one size (`size_sku`); an option may cost a
 * surcharge on top of the combo's price. A cart line of a combo carries a `combo_uuid` (spec section 3).
 * Statements run one by one: PGlite's extended protocol takes one statement per query.
 */
const up_statements = [
  `create table combo_slots (
    id serial primary key,
    product_id integer not null references products on delete cascade,
    position integer not null,
    name jsonb not null,
    unique (product_id, position)
  )`,
  `create table combo_slot_options (
    slot_id integer not null references combo_slots on delete cascade,
    product_id integer not null references products,
    size_sku text,
    surcharge_cents integer not null default 0 check (surcharge_cents >= 0),
    position integer not null default 0,
    primary key (slot_id, product_id)
  )`,
  `create index combo_slot_options_product on combo_slot_options (product_id)`,
  `alter table cart_lines add column combo_uuid uuid`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of up_statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("alter table cart_lines drop column if exists combo_uuid").execute(db);
  await sql.raw("drop table if exists combo_slot_options").execute(db);
  await sql.raw("drop table if exists combo_slots").execute(db);
}
