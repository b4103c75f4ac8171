import { createCookie, type Cookie, type CookieOptions, type CookieParseOptions } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { env } from "#server/config";
import { sessionSecrets } from "~/web/session-secrets.server";

/**
 * The storefront's cookies, one set of rules: HttpOnly, SameSite=Lax, Path=/, signed with SESSION_SECRET's
 * secrets (the first signs, all verify), and Secure in production unless COOKIE_SECURE=false (plain http on
 * localhost). A secure cookie's name carries the `__Host-` prefix, so the browser refuses it from a subdomain,
 * over http, or with a Domain or another Path: "pizza" becomes `__Host-pizza`, else `__pizza`.
 */
export function secureCookies(): boolean {
  const settings = env();
  return settings.NODE_ENV === "production" && settings.COOKIE_SECURE !== "false";
}

export function cookieName(base: string): string {
  return secureCookies() ? `__Host-${base}` : `__${base}`;
}

export function cookieOptions(maxAgeSeconds: number): CookieOptions {
  return { httpOnly: true, sameSite: "lax", path: "/", secure: secureCookies(), secrets: sessionSecrets(), maxAge: maxAgeSeconds };
}

/** A storefront cookie (the rules above) named `base`, kept `maxAgeSeconds`, whose reading is remembered (rememberingCookie). */
export function storefrontCookie(base: string, maxAgeSeconds: number): Cookie {
  return rememberingCookie(createCookie(cookieName(base), cookieOptions(maxAgeSeconds)));
}

/** Cookie headers longer than this are read each time, not remembered (a browser's usual header is under 1 KB). */
const REMEMBERED_HEADER_CHARS = 2_048;

/**
 * `cookie`, whose `parse` remembers what each Cookie header it has read gave, for the next request with the same header.
 *
 * Reading a signed cookie is a pure function of the header and the secrets: split the header, check the HMAC, then
 * Remix's base64 and escape decoding one character at a time. A browser sends the same header on every request, so a
 * menu page spent 4 % of its server time (the session and the CSRF cookie) doing it again. The last `capacity` headers
 * (least recently read out first) are remembered with the value's JSON, and each read parses that anew: what a request
 * gets is its own copy to change. A header that does not verify is remembered too, as nothing. Serialising (signing)
 * and everything else is the cookie's own.
 */
export function rememberingCookie(cookie: Cookie, capacity = 5_000): Cookie {
  const read = new LRUCache<string, string>({ max: capacity });
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    serialize: (value: unknown, options?: Parameters<Cookie["serialize"]>[1]) => cookie.serialize(value, options),
    async parse(header: string | null, options?: CookieParseOptions) {
      if (!header || options || header.length > REMEMBERED_HEADER_CHARS) return cookie.parse(header, options);
      let json = read.get(header);
      if (json === undefined) {
        json = JSON.stringify((await cookie.parse(header)) ?? null);
        read.set(header, json);
      }
      return JSON.parse(json);
    },
  };
}
