import pLimit from "p-limit";
import { DomainError, type ErrorCode } from "../errors";
import type { Database } from "../db/client";
import { consume, forget, limits, reward, spent } from "./rate-limits";

/**
 * What every sign-in (staff now, customers next) goes through, in this order, all before a password is hashed:
 * 1. one try counted for the client address (limits.signInPerAddress);
 * 2. one try counted for the account from that address (limits.signInPerAccountAndAddress);
 * 3. the account's own daily budget (limits.signInPerAccount): spent, only a known device (one that signed in to
 *    this account before) may go on; otherwise one try is counted there too;
 * 4. the password check, on a bounded queue (HASH_CONCURRENCY at a time, at most HASH_QUEUE waiting; more is
 *    AUTH-BUSY), so a flood of sign-ins cannot take the CPU and the thread pool from the shop's pages.
 * A refused step throws `throttled` with the minutes to wait. A success gives the address its try back, forgets
 * the account's tries from that address and, from a known device, reopens the account.
 * Every count is an atomic upsert in the database (rate-limits.ts): parallel tries cannot slip past a limit.
 */
export interface SignInAttempt {
  /** "staff" or "customer": accounts of each kind are counted apart. */
  scope: string;
  /** The typed email, normalised by the caller (the account key, whether or not such an account exists). */
  email: string;
  /** The client's address (the load context's), or "unknown". */
  clientAddress: string;
  /** This browser signed in to this account before (a signed cookie the app keeps). */
  knownDevice: boolean;
  /** The refusal's code: the caller's translated "too many tries" message. */
  throttled: ErrorCode;
}

/** Password checks at once, and waiting: beyond them a sign-in is refused with AUTH-BUSY, not queued for ever. */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE = 32;
const hashing = pLimit(HASH_CONCURRENCY);

/** Runs a password check on the bounded queue. */
export function boundedHashing<T>(check: () => Promise<T>): Promise<T> {
  if (hashing.pendingCount >= HASH_QUEUE) return Promise.reject(new DomainError("AUTH-BUSY"));
  return hashing(check);
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/**
 * Guards one sign-in: `verify` checks the password (it is run on the bounded queue) and answers the account, or
 * undefined for a wrong email or password. Answers the account; throws the attempt's `throttled` code, AUTH-BUSY,
 * or `refused` for a wrong email or password.
 */
export async function guardSignIn<T>(
  db: Database,
  attempt: SignInAttempt,
  verify: () => Promise<T | undefined>,
  refused: ErrorCode,
): Promise<T> {
  const address = `${attempt.scope}:${attempt.clientAddress}`;
  const account = `${attempt.scope}:${attempt.email}`;
  const accountFromAddress = `${account}:${attempt.clientAddress}`;
  const refuse = (retryAfterSeconds: number) => new DomainError(attempt.throttled, { minutes: minutes(retryAfterSeconds) });

  const byAddress = await consume(db, "signInPerAddress", address);
  if (!byAddress.allowed) throw refuse(byAddress.retryAfterSeconds);
  const byAccountAndAddress = await consume(db, "signInPerAccountAndAddress", accountFromAddress);
  if (!byAccountAndAddress.allowed) throw refuse(byAccountAndAddress.retryAfterSeconds);
  // A device this account signed in from before is not held by the account's budget (limits.signInPerAccount).
  if (!attempt.knownDevice) {
    if (await spent(db, "signInPerAccount", account)) throw refuse(limits.signInPerAccount.duration);
    const byAccount = await consume(db, "signInPerAccount", account);
    if (!byAccount.allowed) throw refuse(byAccount.retryAfterSeconds);
  }

  const signedIn = await boundedHashing(verify);
  if (signedIn === undefined) throw new DomainError(refused);

  await Promise.all([
    reward(db, "signInPerAddress", address),
    forget(db, "signInPerAccountAndAddress", accountFromAddress),
    ...(attempt.knownDevice ? [forget(db, "signInPerAccount", account)] : []),
  ]);
  return signedIn;
}
