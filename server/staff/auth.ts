import type { Kysely } from "kysely";
import type { DB } from "../db/types";
import { DomainError } from "../errors";
import { decoyHash, verifyPassword } from "./password";
import { findStaff, normalizeEmail, type StaffMember } from "./staff";

/** At most this many failed sign-ins per email in the window; then that email waits out the window. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MINUTES = 15;

export interface LoginInput {
  email: string;
  password: string;
  now: Date;
}

/**
 * Checks a staff sign-in. Refusals say nothing about which part was wrong (STAFF-AUTH for an unknown email, an
 * inactive account or a wrong password alike; an unknown email is verified against a decoy hash so it takes as
 * long). Failures are counted per typed email, whether or not it exists: after LOGIN_MAX_FAILURES within
 * LOGIN_WINDOW_MINUTES that email is refused with STAFF-THROTTLED (even with the right password) until the
 * window has passed. A success clears the email's failures.
 */
export async function verifyStaffLogin(db: Kysely<DB>, input: LoginInput): Promise<StaffMember> {
  const email = normalizeEmail(input.email);
  const since = new Date(input.now.getTime() - LOGIN_WINDOW_MINUTES * 60_000);
  const { failures } = await db
    .selectFrom("staff_login_failures")
    .select((eb) => eb.fn.countAll<number>().as("failures"))
    .where("email", "=", email)
    .where("at", ">", since)
    .executeTakeFirstOrThrow();
  if (Number(failures) >= LOGIN_MAX_FAILURES) {
    throw new DomainError("STAFF-THROTTLED", { minutes: LOGIN_WINDOW_MINUTES });
  }
  const row = await db
    .selectFrom("staff")
    .select(["id", "password_hash"])
    .where("email", "=", email)
    .where("active", "=", true)
    .executeTakeFirst();
  const ok = await verifyPassword(row?.password_hash ?? (await decoyHash()), input.password);
  const staff = ok && row ? await findStaff(db, row.id) : undefined;
  if (!staff) {
    await db.transaction().execute(async (trx) => {
      // Old failures of this email no longer count: drop them as new ones come.
      await trx.deleteFrom("staff_login_failures").where("email", "=", email).where("at", "<=", since).execute();
      await trx.insertInto("staff_login_failures").values({ email, at: input.now }).execute();
    });
    throw new DomainError("STAFF-AUTH");
  }
  await db.deleteFrom("staff_login_failures").where("email", "=", email).execute();
  return staff;
}
