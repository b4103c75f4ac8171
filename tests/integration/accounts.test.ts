/**
 * Customer accounts (issue 11): registration, the confirmation link, sign-in behind the limits, the password
 * reset, on each test database (server/customers); then the pages' answers (statuses, redirects, the session's
 * rotation and revocation) through their loaders and actions on the app's own database.
 */
import { randomUUID } from "node:crypto";
import { confirmEmail, findCustomer, registerCustomer, renewConfirmation, requestPasswordReset, resetPassword, verifyCustomerLogin } from "#server/customers/accounts";
import { confirmEmailChange, requestEmailChange } from "#server/customers/email-change";
import type { RegisterForm } from "#server/customers/rules";
import { isDomainError } from "#server/errors";
import { openSession, sessionSubject } from "#server/security/sessions";
import { args, cookie, post, sessionOf, thrown } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { testDatabases, type TestDatabase } from "../support/db";
import { placeTestOrder } from "../support/orders";

process.env.SESSION_SECRET = "accounts-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";
process.env.ARGON2_MEMORY_KIB = "256";
process.env.ARGON2_TIME_COST = "1";

const NOW = "2026-11-20T19:00:00.000Z";
process.env.STORE_NOW = NOW;
pinStoreNow(NOW);
const at = (offsetMs = 0) => new Date(new Date(NOW).getTime() + offsetMs);
const context = { now: at(), locale: "es", today: "2026-11-20" };

const form = (email: string, password = "Horno*Lento7"): RegisterForm => ({
  firstName: "Rosa",
  lastName: "Díaz",
  email,
  phone: "5512349876",
  birthDay: 9,
  birthMonth: 3,
  birthYear: 1994,
  gender: "F",
  password,
  confirmPassword: password,
  terms: true,
  news: false,
  htmlMail: true,
});

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return "ok";
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
};
const unique = (what: string) => `${what}.${randomUUID().slice(0, 8)}@correo.mx`;

describe.each(testDatabases())("customer accounts on $name", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await kind.create();
  });
  afterAll(() => t?.destroy());

  it("registers with an argon2id hash, the email lower-cased, unconfirmed, with a confirmation token", async () => {
    const email = unique("rosa");
    const { id, token } = await registerCustomer(t.db, form(email.toUpperCase().replace("@CORREO.MX", "@correo.mx").toLowerCase()), context);
    const row = await t.db.selectFrom("customers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.email).toBe(email);
    expect(row.birthdate).toBe("1994-03-09");
    expect(row.email_confirmed_at).toBeNull();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await findCustomer(t.db, id))?.emailConfirmed).toBe(false);
  });

  it("an email that has an account is CUS-100003, and two racing registrations of one email make one account", async () => {
    const email = unique("race");
    const outcomes = await Promise.all([codeOf(registerCustomer(t.db, form(email), context)), codeOf(registerCustomer(t.db, form(email), context))]);
    expect(outcomes.sort()).toEqual(["CUS-100003", "ok"]);
    expect(await codeOf(registerCustomer(t.db, form(email), context))).toBe("CUS-100003");
    const rows = await t.db.selectFrom("customers").select("id").where("email", "=", email).execute();
    expect(rows).toHaveLength(1);
  });

  it("the confirmation link works once (racing clicks: one wins), and joins the email's guest orders to the account", async () => {
    const email = unique("guest");
    const guestOrder = await placeTestOrder(t.db, { email: email.toUpperCase().replace(/\.MX$/, ".mx") });
    const { id, token } = await registerCustomer(t.db, form(email), context);
    const outcomes = await Promise.all([codeOf(confirmEmail(t.db, token, at())), codeOf(confirmEmail(t.db, token, at()))]);
    expect(outcomes.sort()).toEqual(["CUS-100015", "ok"]);
    expect((await findCustomer(t.db, id))?.emailConfirmed).toBe(true);
    const order = await t.db.selectFrom("orders").select("customer_id").where("uuid", "=", guestOrder.uuid).executeTakeFirstOrThrow();
    expect(order.customer_id).toBe(id);
  });

  it("a confirmation link expires after 24 hours; a new one waits a minute after the last (CUS-100007)", async () => {
    const { id, token } = await registerCustomer(t.db, form(unique("late")), context);
    expect(await codeOf(confirmEmail(t.db, token, at(24 * 3_600_000 + 1)))).toBe("CUS-100015");
    expect(await codeOf(renewConfirmation(t.db, id, at(30_000)))).toBe("CUS-100007");
    const renewed = await renewConfirmation(t.db, id, at(60_000));
    expect(renewed?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await codeOf(confirmEmail(t.db, renewed!.token, at(61_000)))).toBe("ok");
    expect(await renewConfirmation(t.db, id, at(10 * 60_000))).toBeUndefined(); // confirmed: nothing to send
  });

  it("sign-in: a wrong password, an unknown email and a password-less account are all CUS-100005; the right one answers the account", async () => {
    const email = unique("login");
    const { id } = await registerCustomer(t.db, form(email), context);
    const login = (e: string, password: string) =>
      verifyCustomerLogin(t.db, { email: e, password, clientAddress: `10.0.0.${Math.floor(Math.random() * 250)}`, knownDevice: false });
    expect(await codeOf(login(email, "Horno*Lento8"))).toBe("CUS-100005");
    expect(await codeOf(login(unique("nobody"), "Horno*Lento7"))).toBe("CUS-100005");
    const social = unique("social");
    await t.db.insertInto("customers").values({ email: social, first_name: "S", last_name: "O", created_at: at(), updated_at: at() }).execute();
    expect(await codeOf(login(social, ""))).toBe("CUS-100005");
    expect(await login(` ${email.toUpperCase()} `, "Horno*Lento7")).toBe(id);
  });

  it("sign-in tries per account and address are limited (CUS-100016), before any password is checked", async () => {
    const email = unique("brute");
    await registerCustomer(t.db, form(email), context);
    const address = `192.0.2.${Math.floor(Math.random() * 250)}`;
    const tries = [];
    for (let i = 0; i < 6; i++) tries.push(await codeOf(verifyCustomerLogin(t.db, { email, password: `Wrong*${i}pass`, clientAddress: address, knownDevice: false })));
    expect(tries).toEqual([...Array(5).fill("CUS-100005"), "CUS-100016"]);
    // Even the right password is refused from that address until the window ends.
    expect(await codeOf(verifyCustomerLogin(t.db, { email, password: "Horno*Lento7", clientAddress: address, knownDevice: false }))).toBe("CUS-100016");
  });

  it("reset: nothing for an unknown email; a link once per minute; single-use under racing posts; not the old password; every session ends", async () => {
    const email = unique("reset");
    const { id } = await registerCustomer(t.db, form(email), context);
    const session = await openSession(t.db, { subject: "customer", subjectId: id, now: at(), ttlMs: 3_600_000 });
    expect(await requestPasswordReset(t.db, unique("nobody"), at())).toBeUndefined();
    const first = await requestPasswordReset(t.db, email, at());
    expect(first?.email).toBe(email);
    expect(await requestPasswordReset(t.db, email, at(30_000))).toBeUndefined();
    const second = await requestPasswordReset(t.db, email, at(60_000));
    // A newer link voids the older one.
    expect(await codeOf(resetPassword(t.db, first!.token, "Masa*Madre42", at(61_000)))).toBe("CUS-100015");
    // The old password is refused and the link stays usable.
    expect(await codeOf(resetPassword(t.db, second!.token, "Horno*Lento7", at(61_000)))).toBe("CUS-100006");
    const outcomes = await Promise.all([
      codeOf(resetPassword(t.db, second!.token, "Masa*Madre42", at(62_000))),
      codeOf(resetPassword(t.db, second!.token, "Masa*Madre43", at(62_000))),
    ]);
    expect(outcomes.sort()).toEqual(["CUS-100015", "ok"]);
    expect(await sessionSubject(t.db, session, "customer", at(63_000))).toBeUndefined();
    const winner = outcomes[0] === "ok" ? "Masa*Madre42" : "Masa*Madre43";
    const signIn = (password: string) => verifyCustomerLogin(t.db, { email, password, clientAddress: "198.51.100.7", knownDevice: true });
    expect(await codeOf(signIn("Horno*Lento7"))).toBe("CUS-100005");
    expect(await signIn("Masa*Madre42").catch(() => signIn("Masa*Madre43"))).toBe(id);
    expect(winner).toMatch(/^Masa/);
    expect((await findCustomer(t.db, id))?.emailConfirmed).toBe(true); // the link proved the mailbox
  });

  it("a reset voids a pending email change; an email change voids the reset links mailed to the old address", async () => {
    // Someone who knew the password asks to move the account to their mailbox; the owner takes it back with a reset.
    const owner = unique("owner");
    const { id } = await registerCustomer(t.db, form(owner), context);
    const intruder = unique("intruder");
    const change = await requestEmailChange(t.db, id, intruder, at());
    const reset = await requestPasswordReset(t.db, owner, at(60_000));
    expect(await resetPassword(t.db, reset!.token, "Masa*Madre42", at(61_000))).toBe(id);
    expect(await codeOf(confirmEmailChange(t.db, change.token, at(3 * 3_600_000)))).toBe("CUS-100015");
    expect((await findCustomer(t.db, id))?.email).toBe(owner);

    // A reset link asked for from the old mailbox, then the owner moves the account: the old link opens nothing.
    const moved = unique("moved");
    const old = await requestPasswordReset(t.db, owner, at(2 * 60_000));
    const next = await requestEmailChange(t.db, id, moved, at(2 * 60_000));
    expect((await confirmEmailChange(t.db, next.token, at(3 * 60_000))).newEmail).toBe(moved);
    expect(await codeOf(resetPassword(t.db, old!.token, "Robada*Clave9", at(4 * 60_000)))).toBe("CUS-100015");
    const signIn = (email: string, password: string) => verifyCustomerLogin(t.db, { email, password, clientAddress: "198.51.100.8", knownDevice: true });
    expect(await codeOf(signIn(moved, "Robada*Clave9"))).toBe("CUS-100005");
    expect(await signIn(moved, "Masa*Madre42")).toBe(id);
    // The reset's own guard, whatever else voided: a link mailed to an address the account no longer has opens nothing.
    const stale = await requestPasswordReset(t.db, moved, at(4 * 60_000));
    await t.db.updateTable("customers").set({ email: unique("elsewhere") }).where("id", "=", id).execute();
    expect(await codeOf(resetPassword(t.db, stale!.token, "Robada*Clave9", at(4 * 60_000 + 1)))).toBe("CUS-100015");
    await t.db.updateTable("customers").set({ email: moved }).where("id", "=", id).execute();
    // A link asked for at the new address works as ever.
    const fresh = await requestPasswordReset(t.db, moved, at(5 * 60_000));
    expect(await resetPassword(t.db, fresh!.token, "Horno*Nuevo5", at(6 * 60_000))).toBe(id);
  });

  it("a reset link expires after an hour", async () => {
    const email = unique("expire");
    await registerCustomer(t.db, form(email), context);
    const link = await requestPasswordReset(t.db, email, at());
    expect(await codeOf(resetPassword(t.db, link!.token, "Masa*Madre42", at(3_600_001)))).toBe("CUS-100015");
  });
});

describe("the account pages", () => {
  let register: typeof import("~/routes/register/route");
  let login: typeof import("~/routes/login.($method)/route");
  let logout: typeof import("~/routes/logout");
  let profile: typeof import("~/routes/profile/route");
  let db: import("#server/db/client").Database;
  beforeAll(async () => {
    register = await import("~/routes/register/route");
    login = await import("~/routes/login.($method)/route");
    logout = await import("~/routes/logout");
    profile = await import("~/routes/profile/route");
    db = await (await import("#server/db/client")).getDb();
  });

  const fields = (email: string, extra: Record<string, string> = {}) => ({
    firstName: "Rosa",
    lastName: "Díaz",
    email,
    phone: "55 1234 9876",
    birthDay: "9",
    birthMonth: "3",
    birthYear: "1994",
    gender: "F",
    password: "Horno*Lento7",
    confirmPassword: "Horno*Lento7",
    terms: "on",
    ...extra,
  });

  it("register: 400 with the fields' messages, a common password refused, 409 for a taken email, else signed in and mailed", async () => {
    const guest = await cookie({ cartUuid: undefined });
    const bad = (await register.action(args(post("/register", guest, fields("no-email", { terms: "" }))))) as Response;
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.result.error).toMatchObject({ email: ["email"], terms: ["account:v.terms"] });
    expect(JSON.stringify(body)).not.toContain("Horno*Lento7"); // passwords are never sent back

    const common = (await register.action(args(post("/register", guest, fields(unique("common"), { password: "Password1", confirmPassword: "Password1" }))))) as Response;
    expect(common.status).toBe(400);
    expect((await common.json()).result.error.password).toEqual(["account:v.passwordCommon"]);

    const email = unique("page");
    const done = (await register.action(args(post("/register?redirectTo=%2Fcheckout", guest, { ...fields(email), redirectTo: "/checkout" })))) as Response;
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/checkout");
    const session = await sessionOf(done);
    const token = session.get("customerToken");
    expect(await sessionSubject(db, token!, "customer", at())).toBeGreaterThan(0);
    const mails = await db.selectFrom("mail_outbox").select(["kind", "text"]).where("to", "=", email).execute();
    expect(mails.map((m) => m.kind)).toEqual(["account-confirm"]);
    expect(mails[0]!.text).toMatch(/\/confirmation\/[A-Za-z0-9_-]{43}/);

    const taken = (await register.action(args(post("/register", guest, fields(email))))) as Response;
    expect(taken.status).toBe(409);
    expect((await taken.json()).notice.key).toBe("errors:emailExists");
    // The owner is told, once an hour however many tries.
    await register.action(args(post("/register", guest, fields(email))));
    const exists = await db.selectFrom("mail_outbox").select(["kind", "text"]).where("to", "=", email).where("kind", "=", "account-exists").execute();
    expect(exists).toHaveLength(1);
    // Its link is the one its words offer: a new password (the sign-in is one click from there).
    expect(exists[0]!.text).toMatch(/crea una nueva aquí:\s+http:\/\/localhost:3000\/getmypassword\b/);
  });

  it("registrations are limited per client address: ten an hour, then 429 with the minutes to wait; another address is not", async () => {
    const guest = await cookie({ cartUuid: undefined });
    const from = (address: string, email: string) =>
      register.action({ ...args(post("/register", guest, fields(email))), context: { clientAddress: address } }) as Promise<Response>;
    for (let i = 0; i < 10; i++) expect((await from("10.9.9.9", unique(`limit${i}`))).status).toBe(303);
    const over = await from("10.9.9.9", unique("limit-over"));
    expect(over.status).toBe(429);
    expect((await over.json()).notice).toMatchObject({ key: "errors:signInThrottled", values: { minutes: 60, count: 60 } });
    expect((await from("10.9.9.10", unique("limit-other"))).status).toBe(303);
  });

  it("sign-in rotates the session token and keeps the guest's cart as the customer's; sign-out ends it on the server", async () => {
    const email = unique("rotate");
    const { id } = await registerCustomer(db, form(email), context);
    const cartUuid = randomUUID();
    await db.insertInto("carts").values({ uuid: cartUuid, created_at: at(), updated_at: at() }).execute();
    const stale = await openSession(db, { subject: "customer", subjectId: id, now: at(), ttlMs: 3_600_000 });
    const before = await cookie({ cartUuid, customerToken: stale, disposition: undefined });

    const wrong = (await login.action(args(post("/login", before, { email, password: "Horno*Lento8" })))) as Response;
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).notice.key).toBe("errors:authFailed");

    const done = (await login.action(args(post("/login?redirectTo=%2Fprofile", before, { email, password: "Horno*Lento7" })))) as Response;
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/profile");
    const session = await sessionOf(done);
    const token = session.get("customerToken")!;
    expect(token).not.toBe(stale);
    expect(await sessionSubject(db, stale, "customer", at())).toBeUndefined();
    expect(await sessionSubject(db, token, "customer", at())).toBe(id);
    expect(session.get("cartUuid")).toBe(cartUuid);
    expect((await db.selectFrom("carts").select("customer_id").where("uuid", "=", cartUuid).executeTakeFirstOrThrow()).customer_id).toBe(id);

    const signedIn = done.headers.get("Set-Cookie")!.split(";")[0]!;
    const page = (await profile.loader(args(new Request("http://localhost/profile", { headers: { Cookie: signedIn } })))) as Response;
    expect((await page.json()).customer.email).toBe(email);

    const out = (await logout.action(args(post("/logout", signedIn, {})))) as Response;
    expect(out.status).toBe(303);
    expect(out.headers.get("Location")).toBe("/home");
    expect(await sessionSubject(db, token, "customer", at())).toBeUndefined();
    expect((await sessionOf(out)).get("cartUuid")).toBeUndefined();
    // The old cookie, replayed, is no longer anyone's: the profile asks to sign in again, with CUS-100001.
    const replay = await thrown(profile.loader(args(new Request("http://localhost/profile", { headers: { Cookie: signedIn } }))));
    expect(replay.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");
    expect((await sessionOf(replay)).get("notice")).toMatchObject({ key: "errors:sessionExpired" });
  });

  it("sign-out forgets a delivery choice (its address is the customer's) and a waiting reorder; a carry-out choice stays", async () => {
    const { id } = await registerCustomer(db, form(unique("shared")), context);
    const outlet = { outletId: 1, outletName: "Roma Norte", outletCode: "R1", tier: 1, minCart: 0, quoteTime: { D: 45, C: 15 }, timezone: "America/Mexico_City", lat: 19.41, long: -99.16, advanceOrder: 0 as const };
    const delivery = { ...outlet, orderType: "D" as const, postalCode: "06600", st: "Paseo de la Reforma", houseNo: "222", landmark: "Frente al Ángel", locationName: "Oficina", placeId: 7 };
    for (const [disposition, kept] of [[delivery, undefined], [{ ...outlet, orderType: "C" as const }, "C"]] as const) {
      const token = await openSession(db, { subject: "customer", subjectId: id, now: at(), ttlMs: 3_600_000 });
      const out = (await logout.action(args(post("/logout", await cookie({ customerToken: token, disposition, pendingReorder: randomUUID() }), {})))) as Response;
      const session = await sessionOf(out);
      expect(session.get("disposition")?.orderType).toBe(kept);
      expect(session.get("pendingReorder")).toBeUndefined();
    }
  });

  it("a confirmation link goes to its account's profile, to the sign-in when signed out, home when another account is signed in", async () => {
    const confirmation = await import("~/routes/confirmation.$regis/route");
    const follow = async (owner: string, cookieHeader: string) => {
      const { token } = await registerCustomer(db, form(owner), context);
      const answer = (await confirmation.loader(args(new Request(`http://localhost/confirmation/${token}`, { headers: { Cookie: cookieHeader } }), { regis: token }))) as Response;
      return { location: answer.headers.get("Location"), notice: (await sessionOf(answer)).get("notice") };
    };
    const signedOut = await follow(unique("out"), await cookie({}));
    expect([signedOut.location, signedOut.notice?.key]).toEqual(["/login", "notices.account.confirmed"]);
    const { id: other } = await registerCustomer(db, form(unique("here")), context);
    const elsewhere = await follow(unique("there"), await cookie({ customerToken: await openSession(db, { subject: "customer", subjectId: other, now: at(), ttlMs: 3_600_000 }) }));
    expect([elsewhere.location, elsewhere.notice?.key]).toEqual(["/home", "notices.account.confirmedOther"]);
  });

  it("a hostile redirectTo is ignored", async () => {
    const email = unique("hostile");
    await registerCustomer(db, form(email), context);
    const guest = await cookie({});
    const done = (await login.action(args(post("/login?redirectTo=%2F%2Fevil.example", guest, { email, password: "Horno*Lento7", redirectTo: "https://evil.example/" })))) as Response;
    expect(done.headers.get("Location")).toBe("/home");
  });

  it("a signed-in customer is sent from /register to /profile", async () => {
    const { id } = await registerCustomer(db, form(unique("member")), context);
    const token = await openSession(db, { subject: "customer", subjectId: id, now: at(), ttlMs: 3_600_000 });
    const response = await thrown(register.loader(args(new Request("http://localhost/register", { headers: { Cookie: await cookie({ customerToken: token }) } }))));
    expect(response.headers.get("Location")).toBe("/profile");
  });
});
