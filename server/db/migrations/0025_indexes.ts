import { type Kysely, sql } from "kysely";

/**
 * Indexes for the foreign keys read on hot paths (issue 15): an order's items (the tracker, the history, the console,
 * the mails, reorder), a coupon's uses (its limits, checked at every placement that carries it), a customer's carts,
 * identities, game plays and messages (the account's pages, and deleting an account, whose cascades look them up).
 * The other foreign keys without an index of their own point at small tables that are never deleted from in use
 * (staff, outlets, products, layers), or are the second column of an index that already leads with the first.
 */
const INDEXES = [
  ["order_items_order", "order_items", "order_id"],
  ["coupon_uses_coupon", "coupon_uses", "coupon_id"],
  ["customer_coupons_coupon", "customer_coupons", "coupon_id"],
  ["carts_customer", "carts", "customer_id"],
  ["customer_identities_customer", "customer_identities", "customer_id"],
  ["coupon_game_plays_customer", "coupon_game_plays", "customer_id"],
  ["contact_messages_customer", "contact_messages", "customer_id"],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, column] of INDEXES) {
    await sql`create index ${sql.id(name)} on ${sql.id(table)} (${sql.id(column)})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await sql`drop index ${sql.id(name)}`.execute(db);
}
