import { today, now } from "#server/clock";
import { isCommonPassword } from "#server/customers/common-passwords";
import type { RegisterForm } from "#server/customers/rules";
import { findCustomer, findCustomerByEmail, registerCustomer } from "#server/customers/accounts";
import { DomainError, isDomainError } from "#server/errors";
import { consume } from "#server/security/rate-limits";
import { fallbackLng, isLng, type Lng } from "~/i18n/config";
import { signInCustomer } from "~/web/customer.server";
import { sendAccountMail } from "~/web/mail.server";
import { noticeForError, type Storefront } from "~/web/storefront.server";

export const shopToday = () => today();

/** Whether one more registration from this address is allowed (limits.registerPerAddress). */
export async function registrationAllowed(store: Storefront, address: string) {
  return consume(store.db, "registerPerAddress", `register:${address}`);
}

/** The server's own refusal of a password the browser cannot know about (Mozilla's common-password list). */
export const commonPassword = (password: string) => isCommonPassword(password);

/**
 * Creates the account, mails its confirmation link, and signs it in on this browser (an unconfirmed account may
 * order at once: docs/decisions.md). An email that has an account already: that account's owner gets a mail
 * ("someone tried to register with your email; sign in or reset here"), and the caller shows CUS-100003; answers
 * "exists" then.
 */
export async function register(store: Storefront, request: Request, form: RegisterForm, back: string): Promise<Response | "exists"> {
  const lng: Lng = store.lng;
  try {
    const created = await registerCustomer(store.db, form, { now: now(), locale: lng, today: today() });
    await sendAccountMail(store.db, "confirm", { email: form.email, name: form.firstName, lng }, `/confirmation/${created.token}`);
    return signInCustomer(store, request, { id: created.id, email: form.email, firstName: form.firstName }, back, {
      tone: "success",
      key: "notices.account.registered",
      values: { name: form.firstName, email: form.email },
    });
  } catch (error) {
    if (!isDomainError(error) || error.code !== "CUS-100003") throw error;
    const owner = await findCustomerByEmail(store.db, form.email);
    const account = owner ? await findCustomer(store.db, owner.id) : undefined;
    if (account) {
      // At most one such mail per account and hour, however many tries: the form cannot be used to flood a mailbox.
      const hour = Math.floor(now().getTime() / 3_600_000);
      await sendAccountMail(store.db, "exists", { email: account.email, name: account.firstName, lng: isLng(account.locale) ? account.locale : fallbackLng }, "/getmypassword", `account-exists:${account.id}:${hour}`);
    }
    return "exists";
  }
}

/** CUS-100003's notice: an account has this email (sign in or reset the password). */
export const emailTakenNotice = (store: Storefront) => noticeForError(new DomainError("CUS-100003"), store.lng);
