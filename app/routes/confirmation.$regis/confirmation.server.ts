import { now } from "#server/clock";
import { confirmEmail, renewConfirmation, type Customer } from "#server/customers/accounts";
import { isDomainError } from "#server/errors";
import { sendAccountMail } from "~/web/mail.server";
import type { Notice } from "~/web/session.server";
import { noticeForError, type Storefront } from "~/web/storefront.server";

/** Follows a confirmation link: the id of the account it confirmed (the link was live), else null. */
export async function confirm(store: Storefront, token: string): Promise<number | null> {
  try {
    return await confirmEmail(store.db, token, now());
  } catch (error) {
    if (isDomainError(error) && error.code === "CUS-100015") return null;
    throw error;
  }
}

/** Sends a new confirmation link to the signed-in customer: the notice to show (sent, confirmed already, or CUS-100007). */
export async function resend(store: Storefront & { customer: Customer }): Promise<Notice> {
  try {
    const renewed = await renewConfirmation(store.db, store.customer.id, now());
    if (!renewed) return { tone: "info", key: "notices.account.confirmed" };
    await sendAccountMail(store.db, "confirm", { email: renewed.email, name: store.customer.firstName, lng: store.lng }, `/confirmation/${renewed.token}`);
    return { tone: "success", key: "notices.account.confirmationSent", values: { email: renewed.email } };
  } catch (error) {
    if (isDomainError(error)) return noticeForError(error, store.lng);
    throw error;
  }
}
