import { now } from "#server/clock";
import { requestPasswordReset } from "#server/customers/accounts";
import { consume } from "#server/security/rate-limits";
import { isLng } from "~/i18n/config";
import { sendAccountMail } from "~/web/mail.server";
import type { Storefront } from "~/web/storefront.server";

/** Whether one more "forgot my password" post from this address is allowed (limits.resetPerAddress). */
export const resetAllowed = (store: Storefront, address: string) => consume(store.db, "resetPerAddress", `reset:${address}`);

/**
 * Mails a reset link (one hour, single-use) when the email has an account and none was sent in the last minute;
 * nothing otherwise. The caller answers the same either way.
 */
export async function mailResetLink(store: Storefront, email: string): Promise<void> {
  const reset = await requestPasswordReset(store.db, email, now());
  if (!reset) return;
  await sendAccountMail(
    store.db,
    "reset",
    { email: reset.email, name: reset.firstName, lng: isLng(reset.locale) ? reset.locale : store.lng },
    `/setnewpassword/${reset.token}`,
  );
}
