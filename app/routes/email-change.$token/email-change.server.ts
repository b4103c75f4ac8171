import { confirmEmailChange } from "#server/customers/email-change";
import { peekToken } from "#server/customers/tokens";
import { now } from "#server/clock";
import { DomainError, isDomainError } from "#server/errors";
import { translator } from "~/i18n/translator.server";
import { sendEmailChangedNotice } from "~/web/profile-mail.server";
import type { Notice } from "~/web/session.server";
import { noticeForError, redirectWith, type Storefront } from "~/web/storefront.server";

/** /email-change/:token's glue: the page (is the link live?) and following the link. */
export interface EmailChangePage {
  title: string;
  /** The new address of a live link (the page offers its button), else null. */
  email: string | null;
  notice: Notice | null;
}

export async function emailChangePage(store: Storefront, token: string): Promise<{ page: EmailChangePage; status: number }> {
  const email = (await peekToken(store.db, token, "email-change", now()))?.email ?? null;
  const notice = email ? null : noticeForError(new DomainError("CUS-100015"), store.lng);
  return { page: { title: translator(store.lng, "profile")("emailChange.title"), email, notice }, status: email ? 200 : 410 };
}

/**
 * Spends the link and moves the account to the new address, then tells the old address: a 303 to the profile, or,
 * in a browser not signed in to that account, to the sign-in.
 * A refusal (CUS-100015 a dead link: 410; CUS-100003 an address another account has by now: 409) is the page again.
 */
export async function followEmailChange(store: Storefront, token: string): Promise<Response | { page: EmailChangePage; status: number }> {
  let changed: Awaited<ReturnType<typeof confirmEmailChange>>;
  try {
    changed = await confirmEmailChange(store.db, token, now());
    await sendEmailChangedNotice(store.db, changed);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // An address another account took meanwhile: said without the sign-in's "sign in or reset your password".
    const notice: Notice = error.code === "CUS-100003" ? { tone: "error", key: "errors:emailTakenByAnother" } : noticeForError(error, store.lng);
    const page = { title: translator(store.lng, "profile")("emailChange.title"), email: null, notice };
    return { page, status: error.code === "CUS-100003" ? 409 : 410 };
  }
  // The link is often followed on another device (the phone's mail app) than the one signed in: there the profile
  // would only ask to sign in, and the news would be lost. That browser goes to the sign-in, told which address to use.
  if (store.customer?.id === changed.customerId) {
    return redirectWith(store.session, "/profile", { tone: "success", key: "notices.account.emailChanged" });
  }
  return redirectWith(store.session, "/login", { tone: "success", key: "notices.account.emailChangedSignIn", values: { email: changed.newEmail } });
}
