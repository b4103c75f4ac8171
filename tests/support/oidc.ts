import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type ProviderAccount } from "oidc-provider";

/**
 * A real OpenID provider on 127.0.0.1 (oidc-provider, certified OpenID Connect) for the social sign-in's tests:
 * the app talks to it as to Google, through discovery, the authorization endpoint, the token endpoint (PKCE,
 * client secret) and userinfo. Its development interactions are the pages a person meets: "Sign-in" (any login
 * and password: the login is the account) and "Authorize" (Continue), with a Cancel link (access denied). Plain
 * forms: Playwright fills them in a browser, and `completeSignIn` posts them over HTTP for the integration tests.
 *
 * Accounts: any login signs in; its subject is the login and its email `<login>@prueba.mx`, verified, unless
 * the login starts with "unverified" (then the provider says email_verified false). `accounts` overrides that for
 * a login (e.g. an existing customer's email). Started on a free port unless one is given.
 */
export interface OidcAccount {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

export interface OidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  /** client_secret_basic (default) or client_secret_post (the secret in the token request's body, as Facebook). */
  token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post";
}

export interface LocalOidc {
  issuer: string;
  accounts: Map<string, OidcAccount>;
  close(): Promise<void>;
}

export const accountFor = (login: string): OidcAccount => ({
  email: `${login}@prueba.mx`,
  email_verified: !login.startsWith("unverified"),
  given_name: "Ana",
  family_name: "Prueba",
});

export async function startOidcProvider(options: { clients: OidcClient[]; port?: number }): Promise<LocalOidc> {
  const accounts = new Map<string, OidcAccount>();
  // The issuer names the port, so the server listens first and hands its requests to the provider once it exists.
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server: Server = createServer((req, res) => (handle ? handle(req, res) : res.writeHead(503).end()));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
      ...client,
    })),
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name", "name"] },
    scopes: ["openid", "email", "profile"],
    cookies: { keys: ["local-oidc-test-key"] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, id: string): Promise<ProviderAccount> {
      const account = accounts.get(id) ?? accountFor(id);
      return {
        accountId: id,
        claims: () => ({ sub: id, ...account, name: [account.given_name, account.family_name].filter(Boolean).join(" ") }),
      };
    },
  });
  provider.on("server_error", (_ctx, error) => console.error("[oidc] server error", error));
  handle = provider.callback();
  return {
    issuer,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * What a person does at the provider, over HTTP: follows the authorization URL, signs in as `login` on the
 * "Sign-in" page and presses Continue on "Authorize" (or, with `cancel`, follows the Cancel link). Answers the URL
 * the provider sends the browser back to (the app's callback, with code and state, or with an error).
 */
export async function completeSignIn(authorizationUrl: string, login: string, options: { cancel?: boolean } = {}): Promise<URL> {
  const jar = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  let next: { url: string; init?: RequestInit } = { url: authorizationUrl };
  for (let step = 0; step < 12; step++) {
    const response = await fetch(next.url, {
      ...next.init,
      redirect: "manual",
      headers: { ...(next.init?.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = response.headers.get("location");
    if (location) {
      const url = new URL(location, next.url);
      if (url.origin !== origin) return url;
      next = { url: url.href };
      continue;
    }
    const page = await response.text();
    const action = page.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = page.match(/name="prompt" value="([^"]+)"/)?.[1];
    if (!response.ok || !action || !prompt) throw new Error(`the provider answered ${response.status}: ${page.slice(0, 300)}`);
    if (options.cancel) {
      next = { url: new URL(`${new URL(action, next.url).pathname}/abort`, origin).href };
      continue;
    }
    const fields: Record<string, string> = prompt === "login" ? { prompt, login, password: "any" } : { prompt };
    next = {
      url: new URL(action, next.url).href,
      init: { method: "POST", body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } },
    };
  }
  throw new Error("the provider never sent the browser back");
}
