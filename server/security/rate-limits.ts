import { CompiledQuery } from "kysely";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { Database } from "../db/client";

/**
 * Rate limits kept in the database with rate-limiter-flexible's Postgres store (table `rate_limits`, migration
 * 0008), so every app process on one Postgres counts together and a restart forgets nothing. A consume is one
 * atomic `insert … on conflict do update … returning` (no read-then-write race: 200 parallel tries get 200
 * distinct counts). Windows run on the wall clock (Date.now, inside the library), not on STORE_NOW: a pinned
 * demo clock must not freeze a limit.
 *
 * The limits (points per window; a key that goes over is refused until its window ends):
 */
export const limits = {
  /** Sign-in tries from one client address, any account: slows one machine trying many accounts. */
  signInPerAddress: { points: 20, duration: 15 * 60 },
  /** Sign-in tries for one account from one client address: the brute force against a person. */
  signInPerAccountAndAddress: { points: 5, duration: 15 * 60 },
  /**
   * Failed-or-not tries for one account from every address together, slower: a botnet's spread attack. When it is
   * spent the account is closed to unknown devices for the day, but a device that signed in to that account
   * before (a signed cookie) still may, and its success reopens the account: an attacker cannot lock the member out.
   */
  signInPerAccount: { points: 50, duration: 24 * 60 * 60 },
  /** Order lookups (/tracking) from one client address (numbers are sequential: no walking through them). */
  lookupPerAddress: { points: 20, duration: 15 * 60 },
  /** Registrations tried from one client address (an existing email answers CUS-100003: slows probing for accounts). */
  registerPerAddress: { points: 10, duration: 60 * 60 },
  /** "Forgot my password" posts from one client address (each may send a mail). */
  resetPerAddress: { points: 10, duration: 60 * 60 },
  /**
   * Loyalty card attach tries of one account (server/customers/loyalty.ts): a card number is 15 digits with a check
   * digit, so walking through numbers to find the cards already taken (CUS-100013 says so) would take ages.
   */
  loyaltyAttachPerAccount: { points: 5, duration: 60 * 60 },
  /**
   * Coupon codes looked up to attach them (/crm/coupon, server/coupons/attach.ts), per account and per client
   * address: a code that names a coupon gives its try back, so these count wrong guesses (walking through codes).
   */
  couponCodePerAccount: { points: 10, duration: 60 * 60 },
  couponCodePerAddress: { points: 30, duration: 60 * 60 },
  /**
   * Contact messages (/contact, server/content/feedback.ts) from one client address and for one email: each one is
   * stored and mails customer care, so a script cannot flood either.
   */
  contactPerAddress: { points: 10, duration: 60 * 60 },
  contactPerEmail: { points: 3, duration: 60 * 60 },
  /** Job applications sent from one client address (/careers/:id; each stores a CV and mails the chain). */
  careersApplyPerAddress: { points: 5, duration: 60 * 60 },
} as const;

export type LimitName = keyof typeof limits;

/** rate-limiter-flexible's "pool" store client: `query({ text, values })` → `{ rows, rowCount }`, over Kysely. */
function storeClient(db: Database) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const result = await db.executeQuery(CompiledQuery.raw(q.text, q.values ?? []));
      return { rows: result.rows, rowCount: Number(result.numAffectedRows ?? result.rows.length) };
    },
  };
}

const limiters = new WeakMap<Database, Map<LimitName, RateLimiterPostgres>>();

function limiter(db: Database, name: LimitName): RateLimiterPostgres {
  let forDb = limiters.get(db);
  if (!forDb) {
    forDb = new Map();
    limiters.set(db, forDb);
  }
  let found = forDb.get(name);
  if (!found) {
    found = new RateLimiterPostgres({
      storeClient: storeClient(db),
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true, // migration 0008 creates it
      keyPrefix: name,
      ...limits[name],
    });
    forDb.set(name, found);
  }
  return found;
}

export interface Verdict {
  allowed: boolean;
  /** Seconds until the key may try again (when refused), rounded up. */
  retryAfterSeconds: number;
}

const verdict = (res: RateLimiterRes, allowed: boolean): Verdict => ({
  allowed,
  retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1_000)),
});

/** Counts one try of `key` against the limit and answers whether it is allowed. Database errors propagate. */
export async function consume(db: Database, name: LimitName, key: string, points = 1): Promise<Verdict> {
  try {
    return verdict(await limiter(db, name).consume(key, points), true);
  } catch (error) {
    if (error instanceof RateLimiterRes) return verdict(error, false);
    throw error;
  }
}

/** Whether `key` has spent its points, without counting a try. */
export async function spent(db: Database, name: LimitName, key: string): Promise<boolean> {
  const res = await limiter(db, name).get(key);
  return res !== null && res.consumedPoints >= limits[name].points;
}

/** Gives back points (a try that turned out legitimate). */
export async function reward(db: Database, name: LimitName, key: string, points = 1): Promise<void> {
  await limiter(db, name).reward(key, points);
}

/** Forgets a key's count (after a success). */
export async function forget(db: Database, name: LimitName, key: string): Promise<void> {
  await limiter(db, name).delete(key);
}
