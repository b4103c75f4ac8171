import { type Kysely, sql } from "kysely";

/**
 * A cart line a coupon brought (issue 12): a free item (type 1) or a deal's combo (type 6) names its coupon. Such a
 * line is priced by the coupon (free, or the deal's price plus the combo's surcharges), never merges with a line the
 * customer added, and goes when its coupon is removed (and the coupon with it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw("alter table cart_lines add column coupon_id integer references coupons").execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("alter table cart_lines drop column if exists coupon_id").execute(db);
}
