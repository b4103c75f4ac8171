import type { Customer } from "#server/customers/accounts";
import { reorderLines } from "#server/customers/history";
import { DomainError, isDomainError } from "#server/errors";
import { localize } from "#server/i18n/text";
import { json } from "@remix-run/node";
import { applyCartIntent } from "~/web/cart.server";
import type { LeftOutLine } from "~/web/session.server";
import { noticeForError, redirectWith, type Storefront } from "~/web/storefront.server";

/**
 * Reorder: every item of one of the customer's past orders goes into the session's cart through the cart's own add
 * (applyCartIntent: the cart is created when there is none, prices are today's, every rule of the current outlet and
 * order time applies). A line the cart refuses (no longer sold at this time or outlet, a choice that no longer
 * holds, the cart's maximum) is left out with its reason, never silently: all added, 303 to the cart with
 * `reordered`; some left out, 303 back to the history with `reorderPartial` and the list (flashed, root.tsx hands it
 * to the page). Another customer's order, or none, is a 404. No outlet chosen: home to choose one, and the choice
 * then reorders (`pendingReorder`); the cart gone on the server is thrown for the storefront's one refusal answer.
 */
export async function reorder(store: Storefront, customer: Customer, orderUuid: string): Promise<Response> {
  const lines = await reorderLines(store.db, customer.id, orderUuid);
  if (!lines) throw json(null, { status: 404 });
  if (!store.session.get("disposition")) {
    // Home to choose delivery or carry-out first; the choice then puts this order in the cart (disposition.server.ts).
    store.session.set("pendingReorder", orderUuid);
    return redirectWith(store.session, "/home", { tone: "info", key: "notices.account.reorderAfterChoice" });
  }
  const leftOut: LeftOutLine[] = [];
  for (const { name, productUuid, ...line } of lines) {
    const shown = { name: localize(name, store.lng), quantity: line.quantity };
    try {
      if (!productUuid) throw new DomainError("ITEM-NOT-FOUND");
      await applyCartIntent(store, { intent: "add", productUuid, ...line });
    } catch (error) {
      if (!isDomainError(error) || error.code === "CART-01" || error.code === "OUTLET-REQUIRED") throw error;
      leftOut.push({ ...shown, reason: noticeForError(error, store.lng) });
    }
  }
  if (leftOut.length === 0) return redirectWith(store.session, "/cart", { tone: "success", key: "notices.account.reordered" });
  store.session.flash("reorderLeftOut", leftOut);
  return redirectWith(store.session, "/history", { tone: "info", key: "notices.account.reorderPartial" });
}
