import type { Customer } from "#server/customers/accounts";
import { now, today } from "#server/clock";
import { attachLoyaltyCard } from "#server/customers/loyalty";
import type { LoyaltyCardForm } from "#server/customers/loyalty-card";
import { birthdayOf } from "#server/customers/rules";
import { DomainError } from "#server/errors";
import type { Storefront } from "~/web/storefront.server";

export { loyaltyCardSchema } from "#server/customers/loyalty-card";

/** The shop's calendar date (the birthday's bound and the year list's first year). */
export const shopToday = () => today();

/** Attaches the card to the signed-in customer (server/customers/loyalty.ts: the rules and their CUS codes). */
export async function attachCard(store: Storefront, customer: Customer, form: LoyaltyCardForm): Promise<void> {
  const birthdate = birthdayOf(form.birthYear, form.birthMonth, form.birthDay, today());
  if (!birthdate) throw new DomainError("CUS-100012");
  await attachLoyaltyCard(store.db, customer.id, { cardNumber: form.cardNumber, phone: form.phone, birthdate }, now());
}

/** The HTTP status of an attach refusal: throttled 429, unconfirmed email 403, card taken 409, details that do not match 422. */
export function refusalStatus(error: unknown): number {
  const code = error instanceof DomainError ? error.code : undefined;
  if (code === "CUS-100016") return 429;
  if (code === "CUS-100014") return 403;
  if (code === "CUS-100013") return 409;
  return 422;
}
