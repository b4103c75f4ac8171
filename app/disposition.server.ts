import { dispositionFor, findDeliveryOutlet, getOutlet, listOutlets } from "#server/outlets/outlets";
import { DomainError } from "#server/errors";
import type { OrderType } from "#server/cart/pricing";
import { reassignCart } from "#server/cart/cart";
import type { Storefront } from "./storefront.server";

/**
 * Stores the visitor's disposition (order type and outlet) in the session. Only a complete one is stored:
 * an outlet id and an order type. A delivery disposition comes from the outlet serving the postal code.
 */
export async function chooseDisposition(
  store: Storefront,
  choice: { orderType: "C"; outletId: number } | { orderType: "D"; postalCode: string },
) {
  const outlet =
    choice.orderType === "C" ? await getOutlet(store.db, choice.outletId) : await findDeliveryOutlet(store.db, choice.postalCode);
  if (!outlet) throw new DomainError(choice.orderType === "D" ? "NO-OUTLET" : "HUTFE-0");
  const disposition = dispositionFor(outlet, choice.orderType as OrderType, choice.orderType === "D" ? choice.postalCode : undefined);
  store.session.set("disposition", disposition);
  const cartUuid = store.session.get("cartUuid");
  if (cartUuid) await reassignCart(store.db, cartUuid, disposition.outletId, disposition.orderType);
  return disposition;
}

/** The outlets a visitor can pick up from, in the chain's order. */
export function carryoutOutlets(store: Storefront) {
  return listOutlets(store.db, "C");
}
