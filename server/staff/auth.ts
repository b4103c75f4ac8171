import type { Kysely } from "kysely";
import type { DB } from "../db/types";
import { guardSignIn } from "../security/sign-in";
import { decoyHash, verifyPassword } from "./password";
import { findStaff, normalizeEmail, type StaffMember } from "./staff";

export interface LoginInput {
  email: string;
  password: string;
  /** The client's address (the rate limits count per address). */
  clientAddress: string;
  /** This browser signed in as this member before (see server/security/sign-in.ts). */
  knownDevice: boolean;
}

/**
 * Checks a staff sign-in behind the sign-in guard (server/security/sign-in.ts: limits per address, per account
 * and address, and per account, all counted before the password is checked; a bounded hashing queue). Refusals
 * say nothing about which part was wrong (STAFF-AUTH for an unknown email, an inactive account or a wrong password
 * alike; an unknown email is verified against a decoy hash so it takes as long); too many tries are STAFF-THROTTLED.
 */
export function verifyStaffLogin(db: Kysely<DB>, input: LoginInput): Promise<StaffMember> {
  const email = normalizeEmail(input.email);
  return guardSignIn(
    db,
    { scope: "staff", email, clientAddress: input.clientAddress, knownDevice: input.knownDevice, throttled: "STAFF-THROTTLED" },
    async () => {
      const row = await db.selectFrom("staff").select(["id", "password_hash"]).where("email", "=", email).where("active", "=", true).executeTakeFirst();
      const ok = await verifyPassword(row?.password_hash ?? (await decoyHash()), input.password);
      return ok && row ? findStaff(db, row.id) : undefined;
    },
    "STAFF-AUTH",
  );
}
