import { type Kysely, sql } from "kysely";

/**
 * What the plans of the hot queries asked for on a database of 100,000 orders (issue 15, point 6; `npm run
 * bench:plans`, docs/performance.md): every statement that reads an order's items (the tracker, the order history,
 * a reorder, the store console) scanned all of `order_items` (300,000 rows, 0.4-0.5 s each). The index has the name
 * and shape of the request-path work's own migration (`if not exists`): whichever runs first makes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists order_items_order_id_idx on order_items (order_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists order_items_order_id_idx`.execute(db);
}
