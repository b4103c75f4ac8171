import { type Kysely, sql } from "kysely";

/**
 * Staff roles (issue 12 point 8, beyond the spec): a member of staff is 'staff' (the orders console) or 'manager'
 * (the orders console and the chain's coupons at /store/coupons). Every existing member stays 'staff'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table staff add column role text not null default 'staff' check (role in ('staff', 'manager'))`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("alter table staff drop column if exists role").execute(db);
}
