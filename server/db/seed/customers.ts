import type { Kysely } from "kysely";
import { now } from "../../clock";
import { env, type Env } from "../../config";
import { hashPassword } from "../../security/passwords";
import type { DB } from "../types";
import { demoIssuedCards } from "./demo-cards";
import { seedDemoOrders } from "./demo-orders";

/**
 * The demo customer (README, "Demo accounts"): a confirmed account with a saved place in Roma Norte (an outlet
 * delivers there), a loyalty card and, written by the history's seed, past orders. Written when
 * SEED_DEMO_CUSTOMER=true (`npm start` sets it), never when false, otherwise outside production on the embedded
 * database only; idempotent,
 * by email (a second run resets the password, the profile and the place).
 */
export const demoCustomer = {
  // The spec's email rule takes a top-level domain of 2 or 3 letters (server/orders/checkout-schema.ts emailPattern).
  email: "cliente@pizzademo.mx",
  password: "Pizza*2026",
  firstName: "Ana",
  lastName: "López",
  phone: "5512345678",
  birthdate: "1990-05-17",
  gender: "F" as const,
  /** 15 digits whose last is the Luhn check digit (server/customers/loyalty-card.ts). */
  loyaltyCard: "600000000000012",
  place: {
    name: "Casa",
    street: "Calle Orizaba",
    exterior_number: "101",
    interior_number: "4",
    house_number: "",
    reference: "Entre Álvaro Obregón y Colima",
    landmark: "Frente al parque",
    instructions: "Tocar el timbre 4",
    postal_code: "06700",
    city: "Ciudad de México",
    state: "CDMX",
  },
};

export function demoCustomerWanted(settings: Pick<Env, "SEED_DEMO_CUSTOMER" | "NODE_ENV" | "DATABASE_URL"> = env()): boolean {
  if (settings.SEED_DEMO_CUSTOMER) return settings.SEED_DEMO_CUSTOMER === "true";
  // Unasked, only on a developer's embedded database: a Postgres server (DATABASE_URL) is a deployment's, even when a
  // command line tool (`npm run db:seed`, whose NODE_ENV defaults to development) writes to it.
  return settings.NODE_ENV !== "production" && !settings.DATABASE_URL;
}

/**
 * Writes (or resets) the demo customer, then its past orders (demo-orders.ts; `uuidOf` is the seed's name-based
 * uuid); answers its id.
 */
export async function seedDemoCustomer(db: Kysely<DB>, uuidOf: (name: string) => string): Promise<number> {
  const at = now();
  const c = demoCustomer;
  const passwordHash = await hashPassword(c.password);
  const customerId = await db.transaction().execute(async (trx) => {
    // What a second run resets; the rest (preferences, language, terms) is written once.
    const profile = {
      first_name: c.firstName,
      last_name: c.lastName,
      phone: c.phone,
      birthdate: c.birthdate,
      gender: c.gender,
      password_hash: passwordHash,
      email_confirmed_at: at,
      updated_at: at,
    };
    const { id } = await trx
      .insertInto("customers")
      .values({ email: c.email, ...profile, news: true, html_mail: true, locale: "es", terms_accepted_at: at, created_at: at })
      .onConflict((oc) => oc.column("email").doUpdateSet(profile))
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.deleteFrom("customer_locations").where("customer_id", "=", id).execute();
    await trx
      .insertInto("customer_locations")
      .values({ customer_id: id, ...c.place, is_default: true, created_at: at, updated_at: at })
      .execute();
    // The demo's card is the demo's: whichever card it had (an older seed's) or account had this one.
    await trx
      .deleteFrom("loyalty_cards")
      .where((eb) => eb.or([eb("customer_id", "=", id), eb("card_number", "=", c.loyaltyCard)]))
      .execute();
    await trx.insertInto("loyalty_cards").values({ card_number: c.loyaltyCard, customer_id: id, attached_at: at }).execute();
    // The chain issued it to her (migration 0035), and the tour's cards to their holder.
    const issued = [
      { card_number: c.loyaltyCard, phone: c.phone, birthdate: c.birthdate, issued_at: at },
      ...demoIssuedCards.numbers.map((number) => ({ card_number: number, phone: demoIssuedCards.phone, birthdate: demoIssuedCards.birthdate, issued_at: at })),
    ];
    await trx
      .insertInto("issued_loyalty_cards")
      .values(issued)
      .onConflict((oc) => oc.column("card_number").doUpdateSet((eb) => ({ phone: eb.ref("excluded.phone"), birthdate: eb.ref("excluded.birthdate") })))
      .execute();
    return id;
  });
  const { street, exterior_number, interior_number, postal_code, city, state, landmark } = c.place;
  await seedDemoOrders(
    db,
    customerId,
    {
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      phone: c.phone,
      address: { st: street, houseNo: exterior_number, interiorNo: interior_number, villeageName: "Roma Norte", cityName: city, prefectureName: state, landmark, postalCode: postal_code },
    },
    uuidOf,
  );
  return customerId;
}
