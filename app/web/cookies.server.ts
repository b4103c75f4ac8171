import type { CookieOptions } from "@remix-run/node";
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
