import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../db/client";

/**
 * Signed-in sessions kept on the server (table `auth_sessions`), for staff now and customers next. The browser's
 * signed cookie holds only a random token (256 bits); the row holds its SHA-256, the account, and when it started,
 * ends and was revoked. So a session can be ended from the server: sign-out revokes its own row, a password change
 * or a deactivation revokes every row of the account, and a cookie copied before any of these no longer works
 * anywhere. Every sign-in opens a new row (a new token: the session id rotates, no fixation).
 */
export type Subject = "staff" | "customer";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export interface OpenSession {
  subject: Subject;
  subjectId: number;
  now: Date;
  /** How long the session lasts from now. */
  ttlMs: number;
  userAgent?: string;
}

/** Opens a session and answers its token (for the cookie; never stored as such). */
export async function openSession(db: Database, input: OpenSession): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("auth_sessions")
    .values({
      token_hash: hashOf(token),
      subject: input.subject,
      subject_id: input.subjectId,
      created_at: input.now,
      expires_at: new Date(input.now.getTime() + input.ttlMs),
      user_agent: (input.userAgent ?? "").slice(0, 200),
    })
    .execute();
  return token;
}

/** The account of a live session (not revoked, not expired), or undefined. */
export async function sessionSubject(db: Database, token: string, subject: Subject, now: Date): Promise<number | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const row = await db
    .selectFrom("auth_sessions")
    .select("subject_id")
    .where("token_hash", "=", hashOf(token))
    .where("subject", "=", subject)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row?.subject_id;
}

/** Ends one session (sign-out). */
export async function revokeSession(db: Database, token: string, now: Date): Promise<void> {
  await db.updateTable("auth_sessions").set({ revoked_at: now }).where("token_hash", "=", hashOf(token)).where("revoked_at", "is", null).execute();
}

/** Ends every session of an account (a password change, a deactivation, "sign out everywhere"). Answers how many. */
export async function revokeAllSessions(db: Database, subject: Subject, subjectId: number, now: Date): Promise<number> {
  const result = await db
    .updateTable("auth_sessions")
    .set({ revoked_at: now })
    .where("subject", "=", subject)
    .where("subject_id", "=", subjectId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
