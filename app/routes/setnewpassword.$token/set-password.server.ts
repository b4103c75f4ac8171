import { now } from "#server/clock";
import { findCustomer, resetPassword } from "#server/customers/accounts";
import { isCommonPassword } from "#server/customers/common-passwords";
import { peekToken } from "#server/customers/tokens";
import { isDomainError } from "#server/errors";
import { signInCustomer } from "~/web/customer.server";
import type { Storefront } from "~/web/storefront.server";

export const commonPassword = (password: string) => isCommonPassword(password);

/** Whether the link is live (the page shows its form only then; nothing is spent by looking). */
export async function linkIsLive(store: Storefront, token: string): Promise<boolean> {
  return (await peekToken(store.db, token, "reset", now())) !== undefined;
}

/**
 * Sets the new password (server/customers/accounts.ts resetPassword: single-use link, not the old password, every
 * session of the account ended) and signs the customer in on this browser with a new session. Answers the 303, or
 * the refusal's code: "old" (CUS-100006) or "invalid" (CUS-100015).
 */
export async function setNewPassword(store: Storefront, request: Request, token: string, password: string): Promise<Response | "old" | "invalid"> {
  let id: number;
  try {
    id = await resetPassword(store.db, token, password, now());
  } catch (error) {
    if (isDomainError(error) && error.code === "CUS-100006") return "old";
    if (isDomainError(error) && error.code === "CUS-100015") return "invalid";
    throw error;
  }
  const customer = await findCustomer(store.db, id);
  if (!customer) return "invalid";
  return signInCustomer(store, request, customer, "/profile", { tone: "success", key: "notices.account.passwordChanged" });
}
