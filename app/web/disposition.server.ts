import { parseWithZod } from "~/web/forms.server";
import type { SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";
import { dispositionFor, findDeliveryOutlet, getOutlet, listOutlets, type Disposition } from "#server/outlets/outlets";
import { addressLine, type DeliveryAddress } from "#server/outlets/address";
import { addressOf, dispositionChange, keepDisposition } from "#server/outlets/disposition";
import { configuredGeocoder, type Geocoder } from "#server/outlets/geocoder";
import { DomainError, isDomainError } from "#server/errors";
import type { OrderType } from "#server/cart/pricing";
import { getCart } from "#server/cart/rows";
import { dispositionSchema } from "~/forms";
import { menuPage } from "~/web/menu.server";
import type { Notice } from "~/web/session.server";
import { forgetCart, redirectWith, refused, storefront, type Storefront } from "~/web/storefront.server";
import { waitingCouponOutcome, waitingForTime } from "~/web/cart.server";
import { openOrderTimeDialog, orderTimeProblem } from "~/web/order-time.server";
import { savedPlaceChoice, savedPlaceStatus } from "~/web/places.server";
import { reorder } from "~/web/reorder.server";

/**
 * Carry-out at an outlet, or delivery to an address (its outlet comes from the postal code), typed or one of the
 * signed-in customer's saved places (`placeId` and its name: see app/web/places.server.ts).
 */
export type DispositionChoice =
  | { orderType: "C"; outletId: number }
  | ({ orderType: "D" } & DeliveryAddress & { placeId?: number; locationName?: string });

/** The disposition as the confirmation names it. */
export interface DispositionLabel {
  orderType: OrderType;
  outletName: string;
  postalCode: string | null;
}

export type DispositionOutcome =
  /**
   * Stored. `cartCleared`: a cart with products was deleted to make the change. `orderTimeProblem`: the outlet
   * cannot take the order at its time (ASAP while closed, a slot gone): open the order-time dialog with it.
   */
  | { kind: "applied"; disposition: Disposition; cartCleared: boolean; orderTimeProblem: DomainError | null }
  /** Nothing changed: the cart has products and the choice differs, so the customer must confirm first. */
  | { kind: "confirm"; choice: DispositionChoice; next: DispositionLabel; current: DispositionLabel | null; count: number };

/**
 * The delivery address's coordinates from the geocoder (its best match), else the outlet's, which
 * `dispositionFor` already set. Asked only when a disposition is applied, never for a confirmation.
 */
async function located(disposition: Disposition, geocoder: Geocoder): Promise<Disposition> {
  if (disposition.orderType !== "D" || !disposition.st) return disposition;
  const [place] = await geocoder.search(addressLine(disposition));
  return place ? { ...disposition, lat: place.lat, long: place.lng } : disposition;
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
 * and the current disposition's other fields (the order time), refreshing the outlet's facts and taking the new
 * delivery address (the rules: server/outlets/disposition.ts). A delivery address is located with the geocoder when it is applied.
 * Refusals (unknown outlet, postal code nobody serves) are DomainErrors, checked before anything else.
 */
export async function chooseDisposition(
  store: Storefront,
  choice: DispositionChoice,
  options: { confirmed?: boolean; geocoder?: Geocoder } = {},
): Promise<DispositionOutcome> {
  const outlet =
    choice.orderType === "C" ? await getOutlet(store.db, choice.outletId) : await findDeliveryOutlet(store.db, choice.postalCode);
  if (!outlet) throw new DomainError(choice.orderType === "D" ? "NO-OUTLET" : "HUTFE-0");
  const next: Disposition =
    choice.orderType === "D"
      ? { ...dispositionFor(outlet, "D", choice.postalCode), ...addressOf(choice), placeId: choice.placeId, locationName: choice.locationName }
      : dispositionFor(outlet, "C");
  const geocoder = options.geocoder ?? configuredGeocoder();
  const current = store.session.get("disposition");
  const cartUuid = store.session.get("cartUuid");
  const cart = cartUuid ? await getCart(store.db, cartUuid) : undefined;
  const hasProducts = Boolean(cart && cart.lines.length > 0);
  const change = dispositionChange({ current, next, cartHasProducts: hasProducts, confirmed: options.confirmed === true });
  // The outlet check (spec section 8): unavailable and not-open refuse here, before anything changes.
  const problem = await orderTimeProblem(store, change === "keep" ? current! : next);

  if (change === "keep") {
    const merged = keepDisposition(current!, await located(next, geocoder));
    store.session.set("disposition", merged);
    return { kind: "applied", disposition: merged, cartCleared: false, orderTimeProblem: problem };
  }
  if (change === "confirm") {
    return { kind: "confirm", choice, next: label(next), current: current ? label(current) : null, count: cart!.count };
  }
  const applied = await located(next, geocoder);
  if (cartUuid) await forgetCart(store);
  store.session.set("disposition", applied);
  return { kind: "applied", disposition: applied, cartCleared: hasProducts, orderTimeProblem: problem };
}

/** What a disposition form post answers when it does not redirect (the page renders it beside the form). */
export interface DispositionFormData {
  /** The address form's result (null after a saved place's button, which has no fields to show errors beside). */
  result: SubmissionResult<string[]> | null;
  notice: Notice | null;
  /** The confirmation to show (409): the choice to post again with `confirm=1`, and what it would change. */
  confirm: { choice: DispositionChoice; next: DispositionLabel; count: number } | null;
  /** After the no-outlet refusal of a delivery: the postal code whose carry-out outlets the page offers instead. */
  carryoutNear: string | null;
}

/**
 * The action of the pages with the disposition forms (/home, /localization/:zip): a carry-out outlet or a
 * delivery address, typed or (on /home, signed in) a saved place's button, which posts its `placeId` only: the
 * address is the place's as the server holds it (`savedPlaceChoice`), and from there the choice takes the same
 * path as a typed one. Invalid: 400 with the field errors and the values as typed. Refused (no outlet delivers to
 * the postal code, an unknown outlet): 422 with the message; a place that is not the customer's: 404 with
 * CUS-100011's (a session that ended meanwhile: 401, CUS-100001). A change that would empty a cart with products: 409 with the confirmation, whose form posts the
 * same choice again with `confirm=1`; then the cart is deleted and the visitor goes to the menu with a notice.
 * Applied: 303 to the menu's first category (where `/order` leads), or to it with the order-time dialog open when
 * the outlet cannot take the order at its time.
 */
export async function submitDisposition(request: Request) {
  const store = await storefront(request);
  const form = await request.formData();
  const placeId = form.get("placeId");
  const submission = placeId === null ? parseWithZod(form, { schema: dispositionSchema }) : null;
  const answer = (status: number, data: Partial<DispositionFormData>) =>
    json<DispositionFormData>({ result: submission?.reply() ?? null, notice: null, confirm: null, carryoutNear: null, ...data }, { status });
  if (submission && submission.status !== "success") return answer(400, {});
  let choice: DispositionChoice | undefined = submission?.value;
  let outcome: DispositionOutcome;
  try {
    choice ??= await savedPlaceChoice(store, placeId);
    outcome = await chooseDisposition(store, choice, { confirmed: form.get("confirm") === "1" });
  } catch (error) {
    const noOutlet = isDomainError(error) && error.code === "NO-OUTLET" && choice?.orderType === "D";
    const status = isDomainError(error) ? (savedPlaceStatus[error.code] ?? 422) : 422;
    return refused(store, error, (notice) => answer(status, { notice, carryoutNear: noOutlet && choice?.orderType === "D" ? choice.postalCode : null }));
  }
  if (outcome.kind === "confirm") {
    const { next, count } = outcome;
    return answer(409, { confirm: { choice: outcome.choice, next, count } });
  }
  // A reorder that waited for this choice (routes/history): made now, for the customer who asked for it.
  const pending = store.session.get("pendingReorder");
  if (pending) store.session.unset("pendingReorder");
  const menu = await menuStartPath(store);
  // The time does not hold: the dialog, saying why. A waiting coupon waits for the time too (tried now, it could be
  // refused for the very time the dialog is there to change); saving the time tries it (routes/order-time).
  if (outcome.orderTimeProblem) return openOrderTimeDialog(store, menu, outcome.orderTimeProblem, waitingForTime(store));
  // A coupon that waited for it (routes/cart): applied now; its answer (applied, or why not) is the menu's notice.
  const couponNotice = await waitingCouponOutcome(store);
  if (pending && store.customer) {
    try {
      return await reorder(store, store.customer, pending);
    } catch (error) {
      // Not this customer's order any more (another account signed in since), or the cart gone: the choice stands,
      // and goes to the menu as any choice does.
      if (!(error instanceof Response) && !isDomainError(error)) throw error;
    }
  }
  if (couponNotice?.to) return redirectWith(store.session, couponNotice.to, couponNotice.notice);
  return redirectWith(store.session, menu, couponNotice?.notice ?? (outcome.cartCleared ? { tone: "info", key: "notices.dispositionCartCleared" } : undefined));
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
