import { type Kysely, sql } from "kysely";

/**
 * A cart line a coupon brought (issue 12): a free item (type 1) or a deal's combo (type 6) names its coupon. Such a
 * line is priced by the coupon (free, or the deal's price plus the combo's surcharges), never merges with a line the
 * customer added, and goes when its coupon is removed (and the coupon with it).
 * `cart_coupons.seq` keeps the order coupons were applied in (the first applied wins a clash), whatever the clock says.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw("alter table cart_lines add column coupon_id integer references coupons").execute(db);
  await sql.raw("alter table cart_coupons add column seq serial").execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("alter table cart_coupons drop column if exists seq").execute(db);
  await sql.raw("alter table cart_lines drop column if exists coupon_id").execute(db);
}
