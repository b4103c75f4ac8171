import type { Database } from "#server/db/client";
import type { EmailChanged, EmailChangeLink } from "#server/customers/email-change";
import { sendMail } from "#server/mail";
import { fallbackLng, isLng } from "~/i18n/config";
import { escapeHtml, htmlDocument, link, mailTranslator, p, publicUrl, type RenderedMail } from "~/web/mail.server";

/**
 * The email change's two mails (mail.json `emailChange.*`), in the account's language: the link to the new
 * address, and the notice to the old one once the change is done (so a change its owner did not make is seen).
 */
function render(kind: "link" | "notice", lng: string, values: { name: string; email?: string; url?: string }): RenderedMail {
  const t = mailTranslator(isLng(lng) ? lng : fallbackLng);
  const brand = t("common:brand.name");
  const subject = t(`emailChange.${kind}.subject`, { brand });
  const greeting = t(`emailChange.${kind}.greeting`, { name: values.name });
  const intro = t(`emailChange.${kind}.intro`, { email: values.email ?? "" });
  const ignore = t(`emailChange.${kind}.ignore`);
  const footer = t("footer", { brand });
  const text = [greeting, "", intro, ...(values.url ? [values.url] : []), "", ignore, "", footer].join("\n");
  const body = [p(greeting), p(intro), values.url ? link(values.url) : "", p(ignore), `<p><small>${escapeHtml(footer)}</small></p>`];
  return { subject, text, html: htmlDocument(isLng(lng) ? lng : fallbackLng, subject, body.join("")) };
}

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
