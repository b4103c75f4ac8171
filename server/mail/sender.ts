import { createHash } from "node:crypto";
import { createTransport } from "nodemailer";
import { now } from "../clock";
import type { Database } from "../db/client";
import { type MailAttachment, resolveAttachment } from "./attachments";
import { claimNextMail, markFailed, markSent, MAX_ATTEMPTS } from "./outbox";

/** What the sender needs of a transport: nodemailer's `sendMail`. */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    messageId: string;
    replyTo?: string;
    attachments?: MailAttachment[];
  }): Promise<unknown>;
}

/** A nodemailer SMTP transport for an smtp:// or smtps:// URL (user and password in the URL when needed). */
export function smtpTransport(url: string): MailTransport {
  return createTransport({
    url,
    // A mail server that hangs must not hold the sender for minutes: the mail is tried again on a later run.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/**
 * The Message-ID of an outbox mail, the same on every try: should a sender die after the mail server accepted a
 * mail but before the row says so, the mail goes again when its lease ends (a mail is never lost), and the copy
 * carries the same Message-ID, which mail clients and providers use to show it once.
 */
export function messageId(key: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${createHash("sha256").update(key).digest("hex").slice(0, 32)}@${domain}>`;
}

export interface DeliveryReport {
  sent: number;
  failed: number;
}

/**
 * Sends the outbox's due mails one by one, oldest first, and marks each sent or failed. A run takes at most
 * `limit` mails (a later run takes the rest); it never throws for a mail that fails: the error stays on its row.
 */
export async function deliverPending(
  db: Database,
  transport: MailTransport,
  from: string,
  limit = 100,
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, failed: 0 };
  for (let i = 0; i < limit; i++) {
    const mail = await claimNextMail(db, now());
    if (!mail) break;
    try {
      const attachments = mail.attachment ? { attachments: [await resolveAttachment(db, mail.attachment)] } : {};
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: messageId(mail.key, from),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...attachments,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await markFailed(db, mail.id, reason, now(), mail.attempts);
      // Said in the log too (the row keeps it): a wrong SMTP host or password must not go unnoticed. The mail's id,
      // never an address (an SMTP server's refusal often quotes the recipient's: docs/operations.md, Logs).
      const said = reason.replace(/[^\s<>()"'@]+@[^\s<>()"'@]+/g, "…");
      if (mail.attempts >= MAX_ATTEMPTS) console.error(`[mail] mail #${mail.id} not sent after ${mail.attempts} tries, left for a person: ${said}`);
      else console.warn(`[mail] mail #${mail.id} not sent (try ${mail.attempts} of ${MAX_ATTEMPTS}, tried again later): ${said}`);
      report.failed++;
      continue;
    }
    await markSent(db, mail.id, now());
    report.sent++;
  }
  return report;
}
