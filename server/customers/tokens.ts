import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../db/client";
import type { CustomerTokensTable } from "../db/types";

/**
 * Single-use links for customers: confirm an email (24 hours), reset a password (1 hour), confirm a new email
 * (24 hours). The link carries 256 random bits; the table keeps only their SHA-256, so a leaked table opens
 * nothing. A token is spent by one conditional update (`used_at is null and expires_at > now … returning`): of two
 * requests racing with the same link exactly one wins, on PGlite and Postgres alike.
 */
export type TokenPurpose = CustomerTokensTable["purpose"];

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  confirm: 24 * 60 * 60_000,
  reset: 60 * 60_000,
  "email-change": 24 * 60 * 60_000,
};

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
/** The shape of a token in a link: 43 base64url characters. Anything else is refused before the database. */
export const isTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** Makes a token for the customer and answers it (for the link; never stored as such). */
export async function issueToken(
  db: Database,
  input: { customerId: number; purpose: TokenPurpose; email: string; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("customer_tokens")
    .values({
      customer_id: input.customerId,
      purpose: input.purpose,
      token_hash: hashOf(token),
      email: input.email,
      created_at: input.now,
      expires_at: new Date(input.now.getTime() + TOKEN_TTL_MS[input.purpose]),
    })
    .execute();
  return token;
}

/** When the customer's latest token of a purpose was made (the one-minute resend limit reads it). */
export async function lastIssued(db: Database, customerId: number, purpose: TokenPurpose): Promise<Date | undefined> {
  const row = await db
    .selectFrom("customer_tokens")
    .select("created_at")
    .where("customer_id", "=", customerId)
    .where("purpose", "=", purpose)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.created_at) : undefined;
}

/** A live token's customer and address, without spending it (the reset page shows its form only for a live link). */
export async function peekToken(db: Database, token: string, purpose: TokenPurpose, now: Date) {
  if (!isTokenShape(token)) return undefined;
  return db
    .selectFrom("customer_tokens")
    .select(["customer_id as customerId", "email"])
    .where("token_hash", "=", hashOf(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/**
 * Spends a token: answers its customer and address when it was live and this call was the one to spend it, else
 * undefined (unknown, of another purpose, expired, or spent already: by an earlier click or a racing one). Pass a
 * transaction to spend it together with what it allows.
 */
export async function spendToken(db: Database, token: string, purpose: TokenPurpose, now: Date) {
  if (!isTokenShape(token)) return undefined;
  return db
    .updateTable("customer_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", hashOf(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning(["customer_id as customerId", "email"])
    .executeTakeFirst();
}

/**
 * Voids the customer's live tokens of some purposes: a new reset link makes the older ones useless, and a reset or an
 * email change ends the links that another mailbox or an earlier password could still follow (accounts.ts,
 * email-change.ts).
 */
export async function voidTokens(db: Database, customerId: number, purposes: TokenPurpose | readonly TokenPurpose[], now: Date): Promise<void> {
  await db
    .updateTable("customer_tokens")
    .set({ used_at: now })
    .where("customer_id", "=", customerId)
    .where("purpose", "in", typeof purposes === "string" ? [purposes] : purposes)
    .where("used_at", "is", null)
    .execute();
}
