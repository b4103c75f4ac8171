import type { Database } from "../db/client";
import { DomainError } from "../errors";
import { claimGuestOrders, RESEND_AFTER_MS } from "./accounts";
import { normalizeEmail } from "./rules";
import { issueToken, lastIssued, spendToken, voidTokens } from "./tokens";

/**
 * Changing the account's email (spec: "email change re-confirmed"): the new address gets a single-use link
 * (tokens.ts, purpose "email-change", 24 hours); the account's email changes only when it is followed. Until then
 * the account keeps its address and the profile shows the pending one. The caller checks the current password
 * (accounts with one) before asking.
 */
export interface EmailChangeLink {
  token: string;
  email: string;
  firstName: string;
  locale: string;
}

/**
 * Asks for a link to `newEmail`: CUS-100003 when another account has that address (what registering with it
 * would answer too), CUS-100007 when a link went out less than a minute ago. A new link voids the older ones.
 */
export async function requestEmailChange(db: Database, customerId: number, newEmail: string, now: Date): Promise<EmailChangeLink> {
  const email = normalizeEmail(newEmail);
  const customer = await db.selectFrom("customers").select(["email", "first_name", "locale"]).where("id", "=", customerId).executeTakeFirst();
  if (!customer) throw new DomainError("CUS-100002");
  const taken = await db.selectFrom("customers").select("id").where("email", "=", email).where("id", "!=", customerId).executeTakeFirst();
  if (taken) throw new DomainError("CUS-100003");
  const last = await lastIssued(db, customerId, "email-change");
  if (last && now.getTime() - last.getTime() < RESEND_AFTER_MS) throw new DomainError("CUS-100007");
  await voidTokens(db, customerId, "email-change", now);
  const token = await issueToken(db, { customerId, purpose: "email-change", email, now });
  return { token, email, firstName: customer.first_name, locale: customer.locale };
}

/** The address a live email-change link was sent to (the profile shows it as pending), or undefined. */
export async function pendingEmail(db: Database, customerId: number, now: Date): Promise<string | undefined> {
  const row = await db
    .selectFrom("customer_tokens")
    .select("email")
    .where("customer_id", "=", customerId)
    .where("purpose", "=", "email-change")
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.email;
}

export interface EmailChanged {
  customerId: number;
  oldEmail: string;
  newEmail: string;
  firstName: string;
  locale: string;
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "23505";

/**
 * Follows an email-change link: spends it and moves the account to the new address, confirmed (the link proved the
 * mailbox), with the guest orders placed with it. CUS-100015 for a link that is unknown, spent (by an earlier or a
 * racing click) or expired; CUS-100003 when another account has the address by now (the link is not spent then: it
 * works again should that change). The reset and confirmation links mailed to the old address are voided with it.
 * Answers both addresses (the old one gets a notice).
 */
export async function confirmEmailChange(db: Database, token: string, now: Date): Promise<EmailChanged> {
  try {
    return await db.transaction().execute(async (trx) => {
      const spent = await spendToken(trx, token, "email-change", now);
      if (!spent) throw new DomainError("CUS-100015");
      const before = await trx
        .selectFrom("customers")
        .select(["email", "first_name", "locale"])
        .where("id", "=", spent.customerId)
        .forUpdate() // with a password reset's lock (accounts.ts): one of the two goes first
        .executeTakeFirst();
      if (!before) throw new DomainError("CUS-100015");
      const taken = await trx.selectFrom("customers").select("id").where("email", "=", spent.email).where("id", "!=", spent.customerId).executeTakeFirst();
      if (taken) throw new DomainError("CUS-100003");
      await trx.updateTable("customers").set({ email: spent.email, email_confirmed_at: now, updated_at: now }).where("id", "=", spent.customerId).execute();
      // Links mailed to the old address (a reset, its confirmation) no longer speak for the account.
      await voidTokens(trx, spent.customerId, ["reset", "confirm"], now);
      await claimGuestOrders(trx, spent.customerId, spent.email);
      return { customerId: spent.customerId, oldEmail: before.email, newEmail: spent.email, firstName: before.first_name, locale: before.locale };
    });
  } catch (error) {
    // Another account took the address between the check and the update (the unique key decides).
    if (isUniqueViolation(error)) throw new DomainError("CUS-100003");
    throw error;
  }
}
