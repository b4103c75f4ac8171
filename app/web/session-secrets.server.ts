import { env } from "#server/config";

const DEV_SECRET = "dev-only-session-secret-change-me";

/** SESSION_SECRET may hold several comma-separated secrets: the first signs, all verify (rotation). */
export function sessionSecrets(settings: { SESSION_SECRET?: string; NODE_ENV?: string } = env()): string[] {
  const secrets = (settings.SESSION_SECRET ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets.length > 0) return secrets;
  if (settings.NODE_ENV === "production") {
    throw new Error("SESSION_SECRET must be set in production (comma-separated to rotate secrets).");
  }
  console.warn("[session] SESSION_SECRET is not set: using the development secret. Never do this in production.");
  return [DEV_SECRET];
}
