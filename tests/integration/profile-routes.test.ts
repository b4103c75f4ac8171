/**
 * The profile's pages through their route modules on the app's own database: /edit-profile's four posts (303 on
 * success, 4xx with the field's message otherwise), /email-change/:token, /account/data, /account/delete and the
 * demo's /outbox. The signed-in browser is a session cookie holding a server-side session's token.
 */
import { resetEnvCache } from "#server/config";
import { args, cookie, get, post, sessionOf, thrown } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { createCustomer } from "../support/customers";

process.env.SESSION_SECRET = "profile-routes-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";
process.env.ARGON2_MEMORY_KIB = "256";
process.env.ARGON2_TIME_COST = "1";
const NOW = "2026-11-20T19:00:00.000Z";
pinStoreNow(NOW);

let db: import("#server/db/client").Database;
let editProfile: typeof import("~/routes/edit-profile/route");
let profile: typeof import("~/routes/profile/route");
let emailChange: typeof import("~/routes/email-change.$token/route");
let accountData: typeof import("~/routes/account.data/route");
let accountDelete: typeof import("~/routes/account.delete/route");
let outbox: typeof import("~/routes/outbox/route");
let sessions: typeof import("#server/security/sessions");

beforeAll(async () => {
  db = await (await import("#server/db/client")).getDb();
  editProfile = await import("~/routes/edit-profile/route");
  profile = await import("~/routes/profile/route");
  emailChange = await import("~/routes/email-change.$token/route");
  accountData = await import("~/routes/account.data/route");
  accountDelete = await import("~/routes/account.delete/route");
  outbox = await import("~/routes/outbox/route");
  sessions = await import("#server/security/sessions");
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

let n = 0;
/** A fresh customer signed in on a fresh browser: its id, email and session cookie. */
async function signedIn(options: { password?: string | null } = {}) {
  n++;
  const email = `perfil${n}@correo.mx`;
  const id = await createCustomer(db, { email, phone: `55222${String(n).padStart(5, "0")}`, ...options });
  const token = await sessions.openSession(db, { subject: "customer", subjectId: id, now: new Date(NOW), ttlMs: 3_600_000 });
  return { id, email, token, session: await cookie({ lng: "es", customerToken: token }) };
}
const act = async (route: { action: (a: never) => unknown }, request: Request, params: Record<string, string> = {}) =>
  (await route.action({ ...args(request, params), context: { clientAddress: "203.0.113.9" } } as never)) as Response;
const bodyOf = async (response: Response) => (await response.json()) as { intent: string; result: { error?: Record<string, string[]> }; notice: { key: string } | null };

describe("/edit-profile", () => {
  it("a guest is sent to sign in, and back here afterwards", async () => {
    const response = await thrown(editProfile.loader(args(get("/edit-profile", await cookie({ lng: "es" })))));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fedit-profile");
  });

  it("shows the profile's values, the birthday in three parts", async () => {
    const { session, email } = await signedIn();
    const data = await (editProfile.loader(args(get("/edit-profile", session))) as Promise<Response>).then((r) => r.json());
    expect(data).toMatchObject({ email, pendingEmail: null, hasPassword: true, phoneRequest: null, profile: { firstName: "Carla", birthDay: "4", birthMonth: "3", birthYear: "1992", gender: "F" } });
  });

  it("saves the details: 303 to /profile with the notice; a bad form is a 400 with the fields' messages", async () => {
    const { id, session } = await signedIn();
    const fields = { intent: "profile", firstName: "Carla María", lastName: "Ruiz", birthDay: "29", birthMonth: "2", birthYear: "2000", gender: "O", news: "on" };
    const saved = await act(editProfile, post("/edit-profile", session, fields));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/profile");
    expect((await sessionOf(saved)).get("notice")).toMatchObject({ key: "notices.account.profileSaved" });
    expect(await db.selectFrom("customers").select(["first_name", "birthdate", "gender", "news", "html_mail"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
      first_name: "Carla María",
      birthdate: "2000-02-29",
      gender: "O",
      news: true,
      html_mail: false,
    });
    const bad = await act(editProfile, post("/edit-profile", session, { ...fields, firstName: "" }));
    expect(bad.status).toBe(400);
    const body = await bodyOf(bad);
    expect(body.intent).toBe("profile");
    expect(body.result.error).toMatchObject({ firstName: ["required"] });
    const notADay = await act(editProfile, post("/edit-profile", session, { ...fields, birthDay: "30" }));
    expect((await bodyOf(notADay)).result.error).toMatchObject({ birthDay: ["account:v.birthday"] });
  });

  it("an unknown intent is a 400 with a message, never a 500", async () => {
    const { session } = await signedIn();
    const response = await act(editProfile, post("/edit-profile", session, { intent: "hack" }));
    expect(response.status).toBe(400);
    expect((await bodyOf(response)).notice).toMatchObject({ key: "profile:unknownForm" });
  });

  it("email: the password is checked, a link goes to the new address, the old one hears when it is followed", async () => {
    const { id, email, session } = await signedIn();
    const wrong = await act(editProfile, post("/edit-profile", session, { intent: "email", newEmail: "nueva@correo.mx", currentPassword: "Otra*2026" }));
    expect(wrong.status).toBe(403);
    expect((await bodyOf(wrong)).result.error).toMatchObject({ currentPassword: ["errors:passwordWrong"] });
    // Only a password was typed, and an address another account has needs no "sign in or reset your password".
    const other = await signedIn();
    const taken = await act(editProfile, post("/edit-profile", session, { intent: "email", newEmail: other.email, currentPassword: "Pizza*2026" }));
    expect(taken.status).toBe(409);
    expect((await bodyOf(taken)).result.error).toMatchObject({ newEmail: ["errors:emailTakenByAnother"] });
    const same = await act(editProfile, post("/edit-profile", session, { intent: "email", newEmail: email.toUpperCase(), currentPassword: "Pizza*2026" }));
    expect((await bodyOf(same)).result.error).toMatchObject({ newEmail: ["profile:v.sameEmail"] });

    const sent = await act(editProfile, post("/edit-profile", session, { intent: "email", newEmail: `nueva${n}@correo.mx`, currentPassword: "Pizza*2026" }));
    expect(sent.status).toBe(303);
    expect((await sessionOf(sent)).get("notice")).toMatchObject({ key: "notices.account.emailChangeSent", values: { email: `nueva${n}@correo.mx` } });
    const again = await act(editProfile, post("/edit-profile", session, { intent: "email", newEmail: `otra${n}@correo.mx`, currentPassword: "Pizza*2026" }));
    expect(again.status).toBe(429);
    expect((await bodyOf(again)).notice).toMatchObject({ key: "errors:codeSentRecently" });

    // The profile says the new address is pending; the account keeps its email until the link is followed.
    const shown = await (profile.loader(args(get("/profile", session))) as Promise<Response>).then((r) => r.json());
    expect(shown.customer).toMatchObject({ email, pendingEmail: `nueva${n}@correo.mx` });
    const mail = await db.selectFrom("mail_outbox").selectAll().where("to", "=", `nueva${n}@correo.mx`).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: "email-change", subject: "Confirma tu nuevo correo en Horno Rojo Pizza" });
    const path = /http:\/\/localhost:3000(\/email-change\/[A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const token = path.split("/")[2]!;

    // Opening the link changes nothing; the page offers the button.
    const page = (await emailChange.loader(args(get(path, await cookie({ lng: "es" })), { token }))) as Response;
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ email: `nueva${n}@correo.mx`, notice: null });
    expect((await db.selectFrom("customers").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email).toBe(email);

    // Followed in a browser that is not signed in (the phone's mail app): to the sign-in, told which address to use.
    const followed = await act(emailChange, post(path, await cookie({ lng: "es" }), {}), { token });
    expect(followed.status).toBe(303);
    expect(followed.headers.get("Location")).toBe("/login");
    expect((await sessionOf(followed)).get("notice")).toMatchObject({ key: "notices.account.emailChangedSignIn", values: { email: `nueva${n}@correo.mx` } });
    expect((await db.selectFrom("customers").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email).toBe(`nueva${n}@correo.mx`);
    const notice = await db.selectFrom("mail_outbox").selectAll().where("to", "=", email).where("kind", "=", "email-changed").executeTakeFirstOrThrow();
    expect(notice.text).toContain(`nueva${n}@correo.mx`);

    const spent = await act(emailChange, post(path, await cookie({ lng: "es" }), {}), { token });
    expect(spent.status).toBe(410);
    expect(await spent.json()).toMatchObject({ email: null, notice: { key: "errors:linkInvalid" } });
    const dead = (await emailChange.loader(args(get(path, await cookie({ lng: "es" })), { token }))) as Response;
    expect(dead.status).toBe(410);
  });

  it("email: a link followed where its account is signed in goes back to the profile, with its notice", async () => {
    const { session } = await signedIn();
    await act(editProfile, post("/edit-profile", session, { intent: "email", newEmail: `propia${n}@correo.mx`, currentPassword: "Pizza*2026" }));
    const mail = await db.selectFrom("mail_outbox").selectAll().where("to", "=", `propia${n}@correo.mx`).executeTakeFirstOrThrow();
    const path = /http:\/\/localhost:3000(\/email-change\/[A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const followed = await act(emailChange, post(path, session, {}), { token: path.split("/")[2]! });
    expect(followed.headers.get("Location")).toBe("/profile");
    expect((await sessionOf(followed)).get("notice")).toMatchObject({ key: "notices.account.emailChanged" });
  });

  it("phone: a code is texted, the page shows its field, a wrong code is a 400 beside it, the right one changes the phone", async () => {
    const { id, session } = await signedIn();
    const same = await act(editProfile, post("/edit-profile", session, { intent: "phone-request", phone: `55222${String(n).padStart(5, "0")}` }));
    expect((await bodyOf(same)).result.error).toMatchObject({ phone: ["profile:v.samePhone"] });
    const asked = await act(editProfile, post("/edit-profile", session, { intent: "phone-request", phone: "55 9999 8888" }));
    expect(asked.status).toBe(303);
    const location = asked.headers.get("Location")!;
    expect(location).toMatch(/^\/edit-profile\?phone=[0-9a-f-]{36}$/);
    expect((await sessionOf(asked)).get("notice")).toMatchObject({ key: "notices.account.codeSent", values: { phone: "55 9999 8888" } });
    const requestId = location.split("=")[1]!;
    const sms = await db.selectFrom("sms_outbox").select(["to", "text"]).where("key", "=", `phone-code:${requestId}`).executeTakeFirstOrThrow();
    expect(sms.to).toBe("5599998888");
    expect(sms.text).toMatch(/^Horno Rojo Pizza: tu código para cambiar tu teléfono es \d{6}\./);
    const code = /(\d{6})/.exec(sms.text)![1]!;

    const page = await (editProfile.loader(args(get(location, session))) as Promise<Response>).then((r) => r.json());
    expect(page.phoneRequest).toEqual({ requestId, phone: "55 9999 8888" });
    const stale = await (editProfile.loader(args(get(`/edit-profile?phone=${crypto.randomUUID()}`, session))) as Promise<Response>).then((r) => r.json());
    expect(stale).toMatchObject({ phoneRequest: null, phoneRequestNotice: { key: "errors:codeRequestInvalid" } });

    const wrong = await act(editProfile, post(location, session, { intent: "phone-verify", requestId, code: code === "123456" ? "654321" : "123456" }));
    expect(wrong.status).toBe(400);
    expect((await bodyOf(wrong)).result.error).toMatchObject({ code: ["errors:codeInvalid"] });
    const empty = await act(editProfile, post(location, session, { intent: "phone-verify", requestId, code: "" }));
    expect((await bodyOf(empty)).result.error).toMatchObject({ code: ["errors:codeRequired"] });
    const badId = await act(editProfile, post(location, session, { intent: "phone-verify", requestId: "x", code }));
    expect(badId.status).toBe(400);
    expect((await bodyOf(badId)).notice).toMatchObject({ key: "errors:codeRequestInvalid" });

    const right = await act(editProfile, post(location, session, { intent: "phone-verify", requestId, code }));
    expect(right.status).toBe(303);
    expect(right.headers.get("Location")).toBe("/profile");
    expect((await sessionOf(right)).get("notice")).toMatchObject({ key: "notices.account.phoneChanged" });
    expect((await db.selectFrom("customers").select("phone").where("id", "=", id).executeTakeFirstOrThrow()).phone).toBe("5599998888");
  });
});

describe("privacy rights", () => {
  it("GET /account/data downloads the customer's data as a JSON attachment, never cached", async () => {
    const { email, session } = await signedIn();
    const response = (await accountData.loader(args(get("/account/data", session)))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="horno-rojo-pizza-mis-datos-2026-11-20.json"');
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ exportedAt: NOW, profile: { email }, orders: [] });
    expect(text).not.toContain("argon2");
    const guest = await thrown(Promise.resolve().then(() => accountData.loader(args(get("/account/data", "")))));
    expect(guest.headers.get("Location")).toBe("/login?redirectTo=%2Faccount%2Fdata");
  });

  it("/account/delete: a wrong password is a 403 beside the field; the right one deletes, signs out and goes home", async () => {
    const { id, token, session } = await signedIn();
    const wrong = await act(accountDelete, post("/account/delete", session, { password: "Otra*2026" }));
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { result: { error: Record<string, string[]> } }).result.error).toEqual({ password: ["errors:passwordWrong"] });
    const empty = await act(accountDelete, post("/account/delete", session, {}));
    expect(empty.status).toBe(400);

    const deleted = await act(accountDelete, post("/account/delete", session, { password: "Pizza*2026" }));
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("Location")).toBe("/home");
    const after = await sessionOf(deleted);
    expect(after.get("customerToken")).toBeUndefined();
    expect(after.get("notice")).toMatchObject({ key: "notices.account.accountDeleted" });
    expect(await sessions.sessionSubject(db, token, "customer", new Date(NOW))).toBeUndefined();
    expect(await db.selectFrom("customers").select("id").where("id", "=", id).execute()).toEqual([]);
  });

  it("an account without a password types the page's word", async () => {
    const { id, session } = await signedIn({ password: null });
    const page = await (accountDelete.loader(args(get("/account/delete", session))) as Promise<Response>).then((r) => r.json());
    expect(page).toMatchObject({ hasPassword: false });
    const wrong = await act(accountDelete, post("/account/delete", session, { word: "DELETE" }));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { result: { error: Record<string, string[]> } }).result.error).toEqual({ word: ["profile:v.deleteWord"] });
    const deleted = await act(accountDelete, post("/account/delete", session, { word: "borrar" }));
    expect(deleted.status).toBe(303);
    expect(await db.selectFrom("customers").select("id").where("id", "=", id).execute()).toEqual([]);
  });
});

describe("/outbox", () => {
  it("does not exist unless DEMO_OUTBOX=true; then it lists the latest mails and texts", async () => {
    vi.stubEnv("DEMO_OUTBOX", "");
    resetEnvCache();
    const off = await thrown(outbox.loader(args(get("/outbox", await cookie({ lng: "es" })))));
    expect(off.headers.get("Location")).toBe("/home");
    vi.stubEnv("DEMO_OUTBOX", "true");
    resetEnvCache();
    await db.insertInto("sms_outbox").values({ kind: "test", key: `outbox-${n}`, to: "5512345678", text: "Tu código es 123456", created_at: new Date(NOW) }).execute();
    const on = (await outbox.loader(args(get("/outbox", await cookie({ lng: "es" }))))) as Response;
    const data = (await on.json()) as { texts: { to: string; text: string }[] };
    expect(data.texts[0]).toMatchObject({ to: "5512345678", text: "Tu código es 123456" });
  });
});
