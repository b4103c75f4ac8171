import { redirect } from "@remix-run/node";
import { env } from "#server/config";
import type { Database } from "#server/db/client";
import { latestMails } from "#server/mail/outbox";
import { latestTexts } from "#server/sms/outbox";
import { translator } from "~/i18n/translator.server";
import type { Lng } from "~/i18n/config";

/**
 * The demo's outbox (/outbox): with DEMO_OUTBOX=true (`npm start` sets it), the latest mails and texts the shop
 * wrote, newest first, so a newcomer without a mail server or an SMS provider can follow a confirmation link or
 * type a phone code. Otherwise the path does not exist (home, like any unknown path): it would show every
 * customer's messages.
 */
export const OUTBOX_SHOWN = 20;

export async function outboxPage(db: Database, lng: Lng) {
  if (env().DEMO_OUTBOX !== "true") throw redirect("/home");
  const [mails, texts] = await Promise.all([
    latestMails(db, OUTBOX_SHOWN),
    latestTexts(db, OUTBOX_SHOWN),
  ]);
  const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());
  return {
    title: translator(lng, "profile")("outbox.title"),
    mails: mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, createdAt: iso(m.created_at)!, sent: m.sent_at !== null })),
    texts: texts.map((s) => ({ id: s.id, to: s.to, text: s.text, createdAt: iso(s.created_at)!, sent: s.sent_at !== null })),
  };
}
