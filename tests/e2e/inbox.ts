import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { E2E_INBOX } from "../../playwright.config";

/**
 * What the customer receives, as the e2e server's stand-ins keep it (tests/support/e2e-server.mjs): mails through
 * real SMTP, texts through the SMS adapter's webhook. Each reader waits (expect.poll) for the message it needs.
 */
const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), "latin1").toString("utf8");

function readAll(kind: "mail" | "sms"): string[] {
  const dir = join(E2E_INBOX, kind);
  return readdirSync(dir)
    .sort()
    .map((name) => readFileSync(join(dir, name), "utf8"));
}

/** The mails to `to` whose decoded text contains `containing`, as the inbox holds them now (oldest first). */
export function mailsTo(to: string, containing: RegExp): string[] {
  return readAll("mail")
    .filter((raw) => new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "mi").test(raw))
    .map(decodeQuotedPrintable)
    .filter((text) => containing.test(text));
}

/** The newest mail to `to` whose decoded text contains `containing`; waits for it. */
export async function mailTo(to: string, containing: RegExp): Promise<string> {
  let found = "";
  await expect
    .poll(() => {
      found = mailsTo(to, containing).at(-1) ?? "";
      return found !== "";
    })
    .toBe(true);
  return found;
}

/** The first link in a mail that matches `pattern` (an absolute URL), as a path of this site. */
export function linkIn(mail: string, pattern: RegExp): string {
  const url = mail.match(pattern)?.[0];
  if (!url) throw new Error(`no link matching ${pattern} in the mail`);
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** The newest text to `phone`; waits for it. */
export async function smsTo(phone: string): Promise<{ to: string; text: string }> {
  let found: { to: string; text: string } | undefined;
  await expect
    .poll(() => {
      found = readAll("sms")
        .map((raw) => JSON.parse(raw) as { to: string; text: string })
        .filter((m) => m.to.endsWith(phone))
        .at(-1);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}
