import { type Kysely, sql } from "kysely";

/**
 * The loyalty cards the chain has issued (a store signs the customer up with a card, their mobile and birthday), so
 * that attaching one to an account proves it is a real card and the holder's: before, any number with a valid check
 * digit attached, and with it the loyalty members' coupons (code review of coupons, 2026-11-29). Written by the
 * chain's loyalty system or `npm run cards:issue`; `loyalty_cards` keeps which account holds which.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table issued_loyalty_cards (
    card_number char(15) primary key check (card_number ~ '^[0-9]{15}$'),
    phone text not null check (phone ~ '^[0-9]{10}$'),
    birthdate text not null check (birthdate ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    issued_at timestamptz not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table issued_loyalty_cards`.execute(db);
}
