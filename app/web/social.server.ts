import { createCookie, json } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { now } from "#server/clock";
import { env, type SocialProvider, type SocialSetting } from "#server/config";
import { findCustomer } from "#server/customers/accounts";
import { identityFromClaims, SOCIAL_PROVIDER_IDS, signInWithIdentity, type ProviderIdentity, type SocialSlug } from "#server/customers/identities";
import { DomainError } from "#server/errors";
import { cookieName, cookieOptions, secureCookies } from "~/web/cookies.server";
import { loginPathFor, signInCustomer } from "~/web/customer.server";
import { publicUrl } from "~/web/mail.server";
import { noticeForError, redirectWith, safeBackPath, storefront } from "~/web/storefront.server";

/**
 * Social sign-in (spec: login methods Facebook 1, Google 2, Yahoo 3) at /login/<slug>, with remix-auth 4 and
 * remix-auth-oauth2 (the authorization code flow with state and PKCE S256; the state and the code verifier live in
 * a short cookie of the browser, `oauth-<slug>:<random>`, for 10 minutes).
 * - /login/google (no `state`): the browser goes to the provider; the `redirectTo` asked for at /login rides along
 *   in a signed cookie (`social-back`, 10 minutes) and is used, checked again with safeBackPath, on the way back.
 * - /login/google?code&state (the provider sends the browser back to the same path): the code is exchanged (with
 *   the code verifier and the client secret), the provider's userinfo read (subject, email, email_verified, names;
 *   an id_token in the answer must name the same subject for this client), server/customers/identities.ts picks
 *   or links or makes the account, and the customer is signed in as with a password (signInCustomer).
 * - Anything else (consent denied, a state that is not this browser's, the provider failing or saying the email is
 *   not verified) goes back to /login with CUS-100017; the reason goes to the server's log only.
 * A method is offered only when its SOCIAL_<P>_CLIENT_ID and _CLIENT_SECRET are set (server/config.ts).
 */
export interface SocialMethod {
  id: 1 | 2 | 3;
  /** the path segment of /login/:method */
  slug: SocialSlug;
}

interface Endpoints {
  authorization: string;
  token: string;
  userinfo: string;
}

interface Preset {
  scopes: string[];
  endpoints: Endpoints;
  /** How the token request carries the client secret: HTTP Basic, or in the body (Facebook takes only that). */
  tokenAuth: "basic" | "post";
  /**
   * Whether an email without an email_verified claim counts as verified. Facebook's Graph API has no such claim and
   * answers only a confirmed address (none when the account has none); Google and Yahoo say email_verified.
   */
  emailVerifiedWhenUnsaid: boolean;
}

const PRESETS: Record<SocialSlug, Preset> = {
  facebook: {
    scopes: ["email", "public_profile"],
    endpoints: {
      authorization: "https://www.facebook.com/v21.0/dialog/oauth",
      token: "https://graph.facebook.com/v21.0/oauth/access_token",
      userinfo: "https://graph.facebook.com/v21.0/me?fields=id,email,first_name,last_name,name",
    },
    tokenAuth: "post",
    emailVerifiedWhenUnsaid: true,
  },
  google: {
    scopes: ["openid", "email", "profile"],
    endpoints: {
      authorization: "https://accounts.google.com/o/oauth2/v2/auth",
      token: "https://oauth2.googleapis.com/token",
      userinfo: "https://openidconnect.googleapis.com/v1/userinfo",
    },
    tokenAuth: "basic",
    emailVerifiedWhenUnsaid: false,
  },
  yahoo: {
    scopes: ["openid", "email", "profile"],
    endpoints: {
      authorization: "https://api.login.yahoo.com/oauth2/request_auth",
      token: "https://api.login.yahoo.com/oauth2/get_token",
      userinfo: "https://api.login.yahoo.com/openid/v1/userinfo",
    },
    tokenAuth: "basic",
    emailVerifiedWhenUnsaid: false,
  },
};

const SLUGS = Object.keys(SOCIAL_PROVIDER_IDS) as SocialSlug[];
const BACK_COOKIE_SECONDS = 600;

interface Settings {
  clientId: string;
  clientSecret: string;
  issuer?: string;
  endpoints?: Endpoints;
  scopes?: string[];
}

function settingsOf(slug: SocialSlug): Settings | undefined {
  const settings = env();
  const setting = (key: SocialSetting) =>
    settings[`SOCIAL_${slug.toUpperCase() as SocialProvider}_${key}`];
  const clientId = setting("CLIENT_ID");
  const clientSecret = setting("CLIENT_SECRET");
  if (!clientId || !clientSecret) return undefined;
  const [authorization, token, userinfo] = [setting("AUTHORIZATION_URL"), setting("TOKEN_URL"), setting("USERINFO_URL")];
  return {
    clientId,
    clientSecret,
    issuer: setting("ISSUER"),
    endpoints: authorization && token && userinfo ? { authorization, token, userinfo } : undefined,
    scopes: setting("SCOPES")?.split(" "),
  };
}

/** The configured social methods, in the spec's order (Facebook, Google, Yahoo). */
export function socialMethods(): SocialMethod[] {
  return SLUGS.filter((slug) => settingsOf(slug)).map((slug) => ({ id: SOCIAL_PROVIDER_IDS[slug], slug }));
}

const discovered = new Map<string, Promise<Endpoints>>();

/** The provider's endpoints: the explicit URLs, else OpenID discovery at the issuer (cached; retried after a failure), else the preset's. */
function endpointsOf(slug: SocialSlug, settings: Settings): Promise<Endpoints> {
  if (settings.endpoints) return Promise.resolve(settings.endpoints);
  const issuer = settings.issuer;
  if (!issuer) return Promise.resolve(PRESETS[slug].endpoints);
  let endpoints = discovered.get(issuer);
  if (!endpoints) {
    endpoints = discover(issuer);
    endpoints.catch(() => discovered.delete(issuer));
    discovered.set(issuer, endpoints);
  }
  return endpoints;
}

async function discover(issuer: string): Promise<Endpoints> {
  const response = await fetch(`${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`discovery at ${issuer} answered ${response.status}`);
  const metadata = (await response.json()) as Record<string, unknown>;
  const [authorization, token, userinfo] = ["authorization_endpoint", "token_endpoint", "userinfo_endpoint"].map((key) => metadata[key]);
  if (typeof authorization !== "string" || typeof token !== "string" || typeof userinfo !== "string") {
    throw new Error(`discovery at ${issuer} lacks an endpoint`);
  }
  return { authorization, token, userinfo };
}

type Tokens = OAuth2Strategy.VerifyOptions["tokens"];

/** remix-auth-oauth2's strategy, with the client secret in the token request's body for a provider that wants it. */
class SocialStrategy extends OAuth2Strategy<ProviderIdentity> {
  constructor(
    options: OAuth2Strategy.ConstructorOptions,
    private readonly tokenAuth: Preset["tokenAuth"],
    verify: ConstructorParameters<typeof OAuth2Strategy<ProviderIdentity>>[1],
  ) {
    super(options, verify);
  }

  protected override async validateAuthorizationCode(code: string, codeVerifier: string): Promise<Tokens> {
    if (this.tokenAuth === "basic") return super.validateAuthorizationCode(code, codeVerifier);
    const body = new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: codeVerifier,
      redirect_uri: String(this.options.redirectURI),
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret ?? "",
    });
    const response = await fetch(String(this.options.tokenEndpoint), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body,
    });
    const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok || typeof data.access_token !== "string") throw new Error(`the token endpoint answered ${response.status}`);
    // The verify function below reads only `data` (the token response), the same as arctic's tokens carry it.
    return { data } as unknown as Tokens;
  }
}

/** The claims of an id_token's payload (no signature check: it came straight from the token endpoint over TLS). */
function idTokenClaims(idToken: string): Record<string, unknown> {
  const payload = idToken.split(".")[1];
  if (!payload) throw new Error("an id_token that is not a JWT");
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
}

async function authenticator(slug: SocialSlug, settings: Settings): Promise<Authenticator<ProviderIdentity>> {
  const preset = PRESETS[slug];
  const endpoints = await endpointsOf(slug, settings);
  const strategy = new SocialStrategy(
    {
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      authorizationEndpoint: endpoints.authorization,
      tokenEndpoint: endpoints.token,
      redirectURI: `${publicUrl()}/login/${slug}`,
      scopes: settings.scopes ?? preset.scopes,
      cookie: {
        name: cookieName(`oauth-${slug}`),
        httpOnly: true,
        ...(secureCookies() ? { secure: true as const } : {}),
        sameSite: "Lax",
        path: "/",
        maxAge: BACK_COOKIE_SECONDS,
      },
    },
    preset.tokenAuth,
    async ({ tokens }) => {
      const data = tokens.data as Record<string, unknown>;
      const response = await fetch(endpoints.userinfo, { headers: { Authorization: `Bearer ${String(data.access_token)}`, Accept: "application/json" } });
      if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
      const claims = (await response.json()) as Record<string, unknown>;
      const identity = identityFromClaims(SOCIAL_PROVIDER_IDS[slug], claims, { emailVerifiedWhenUnsaid: preset.emailVerifiedWhenUnsaid });
      if (typeof data.id_token === "string") {
        const token = idTokenClaims(data.id_token);
        const audience = Array.isArray(token.aud) ? token.aud : [token.aud];
        if (token.sub !== identity.subject || !audience.includes(settings.clientId)) throw new Error("the id_token names another subject or client");
      }
      return identity;
    },
  );
  return new Authenticator<ProviderIdentity>().use(strategy, slug);
}

const backCookie = () => createCookie(cookieName("social-back"), cookieOptions(BACK_COOKIE_SECONDS));

/** Set-Cookie lines that end the flow's cookies the request carries (the states of this provider, the way back). */
function endFlowCookies(request: Request, slug: SocialSlug): string[] {
  const prefixes = [cookieName(`oauth-${slug}`), cookieName("social-back")];
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .filter((name) => prefixes.some((prefix) => name.startsWith(prefix)));
  const attributes = `Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secureCookies() ? "; Secure" : ""}`;
  return names.map((name) => `${name}=; ${attributes}`);
}

const isSlug = (value: string | undefined): value is SocialSlug => SLUGS.includes(value as SocialSlug);

/**
 * /login/<slug>: to the provider, or back from it (see above). An unknown or unconfigured method is a 404.
 * `context` is the request's load context (unused for now: the flow needs no client address).
 */
export async function socialLogin(request: Request, _context: unknown, slug: string | undefined): Promise<Response> {
  const settings = isSlug(slug) ? settingsOf(slug) : undefined;
  if (!isSlug(slug) || !settings) throw json(null, { status: 404 });
  const store = await storefront(request);
  const url = new URL(request.url);
  if (!url.searchParams.has("state")) {
    const back = safeBackPath(url.searchParams.get("redirectTo"), "/home");
    try {
      await (await authenticator(slug, settings)).authenticate(slug, request);
    } catch (error) {
      if (error instanceof Response && error.status >= 300 && error.status < 400) {
        error.headers.append("Set-Cookie", await backCookie().serialize({ back }));
        return error;
      }
      return failed(request, slug, back, error);
    }
    return failed(request, slug, back, new Error("the strategy neither redirected nor failed"));
  }
  const stored = (await backCookie().parse(request.headers.get("Cookie"))) as { back?: unknown } | null;
  const back = safeBackPath(typeof stored?.back === "string" ? stored.back : null, "/home");
  let response: Response;
  try {
    const identity = await (await authenticator(slug, settings)).authenticate(slug, request);
    const { customerId } = await signInWithIdentity(store.db, identity, { now: now(), locale: store.lng });
    const customer = await findCustomer(store.db, customerId);
    if (!customer) throw new DomainError("CUS-100017");
    response = await signInCustomer(store, request, customer, back);
  } catch (error) {
    return failed(request, slug, back, error);
  }
  for (const line of endFlowCookies(request, slug)) response.headers.append("Set-Cookie", line);
  return response;
}

/** Back to /login (keeping the way back) with CUS-100017; the reason is logged, never shown. */
async function failed(request: Request, slug: SocialSlug, back: string, error: unknown): Promise<Response> {
  const store = await storefront(request);
  const reason = error instanceof DomainError ? error.code : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.warn(`[social] ${slug} sign-in failed: ${reason}`);
  const response = await redirectWith(store.session, loginPathFor(back), noticeForError(new DomainError("CUS-100017"), store.lng));
  for (const line of endFlowCookies(request, slug)) response.headers.append("Set-Cookie", line);
  return response;
}
