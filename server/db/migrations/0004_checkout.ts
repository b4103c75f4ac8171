import { type Kysely, sql } from "kysely";

/**
 * The checkout of issue 5:
 * - `outlets.payment_methods`: the method ids an outlet accepts ("cash", "eftpos"; later "adyen"), at least one;
 *   `outlets.cash_cap_cents`: the most it takes in cash (null: no cap).
 * - `orders.company`, `orders.property_type` (delivery only), `orders.receipt` (a printed receipt with the order),
 *   `orders.invoice` (the CFDI request, null when none) and `orders.payment` (the spec's order_payment {id, method},
 *   plus tenderedCents and changeCents for cash). Existing orders (all cash) get {id: 9, method}.
 * Statements run one by one: PGlite's extended protocol takes one statement per query.
 */
const up_statements = [
  `alter table outlets add column payment_methods text[] not null default '{cash,eftpos}'
     check (cardinality(payment_methods) > 0)`,
  `alter table outlets add column cash_cap_cents integer check (cash_cap_cents > 0)`,
  `alter table orders add column company text not null default ''`,
  `alter table orders add column property_type text
     check (property_type in ('house', 'office-apartment-hotel', 'office-apartment-other'))`,
  `alter table orders add column receipt boolean not null default false`,
  `alter table orders add column invoice jsonb`,
  `alter table orders add column payment jsonb`,
  `update orders set payment = jsonb_build_object('id', 9, 'method', payment_method) where payment is null`,
  `alter table orders alter column payment set not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of up_statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["payment", "invoice", "receipt", "property_type", "company"]) {
    await sql.raw(`alter table orders drop column if exists ${column}`).execute(db);
  }
  await sql.raw("alter table outlets drop column if exists cash_cap_cents").execute(db);
  await sql.raw("alter table outlets drop column if exists payment_methods").execute(db);
}
