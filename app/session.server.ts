import { createCookieSessionStorage } from "@remix-run/node";
import type { Disposition } from "#server/outlets/outlets";
import type { Lng } from "./i18n/config";

export interface Notice {
  tone: "success" | "error" | "info";
  /** A key of the "common" or "errors" namespace, e.g. "cart.added" or "errors:CART-03". */
  key: string;
  values?: Record<string, string | number>;
}

export interface SessionData {
  disposition: Disposition;
  cartUuid: string;
  lng: Lng;
  /** Epoch milliseconds of the last recorded activity (for the idle reset). */
  lastActivity: number;
}

export interface FlashData {
  notice: Notice;
}

const DEV_SECRET = "dev-only-session-secret-change-me";

/** SESSION_SECRET may hold several comma-separated secrets: the first signs, all verify (rotation). */
export function sessionSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  const secrets = (env.SESSION_SECRET ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets.length > 0) return secrets;
  if (env.NODE_ENV === "production") {
    throw new Error("SESSION_SECRET must be set in production (comma-separated to rotate secrets).");
  }
  console.warn("[session] SESSION_SECRET is not set: using the development secret. Never do this in production.");
  return [DEV_SECRET];
}

export const sessionStorage = createCookieSessionStorage<SessionData, FlashData>({
  cookie: {
    name: "__pizza",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: process.env.NODE_ENV === "production" && process.env.COOKIE_SECURE !== "false",
    secrets: sessionSecrets(),
    maxAge: 60 * 60 * 24 * 30,
  },
});

export const { getSession, commitSession, destroySession } = sessionStorage;
