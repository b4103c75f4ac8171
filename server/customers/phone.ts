import { createHash, randomInt, randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "../db/client";
import { DomainError } from "../errors";
import { enqueueSms } from "../sms/outbox";
import { RESEND_AFTER_MS } from "./accounts";
import { CODE_DIGITS } from "./code-shape";

/**
 * A phone change needs a one-time code sent to the new number (spec: OTP; CUS-100007..10). A code is 6 digits
 * from crypto.randomInt; its row (`phone_codes`, the request id is the row's uuid) keeps only a SHA-256 of the
 * request id and the code, expires in 10 minutes, and dies after MAX_CODE_ATTEMPTS wrong tries. Verifying is one
 * conditional update, so of two requests racing with the right code exactly one changes the phone.
 */
export { CODE_DIGITS };
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

/** A six-digit code, leading zeros kept (000000..999999, uniform). */
export const newCode = () => String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, "0");
export const isCodeShape = (code: string) => new RegExp(`^[0-9]{${CODE_DIGITS}}$`).test(code);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isRequestId = (id: string) => UUID.test(id);

/** The stored form of a code: salted by its request id (two rows with one code do not look alike). */
export const codeHash = (requestId: string, code: string) => createHash("sha256").update(`${requestId.toLowerCase()}:${code}`).digest("hex");

export interface CodeRequest {
  customerId: number;
  /** The new phone, normalised by the form's rule (phoneSchema). */
  phone: string;
  now: Date;
  /** The text to send (in the customer's language) around the code. */
  text: (code: string) => string;
}

/**
 * Makes a code for a new phone and writes its text to the SMS outbox, both in one transaction: CUS-100007 when the
 * customer asked for a code less than a minute ago (the customer's row is locked first, so two racing requests
 * cannot both pass). Older live codes of the customer die (only the newest request counts). Answers the request id.
 */
export async function requestPhoneCode(db: Database, input: CodeRequest): Promise<{ requestId: string }> {
  return db.transaction().execute(async (trx) => {
    const customer = await trx.selectFrom("customers").select("id").where("id", "=", input.customerId).forUpdate().executeTakeFirst();
    if (!customer) throw new DomainError("CUS-100002");
    const last = await trx
      .selectFrom("phone_codes")
      .select("created_at")
      .where("customer_id", "=", input.customerId)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
    if (last && input.now.getTime() - new Date(last.created_at).getTime() < RESEND_AFTER_MS) throw new DomainError("CUS-100007");
    await trx.updateTable("phone_codes").set({ used_at: input.now }).where("customer_id", "=", input.customerId).where("used_at", "is", null).execute();
    const requestId = randomUUID();
    const code = newCode();
    await trx
      .insertInto("phone_codes")
      .values({
        request_id: requestId,
        customer_id: input.customerId,
        phone: input.phone,
        code_hash: codeHash(requestId, code),
        created_at: input.now,
        expires_at: new Date(input.now.getTime() + CODE_TTL_MS),
      })
      .execute();
    await enqueueSms(trx, { kind: "phone-code", key: `phone-code:${requestId}`, to: input.phone, text: input.text(code) }, input.now);
    return { requestId };
  });
}

/** A live request of the customer (the page shows its code field only for one): the phone it is for. */
export async function livePhoneRequest(db: Database, customerId: number, requestId: string, now: Date): Promise<{ phone: string } | undefined> {
  if (!isRequestId(requestId)) return undefined;
  return db
    .selectFrom("phone_codes")
    .select("phone")
    .where("request_id", "=", requestId)
    .where("customer_id", "=", customerId)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .where("attempts", "<", MAX_CODE_ATTEMPTS)
    .executeTakeFirst();
}

/**
 * Checks a code and, when right, changes the customer's phone, in one transaction. The check is one conditional
 * update of the live row (not used, not expired, fewer than MAX_CODE_ATTEMPTS wrong tries): a right code spends it,
 * a wrong one counts a try. Refusals: CUS-100010 no code, CUS-100009 a request id that is malformed or not this
 * customer's, CUS-100008 a wrong code, or one that expired, was used, or died of wrong tries. Answers the new phone.
 */
export async function verifyPhoneCode(db: Database, input: { customerId: number; requestId: string; code: string; now: Date }): Promise<string> {
  const code = input.code.trim();
  if (code === "") throw new DomainError("CUS-100010");
  if (!isRequestId(input.requestId)) throw new DomainError("CUS-100009");
  const hash = codeHash(input.requestId, isCodeShape(code) ? code : "");
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("phone_codes")
      .set({
        used_at: sql`case when code_hash = ${hash} then ${input.now}::timestamptz else used_at end`,
        attempts: sql`attempts + case when code_hash = ${hash} then 0 else 1 end`,
      })
      .where("request_id", "=", input.requestId)
      .where("customer_id", "=", input.customerId)
      .where("used_at", "is", null)
      .where("expires_at", ">", input.now)
      .where("attempts", "<", MAX_CODE_ATTEMPTS)
      .returning(["phone", sql<boolean>`used_at is not null`.as("spent")])
      .executeTakeFirst();
    if (!row?.spent) return row ? "wrong" : "dead";
    await trx.updateTable("customers").set({ phone: row.phone, updated_at: input.now }).where("id", "=", input.customerId).execute();
    return { phone: row.phone };
  });
  if (typeof outcome === "object") return outcome.phone;
  if (outcome === "dead") {
    const exists = await db.selectFrom("phone_codes").select("request_id").where("request_id", "=", input.requestId).where("customer_id", "=", input.customerId).executeTakeFirst();
    if (!exists) throw new DomainError("CUS-100009");
  }
  throw new DomainError("CUS-100008");
}
