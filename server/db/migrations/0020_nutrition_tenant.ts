import { type Kysely, sql } from "kysely";

/**
 * Allergens and energy of the menu (issue 14, /nutritional-content).
 * - `products.allergens`: the product's own allergens (its dough, sauce, cheese...), codes of server/catalog/allergens.ts.
 * - `toppings.allergens`: a topping's; a product inherits those of its recipe (its default toppings).
 * - `products.kcal`: energy in kcal keyed by the sku of a size (first layer), or by "" for a product without sizes.
 * Statements run one by one: PGlite's extended protocol takes one statement per query.
 */
const up_statements = [
  `alter table products add column allergens text[] not null default '{}'`,
  `alter table products add column kcal jsonb not null default '{}'::jsonb`,
  `alter table toppings add column allergens text[] not null default '{}'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of up_statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table toppings drop column allergens`.execute(db);
  await sql`alter table products drop column kcal`.execute(db);
  await sql`alter table products drop column allergens`.execute(db);
}
