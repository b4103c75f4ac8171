import { exportCustomerData } from "#server/customers/privacy";
import { now } from "#server/clock";
import type { Customer } from "#server/customers/accounts";
import type { Storefront } from "~/web/storefront.server";

/**
 * The access right (LFPDPPP, ARCO): the signed-in customer's data (server/customers/privacy.ts) as a JSON file to
 * download, named with the day. Never cached anywhere; no password or token hash is in it.
 */
export async function dataDownload(store: Storefront & { customer: Customer }): Promise<Response> {
  const at = now();
  const data = await exportCustomerData(store.db, store.customer.id, at);
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="pizza-hut-my-data-${at.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
