import { tenant } from "#server/tenant";
import { exportCustomerData } from "#server/customers/privacy";
import { now } from "#server/clock";
import type { Customer } from "#server/customers/accounts";
import type { Storefront } from "~/web/storefront.server";

/** "horno-rojo-pizza-mis-datos-2026-11-28.json": the chain's own name (its Spanish one, as a file name: ASCII). */
function downloadName(at: Date): string {
  const brand = tenant.name.es.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase();
  return `${brand || "datos"}-mis-datos-${at.toISOString().slice(0, 10)}.json`;
}

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
      "Content-Disposition": `attachment; filename="${downloadName(at)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
