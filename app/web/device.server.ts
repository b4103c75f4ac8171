import { createHash } from "node:crypto";
import { storefrontCookie } from "~/web/cookies.server";

/**
 * Known devices: after a sign-in, the browser keeps a signed cookie listing (hashed) the accounts it signed in to,
 * for a year. The sign-in guard lets such a device try even when the account's own daily budget is spent by
 * someone else (server/security/sign-in.ts), so an attacker cannot lock a member out.
 */
const deviceCookie = storefrontCookie("device", 60 * 60 * 24 * 365);
export const accountMark = (scope: string, email: string) => createHash("sha256").update(`${scope}:${email.trim().toLowerCase()}`).digest("hex").slice(0, 24);

export async function knownAccounts(request: Request): Promise<string[]> {
  const value: unknown = await deviceCookie.parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string").slice(0, 10) : [];
}

export async function rememberDevice(request: Request, scope: string, email: string): Promise<string> {
  const mark = accountMark(scope, email);
  return deviceCookie.serialize([mark, ...(await knownAccounts(request)).filter((m) => m !== mark)].slice(0, 10));
}
