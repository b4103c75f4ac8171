import type { Database } from "../db/client";
import { DomainError } from "../errors";
import { revokeAllSessions } from "../security/sessions";
import { claimGuestOrders } from "./accounts";
import { NAME_MAX, emailSchema, namePattern } from "./rules";

/**
 * Social sign-in, the accounts' side (spec: login methods Facebook 1, Google 2, Yahoo 3). Knows nothing of HTTP or
 * OAuth: it gets what a provider said about the person (app/web/social.server.ts reads it) and answers the account.
 * 1. A (provider, subject) already linked is that account, whatever its email says today.
 * 2. Else only a VERIFIED email goes on: the account with that email is linked (a new customer_identities row),
 *    or, when there is none, an account is made: names from the provider, no password, the email confirmed (the
 *    provider verified it), the terms accepted now (the sign-in page says that continuing with a provider accepts
 *    them), the visitor's language.
 * 3. Anything else (no email, an unverified one, one the rules refuse) is CUS-100017.
 * An unconfirmed account that gets linked loses its password and its sessions: nobody had proved the mailbox when
 * that password was set (someone could have registered another person's email first and waited); the provider
 * just did. Linking or creating also joins the guest orders of that email to the account, as confirming does.
 * The unique keys decide races: two first sign-ins at once make one account and one link.
 */
export const SOCIAL_PROVIDER_IDS = { facebook: 1, google: 2, yahoo: 3 } as const;
export type SocialSlug = keyof typeof SOCIAL_PROVIDER_IDS;
export type SocialProviderId = (typeof SOCIAL_PROVIDER_IDS)[SocialSlug];

export interface ProviderIdentity {
  provider: SocialProviderId;
  /** The provider's stable id of the person (OIDC `sub`, Facebook's `id`). */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName?: string | null;
  familyName?: string | null;
  /** The full name, when the provider gives no parts. */
  name?: string | null;
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);

/**
 * A provider's userinfo answer as an identity: the subject is OIDC's `sub` (Facebook's `id`); names are OIDC's
 * given_name, family_name and name (Facebook's first_name, last_name); the email is verified when the provider says
 * email_verified true (some send the string "true"), or, for a provider that never says it, when
 * `emailVerifiedWhenUnsaid` (Facebook answers only confirmed addresses). An explicit false always counts.
 */
export function identityFromClaims(
  provider: SocialProviderId,
  claims: Record<string, unknown>,
  options: { emailVerifiedWhenUnsaid: boolean },
): ProviderIdentity {
  const subject = claims.sub ?? claims.id;
  const verified = claims.email_verified;
  return {
    provider,
    subject: typeof subject === "string" || typeof subject === "number" ? String(subject) : "",
    email: text(claims.email),
    emailVerified: verified === true || verified === "true" || (verified === undefined && options.emailVerifiedWhenUnsaid),
    givenName: text(claims.given_name) ?? text(claims.first_name),
    familyName: text(claims.family_name) ?? text(claims.last_name),
    name: text(claims.name),
  };
}

export type IdentityOutcome = "known" | "linked" | "created";

/** Keeps what the name rules allow (letters, marks, spaces, ' . -), trimmed to their length; may be empty. */
export function cleanName(value: string | null | undefined): string {
  const kept = [...(value ?? "").normalize("NFC")].filter((c) => namePattern.test(c)).join("");
  return kept.replace(/\s+/g, " ").trim().slice(0, NAME_MAX).trim();
}

/**
 * The account's first and last name from what the provider said: its given and family names; else its full name
 * split at the first space; else the email's local part as the first name (the customer can fix it in the profile).
 */
export function namesOf(identity: Pick<ProviderIdentity, "givenName" | "familyName" | "name">, email: string): { firstName: string; lastName: string } {
  const given = cleanName(identity.givenName);
  const family = cleanName(identity.familyName);
  if (given) return { firstName: given, lastName: family };
  const full = cleanName(identity.name);
  if (full) {
    const space = full.indexOf(" ");
    return space < 0 ? { firstName: full, lastName: family } : { firstName: full.slice(0, space), lastName: full.slice(space + 1) };
  }
  return { firstName: cleanName(email.split("@")[0]?.replace(/[._\d]+/g, " ")), lastName: family };
}

/** The account for a provider's identity (see above); CUS-100017 when it may not sign in. */
export async function signInWithIdentity(
  db: Database,
  identity: ProviderIdentity,
  context: { now: Date; locale: string },
): Promise<{ customerId: number; outcome: IdentityOutcome }> {
  const known = await linkedAccount(db, identity);
  if (known !== undefined) return { customerId: known, outcome: "known" };
  const parsed = emailSchema.safeParse(identity.email ?? "");
  if (!identity.emailVerified || !parsed.success || identity.subject === "") throw new DomainError("CUS-100017");
  const email = parsed.data;
  const { now } = context;
  const { firstName, lastName } = namesOf(identity, email);
  return db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto("customers")
      .values({
        email,
        first_name: firstName,
        last_name: lastName,
        password_hash: null,
        locale: context.locale,
        terms_accepted_at: now,
        email_confirmed_at: now,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!created) await confirmExisting(trx, email, now);
    await trx
      .insertInto("customer_identities")
      .values({ provider: identity.provider, subject: identity.subject, customer_id: created?.id ?? (await accountOf(trx, email)), created_at: now })
      .onConflict((oc) => oc.columns(["provider", "subject"]).doNothing())
      .execute();
    const customerId = (await linkedAccount(trx, identity))!;
    await claimGuestOrders(trx, customerId, email);
    return { customerId, outcome: created ? "created" : "linked" };
  });
}

function linkedAccount(db: Database, identity: Pick<ProviderIdentity, "provider" | "subject">): Promise<number | undefined> {
  return db
    .selectFrom("customer_identities")
    .select("customer_id")
    .where("provider", "=", identity.provider)
    .where("subject", "=", identity.subject)
    .executeTakeFirst()
    .then((row) => row?.customer_id);
}

async function accountOf(db: Database, email: string): Promise<number> {
  const row = await db.selectFrom("customers").select("id").where("email", "=", email).executeTakeFirst();
  if (!row) throw new DomainError("CUS-100017"); // deleted between two statements: try again
  return row.id;
}

/**
 * The existing account of a verified email: confirmed from now on; if it was not confirmed before, its password
 * (set by whoever typed that email, unproven) and its sessions end.
 */
async function confirmExisting(db: Database, email: string, now: Date): Promise<void> {
  const unconfirmed = await db
    .updateTable("customers")
    .set({ email_confirmed_at: now, password_hash: null, updated_at: now })
    .where("email", "=", email)
    .where("email_confirmed_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (unconfirmed) await revokeAllSessions(db, "customer", unconfirmed.id, now);
}
