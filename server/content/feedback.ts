import type { Database } from "../db/client";
import { deliverMail } from "../mail";
import { enqueueMail, type MailMessage } from "../mail/outbox";
import { stageOf } from "../orders/status";
import { consume, type Verdict } from "../security/rate-limits";
import { NO_OUTLET, type ContactInput, type SurveyInput } from "./feedback-rules";

/**
 * Contact messages (/contact; the spec's "POST contacts (feedback)") and the satisfaction survey of a completed order
 * (/crs/order/<uuid>; the spec names the route and nothing else: docs/design.md). Messages are stored, then mailed to
 * customer care through the outbox in the same transaction (a message exists exactly when its mail does).
 */

/** The chain's outlets a message may be about (the form's select), in the store finder's order. */
export async function contactOutlets(db: Database): Promise<{ code: string; name: string }[]> {
  return db.selectFrom("outlets").select(["code", "name"]).where("active", "=", true).orderBy("position").orderBy("name").execute();
}

/**
 * Whether one more message may be sent from this client address and for this email (limits.contactPerAddress and
 * limits.contactPerEmail): each counts one try. An address already over its limit does not spend the email's points.
 */
export async function contactAllowed(db: Database, address: string, email: string): Promise<Verdict> {
  const byAddress = await consume(db, "contactPerAddress", `contact:${address}`);
  if (!byAddress.allowed) return byAddress;
  return consume(db, "contactPerEmail", `contact:${email.toLowerCase()}`);
}

export interface StoredContact extends ContactInput {
  id: number;
  /** The outlet's name, null for a message about no outlet. */
  outletName: string | null;
  outletCode: string | null;
  lng: string;
  createdAt: Date;
}

export type ContactOutcome = { ok: true; id: number } | { ok: false; field: "outlet" };

/**
 * Stores a contact message and writes its mail to customer care (`mail` renders it: to, subject, text, html, with the
 * customer as Reply-To) to the outbox, in one transaction; then the sender ships it (with SMTP_URL). An outlet code
 * that is not one of the chain's active outlets is refused (the form's select offers only those).
 */
export async function saveContactMessage(
  db: Database,
  input: ContactInput & { lng: string; customerId: number | null },
  mail: (message: StoredContact) => Omit<MailMessage, "kind" | "key">,
  at: Date,
): Promise<ContactOutcome> {
  const outlet =
    input.outlet === NO_OUTLET
      ? null
      : await db.selectFrom("outlets").select(["id", "code", "name"]).where("code", "=", input.outlet).where("active", "=", true).executeTakeFirst();
  if (outlet === undefined) return { ok: false, field: "outlet" };
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("contact_messages")
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        outlet_id: outlet?.id ?? null,
        order_number: input.orderNumber ?? null,
        message: input.message,
        lng: input.lng,
        customer_id: input.customerId,
        created_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const stored: StoredContact = { ...input, id: row.id, outletName: outlet?.name ?? null, outletCode: outlet?.code ?? null, createdAt: at };
    await enqueueMail(trx, { kind: "contact", key: `contact:${row.id}`, ...mail(stored) }, at);
    return row.id;
  });
  void deliverMail(db);
  return { ok: true, id };
}

/**
 * Where a survey stands: `open` (the order was delivered or picked up and has no answer yet), `answered`, `notYet`
 * (the order is still on its way: the survey opens when it is completed), `closed` (canceled, or it never reached the
 * store: nothing to rate).
 */
export type SurveyState = "open" | "answered" | "notYet" | "closed";

export interface Survey {
  uuid: string;
  number: string;
  orderType: "D" | "C";
  outletName: string;
  state: SurveyState;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function surveyRow(db: Database, uuid: string) {
  if (!UUID.test(uuid)) return undefined;
  return db
    .selectFrom("orders as o")
    .innerJoin("outlets as t", "t.id", "o.outlet_id")
    .leftJoin("survey_answers as a", "a.order_id", "o.id")
    .select(["o.id", "o.uuid", "o.number", "o.order_type", "o.status", "t.name as outletName", "a.order_id as answered"])
    .where("o.uuid", "=", uuid.toLowerCase())
    .executeTakeFirst();
}

function stateOf(status: number, answered: boolean): SurveyState {
  if (answered) return "answered";
  const stage = stageOf(status);
  if (stage === "completed") return "open";
  return stage === "canceled" || stage === "error" ? "closed" : "notYet";
}

/** The survey of an order (by its uuid, the tracker's secret link), or undefined for no such order. */
export async function surveyFor(db: Database, uuid: string): Promise<Survey | undefined> {
  const row = await surveyRow(db, uuid);
  if (!row) return undefined;
  return { uuid: row.uuid, number: row.number, orderType: row.order_type, outletName: row.outletName, state: stateOf(row.status, row.answered !== null) };
}

export type SurveyOutcome = "saved" | "answered" | "notOpen" | "notFound";

/**
 * Stores an order's answer: once (the order is the table's primary key: a second answer, even a simultaneous one, is
 * `answered`), and only for a completed order (`notOpen` otherwise).
 */
export async function answerSurvey(db: Database, uuid: string, input: SurveyInput & { lng: string }, at: Date): Promise<SurveyOutcome> {
  const row = await surveyRow(db, uuid);
  if (!row) return "notFound";
  const state = stateOf(row.status, row.answered !== null);
  if (state === "answered") return "answered";
  if (state !== "open") return "notOpen";
  const saved = await db
    .insertInto("survey_answers")
    .values({ order_id: row.id, food: input.food, service: input.service, comment: input.comment ?? "", lng: input.lng, created_at: at })
    .onConflict((oc) => oc.column("order_id").doNothing())
    .returning("order_id")
    .executeTakeFirst();
  return saved ? "saved" : "answered";
}
