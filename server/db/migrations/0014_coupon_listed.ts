import { type Kysely, sql } from "kysely";

/**
 * Coupons listed to everyone or not (issue 12, /order/coupons): `listed` true, the coupon is shown on the coupons
 * page to every visitor who may use it (a public coupon); false, only to the accounts it is attached to
 * (`customer_coupons`: a campaign's coupon attached from its /crm/coupon link, or a game's prize). Whether a coupon
 * applies is still the rules' (server/coupons/rules.ts): `listed` only says who sees it in the list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table coupons add column listed boolean not null default true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table coupons drop column listed`.execute(db);
}
