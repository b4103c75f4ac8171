import { tenant } from "#server/tenant";
import { scheduledText } from "~/components/order-time/slot-text";
import { choiceTexts } from "~/components/order/choice-texts";
import { invoiceText } from "~/components/order/invoice-text";
import type { Database } from "#server/db/client";
import { env } from "#server/config";
import { whenDatabaseReady } from "#server/db/client";
import { deliverMail, sendMail, startMailSender } from "#server/mail";
import { enqueueMail } from "#server/mail/outbox";
import type { ApplicationRecord } from "#server/careers/applications";
import { mailOrderOf, orderForMail, type OrderLink, type OrderViewRow, type TrackedOrder } from "#server/orders/tracker";
import { orderLinksMail } from "#server/orders/lookup";
import { now } from "#server/clock";
import { localize } from "#server/i18n/text";
import { formatClock, formatDateTime, formatMoney, formatPhone, isolated } from "~/format";
import { isLng, fallbackLng, type Lng } from "~/i18n/config";
import { createTranslator, type TFunction } from "~/i18n/translate";
import { resources } from "~/locales";
import arMail from "~/locales/ar/mail.json";
import enMail from "~/locales/en/mail.json";
import esMail from "~/locales/es/mail.json";
import { deliveryAddressText, stageLabel } from "~/components/tracker/stages";

/**
 * The storefront's mails, rendered here (the web's translations and formats) and handed to server/mail, which
 * writes them to the outbox and, with SMTP_URL, sends them. The mail texts are their own namespace
 * (app/locales/{lng}/mail.json), kept out of `resources` because no page shows them (every page inlines its
 * language's resources); the order's words (stages, totals, payment) come from the tracker, cart and checkout namespaces.
 */
export const mailTexts = { es: esMail, en: enMail, ar: arMail } as const;

export function mailTranslator(lng: Lng): TFunction {
  const r = resources[lng];
  return createTranslator(lng, { mail: mailTexts[lng], tracker: r.tracker, cart: r.cart, checkout: r.checkout, common: r.common, ordertime: r.ordertime }, "mail");
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The storefront's public address without a trailing slash (PUBLIC_URL). */
export function publicUrl(): string {
  return env().PUBLIC_URL.replace(/\/+$/, "");
}

export const trackerUrl = (baseUrl: string, uuid: string) => `${baseUrl}/tracker-order/${uuid}`;

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A whole mail's html: the language and direction of the text, plain blocks, no images or scripts. */
export function htmlDocument(lng: Lng, title: string, body: string): string {
  const dir = lng === "ar" ? "rtl" : "ltr";
  return `<!doctype html><html lang="${lng}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family: Arial, sans-serif; color: #1d1d1b; line-height: 1.5">${body}</body></html>`;
}

const p = (text: string) => `<p>${escapeHtml(text)}</p>`;
const link = (href: string) => `<p><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></p>`;

/** The order's confirmation: what was ordered, the totals, where and when, the payment and the tracker link. */
export function renderOrderConfirmation(order: TrackedOrder, name: string, lng: Lng, baseUrl: string): RenderedMail {
  const t = mailTranslator(lng);
  const brand = tenant.name[lng];
  const money = (cents: number) => formatMoney(cents, lng);
  const subject = t("confirmation.subject", { number: order.number, brand });
  const where =
    order.orderType === "D" && order.deliveryAddress
      ? t("confirmation.delivery", { address: deliveryAddressText(order.deliveryAddress, (key, values) => t(`tracker:${key}`, values)) })
      : t("confirmation.carryout", { outlet: order.outletName, address: order.outletAddress });
  const time = t("confirmation.time", {
    time: order.collectionTime
      ? scheduledText(t, lng, { collectionTime: order.collectionTime, collectionFrom: order.collectionFrom, timeZone: order.timeZone })
      : order.asapBy
        ? t("confirmation.asapBy", { time: formatClock(order.asapBy, order.timeZone) })
        : t("confirmation.asap"),
  });
  const method = t(`checkout:payment.${order.paymentMethod}`);
  const cash = order.cash ? t("tracker:cashChange", { tendered: money(order.cash.tenderedCents), change: money(order.cash.changeCents) }) : null;
  const payment = t("confirmation.payment", { method: cash ? `${method} · ${cash}` : method });
  const invoice = order.invoice ? `${t("tracker:invoice")}: ${invoiceText(t, order.invoice)}` : null;
  const lines = order.items.map((item) => {
    const options = [item.size, item.crust].filter(Boolean).join(" · ");
    return { label: t("cart:lineSummary", { quantity: item.quantity, name: item.name }), detail: [options, ...choiceTexts(t, item)].filter(Boolean).join(" — "), total: money(item.totalCents) };
  });
  // Each coupon by its code with what it gave (its discount, a fee it waived, a gift's price), as the tracker lists
  // them; a delivery whose fee a coupon waived says so.
  const coupons = order.coupons.map((c): [string, string] => [`${c.name} (${c.code})`, t("tracker:couponSaved", { amount: money(c.discountCents) })]);
  const fee: [string, string][] =
    order.deliveryFeeCents > 0 ? [[t("cart:deliveryFee"), money(order.deliveryFeeCents)]] : order.orderType === "D" ? [[t("cart:deliveryFee"), t("cart:free")]] : [];
  const totals: [string, string][] = [
    [t("cart:subtotal"), money(order.subtotalCents)],
    ...(order.discountCents > 0 ? [[t("tracker:discount"), formatMoney(order.discountCents, lng, "\u2212")] as [string, string]] : []),
    ...fee,
    [t("cart:total"), money(order.totalCents)],
    [t("cart:taxIncluded", { percent: order.taxPercent }), money(order.taxCents)],
  ];
  const url = trackerUrl(baseUrl, order.uuid);
  const call = t("confirmation.call", { outlet: order.outletName, phone: isolated(formatPhone(order.outletPhone), lng) });
  const footer = t("footer", { brand });

  const text = [
    t("confirmation.greeting", { name }),
    "",
    t("confirmation.intro", { number: order.number }),
    "",
    ...lines.map((l) => `${l.label}${l.detail ? ` (${l.detail})` : ""}  ${l.total}`),
    "",
    ...totals.map(([label, value]) => `${label}: ${value}`),
    ...(coupons.length ? ["", `${t("tracker:coupons")}:`, ...coupons.map(([label, value]) => `${label}: ${value}`)] : []),
    "",
    where,
    time,
    payment,
    ...(invoice ? [invoice] : []),
    "",
    t("confirmation.track"),
    url,
    "",
    call,
    "",
    footer,
  ].join("\n");

  const cell = (value: string, end = false) =>
    `<td style="padding: 4px 8px;${end ? " text-align: end; white-space: nowrap" : ""}">${value}</td>`;
  const html = htmlDocument(
    lng,
    subject,
    [
      p(t("confirmation.greeting", { name })),
      p(t("confirmation.intro", { number: order.number })),
      `<table style="border-collapse: collapse">${lines
        .map((l) => `<tr>${cell(`${escapeHtml(l.label)}${l.detail ? `<br><small>${escapeHtml(l.detail)}</small>` : ""}`)}${cell(escapeHtml(l.total), true)}</tr>`)
        .join("")}${totals.map(([label, value]) => `<tr>${cell(escapeHtml(label))}${cell(escapeHtml(value), true)}</tr>`).join("")}</table>`,
      ...(coupons.length
        ? [p(`${t("tracker:coupons")}:`), `<ul>${coupons.map(([label, value]) => `<li>${escapeHtml(label)}: ${escapeHtml(value)}</li>`).join("")}</ul>`]
        : []),
      p(where),
      p(time),
      p(payment),
      ...(invoice ? [p(invoice)] : []),
      p(t("confirmation.track")),
      link(url),
      p(call),
      `<p><small>${escapeHtml(footer)}</small></p>`,
    ].join(""),
  );
  return { subject, text, html };
}

/**
 * The store canceled the order: which order, why (the reason staff typed, which the console's field says the
 * customer reads), the card payment's return when it was paid online, and where to order again.
 */
export function renderOrderCancellation(order: TrackedOrder, name: string, reason: string, lng: Lng, baseUrl: string): RenderedMail {
  const t = mailTranslator(lng);
  const brand = tenant.name[lng];
  const subject = t("cancellation.subject", { number: order.number, brand });
  const lines = [
    t("confirmation.greeting", { name }),
    t("cancellation.intro", { outlet: order.outletName, number: order.number }),
    t("cancellation.reason", { reason }),
    ...(order.paymentMethod === "card" ? [t("cancellation.refund")] : []),
    t("cancellation.again"),
  ];
  const again = `${baseUrl}/home`;
  const call = t("confirmation.call", { outlet: order.outletName, phone: isolated(formatPhone(order.outletPhone), lng) });
  const footer = t("footer", { brand });
  const text = [...lines.flatMap((line) => [line, ""]), again, "", call, "", footer].join("\n");
  const html = htmlDocument(lng, subject, [...lines.map(p), link(again), p(call), `<p><small>${escapeHtml(footer)}</small></p>`].join(""));
  return { subject, text, html };
}

/** Writes the cancellation mail of an order the store canceled to the outbox, once, in the move's transaction. */
export async function queueCancellationMail(trx: Database, uuid: string, reason: string): Promise<boolean> {
  const found = await orderForMail(trx, uuid, mailLanguage);
  if (!found) return false;
  const mail = renderOrderCancellation(found.order, found.recipient.name, reason, found.lng, publicUrl());
  return enqueueMail(trx, { kind: "order-cancellation", key: `order-cancellation:${uuid}`, to: found.recipient.email, ...mail }, now());
}

/** The answer to an email-only lookup: links to the latest orders placed with that email. */
export function renderOrderLinks(orders: OrderLink[], lng: Lng, baseUrl: string): RenderedMail {
  const t = mailTranslator(lng);
  const brand = tenant.name[lng];
  const subject = t("links.subject", { brand });
  const items = orders.map((o) => ({
    line: t("links.line", {
      number: o.number,
      date: formatDateTime(o.createdAt, lng, o.timeZone),
      total: formatMoney(o.totalCents, lng),
      stage: t(`tracker:${stageLabel(o.stage, o.orderType)}`),
    }),
    url: trackerUrl(baseUrl, o.uuid),
  }));
  const text = [t("links.intro"), "", ...items.flatMap((i) => [i.line, i.url, ""]), t("links.ignore"), "", t("footer", { brand })].join("\n");
  const html = htmlDocument(
    lng,
    subject,
    [
      p(t("links.intro")),
      `<ul>${items.map((i) => `<li>${escapeHtml(i.line)}<br><a href="${escapeHtml(i.url)}">${escapeHtml(i.url)}</a></li>`).join("")}</ul>`,
      p(t("links.ignore")),
      `<p><small>${escapeHtml(t("footer", { brand }))}</small></p>`,
    ].join(""),
  );
  return { subject, text, html };
}

/**
 * Writes an order's confirmation mail to the outbox, in the order's language, once (its key is the order's
 * uuid). Called with the order's own transaction (placeOrder's `withOrder`), so the mail exists exactly when the
 * order does: a crash right after the commit loses nothing, and a failure here fails the placement instead of
 * leaving an order without its mail. The sender ships it after the commit (`deliverMail`).
 */
export async function queueOrderConfirmation(trx: Database, uuid: string): Promise<boolean> {
  const found = await orderForMail(trx, uuid, mailLanguage);
  return found ? enqueueConfirmation(trx, found) : false;
}

/**
 * The same, from the order as the placing statement wrote it and gave it back (placeOrder's `withOrder`): the order
 * is not read again (issue 15).
 */
export function queueConfirmationOf(trx: Database, written: OrderViewRow): Promise<boolean> {
  return enqueueConfirmation(trx, mailOrderOf(written, mailLanguage));
}

const mailLanguage = (locale: string): Lng => (isLng(locale) ? locale : fallbackLng);

function enqueueConfirmation(trx: Database, { order, recipient, lng }: ReturnType<typeof mailOrderOf<Lng>>): Promise<boolean> {
  const mail = renderOrderConfirmation(order, recipient.name, lng, publicUrl());
  return enqueueMail(trx, { kind: "order-confirmation", key: `order-confirmation:${order.uuid}`, to: recipient.email, ...mail }, now());
}

/**
 * Mails the links of an email's recent orders to that email, when it has any (the policy: server/orders/lookup.ts,
 * one mail per address per ten minutes); nothing otherwise. Answers whether a mail was enqueued (for tests and
 * logs; never shown: the page answers the same either way).
 */
export async function sendOrderLinks(db: Database, email: string, lng: Lng): Promise<boolean> {
  const links = await orderLinksMail(db, email, now());
  if (!links) return false;
  const { queued } = await sendMail(db, { kind: "order-links", key: links.key, to: links.to, ...renderOrderLinks(links.orders, lng, publicUrl()) });
  return queued;
}

// With SMTP_URL set, the sender starts with the server: it also ships what earlier runs left in the outbox.
if (env().SMTP_URL && env().NODE_ENV !== "test") {
  whenDatabaseReady((db) => startMailSender(db));
}

export { deliverMail };

/** The account mails that carry one link (mail.json `account.*`): confirm an email, reset a password, "you have an account". */
export type AccountMail = "confirm" | "reset" | "exists";

export function renderAccountMail(kind: AccountMail, name: string, url: string, lng: Lng): RenderedMail {
  return renderNoticeMail(`account.${kind}`, lng, { name }, url);
}

/**
 * A short mail of the accounts (mail.json: `<texts>.subject`, `.greeting`, `.intro`, `.ignore`): a greeting, a
 * paragraph, the link when there is one, what to do if it was not you, the footer. `values` fill the blanks.
 */
export function renderNoticeMail(texts: string, lng: Lng, values: { name: string; email?: string }, url?: string): RenderedMail {
  const t = mailTranslator(lng);
  const brand = tenant.name[lng];
  const subject = t(`${texts}.subject`, { brand });
  const greeting = t(`${texts}.greeting`, { name: values.name });
  const intro = t(`${texts}.intro`, { email: values.email ?? "" });
  const ignore = t(`${texts}.ignore`);
  const footer = t("footer", { brand });
  const text = [greeting, "", intro, ...(url ? [url] : []), "", ignore, "", footer].join("\n");
  const html = htmlDocument(lng, subject, [p(greeting), p(intro), url ? link(url) : "", p(ignore), `<p><small>${escapeHtml(footer)}</small></p>`].join(""));
  return { subject, text, html };
}

/**
 * Sends an account mail to `to` through the outbox (and the SMTP sender when configured). `path` is the link's path
 * on this site ("/confirmation/<token>"); the mail carries it as an absolute link (PUBLIC_URL).
 */
export async function sendAccountMail(
  db: Database,
  kind: AccountMail,
  to: { email: string; name: string; lng: Lng },
  path: string,
  /** once-only key (the outbox drops a second mail with it); default: always sent */
  key?: string,
): Promise<void> {
  await sendMail(db, { kind: `account-${kind}`, key, to: to.email, ...renderAccountMail(kind, to.name, `${publicUrl()}${path}`, to.lng) });
}

/**
 * A job application, as the chain's careers address receives it (issue 14 point 4): who applied for which opening,
 * how to reach them, their message; the CV goes as the mail's attachment (resolved by the sender from the stored
 * application: server/mail/attachments.ts). In the chain's language (Spanish): it is read by its people, not by the
 * applicant.
 */
export function renderJobApplication(application: ApplicationRecord, lng: Lng = fallbackLng): RenderedMail {
  const t = mailTranslator(lng);
  const brand = tenant.name[lng];
  const values = {
    // The opening as the chain names it in this mail's language, not in the applicant's.
    title: localize(application.opening.titles, lng),
    code: application.opening.code,
    outlet: application.opening.outletName,
    name: application.name,
    email: application.email,
    phone: formatPhone(application.phone),
    language: t(`languageName.${application.lng}`),
    file: application.cvFilename,
    size: String(Math.max(1, Math.round(application.cvBytes / 1024))),
    brand,
  };
  const subject = t("application.subject", values);
  const details = [t("application.name", values), t("application.email", values), t("application.phone", values), t("application.language", values)];
  const message = application.message || t("application.noMessage");
  const text = [t("application.intro", values), "", ...details, "", t("application.message"), message, "", t("application.cv", values), "", t("footerInternal", { brand })].join("\n");
  const html = htmlDocument(
    lng,
    subject,
    [
      p(t("application.intro", values)),
      `<ul>${details.map((d) => `<li>${escapeHtml(d)}</li>`).join("")}</ul>`,
      p(t("application.message")),
      `<blockquote style="white-space: pre-wrap">${escapeHtml(message)}</blockquote>`,
      p(t("application.cv", values)),
      `<p><small>${escapeHtml(t("footerInternal", { brand }))}</small></p>`,
    ].join(""),
  );
  return { subject, text, html };
}

/**
 * The applicant's confirmation of a job application (issue 14 point 4), in the language they applied in: which
 * opening and outlet, the CV's name (not the CV itself: the applicant has it), what happens next, the application's
 * number, and the openings' page. Written to the outbox in the transaction that stores the application.
 */
export function renderApplicationReceived(application: ApplicationRecord): RenderedMail {
  const lng = application.lng;
  const t = mailTranslator(lng);
  const brand = tenant.name[lng];
  const values = { title: localize(application.opening.titles, application.lng), outlet: application.opening.outletName, name: application.name, file: application.cvFilename, id: application.id, brand };
  const subject = t("applicationReceived.subject", values);
  const openings = `${publicUrl()}/careers`;
  const lines = [t("applicationReceived.greeting", values), t("applicationReceived.body", values), t("applicationReceived.next", values), t("applicationReceived.reference", values)];
  const footer = t("footer", { brand });
  const text = [...lines.flatMap((line) => [line, ""]), t("applicationReceived.openings"), openings, "", footer].join("\n");
  const html = htmlDocument(lng, subject, [...lines.map(p), p(t("applicationReceived.openings")), link(openings), `<p><small>${escapeHtml(footer)}</small></p>`].join(""));
  return { subject, text, html };
}
