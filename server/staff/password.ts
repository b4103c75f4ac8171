export { decoyHash, hashPassword, verifyPassword } from "../security/passwords";

/** Staff passwords: 10 to 128 characters (the CLI and the seed refuse others). */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `the password needs at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `the password may have at most ${PASSWORD_MAX} characters`;
  return null;
}

