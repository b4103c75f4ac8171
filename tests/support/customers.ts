import type { Database } from "#server/db/client";
import { hashPassword } from "#server/security/passwords";
import { openSession } from "#server/security/sessions";
import type { SessionData } from "~/web/session.server";
import { cookie } from "./app";

let serial = 0;

/**
 * A customer account written straight into the database (no password: these tests do not sign in through the
 * form), confirmed unless told otherwise. Answers its id and email.
 */
export async function makeCustomer(
  db: Database,
  over: { email?: string; phone?: string; birthdate?: string; confirmed?: boolean } = {},
): Promise<{ id: number; email: string }> {
  serial += 1;
  const email = over.email ?? `cliente${serial}.${Date.now().toString(36)}@correo.mx`;
  const at = new Date("2026-01-01T00:00:00Z");
  const { id } = await db
    .insertInto("customers")
    .values({
      email,
      first_name: "Ana",
      last_name: "López",
      phone: over.phone ?? "5512345678",
      birthdate: over.birthdate ?? "1990-05-17",
      gender: "F",
      created_at: at,
      updated_at: at,
      email_confirmed_at: over.confirmed === false ? null : at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, email };
}

/**
 * A confirmed customer "Carla Ruiz" (born 1992-03-04) with a password (`Pizza*2026` unless told; null: an account
 * of a social sign-in, without one). Answers its id.
 */
export async function createCustomer(db: Database, options: { email: string; password?: string | null; phone?: string }): Promise<number> {
  const { id } = await makeCustomer(db, { email: options.email, phone: options.phone ?? "5511112222", birthdate: "1992-03-04" });
  const password = options.password === undefined ? "Pizza*2026" : options.password;
  await db
    .updateTable("customers")
    .set({ first_name: "Carla", last_name: "Ruiz", password_hash: password === null ? null : await hashPassword(password) })
    .where("id", "=", id)
    .execute();
  return id;
}

/** The storefront cookie of a browser where this customer is signed in (a server-side session), with more session data. */
export async function signedInCookie(db: Database, customerId: number, data: Partial<SessionData> = {}): Promise<string> {
  const token = await openSession(db, { subject: "customer", subjectId: customerId, now: new Date("2026-11-20T19:00:00.000Z"), ttlMs: 365 * 86_400_000 });
  return cookie({ ...data, customerToken: token });
}
