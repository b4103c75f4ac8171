import type { Database } from "#server/db/client";
import { hashPassword } from "#server/security/passwords";

/** A confirmed customer written straight to the database (a password, unless `password: null`: a social account). */
export async function createCustomer(
  db: Database,
  options: { email: string; password?: string | null; phone?: string; firstName?: string; locale?: string; now?: Date },
): Promise<number> {
  const at = options.now ?? new Date("2026-11-01T12:00:00.000Z");
  const password = options.password === undefined ? "Pizza*2026" : options.password;
  const { id } = await db
    .insertInto("customers")
    .values({
      email: options.email,
      first_name: options.firstName ?? "Carla",
      last_name: "Ruiz",
      phone: options.phone ?? "5511112222",
      birthdate: "1992-03-04",
      gender: "F",
      password_hash: password === null ? null : await hashPassword(password),
      locale: options.locale ?? "es",
      terms_accepted_at: at,
      email_confirmed_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
