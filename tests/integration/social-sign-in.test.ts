/**
 * Social sign-in through real HTTP against a real OpenID provider on 127.0.0.1 (oidc-provider, tests/support/oidc.ts):
 * /login/<method> sends the browser to the provider with state and PKCE; the person signs in and consents there;
 * the provider sends the browser back with a code, which the app exchanges (client secret, code verifier), reads
 * userinfo, and signs the customer in on the app's own database. Google is configured by its issuer (discovery);
 * Facebook by explicit URLs, with the secret in the token request's body, as Facebook wants it.
 */
import { resetEnvCache } from "#server/config";
import { getDb } from "#server/db/client";
import { sessionOf } from "../support/app";
import { pinStoreNow } from "../support/clock";
import { completeSignIn, startOidcProvider, type LocalOidc } from "../support/oidc";

const NOW = "2026-11-20T19:00:00.000Z";
process.env.SESSION_SECRET = "social-secret";
process.env.DATA_DIR = "memory://";
process.env.DATABASE_URL = "";
process.env.SEED_ON_START = "true";
process.env.PUBLIC_URL = "http://localhost";
process.env.STORE_NOW = NOW;
pinStoreNow(NOW);

const GOOGLE = { client_id: "pizza-google", client_secret: "google-secret", redirect_uris: ["http://localhost/login/google"] };
const FACEBOOK = {
  client_id: "pizza-facebook",
  client_secret: "facebook-secret",
  redirect_uris: ["http://localhost/login/facebook"],
  token_endpoint_auth_method: "client_secret_post" as const,
};

let oidc: LocalOidc;
let social: typeof import("~/web/social.server");

beforeAll(async () => {
  oidc = await startOidcProvider({ clients: [GOOGLE, FACEBOOK] });
  Object.assign(process.env, {
    SOCIAL_GOOGLE_CLIENT_ID: GOOGLE.client_id,
    SOCIAL_GOOGLE_CLIENT_SECRET: GOOGLE.client_secret,
    SOCIAL_GOOGLE_ISSUER: oidc.issuer,
    SOCIAL_FACEBOOK_CLIENT_ID: FACEBOOK.client_id,
    SOCIAL_FACEBOOK_CLIENT_SECRET: FACEBOOK.client_secret,
    SOCIAL_FACEBOOK_AUTHORIZATION_URL: `${oidc.issuer}/auth`,
    SOCIAL_FACEBOOK_TOKEN_URL: `${oidc.issuer}/token`,
    SOCIAL_FACEBOOK_USERINFO_URL: `${oidc.issuer}/me`,
    // Facebook's own scopes are "email public_profile"; the stand-in is an OpenID provider.
    SOCIAL_FACEBOOK_SCOPES: "openid email profile",
  });
  resetEnvCache();
  social = await import("~/web/social.server");
});
afterAll(async () => {
  await oidc?.close();
  resetEnvCache();
});

/** A browser's cookies: what the app sets, sent back on the next request. */
class Browser {
  readonly cookies = new Map<string, string>();
  keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      if (attributes.some((a) => /^\s*max-age=0$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, pair!.slice(at + 1));
    }
    return response;
  }
  get(path: string) {
    return new Request(`http://localhost${path}`, { headers: { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } });
  }
  names() {
    return [...this.cookies.keys()];
  }
}

/** /login/<slug>: the answer sending the browser to the provider. */
async function start(browser: Browser, slug: string, redirectTo?: string) {
  const query = redirectTo === undefined ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`;
  return browser.keep(await social.socialLogin(browser.get(`/login/${slug}${query}`), {}, slug));
}

/** The whole round trip as `login` at the provider; answers the app's last answer (the sign-in or the refusal). */
async function signIn(login: string, options: { slug?: string; redirectTo?: string; cancel?: boolean; browser?: Browser } = {}) {
  const browser = options.browser ?? new Browser();
  const slug = options.slug ?? "google";
  const toProvider = await start(browser, slug, options.redirectTo);
  const back = await completeSignIn(toProvider.headers.get("Location")!, login, { cancel: options.cancel });
  expect(back.origin + back.pathname).toBe(`http://localhost/login/${slug}`);
  const answer = browser.keep(await social.socialLogin(browser.get(back.pathname + back.search), {}, slug));
  return { answer, browser, back };
}

const customerOf = async (email: string) => (await getDb()).selectFrom("customers").selectAll().where("email", "=", email).executeTakeFirst();

async function expectRefused(answer: Response, redirectTo = "/home") {
  expect(answer.status).toBe(303);
  expect(answer.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  const session = await sessionOf(answer);
  expect(session.get("notice")).toMatchObject({ tone: "error", key: "errors:socialFailed" });
  expect(session.get("customerToken")).toBeUndefined();
}

describe("social sign-in against a local OpenID provider", () => {
  it("offers only the configured methods, in the spec's order", () => {
    expect(social.socialMethods()).toEqual([
      { id: 1, slug: "facebook" },
      { id: 2, slug: "google" },
    ]);
  });

  it("an unknown or unconfigured method is a 404", async () => {
    for (const slug of ["yahoo", "myspace", undefined]) {
      const answer = await social.socialLogin(new Request("http://localhost/login/x"), {}, slug).catch((thrown: Response) => thrown);
      expect(answer.status).toBe(404);
    }
  });

  it("starts at the provider with state, PKCE (S256), the scopes and the callback; the state and the way back stay in cookies", async () => {
    const browser = new Browser();
    const answer = await start(browser, "google", "/checkout");
    const to = new URL(answer.headers.get("Location")!);
    expect(to.origin).toBe(oidc.issuer);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "pizza-google",
      redirect_uri: "http://localhost/login/google",
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    expect(to.searchParams.get("state")).toMatch(/^[\w-]{20,}$/);
    expect(to.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(browser.names()).toEqual(expect.arrayContaining([expect.stringMatching(/^__oauth-google:/), "__social-back"]));
  });

  it("a new person with a verified email comes back signed in to a new account, at the page asked for; the flow's cookies end", async () => {
    const { answer, browser } = await signIn("nueva", { redirectTo: "/checkout?step=2" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/checkout?step=2");
    const session = await sessionOf(answer);
    expect(session.get("customerToken")).toMatch(/^[\w-]{43}$/);
    expect(session.get("notice")).toMatchObject({ key: "notices.account.signedIn", values: { name: "Ana" } });
    const row = await customerOf("nueva@prueba.mx");
    expect(row).toMatchObject({ first_name: "Ana", last_name: "Prueba", password_hash: null, locale: "es" });
    expect(row!.email_confirmed_at).not.toBeNull();
    const db = await getDb();
    expect(await db.selectFrom("customer_identities").select(["provider", "subject"]).where("customer_id", "=", row!.id).execute()).toEqual([
      { provider: 2, subject: "nueva" },
    ]);
    expect(browser.names().filter((n) => n.startsWith("__oauth") || n === "__social-back")).toEqual([]);
  });

  it("the same person again is the same account; an existing customer's verified email is linked to their account", async () => {
    await signIn("repetida");
    await signIn("repetida");
    const db = await getDb();
    const rows = await db.selectFrom("customers").select("id").where("email", "=", "repetida@prueba.mx").execute();
    expect(rows).toHaveLength(1);

    const [{ id }] = await db
      .insertInto("customers")
      .values({ email: "existente@correo.mx", first_name: "Eva", last_name: "Ríos", email_confirmed_at: new Date(NOW), created_at: new Date(NOW), updated_at: new Date(NOW) })
      .returning("id")
      .execute();
    oidc.accounts.set("eva-google", { email: "Existente@correo.mx", email_verified: true, given_name: "Eve" });
    const { answer } = await signIn("eva-google");
    expect((await sessionOf(answer)).get("notice")).toMatchObject({ values: { name: "Eva" } });
    expect(await db.selectFrom("customer_identities").select("customer_id").where("subject", "=", "eva-google").executeTakeFirst()).toEqual({ customer_id: id });
  });

  it("Facebook (explicit URLs, the secret in the token request's body) signs in the same way", async () => {
    const { answer } = await signIn("facebook-ana", { slug: "facebook" });
    expect(answer.headers.get("Location")).toBe("/home");
    expect((await sessionOf(answer)).get("customerToken")).toBeTruthy();
    const db = await getDb();
    expect(await db.selectFrom("customer_identities").select("provider").where("subject", "=", "facebook-ana").execute()).toEqual([{ provider: 1 }]);
  });

  it("an unverified email is refused with CUS-100017 (back to /login, keeping the way back) and makes no account", async () => {
    const { answer } = await signIn("unverified-ana", { redirectTo: "/profile" });
    await expectRefused(answer, "/profile");
    expect(await customerOf("unverified-ana@prueba.mx")).toBeUndefined();
  });

  it("consent denied at the provider is CUS-100017", async () => {
    const { answer, back } = await signIn("cancela", { cancel: true });
    expect(back.searchParams.get("error")).toBe("access_denied");
    await expectRefused(answer);
    expect(await customerOf("cancela@prueba.mx")).toBeUndefined();
  });

  it("a callback another browser started (no state of ours), a forged state, or a code used twice are CUS-100017", async () => {
    const { back } = await signIn("robada");
    // Another browser, without the state cookie: refused.
    await expectRefused(await social.socialLogin(new Browser().get(back.pathname + back.search), {}, "google"));
    // This browser starting again, then a state that is not the one it was given.
    const browser = new Browser();
    const toProvider = await start(browser, "google");
    const real = await completeSignIn(toProvider.headers.get("Location")!, "robada");
    const forged = new URL(real);
    forged.searchParams.set("state", "forged-state-forged-state");
    await expectRefused(browser.keep(await social.socialLogin(browser.get(forged.pathname + forged.search), {}, "google")));
    // The real answer once; its code a second time (with a state cookie started again) is refused by the provider.
    const again = new Browser();
    const second = await start(again, "google");
    const fresh = await completeSignIn(second.headers.get("Location")!, "robada");
    expect((await social.socialLogin(again.get(fresh.pathname + fresh.search), {}, "google")).headers.get("Location")).toBe("/home");
    const replay = new Browser();
    for (const [k, v] of again.cookies) replay.cookies.set(k, v);
    const restarted = await start(replay, "google");
    expect(restarted.status).toBe(302);
    const replayUrl = new URL(fresh);
    replayUrl.searchParams.set("state", new URL(restarted.headers.get("Location")!).searchParams.get("state")!);
    await expectRefused(await social.socialLogin(replay.get(replayUrl.pathname + replayUrl.search), {}, "google"));
  });

  it("the login page hands /login/<method> to the flow, sends an unconfigured one to /login, and its buttons carry the way back", async () => {
    const route = await import("~/routes/login.($method)/route");
    const call = (path: string, method?: string) =>
      route.loader({ request: new Request(`http://localhost${path}`), params: method ? { method } : {}, context: {} }).catch((thrown: unknown) => thrown as Response);
    const toProvider = (await call("/login/google?redirectTo=%2Fhistory", "google")) as Response;
    expect(toProvider.status).toBe(302);
    expect(toProvider.headers.get("Location")).toMatch(new RegExp(`^${oidc.issuer}/auth\\?`));
    const elsewhere = (await call("/login/yahoo", "yahoo")) as Response;
    expect(elsewhere.headers.get("Location")).toBe("/login");
    const page = (await call("/login?redirectTo=%2Fhistory")) as Response;
    expect(await page.json()).toMatchObject({ social: ["facebook", "google"], redirectTo: "/history" });
  });

  it("a way back that leaves the site is replaced by /home", async () => {
    const { answer } = await signIn("lejos", { redirectTo: "//evil.example/steal" });
    expect(answer.headers.get("Location")).toBe("/home");
  });
});
