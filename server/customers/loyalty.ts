import { isUniqueViolation, type Database } from "../db/client";
import { DomainError } from "../errors";
import { consume } from "../security/rate-limits";

/**
 * Attaching a loyalty card to an account (spec sections 3 and 6: "loyalty card: 15-digit id, plus phone and
 * birthday"; the form and the card number's check digit are loyalty-card.ts). The card must be one the chain issued
 * (`issued_loyalty_cards`: a store signed its holder up with their mobile and birthday), and the typed phone and
 * birthday must be both the card's holder's and the account's: the card is real and the person at the keyboard is
 * its holder, not only someone with the account's session.
 *
 * In this order: an account whose email is not confirmed cannot attach (CUS-100014: a card carries points, and an
 * unconfirmed address may not be its owner's); every try counts against the account's limit
 * (limits.loyaltyAttachPerAccount, CUS-100016 with the minutes to wait when spent); a card never issued, or a phone
 * or birthday that is not the card's or the account's, is CUS-100012 (one answer: which cards exist is not told);
 * then the insert. One card per account and one account per card are the table's two
 * unique keys, so two racing attaches cannot both win: the unique violation is CUS-100013, never a check before the
 * insert. Attaching the card the account already has is a success (a doubled post).
 */
export interface AttachCard {
  cardNumber: string;
  phone: string;
  /** 'YYYY-MM-DD' */
  birthdate: string;
}

/** The national number (the last 10 digits): a phone typed with or without Mexico's country code 52 is the same. */
export const nationalNumber = (phone: string) => phone.replace(/\D/g, "").slice(-10);

export async function attachLoyaltyCard(db: Database, customerId: number, card: AttachCard, now: Date): Promise<void> {
  const customer = await db
    .selectFrom("customers")
    .select(["phone", "birthdate", "email_confirmed_at"])
    .where("id", "=", customerId)
    .executeTakeFirst();
  if (!customer) throw new DomainError("CUS-100002");
  if (!customer.email_confirmed_at) throw new DomainError("CUS-100014");
  const verdict = await consume(db, "loyaltyAttachPerAccount", String(customerId));
  if (!verdict.allowed) throw new DomainError("CUS-100016", { minutes: Math.ceil(verdict.retryAfterSeconds / 60) });
  const issued = await db.selectFrom("issued_loyalty_cards").select(["phone", "birthdate"]).where("card_number", "=", card.cardNumber).executeTakeFirst();
  const holder = (who: { phone: string | null; birthdate: string | null } | undefined) =>
    Boolean(who?.phone) && nationalNumber(who!.phone!) === nationalNumber(card.phone) && who!.birthdate === card.birthdate;
  if (!holder(issued) || !holder(customer)) throw new DomainError("CUS-100012");
  try {
    await db.insertInto("loyalty_cards").values({ card_number: card.cardNumber, customer_id: customerId, attached_at: now }).execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const holder = await db.selectFrom("loyalty_cards").select("customer_id").where("card_number", "=", card.cardNumber).executeTakeFirst();
    if (holder?.customer_id === customerId) return;
    throw new DomainError("CUS-100013");
  }
}

export interface IssuedCard {
  cardNumber: string;
  /** the holder's mobile, 10 digits (a country code 52 before them is dropped) */
  phone: string;
  /** 'YYYY-MM-DD' */
  birthdate: string;
}

/**
 * Records a card the chain issued (the loyalty system's import, `npm run cards:issue`, the demo's seed): a card issued
 * again takes the new holder's details (a store corrected them). Which account holds it is `loyalty_cards`' business.
 */
export async function issueLoyaltyCard(db: Database, card: IssuedCard, now: Date): Promise<void> {
  const values = { phone: nationalNumber(card.phone), birthdate: card.birthdate, issued_at: now };
  await db
    .insertInto("issued_loyalty_cards")
    .values({ card_number: card.cardNumber, ...values })
    .onConflict((oc) => oc.column("card_number").doUpdateSet(values))
    .execute();
}
