import { type Kysely, sql } from "kysely";

/**
 * The pizzas in one unit of a product sold without sizes (a deal such as "2 pizzas grandes", a party pack, a Hut
 * Day pizza, a lunch package): the kitchen bakes them like any other, so an order-time slot's capacity counts them
 * (server/cart/line.ts, `pizzasOfLine`). A sized product is one pizza whatever this says; 0 for the rest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products add column pizzas smallint not null default 0 check (pizzas >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products drop column pizzas`.execute(db);
}
