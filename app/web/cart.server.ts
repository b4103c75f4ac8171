import { describeLine } from "#server/cart/line";
import { createHash } from "node:crypto";
import { addToCart, deleteCart, getCart, isRepeatedAdd, removeLine, setLineQuantity, updateLineOptions } from "#server/cart/rows";
import { applyCouponCode, dealCouponFor, removeCouponCode, type CouponPlace } from "#server/coupons/apply";
import { normalizeCode } from "#server/coupons/store";
import { CART_NOT_READY } from "#server/coupons/rules";
import type { CartCoupon } from "#server/coupons/evaluate";
import { DomainError, isDomainError } from "#server/errors";
import { localize } from "#server/i18n/text";
import { errorMessageKey, withMessageKey } from "~/errors";
import type { CartIntent } from "~/forms";
import type { CartChoice, Notice } from "~/web/session.server";
import { noticeForError, redirectWith, type Storefront } from "~/web/storefront.server";

/** The session's cart as pages show it (names in the visitor's language), or null when there is none. */
export function cartSummary(store: Storefront) {
  // Shared by the loaders of one request (root's badge and the page's cart) while the cart is unchanged.
  const uuid = store.session.get("cartUuid");
  const memo = summaries.get(store);
  if (memo && memo.uuid === uuid) return memo.summary;
  const summary = loadSummary(store, uuid);
  summaries.set(store, { uuid, summary });
  return summary;
}

const summaries = new WeakMap<Storefront, { uuid: string | undefined; summary: ReturnType<typeof loadSummary> }>();

async function loadSummary(store: Storefront, uuid: string | undefined) {
  if (!uuid) return null;
  const cart = await getCart(store.db, uuid);
  if (!cart) return null;
  return {
    uuid: cart.uuid,
    count: cart.count,
    pizzas: cart.pizzas,
    /** epoch ms of the cart's slot; null for ASAP */
    orderTime: cart.orderTime ? cart.orderTime.getTime() : null,
    // What the pages show of a line, no more: the summary is part of the loaders' data in every cart page's first
    // load (issue 15's budgets count it), so the server's own fields (ids, skus, unit prices, pictures) stay here.
    lines: cart.lines.map((line) => {
      const d = describeLine(line, store.lng);
      return {
        id: d.id,
        productType: d.productType,
        productPath: d.productPath,
        firstLayerId: d.firstLayerId,
        name: d.name,
        size: d.size,
        crust: d.crust,
        halves: d.halves,
        comboItems: d.comboItems,
        removedToppings: d.removedToppings,
        addedToppings: d.addedToppings,
        quantity: d.quantity,
        totalCents: d.totalCents,
        couponCode: d.couponCode,
        unavailable: withMessageKey(d.unavailable),
      };
    }),
    coupons: cart.coupons.coupons.map((coupon) => couponView(store, coupon)),
    /** the delivery fee a coupon waives (shown as "free delivery") */
    deliveryFeeWaived: cart.coupons.deliveryFeeWaived,
    totals: cart.totals,
  };
}

/** A coupon on the cart as pages show it: its name in the visitor's language and, when flagged, why (translated). */
function couponView(store: Storefront, coupon: CartCoupon) {
  return {
    code: coupon.code,
    name: localize(coupon.name, store.lng),
    type: coupon.type,
    discountCents: coupon.effect?.discountCents ?? 0,
    problem: coupon.problem ? noticeForError(new DomainError(coupon.problem.code, coupon.problem.data), store.lng) : null,
  };
}

export type CartSummary = NonNullable<Awaited<ReturnType<typeof cartSummary>>>;

type Selection = Extract<CartIntent, { intent: "add" | "update" }>;

/**
 * An add's key (server/cart/rows.ts, `addToCart`): its form's one-time value with everything the form chose, so
 * another choice from the same page is another add. None without the value (every such post adds).
 */
function addKeyOf(intent: Extract<CartIntent, { intent: "add" }>): string | undefined {
  return intent.once === undefined ? undefined : createHash("sha256").update(JSON.stringify(intent)).digest("base64url");
}

/** A deal's combo added: to the cart, where its coupon shows. */
function dealAdded(code: string): CartOutcome {
  return { notice: { tone: "success", key: "notices.couponApplied", values: { code } }, to: "/cart" };
}

/** Size, crust and toppings of a builder or menu-card form, in the shape the cart takes. */
function selectionOf(intent: Selection) {
  const [first, second] = intent.option ? intent.option.split(":").map(Number) : [intent.firstLayerId, intent.secondLayerId];
  const halves = intent.half.length === 2 ? ([intent.half[0], intent.half[1]] as [string, string]) : undefined;
  const combo = "combo" in intent && intent.combo.length > 0 ? intent.combo : undefined;
  return { firstLayerId: first ?? null, secondLayerId: second ?? null, toppings: { removed: intent.remove, extras: extrasOf(intent) }, halves, combo };
}

/** Portions per topping id (a topping named twice adds up; a count of 0 is no extra). */
function extrasOf(intent: Selection): Record<number, number> {
  const extras: Record<number, number> = {};
  for (const { toppingId, count } of intent.extra) if (count > 0) extras[toppingId] = (extras[toppingId] ?? 0) + count;
  return extras;
}

/** What a builder or combo form had chosen, kept for the page when the cart refuses it (null for other intents). */
export function choiceOf(intent: CartIntent): CartChoice | null {
  if (intent.intent !== "add" && intent.intent !== "update") return null;
  return {
    productUuid: intent.intent === "add" ? intent.productUuid : null,
    lineId: intent.intent === "update" ? intent.lineId : null,
    secondLayerId: intent.secondLayerId ?? null,
    removed: intent.remove,
    extras: extrasOf(intent),
    halves: intent.half,
    quantity: intent.intent === "add" ? intent.quantity : 1,
    combo: intent.intent === "add" ? Object.fromEntries(intent.combo.map((c) => [c.slotId, c.productUuid])) : {},
  };
}

/** Where the session's cart is ordered, for the coupon rules; OUTLET-REQUIRED without a disposition. */
function couponPlace(store: Storefront, address: string): CouponPlace {
  const disposition = store.session.get("disposition");
  if (!disposition) throw new DomainError("OUTLET-REQUIRED");
  return {
    cartUuid: store.session.get("cartUuid") ?? null,
    outletId: disposition.outletId,
    orderType: disposition.orderType,
    orderTime: disposition.collectionAt ? new Date(disposition.collectionAt) : null,
    customerId: store.customer?.id ?? null,
    address,
  };
}

/** What a cart form did: its success notice, and where to go when the form itself does not decide (a deal's combo). */
export interface CartOutcome {
  notice: Notice;
  to?: string;
}

/**
 * Applies a cart form to the server cart (the first add creates it and keeps its uuid in the session).
 * Returns the success notice; refusals are DomainErrors.
 */
export async function applyCartIntent(store: Storefront, intent: CartIntent, address = "unknown"): Promise<CartOutcome> {
  const outcome = await appliedIntent(store, intent, address);
  return intent.intent === "add" ? withWaitingCoupon(store, outcome, address) : outcome;
}

/** What became of the coupon waiting in the session (`pendingCoupon`) when tried now; null when none waits. */
export type WaitingCoupon = { kind: "applied"; outcome: CartOutcome } | { kind: "waiting"; code: string; why: Notice } | { kind: "refused"; notice: Notice };

/**
 * A coupon chosen before there was a cart for it (before delivery or carry-out was chosen, or on an empty cart)
 * waits in the session, and is tried again when the choice is made and after each add: applied, it stops waiting;
 * refused because the cart is not there yet (CART_NOT_READY, the coupon rules'), it waits on; refused for good, it stops waiting, with why.
 */
export async function tryWaitingCoupon(store: Storefront, address = "unknown"): Promise<WaitingCoupon | null> {
  const code = store.session.get("pendingCoupon");
  if (!code) return null;
  try {
    const outcome = await appliedIntent(store, { intent: "apply-coupon", code, source: "list" }, address);
    store.session.unset("pendingCoupon");
    return { kind: "applied", outcome };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (CART_NOT_READY.has(error.code)) return { kind: "waiting", code: normalizeCode(code), why: noticeForError(error, store.lng) };
    store.session.unset("pendingCoupon");
    // Which coupon, then why not: the refusals say "este cupón", and the customer chose it pages ago.
    const why = withCouponLink(noticeForError(error, store.lng));
    return { kind: "refused", notice: { tone: "error", key: "notices.couponNotApplied", values: { code: normalizeCode(code) }, also: why } };
  }
}

/**
 * The waiting coupon tried now that the cart has a place and a time (a delivery or carry-out choice, an order time
 * saved): the page's notice about it, and where a deal's code leads (its combo); null when none waits.
 */
export async function waitingCouponOutcome(store: Storefront): Promise<CartOutcome | null> {
  const waiting = await tryWaitingCoupon(store);
  if (!waiting) return null;
  if (waiting.kind === "applied") return waiting.outcome;
  if (waiting.kind === "waiting") return { notice: { tone: "info", key: "notices.couponAfterAdd", values: { code: waiting.code } } };
  return { notice: waiting.notice };
}

/** The notice that the waiting coupon, if one waits, will be tried once the order time is chosen. */
export function waitingForTime(store: Storefront): Notice | undefined {
  const code = store.session.get("pendingCoupon");
  return code ? { tone: "info", key: "notices.couponAfterTime", values: { code: normalizeCode(code) } } : undefined;
}

/**
 * A coupon applied before choosing delivery or carry-out (OUTLET-REQUIRED): home to choose, and the choice applies it
 * (disposition.server.ts), as a reorder waits for it, so the customer does not have to find it again. Null for
 * anything else.
 */
export async function couponWaitingForChoice(store: Storefront, intent: CartIntent, error: unknown): Promise<Response | null> {
  if (intent.intent !== "apply-coupon" || !isDomainError(error) || error.code !== "OUTLET-REQUIRED") return null;
  store.session.set("pendingCoupon", intent.code);
  return redirectWith(store.session, "/home", { tone: "info", key: "notices.couponAfterChoice", values: { code: normalizeCode(intent.code) } });
}

/**
 * After an add: the waiting coupon applied says so with the add; refused for good, the add's message goes on to say
 * which coupon was not applied and why (the menu, where most adds are made, has no coupon field to say it under).
 */
async function withWaitingCoupon(store: Storefront, added: CartOutcome, address: string): Promise<CartOutcome> {
  const waiting = await tryWaitingCoupon(store, address);
  if (waiting?.kind === "applied") {
    const { outcome } = waiting;
    return outcome.to ? outcome : { notice: { tone: "success", key: "notices.cartAddedCoupon", values: outcome.notice.values ?? {} } };
  }
  if (waiting?.kind === "refused") return { ...added, notice: { ...added.notice, tone: "info", also: waiting.notice } };
  // Still waiting: the add says for what, so the customer is not left wondering why the coupon did not apply
  // ("Este cupón pide al menos 2 productos"; customer review).
  if (waiting?.kind === "waiting") {
    const still: Notice = { tone: "info", key: "notices.couponStillWaiting", values: { code: waiting.code }, also: { ...waiting.why, tone: "info" } };
    return { ...added, notice: { ...added.notice, also: still } };
  }
  return added;
}

async function appliedIntent(store: Storefront, intent: CartIntent, address: string): Promise<CartOutcome> {
  const cartUuid = store.session.get("cartUuid") ?? null;
  if (intent.intent === "add") {
    const place = couponPlace(store, address);
    const repeatKey = addKeyOf(intent);
    // A deal's coupon must still apply; the combo goes in once at the deal's price.
    const add = async (): Promise<CartOutcome> => {
      const deal = intent.coupon ? await dealCouponFor(store.db, place, intent.coupon, intent.productUuid) : undefined;
      const uuid = await addToCart(store.db, {
        cartUuid,
        outletId: place.outletId,
        orderType: place.orderType,
        orderTime: place.orderTime,
        customerId: place.customerId,
        productUuid: intent.productUuid,
        quantity: deal ? 1 : intent.quantity,
        ...selectionOf(intent),
        ...(deal ? { couponId: deal.id } : {}),
        repeatKey,
      });
      store.session.set("cartUuid", uuid);
      return deal ? dealAdded(deal.code) : { notice: { tone: "success", key: "notices.cartAdded" } };
    };
    if (!intent.coupon || !repeatKey || !cartUuid) return add();
    try {
      return await add();
    } catch (error) {
      // A deal's second post (a double click) is refused: its coupon is on the cart already (CP-01), put there by the
      // first, whether the first had committed before this one started or while it was checking the coupon. When
      // the cart's last add is this post's own (its key, within the window), it is answered as the first was.
      if (error instanceof DomainError && (await isRepeatedAdd(store.db, cartUuid, repeatKey))) return dealAdded(normalizeCode(intent.coupon));
      throw error;
    }
  }
  if (intent.intent === "apply-coupon") {
    const outcome = await applyCouponCode(store.db, couponPlace(store, address), intent.code);
    if (outcome.kind === "deal") return { notice: { tone: "info", key: "notices.couponDeal", values: { code: outcome.coupon.code } }, to: outcome.path };
    store.session.set("cartUuid", outcome.cartUuid);
    return { notice: { tone: "success", key: "notices.couponApplied", values: { code: outcome.coupon.code } } };
  }
  if (!cartUuid) throw new DomainError("CART-01");
  return { notice: await changeCart(store, cartUuid, intent) };
}

async function changeCart(store: Storefront, cartUuid: string, intent: Exclude<CartIntent, { intent: "add" | "apply-coupon" }>): Promise<Notice> {
  switch (intent.intent) {
    case "remove-coupon": {
      const { code } = await removeCouponCode(store.db, cartUuid, intent.code);
      // Removing a coupon that is not on the cart (a doubled post) leaves the cart as it is, and says so plainly.
      return { tone: "success", key: "notices.couponRemoved", values: { code } };
    }
    case "update":
      await updateLineOptions(store.db, cartUuid, intent.lineId, selectionOf(intent));
      return { tone: "success", key: "notices.cartUpdated" };
    case "quantity":
      await setLineQuantity(store.db, cartUuid, intent.lineId, intent.quantity);
      return { tone: "success", key: "notices.cartQuantity" };
    case "remove":
      await removeLine(store.db, cartUuid, intent.lineId);
      return { tone: "success", key: "notices.cartRemoved" };
    case "empty":
      await deleteCart(store.db, cartUuid);
      store.session.unset("cartUuid");
      return { tone: "success", key: "notices.cartEmptied" };
  }
}

/** A cart line's current choice, to open the builder on it ("change options"). */
export async function cartLineChoice(store: Storefront, lineId: number) {
  const uuid = store.session.get("cartUuid");
  const cart = uuid ? await getCart(store.db, uuid) : undefined;
  const line = cart?.lines.find((l) => l.id === lineId);
  if (!line) return null;
  return {
    productUuid: line.productUuid,
    firstLayerId: line.firstLayerId,
    secondLayerId: line.secondLayerId,
    removed: line.toppings.removed,
    extras: line.toppings.extras,
    quantity: line.quantity,
  };
}

/**
 * A coupon refusal with the way out it names: a coupon that does not exist (CP-12) links to the deals (spec section
 * 8); one for signed-in customers (CP-07) to the sign-in, which comes back to the cart; other notices stay as they are.
 */
export function withCouponLink(notice: Notice): Notice {
  if (notice.key === errorMessageKey["CP-12"]) return { ...notice, link: { to: "/order/deals", key: "notices.seeDeals" } };
  if (notice.key === errorMessageKey["CP-07"]) return { ...notice, link: { to: "/login?redirectTo=%2Fcart", key: "notices.signInLink" } };
  return notice;
}
