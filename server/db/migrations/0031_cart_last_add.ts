import { type Kysely, sql } from "kysely";

/**
 * The cart's last add (issue 15's menu without scripts): the key of the last add form posted to it and when. The
 * menu's add buttons post as documents, so a double click posts the same form twice; the second post of one
 * rendered form, with the same choice, soon after the first, is that click repeated and changes nothing
 * (server/cart/rows.ts, `addToCart`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table carts add column last_add text, add column last_add_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table carts drop column last_add, drop column last_add_at`.execute(db);
}
