import { parseWithZod } from "~/web/forms.server";
import { json } from "@remix-run/node";
import type { Customer } from "#server/customers/accounts";
import { verifyCustomerLogin } from "#server/customers/accounts";
import { deleteAccountSchema } from "#server/customers/profile-forms";
import { deleteCustomer } from "#server/customers/privacy";
import { now } from "#server/clock";
import { isDomainError } from "#server/errors";
import { translator } from "~/i18n/translator.server";
import { signOutCustomer } from "~/web/customer.server";
import { clientAddress } from "~/web/edge.server";
import { noticeForError, type Storefront } from "~/web/storefront.server";

/**
 * /account/delete's glue (the cancellation right, LFPDPPP ARCO): the password proves it is the customer (behind
 * the sign-in guard's limits: a stolen session cannot guess it); an account without one (social sign-in) types the
 * page's confirmation word. Then the account goes (server/customers/privacy.ts: sessions end, orders anonymised)
 * and the browser is signed out with notices.account.accountDeleted.
 */
type SignedIn = Storefront & { customer: Customer };

/** Too many password tries: 429; an order still open (CUS-100018): 409, the account stays until it ends. */
const refusalStatus: Partial<Record<string, number>> = { "CUS-100016": 429, "CUS-100018": 409 };

export function deletePage(store: SignedIn) {
  return { title: translator(store.lng, "profile")("delete.title"), hasPassword: store.customer.hasPassword, email: store.customer.email };
}

export async function deleteAccount(store: SignedIn, form: FormData, context: unknown): Promise<Response> {
  const c = store.customer;
  const submission = parseWithZod(form, { schema: deleteAccountSchema(c.hasPassword, store.lng) });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: ["password"] }), notice: null }, { status: 400 });
  try {
    if (c.hasPassword && "password" in submission.value) {
      await verifyCustomerLogin(store.db, { email: c.email, password: submission.value.password, clientAddress: clientAddress(context), knownDevice: true });
    }
    await deleteCustomer(store.db, c.id, now());
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const notice = noticeForError(error, store.lng);
    const onPassword = error.code === "CUS-100005";
    const result = submission.reply({ ...(onPassword ? { fieldErrors: { password: ["errors:passwordWrong"] } } : {}), hideFields: ["password"] });
    return json({ result, notice: onPassword ? null : notice }, { status: onPassword ? 403 : (refusalStatus[error.code] ?? 400) });
  }
  return signOutCustomer(store, { tone: "info", key: "notices.account.accountDeleted" });
}
