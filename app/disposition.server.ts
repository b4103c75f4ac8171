import { dispositionFor, findDeliveryOutlet, getOutlet, listOutlets, type Disposition } from "#server/outlets/outlets";
import { DomainError } from "#server/errors";
import type { OrderType } from "#server/cart/pricing";
import { getCart } from "#server/cart/cart";
import { menuPage } from "./menu.server";
import { forgetCart, type Storefront } from "./storefront.server";

export type DispositionChoice = { orderType: "C"; outletId: number } | { orderType: "D"; postalCode: string };

/** The disposition as the confirmation names it. */
export interface DispositionLabel {
  orderType: OrderType;
  outletName: string;
  postalCode: string | null;
}

export type DispositionOutcome =
  /** Stored. `cartCleared`: a cart with products was deleted to make the change. */
  | { kind: "applied"; disposition: Disposition; cartCleared: boolean }
  /** Nothing changed: the cart has products and the choice differs, so the customer must confirm first. */
  | { kind: "confirm"; choice: DispositionChoice; next: DispositionLabel; current: DispositionLabel | null; count: number };

/** Same order type, outlet and postal code: choosing it again changes nothing the cart depends on. */
export function sameDisposition(a: Disposition, b: Disposition): boolean {
  return a.orderType === b.orderType && a.outletId === b.outletId && (a.postalCode ?? null) === (b.postalCode ?? null);
}

const label = (d: Disposition): DispositionLabel => ({
  orderType: d.orderType,
  outletName: d.outletName,
  postalCode: d.postalCode ?? null,
});

/**
 * Stores the visitor's disposition (order type and outlet) in the session. Only a complete one is stored:
 * an outlet id and an order type. A delivery disposition comes from the outlet serving the postal code.
 *
 * Spec section 4: changing order type, outlet or postal code with a non-empty cart asks for confirmation and
 * then clears the cart. So a different choice while the cart has products answers `confirm` and changes nothing
 * unless `confirmed`; confirmed, the cart is deleted on the server and forgotten by the session. An empty cart
 * (a row without lines, or a uuid whose row is gone) is dropped silently. The same choice as now keeps the cart
 * and the current disposition's other fields (the order time), refreshing the outlet's facts.
 * Refusals (unknown outlet, postal code nobody serves) are DomainErrors, checked before anything else.
 */
export async function chooseDisposition(
  store: Storefront,
  choice: DispositionChoice,
  options: { confirmed?: boolean } = {},
): Promise<DispositionOutcome> {
  const outlet =
    choice.orderType === "C" ? await getOutlet(store.db, choice.outletId) : await findDeliveryOutlet(store.db, choice.postalCode);
  if (!outlet) throw new DomainError(choice.orderType === "D" ? "NO-OUTLET" : "HUTFE-0");
  const next = dispositionFor(outlet, choice.orderType as OrderType, choice.orderType === "D" ? choice.postalCode : undefined);
  const current = store.session.get("disposition");

  if (current && sameDisposition(current, next)) {
    const { advanceOrder: _keep, ...facts } = next;
    store.session.set("disposition", { ...current, ...facts });
    return { kind: "applied", disposition: next, cartCleared: false };
  }

  const cartUuid = store.session.get("cartUuid");
  const cart = cartUuid ? await getCart(store.db, cartUuid) : undefined;
  const hasProducts = Boolean(cart && cart.lines.length > 0);
  if (hasProducts && !options.confirmed) {
    return { kind: "confirm", choice, next: label(next), current: current ? label(current) : null, count: cart!.count };
  }
  if (cartUuid) await forgetCart(store);
  store.session.set("disposition", next);
  return { kind: "applied", disposition: next, cartCleared: hasProducts };
}

/**
 * Where a chosen disposition leads: the menu's first category and sub-category, the page `/order` redirects to.
 * Going there in one step matters for the notice: with JavaScript, following `/order`'s own redirect fetches the
 * root loader twice, and the first fetch would consume the one-shot notice the second one needs to show.
 */
export async function menuStartPath(store: Storefront): Promise<string> {
  const page = await menuPage(store, undefined, undefined);
  return page.kind === "redirect" ? page.to : "/order";
}

/** The outlets a visitor can pick up from, in the chain's order. */
export function carryoutOutlets(store: Storefront) {
  return listOutlets(store.db, "C");
}
