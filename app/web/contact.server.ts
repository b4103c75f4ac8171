import { tenant } from "#server/tenant";
import { parseWithZod } from "~/web/forms.server";
import { json } from "@remix-run/node";
import { now } from "#server/clock";
import { env } from "#server/config";
import { contactAllowed, contactOutlets, saveContactMessage, type StoredContact } from "#server/content/feedback";
import { contactSchema, HONEYPOT_FIELD } from "#server/content/feedback-rules";
import { formatPhone } from "~/format";
import { fallbackLng } from "~/i18n/config";
import { translator } from "~/i18n/translator.server";
import { clientAddress } from "~/web/edge.server";
import { escapeHtml, htmlDocument, mailTranslator, type RenderedMail } from "~/web/mail.server";
import { redirectWith, storefront } from "~/web/storefront.server";

/**
 * /contact's glue: the feedback form of the spec's contacts call. The page prefills a signed-in customer's name,
 * email and phone; a post is checked (400 with the translated errors), counted against the rate limits (429), stored
 * and mailed to customer care (CUSTOMER_CARE_EMAIL, the customer as Reply-To), then answered by a 303 to
 * /contact?sent=1. A post that fills the honeypot gets that same 303, and nothing is stored or mailed.
 */
export const SENT_PATH = "/contact?sent=1";

export async function contactPage(request: Request) {
  const store = await storefront(request);
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  const c = store.customer;
  return json({
    title: translator(store.lng, "content")("contact.title"),
    sent,
    outlets: sent ? [] : await contactOutlets(store.db),
    defaults: c ? { name: `${c.firstName} ${c.lastName}`.trim().slice(0, 80), email: c.email, phone: c.phone } : null,
  });
}

export async function contactAction(request: Request, context: unknown) {
  const store = await storefront(request);
  const form = await request.formData();
  // A filled honeypot is a robot's: answered as a success, nothing kept (the robot learns nothing to adapt to).
  const honeypot = form.get(HONEYPOT_FIELD);
  if (honeypot !== null && honeypot !== "") return redirectWith(store.session, SENT_PATH);
  const submission = parseWithZod(form, { schema: contactSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), retryMinutes: 0 }, { status: 400 });
  const verdict = await contactAllowed(store.db, clientAddress(context), submission.value.email);
  if (!verdict.allowed) {
    return json(
      { result: submission.reply({ formErrors: ["content:contact.tooMany"] }), retryMinutes: Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60)) },
      { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } },
    );
  }
  const outcome = await saveContactMessage(
    store.db,
    { ...submission.value, lng: store.lng, customerId: store.customer?.id ?? null },
    (message) => ({ to: env().CUSTOMER_CARE_EMAIL, replyTo: message.email, ...renderContactMail(message) }),
    now(),
  );
  if (!outcome.ok) return json({ result: submission.reply({ fieldErrors: { outlet: ["content:v.outlet"] } }), retryMinutes: 0 }, { status: 400 });
  return redirectWith(store.session, SENT_PATH);
}

/** The message as customer care reads it: in Spanish (the team's language), the customer's words as written. */
export function renderContactMail(message: StoredContact): RenderedMail {
  const lng = fallbackLng;
  const t = mailTranslator(lng);
  const brand = tenant.name[lng];
  const subject = t("contact.subject", { id: message.id, name: message.name });
  const intro = t("contact.intro", { name: message.name });
  const rows: [string, string][] = [
    [t("contact.name"), message.name],
    [t("contact.email"), message.email],
    [t("contact.phone"), formatPhone(message.phone)],
    [t("contact.outlet"), message.outletName ? `${message.outletName} (${message.outletCode})` : t("contact.outletNone")],
    [t("contact.order"), message.orderNumber ?? t("contact.orderNone")],
    [t("contact.lng"), t(`languageName.${message.lng}`)],
  ];
  const reply = t("contact.reply", { email: message.email });
  // Customer care answers it (reply-to is the customer): not the customers' "do not reply" footer.
  const footer = t("footerInternal", { brand });
  const text = [intro, "", ...rows.map(([label, value]) => `${label}: ${value}`), "", `${t("contact.message")}:`, message.message, "", reply, "", footer].join("\n");
  const html = htmlDocument(
    lng,
    subject,
    [
      `<p>${escapeHtml(intro)}</p>`,
      `<table style="border-collapse: collapse">${rows
        .map(([label, value]) => `<tr><th scope="row" style="padding: 4px 8px; text-align: start">${escapeHtml(label)}</th><td style="padding: 4px 8px">${escapeHtml(value)}</td></tr>`)
        .join("")}</table>`,
      `<p><strong>${escapeHtml(t("contact.message"))}:</strong></p>`,
      `<p style="white-space: pre-wrap">${escapeHtml(message.message)}</p>`,
      `<p>${escapeHtml(reply)}</p>`,
      `<p><small>${escapeHtml(footer)}</small></p>`,
    ].join(""),
  );
  return { subject, text, html };
}
