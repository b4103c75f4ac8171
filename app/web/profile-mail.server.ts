import type { Database } from "#server/db/client";
import type { EmailChanged, EmailChangeLink } from "#server/customers/email-change";
import { sendMail } from "#server/mail";
import { fallbackLng, isLng } from "~/i18n/config";
import { publicUrl, renderNoticeMail, type RenderedMail } from "~/web/mail.server";

/**
 * The email change's two mails (mail.json `emailChange.*`), in the account's language: the link to the new
 * address, and the notice to the old one once the change is done (so a change its owner did not make is seen).
 */
const render = (kind: "link" | "notice", lng: string, values: { name: string; email?: string; url?: string }): RenderedMail =>
  renderNoticeMail(`emailChange.${kind}`, isLng(lng) ? lng : fallbackLng, values, values.url);

export const emailChangePath = (token: string) => `/email-change/${token}`;

/** The link to confirm a new address, to that address. */
export async function sendEmailChangeLink(db: Database, change: EmailChangeLink): Promise<void> {
  const url = `${publicUrl()}${emailChangePath(change.token)}`;
  await sendMail(db, { kind: "email-change", to: change.email, ...render("link", change.locale, { name: change.firstName, url }) });
}

/** The notice to the previous address that the account's email changed (to which one). */
export async function sendEmailChangedNotice(db: Database, changed: EmailChanged): Promise<void> {
  await sendMail(db, { kind: "email-changed", to: changed.oldEmail, ...render("notice", changed.locale, { name: changed.firstName, email: changed.newEmail }) });
}
