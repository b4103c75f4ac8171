import { type Kysely, sql } from "kysely";

/**
 * A scheduled order's slot start (issue 14 point 9): `collection_time` is the slot's end (the spec's
 * collectionTimeValue, the day plus the end of the range), and a slot's length depends on the outlet's intervals, so
 * the tracker, the console and the mail keep its start to read the same "19:00 – 19:15" as the order-time dialog.
 * Null for ASAP orders and for orders placed before it (they show their end time alone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column collection_from timestamptz`.execute(db);
  await sql`alter table orders add constraint orders_collection_from_before check (collection_from is null or (collection_time is not null and collection_from < collection_time))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column collection_from`.execute(db);
}
