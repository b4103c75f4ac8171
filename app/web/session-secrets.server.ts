import { env } from "#server/config";

const DEV_SECRET = "dev-only-session-secret-change-me";

/** The shortest secret production takes: 32 characters (`openssl rand -hex 32` gives 64), each rotated one too. */
export const SECRET_MIN_LENGTH = 32;

/** SESSION_SECRET may hold several comma-separated secrets: the first signs, all verify (rotation). */
export function sessionSecrets(settings: { SESSION_SECRET?: string; NODE_ENV?: string } = env()): string[] {
  const secrets = (settings.SESSION_SECRET ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets.length > 0) {
    // Any of them verifies a cookie, so a short one (even an old one kept for rotation) would let cookies be forged.
    if (settings.NODE_ENV === "production" && secrets.some((secret) => secret.length < SECRET_MIN_LENGTH)) {
      throw new Error(`SESSION_SECRET: each secret must have at least ${SECRET_MIN_LENGTH} characters in production (openssl rand -hex 32).`);
    }
    return secrets;
  }
  if (settings.NODE_ENV === "production") {
    throw new Error("SESSION_SECRET must be set in production (comma-separated to rotate secrets).");
  }
  console.warn("[session] SESSION_SECRET is not set: using the development secret. Never do this in production.");
  return [DEV_SECRET];
}
