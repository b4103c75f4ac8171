/**
 * Social sign-in's account rules (server/customers/identities.ts) on each test database: a known (provider, subject)
 * is its account; a verified email links the account that has it or makes one; an unverified email never does;
 * first sign-ins racing make one account and one link (the unique keys decide).
 */
import { findCustomer, registerCustomer } from "#server/customers/accounts";
import { signInWithIdentity, type ProviderIdentity } from "#server/customers/identities";
import { isDomainError } from "#server/errors";
import { openSession, sessionSubject } from "#server/security/sessions";
import { testDatabases, type TestDatabase } from "../support/db";
import { placeTestOrder } from "../support/orders";
import { pinStoreNow } from "../support/clock";

process.env.ARGON2_MEMORY_KIB = "256";
process.env.ARGON2_TIME_COST = "1";

const NOW = new Date("2026-11-20T19:00:00.000Z");
const context = { now: NOW, locale: "en" };
const google = (subject: string, email: string | null, emailVerified = true): ProviderIdentity => ({
  provider: 2,
  subject,
  email,
  emailVerified,
  givenName: "Ana",
  familyName: "Social",
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe.each(testDatabases())("social identities on $name", (kind) => {
  // A guest order is placed ASAP: at an hour the outlet is open, whatever the time the suite runs at.
  pinStoreNow("2026-11-20T19:00:00.000Z");
  let t: TestDatabase;
  const customersWith = (email: string) => t.db.selectFrom("customers").selectAll().where("email", "=", email).execute();
  const identitiesOf = (customerId: number) =>
    t.db.selectFrom("customer_identities").select(["provider", "subject"]).where("customer_id", "=", customerId).orderBy("provider").execute();

  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());

  it("a verified email without an account makes one: provider's names, no password, confirmed, terms accepted, the visitor's language", async () => {
    const answer = await signInWithIdentity(t.db, google("g-new", "Nueva.Social@Gmail.com"), context);
    expect(answer.outcome).toBe("created");
    const [row] = await customersWith("nueva.social@gmail.com");
    expect(row).toMatchObject({ id: answer.customerId, first_name: "Ana", last_name: "Social", password_hash: null, locale: "en", phone: "", birthdate: null });
    expect(row!.email_confirmed_at).toEqual(NOW);
    expect(row!.terms_accepted_at).toEqual(NOW);
    expect(await identitiesOf(answer.customerId)).toEqual([{ provider: 2, subject: "g-new" }]);
    expect(await findCustomer(t.db, answer.customerId)).toMatchObject({ emailConfirmed: true, hasPassword: false });
  });

  it("a known subject is its account, even when the provider now says another or an unverified email", async () => {
    const first = await signInWithIdentity(t.db, google("g-known", "known@gmail.com"), context);
    const again = await signInWithIdentity(t.db, google("g-known", "other@gmail.com", false), context);
    expect(again).toEqual({ customerId: first.customerId, outcome: "known" });
    expect(await customersWith("other@gmail.com")).toHaveLength(0);
  });

  it("a verified email of a confirmed account links it and keeps its password and sessions", async () => {
    const registered = await registerCustomer(
      t.db,
      {
        firstName: "Beto",
        lastName: "Ruiz",
        email: "beto@correo.mx",
        phone: "5512345678",
        birthDay: 1,
        birthMonth: 2,
        birthYear: 1990,
        gender: "M",
        password: "Pizza*2026",
        confirmPassword: "Pizza*2026",
        terms: true,
        news: false,
        htmlMail: true,
      },
      { now: NOW, locale: "es", today: "2026-11-20" },
    );
    await t.db.updateTable("customers").set({ email_confirmed_at: NOW }).where("id", "=", registered.id).execute();
    const token = await openSession(t.db, { subject: "customer", subjectId: registered.id, now: NOW, ttlMs: 60_000 });
    const answer = await signInWithIdentity(t.db, { ...google("g-beto", "BETO@correo.mx"), provider: 3 }, context);
    expect(answer).toEqual({ customerId: registered.id, outcome: "linked" });
    expect(await identitiesOf(registered.id)).toEqual([{ provider: 3, subject: "g-beto" }]);
    const [row] = await customersWith("beto@correo.mx");
    expect(row!.password_hash).not.toBeNull();
    expect(row!.first_name).toBe("Beto"); // the profile is the customer's, not the provider's
    expect(await sessionSubject(t.db, token, "customer", NOW)).toBe(registered.id);
  });

  it("a verified email of an unconfirmed account links it, confirms it, and ends the password and sessions nobody had proved", async () => {
    const [{ id }] = await t.db
      .insertInto("customers")
      .values({ email: "squatted@correo.mx", first_name: "X", last_name: "Y", password_hash: "$argon2id$placeholder", created_at: NOW, updated_at: NOW })
      .returning("id")
      .execute();
    const token = await openSession(t.db, { subject: "customer", subjectId: id, now: NOW, ttlMs: 60_000 });
    const answer = await signInWithIdentity(t.db, google("g-owner", "squatted@correo.mx"), context);
    expect(answer).toEqual({ customerId: id, outcome: "linked" });
    const [row] = await customersWith("squatted@correo.mx");
    expect(row).toMatchObject({ password_hash: null, email_confirmed_at: NOW });
    expect(await sessionSubject(t.db, token, "customer", NOW)).toBeUndefined();
  });

  it("an unverified email, no email, an invalid one or no subject are CUS-100017 and change nothing", async () => {
    const before = await t.db.selectFrom("customers").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    expect(await refusal(signInWithIdentity(t.db, google("g-unv", "beto@correo.mx", false), context))).toBe("CUS-100017");
    expect(await refusal(signInWithIdentity(t.db, google("g-unv", "fresh@correo.mx", false), context))).toBe("CUS-100017");
    expect(await refusal(signInWithIdentity(t.db, google("g-none", null), context))).toBe("CUS-100017");
    expect(await refusal(signInWithIdentity(t.db, google("g-bad", "not an email"), context))).toBe("CUS-100017");
    expect(await refusal(signInWithIdentity(t.db, google("", "nosub@correo.mx"), context))).toBe("CUS-100017");
    const after = await t.db.selectFrom("customers").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(await t.db.selectFrom("customer_identities").selectAll().where("subject", "in", ["g-unv", "g-none", "g-bad", ""]).execute()).toEqual([]);
  });

  it("the guest orders of the verified email join the account", async () => {
    const order = await placeTestOrder(t.db, { email: "guest.social@correo.mx" });
    const answer = await signInWithIdentity(t.db, google("g-guest", "guest.social@correo.mx"), context);
    const row = await t.db.selectFrom("orders").select("customer_id").where("uuid", "=", order.uuid).executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(answer.customerId);
  });

  it("first sign-ins racing (the same person twice, and through two providers) make one account and one link each", async () => {
    const email = "race@gmail.com";
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => signInWithIdentity(t.db, google("g-race", email), context)),
      ...Array.from({ length: 4 }, () => signInWithIdentity(t.db, { ...google("f-race", email), provider: 1 }, context)),
    ]);
    const ids = new Set(answers.map((a) => a.customerId));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.outcome === "created")).toHaveLength(1);
    expect(await customersWith(email)).toHaveLength(1);
    expect(await identitiesOf([...ids][0]!)).toEqual([
      { provider: 1, subject: "f-race" },
      { provider: 2, subject: "g-race" },
    ]);
  });
});
