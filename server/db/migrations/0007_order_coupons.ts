import { type Kysely, sql } from "kysely";

/**
 * The Order entity's `order_coupons` (spec section 3): the coupons applied to the cart when it was placed, kept with
 * the order as `[{ code, name, discountCents }]`. Coupons themselves arrive with their own issue; until then carts
 * carry none and every order stores `[]` (and `discount_cents` 0).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table orders add column coupons jsonb not null default '[]'`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("alter table orders drop column if exists coupons").execute(db);
}
