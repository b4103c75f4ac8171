import { sql } from "kysely";
import type { Database } from "../db/client";
import { pageWindow } from "../customers/history-rules";
import { NO_OUTLET } from "./feedback-rules";

/**
 * The managers' customer-care inbox (/store/messages, issue 14, beyond the spec): the contact messages (/contact) and
 * the satisfaction survey's answers (/crs/order/<uuid>) in one list, newest first, filtered by kind, state (open or
 * handled) and outlet (a code, or NO_OUTLET for messages about no outlet: surveys always have one), a page at a time;
 * one item's details; marking one handled, or open again (migration 0027: handled_at, handled_by).
 */
export const MESSAGE_KINDS = ["contact", "survey"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_STATES = ["open", "handled"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
export const INBOX_PAGE_SIZE = 20;

export interface InboxFilter {
  kind?: MessageKind;
  state?: MessageState;
  /** An outlet's code, or NO_OUTLET. */
  outlet?: string;
}

export interface InboxItem {
  kind: MessageKind;
  id: number;
  createdAt: Date;
  /** Who wrote: the contact form's name, or the order's customer. */
  sender: string;
  outletName: string | null;
  /** The message, or the survey's comment (may be empty). */
  text: string;
  /** A survey's marks (1–5); null for a contact message. */
  food: number | null;
  service: number | null;
  handledAt: Date | null;
  handledBy: string | null;
}

function contactItems(db: Database, filter: InboxFilter) {
  let query = db
    .selectFrom("contact_messages as c")
    .leftJoin("outlets as o", "o.id", "c.outlet_id")
    .leftJoin("staff as s", "s.id", "c.handled_by")
    .select([
      sql<MessageKind>`'contact'`.as("kind"),
      "c.id",
      "c.created_at as createdAt",
      "c.name as sender",
      "o.name as outletName",
      "c.message as text",
      sql<number | null>`null::smallint`.as("food"),
      sql<number | null>`null::smallint`.as("service"),
      "c.handled_at as handledAt",
      "s.name as handledBy",
    ]);
  if (filter.state) query = query.where("c.handled_at", filter.state === "open" ? "is" : "is not", null);
  if (filter.outlet === NO_OUTLET) query = query.where("c.outlet_id", "is", null);
  else if (filter.outlet) query = query.where("o.code", "=", filter.outlet);
  return query;
}

function surveyItems(db: Database, filter: InboxFilter) {
  let query = db
    .selectFrom("survey_answers as a")
    .innerJoin("orders as r", "r.id", "a.order_id")
    .innerJoin("outlets as o", "o.id", "r.outlet_id")
    .leftJoin("staff as s", "s.id", "a.handled_by")
    .select([
      sql<MessageKind>`'survey'`.as("kind"),
      "a.order_id as id",
      "a.created_at as createdAt",
      sql<string>`concat_ws(' ', r.customer->>'name', r.customer->>'surname')`.as("sender"),
      "o.name as outletName",
      "a.comment as text",
      "a.food",
      "a.service",
      "a.handled_at as handledAt",
      "s.name as handledBy",
    ]);
  if (filter.state) query = query.where("a.handled_at", filter.state === "open" ? "is" : "is not", null);
  // A survey is always about its order's outlet: "about no outlet" leaves none.
  if (filter.outlet === NO_OUTLET) query = query.where(sql<boolean>`false`);
  else if (filter.outlet) query = query.where("o.code", "=", filter.outlet);
  return query;
}

/** Both kinds in one query (a kind filtered out keeps its branch, which reads nothing). */
function inboxQuery(db: Database, filter: InboxFilter) {
  const contact = contactItems(db, filter);
  const survey = surveyItems(db, filter);
  return (filter.kind === "survey" ? contact.where(sql<boolean>`false`) : contact).unionAll(filter.kind === "contact" ? survey.where(sql<boolean>`false`) : survey);
}

export interface InboxPage {
  items: InboxItem[];
  page: number;
  pages: number;
  total: number;
}

/** A page of the inbox (from 1), newest first; null for a page past the last (the first always exists). */
export async function listInbox(db: Database, filter: InboxFilter, page: number): Promise<InboxPage | null> {
  const counted = await db
    .selectFrom(inboxQuery(db, filter).as("m"))
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const window = pageWindow(total, page, INBOX_PAGE_SIZE);
  if (!window) return null;
  const rows = await db
    .selectFrom(inboxQuery(db, filter).as("m"))
    .selectAll()
    .orderBy("m.createdAt", "desc")
    .orderBy("m.kind")
    .orderBy("m.id", "desc")
    .limit(INBOX_PAGE_SIZE)
    .offset(window.offset)
    .execute();
  return { items: rows.map((r) => ({ ...r, food: r.food === null ? null : Number(r.food), service: r.service === null ? null : Number(r.service) })), ...window, total };
}

interface Handling {
  handledAt: Date | null;
  handledBy: string | null;
}

export type InboxMessage =
  | (Handling & {
      kind: "contact";
      id: number;
      createdAt: Date;
      name: string;
      email: string;
      phone: string;
      outletName: string | null;
      outletCode: string | null;
      orderNumber: string | null;
      message: string;
      lng: string;
    })
  | (Handling & {
      kind: "survey";
      id: number;
      createdAt: Date;
      name: string;
      email: string;
      phone: string;
      outletName: string;
      outletCode: string;
      orderNumber: string;
      orderUuid: string;
      food: number;
      service: number;
      comment: string;
      lng: string;
    });

/** One item of the inbox, or null when there is none of that kind and id. */
export async function inboxMessage(db: Database, kind: MessageKind, id: number): Promise<InboxMessage | null> {
  if (kind === "contact") {
    const row = await db
      .selectFrom("contact_messages as c")
      .leftJoin("outlets as o", "o.id", "c.outlet_id")
      .leftJoin("staff as s", "s.id", "c.handled_by")
      .select(["c.id", "c.created_at", "c.name", "c.email", "c.phone", "o.name as outletName", "o.code as outletCode", "c.order_number", "c.message", "c.lng", "c.handled_at", "s.name as handledBy"])
      .where("c.id", "=", id)
      .executeTakeFirst();
    if (!row) return null;
    return {
      kind,
      id: row.id,
      createdAt: row.created_at,
      name: row.name,
      email: row.email,
      phone: row.phone,
      outletName: row.outletName,
      outletCode: row.outletCode,
      orderNumber: row.order_number,
      message: row.message,
      lng: row.lng,
      handledAt: row.handled_at,
      handledBy: row.handledBy,
    };
  }
  const row = await db
    .selectFrom("survey_answers as a")
    .innerJoin("orders as r", "r.id", "a.order_id")
    .innerJoin("outlets as o", "o.id", "r.outlet_id")
    .leftJoin("staff as s", "s.id", "a.handled_by")
    .select(["a.order_id", "a.created_at", "r.customer", "r.number", "r.uuid", "o.name as outletName", "o.code as outletCode", "a.food", "a.service", "a.comment", "a.lng", "a.handled_at", "s.name as handledBy"])
    .where("a.order_id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    kind,
    id: row.order_id,
    createdAt: row.created_at,
    name: `${row.customer.name} ${row.customer.surname}`.trim(),
    email: row.customer.email,
    phone: row.customer.mobile,
    outletName: row.outletName,
    outletCode: row.outletCode,
    orderNumber: row.number,
    orderUuid: row.uuid,
    food: row.food,
    service: row.service,
    comment: row.comment,
    lng: row.lng,
    handledAt: row.handled_at,
    handledBy: row.handledBy,
  };
}

export type HandleOutcome = "done" | "unchanged" | "missing";

/**
 * Marks an item handled (by a member of staff, at an instant) or open again. Only an open item becomes handled and
 * only a handled one open (one statement: of two managers marking it at once, one does it, the other is told
 * `unchanged`); `missing` when there is no such item.
 */
export async function setHandled(db: Database, input: { kind: MessageKind; id: number; handled: boolean; staffId: number; now: Date }): Promise<HandleOutcome> {
  const values = input.handled ? { handled_at: input.now, handled_by: input.staffId } : { handled_at: null, handled_by: null };
  const updated =
    input.kind === "contact"
      ? await db
          .updateTable("contact_messages")
          .set(values)
          .where("id", "=", input.id)
          .where("handled_at", input.handled ? "is" : "is not", null)
          .returning("id")
          .executeTakeFirst()
      : await db
          .updateTable("survey_answers")
          .set(values)
          .where("order_id", "=", input.id)
          .where("handled_at", input.handled ? "is" : "is not", null)
          .returning("order_id as id")
          .executeTakeFirst();
  if (updated) return "done";
  return (await inboxMessage(db, input.kind, input.id)) ? "unchanged" : "missing";
}
