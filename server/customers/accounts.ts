import { sql } from "kysely";
import type { Database } from "../db/client";
import { DomainError } from "../errors";
import { decoyHash, hashPassword, verifyPassword } from "../security/passwords";
import { revokeAllSessions } from "../security/sessions";
import { boundedHashing, guardSignIn } from "../security/sign-in";
import type { Gender, ProfileForm, RegisterForm } from "./rules";
import { birthdayOf, normalizeEmail } from "./rules";
import { issueToken, lastIssued, spendToken, voidTokens } from "./tokens";

/**
 * Customer accounts (spec sections 3, 4 and 6; the customer calls of section 7): register, confirm the email,
 * sign in, reset the password, and the account as the pages read it. Refusals are the spec's CUS codes.
 */
export interface Customer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** 'YYYY-MM-DD' or null (an account made by a social sign-in). */
  birthdate: string | null;
  gender: Gender | null;
  news: boolean;
  htmlMail: boolean;
  locale: string;
  emailConfirmed: boolean;
  hasPassword: boolean;
  /** The attached loyalty card's 15 digits, or null. */
  loyaltyCard: string | null;
}

/** One minute between two codes or links of the same kind to one customer (spec: OTP resend limit, CUS-100007). */
export const RESEND_AFTER_MS = 60_000;

export async function findCustomer(db: Database, id: number): Promise<Customer | undefined> {
  const row = await db
    .selectFrom("customers as c")
    .leftJoin("loyalty_cards as l", "l.customer_id", "c.id")
    .select([
      "c.id",
      "c.email",
      "c.first_name",
      "c.last_name",
      "c.phone",
      "c.birthdate",
      "c.gender",
      "c.news",
      "c.html_mail",
      "c.locale",
      "c.email_confirmed_at",
      sql<boolean>`c.password_hash is not null`.as("has_password"),
      "l.card_number",
    ])
    .where("c.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    birthdate: row.birthdate,
    gender: row.gender,
    news: row.news,
    htmlMail: row.html_mail,
    locale: row.locale,
    emailConfirmed: row.email_confirmed_at !== null,
    hasPassword: row.has_password,
    loyaltyCard: row.card_number,
  };
}

export async function findCustomerByEmail(db: Database, email: string): Promise<{ id: number } | undefined> {
  return db.selectFrom("customers").select("id").where("email", "=", normalizeEmail(email)).executeTakeFirst();
}

/**
 * Registers a customer (spec: customer_registration) and answers the account and its confirmation token (for the
 * mail). An email that has an account already is CUS-100003, decided by the unique key (two racing registrations
 * of one address make one account). The password is hashed (argon2id, on the sign-in's bounded queue) before the
 * insert; the form's rules were checked by the caller with registerSchema (and the common-password list).
 */
export async function registerCustomer(
  db: Database,
  form: RegisterForm,
  context: { now: Date; locale: string; today: string },
): Promise<{ id: number; token: string }> {
  const birthdate = birthdayOf(form.birthYear, form.birthMonth, form.birthDay, context.today);
  if (!birthdate) throw new DomainError("CUS-100004");
  const email = normalizeEmail(form.email);
  if (await findCustomerByEmail(db, email)) throw new DomainError("CUS-100003");
  const passwordHash = await boundedHashing(() => hashPassword(form.password));
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("customers")
      .values({
        email,
        first_name: form.firstName,
        last_name: form.lastName,
        phone: form.phone,
        birthdate,
        gender: form.gender,
        password_hash: passwordHash,
        news: form.news,
        html_mail: form.htmlMail,
        locale: context.locale,
        terms_accepted_at: context.now,
        created_at: context.now,
        updated_at: context.now,
      })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) throw new DomainError("CUS-100003");
    const token = await issueToken(trx, { customerId: row.id, purpose: "confirm", email, now: context.now });
    return { id: row.id, token };
  });
}

/**
 * A new confirmation link for an unconfirmed account: CUS-100007 when one went out in the last minute. Answers the
 * token and the address, or undefined when the email is confirmed already (nothing to send).
 */
export async function renewConfirmation(db: Database, customerId: number, now: Date): Promise<{ token: string; email: string } | undefined> {
  const customer = await db.selectFrom("customers").select(["email", "email_confirmed_at"]).where("id", "=", customerId).executeTakeFirst();
  if (!customer) throw new DomainError("CUS-100002");
  if (customer.email_confirmed_at) return undefined;
  const last = await lastIssued(db, customerId, "confirm");
  if (last && now.getTime() - last.getTime() < RESEND_AFTER_MS) throw new DomainError("CUS-100007");
  const token = await issueToken(db, { customerId, purpose: "confirm", email: customer.email, now });
  return { token, email: customer.email };
}

/**
 * Follows a confirmation link (spec: confirm_email): spends the token, marks the email confirmed and joins to the
 * account the guest orders placed with that email (they show in its history from now on). CUS-100015 for a link
 * that is unknown, spent, expired, or for an address the account no longer has.
 */
export async function confirmEmail(db: Database, token: string, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const spent = await spendToken(trx, token, "confirm", now);
    if (!spent) throw new DomainError("CUS-100015");
    const updated = await trx
      .updateTable("customers")
      .set((eb) => ({ email_confirmed_at: eb.fn.coalesce("email_confirmed_at", sql<Date>`${now}`), updated_at: now }))
      .where("id", "=", spent.customerId)
      .where("email", "=", spent.email)
      .returning("id")
      .executeTakeFirst();
    if (!updated) throw new DomainError("CUS-100015");
    await claimGuestOrders(trx, spent.customerId, spent.email);
    return spent.customerId;
  });
}

/** Guest orders placed with a (confirmed) email become the account's: they join its history. */
export async function claimGuestOrders(db: Database, customerId: number, email: string): Promise<number> {
  const result = await db
    .updateTable("orders")
    .set({ customer_id: customerId })
    .where("customer_id", "is", null)
    .where(sql<string>`lower(customer->>'email')`, "=", normalizeEmail(email))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface CustomerLogin {
  email: string;
  password: string;
  clientAddress: string;
  knownDevice: boolean;
}

/**
 * Checks a customer's sign-in behind the sign-in guard (server/security/sign-in.ts: per address, per account and
 * address, per account; a bounded hashing queue). A wrong email, a wrong password and an account without a
 * password (made by a social sign-in) are all CUS-100005, and take the same time: an unknown email is verified
 * against a decoy hash. Too many tries are CUS-100016.
 */
export function verifyCustomerLogin(db: Database, input: CustomerLogin): Promise<number> {
  const email = normalizeEmail(input.email);
  return guardSignIn(
    db,
    { scope: "customer", email, clientAddress: input.clientAddress, knownDevice: input.knownDevice, throttled: "CUS-100016" },
    async () => {
      const row = await db.selectFrom("customers").select(["id", "password_hash"]).where("email", "=", email).executeTakeFirst();
      const ok = await verifyPassword(row?.password_hash ?? (await decoyHash()), input.password);
      return ok && row?.password_hash ? row.id : undefined;
    },
    "CUS-100005",
  );
}

/**
 * "Forgot my password" (spec: reset_password): for an account with this email, voids its older reset links and
 * answers a new one (valid one hour) with the account's language; undefined for an unknown email, and for a link
 * asked for less than a minute after the last (the page says the same either way, so neither reveals anything).
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  now: Date,
): Promise<{ token: string; email: string; locale: string; firstName: string } | undefined> {
  const customer = await db
    .selectFrom("customers")
    .select(["id", "email", "locale", "first_name"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  if (!customer) return undefined;
  const last = await lastIssued(db, customer.id, "reset");
  if (last && now.getTime() - last.getTime() < RESEND_AFTER_MS) return undefined;
  await voidTokens(db, customer.id, "reset", now);
  const token = await issueToken(db, { customerId: customer.id, purpose: "reset", email: customer.email, now });
  return { token, email: customer.email, locale: customer.locale, firstName: customer.first_name };
}

/**
 * Sets a new password from a reset link (spec: check_forgot_password_token, then the new password): spends the
 * token, refuses the old password (CUS-100006: the link stays usable, nothing is spent), stores the new hash,
 * confirms the email (the link proved the mailbox), ends every session of the account and voids its other live reset
 * and email-change links. CUS-100015 for a link that is unknown, spent (a racing request won), expired, or mailed to
 * an address the account no longer has. Answers the account.
 */
export async function resetPassword(db: Database, token: string, password: string, now: Date): Promise<number> {
  const passwordHash = await boundedHashing(() => hashPassword(password));
  return db.transaction().execute(async (trx) => {
    const spent = await spendToken(trx, token, "reset", now);
    if (!spent) throw new DomainError("CUS-100015");
    // Locked: an email change committing meanwhile would otherwise stand beside a reset mailed to the old address.
    const row = await trx.selectFrom("customers").select(["email", "password_hash"]).where("id", "=", spent.customerId).forUpdate().executeTakeFirst();
    // The link was mailed to the account's address of then: once the account has moved to another, it opens nothing.
    if (!row || row.email !== spent.email) throw new DomainError("CUS-100015");
    if (row.password_hash && (await boundedHashing(() => verifyPassword(row.password_hash!, password)))) {
      throw new DomainError("CUS-100006"); // rolls back: the link was not spent
    }
    await trx
      .updateTable("customers")
      .set((eb) => ({ password_hash: passwordHash, email_confirmed_at: eb.fn.coalesce("email_confirmed_at", sql<Date>`${now}`), updated_at: now }))
      .where("id", "=", spent.customerId)
      .execute();
    await revokeAllSessions(trx, "customer", spent.customerId, now);
    // Whoever knew the old password may have asked for an email change: its link dies with the password, or it would
    // move the account to their mailbox after the owner took it back.
    await voidTokens(trx, spent.customerId, ["reset", "email-change"], now);
    return spent.customerId;
  });
}

/** Saves the profile's editable fields (name, birthday, gender, preferences). */
export async function updateProfile(db: Database, customerId: number, form: ProfileForm, context: { now: Date; today: string }): Promise<void> {
  const birthdate = birthdayOf(form.birthYear, form.birthMonth, form.birthDay, context.today);
  if (!birthdate) throw new DomainError("CUS-100004");
  const result = await db
    .updateTable("customers")
    .set({
      first_name: form.firstName,
      last_name: form.lastName,
      birthdate,
      gender: form.gender,
      news: form.news,
      html_mail: form.htmlMail,
      updated_at: context.now,
    })
    .where("id", "=", customerId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new DomainError("CUS-100002");
}
