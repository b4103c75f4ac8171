/**
 * Applying and removing a coupon by its code (issue 12 point 3: the cart action's apply-coupon and remove-coupon
 * intents, from the cart, the checkout and the coupons list), and the deal coupon's combo (point 1: a type 6 coupon
 * opens its combo at /combo-detail/:id/:ssid/:coupon, and the combo goes in the cart at the deal's price).
 *
 * Only the code comes from the client: the coupon, its discount and the lines it brings are read and priced here
 * and on every read of the cart (a discount or a coupon id in a post is never read). A refusal is a DomainError with
 * the rules' CP code and data; a second apply of one coupon, however concurrent, is CP-01 by the table's key.
 */
import type { CartView } from "../cart/rows";
import { addToCart, getCart, pricingSettings, putCouponOnCart, removeCouponFromCart } from "../cart/rows";
import type { OrderType } from "../cart/pricing";
import { now } from "../clock";
import type { Database } from "../db/client";
import { DomainError } from "../errors";
import { countGuess, giveBack } from "./attach";
import { checkNewCoupon, type CouponScene } from "./evaluate";
import type { AppliedCoupon } from "./rules";
import { findCouponByCode, normalizeCode } from "./store";
import type { Coupon } from "./types";

/** Where the cart is (or will be) ordered: the session's disposition and the signed-in customer. */
export interface CouponPlace {
  cartUuid: string | null;
  outletId: number;
  orderType: OrderType;
  orderTime: Date | null;
  customerId: number | null;
  /** the client's address: typed codes that name no coupon are limited per address (and per account) */
  address: string;
}

export type ApplyOutcome =
  /** on the cart (a free item with its line) */
  | { kind: "applied"; coupon: Coupon; cartUuid: string }
  /** a deal: its combo page, where adding the combo applies it */
  | { kind: "deal"; coupon: Coupon; path: string };

/** The path of a deal coupon's combo: /combo-detail/<combo>/deal/<CODE> (the spec's :ssid is "deal"). */
export const dealPath = (comboUuid: string, code: string) => `/combo-detail/${comboUuid}/deal/${encodeURIComponent(code)}`;

function sceneOf(place: CouponPlace, cart: CartView | undefined): { scene: CouponScene; applied: AppliedCoupon[] } {
  // The coupons on the cart, flagged ones too, as the combining rule sees them: a clash names the coupon to remove.
  const applied = (cart?.coupons.coupons ?? []).map((c) => ({ code: c.code, group: c.group, benefit: { type: c.type } }));
  return {
    scene: {
      outletId: cart?.outletId ?? place.outletId,
      orderType: cart?.orderType ?? place.orderType,
      orderTime: cart ? cart.orderTime : place.orderTime,
      customerId: place.customerId,
      payment: null,
      lines: (cart?.lines ?? []).map((l) => ({ productUuid: l.productUuid, quantity: l.quantity, totalCents: l.totalCents, couponCode: l.couponCode })),
      deliveryFeeCents: pricingSettings().deliveryFeeCents,
      now: now(),
    },
    applied,
  };
}

/** The coupon with this code if the rules let it on the cart now; else the rules' refusal, thrown. */
async function checkedCoupon(db: Database, place: CouponPlace, code: string): Promise<{ coupon: Coupon; cart: CartView | undefined }> {
  // Guessing codes is limited as on /crm/coupon (attach.ts): every try counts, a code that names a coupon gives it back.
  const counted = await countGuess(db, place.customerId, place.address);
  const coupon = await findCouponByCode(db, code);
  if (coupon) await giveBack(db, counted);
  const cart = place.cartUuid ? await getCart(db, place.cartUuid) : undefined;
  const totalUses = coupon ? await usesSoFar(db, coupon.id) : 0;
  const { scene, applied } = sceneOf(place, cart);
  const check = await checkNewCoupon(db, coupon, totalUses, scene, applied);
  if (!check.ok) throw new DomainError(check.code, check.data);
  return { coupon: coupon!, cart };
}

async function usesSoFar(db: Database, couponId: number): Promise<number> {
  const row = await db.selectFrom("coupons").select("uses").where("id", "=", couponId).executeTakeFirst();
  return row?.uses ?? 0;
}

/**
 * Applies a typed or listed code: a free item goes in with its line (making the cart when there is none), a
 * discount or free delivery goes on the cart, a deal answers with its combo's page.
 */
export async function applyCouponCode(db: Database, place: CouponPlace, code: string): Promise<ApplyOutcome> {
  const { coupon, cart } = await checkedCoupon(db, place, code);
  const benefit = coupon.benefit;
  if (benefit.type === 6) return { kind: "deal", coupon, path: dealPath(benefit.comboUuid, coupon.code) };
  if (benefit.type === 1) {
    const firstLayerId = benefit.secondLayerId === null ? null : await sizeOfCrust(db, benefit.secondLayerId);
    const cartUuid = await addToCart(db, {
      cartUuid: cart?.uuid ?? null,
      outletId: place.outletId,
      orderType: place.orderType,
      orderTime: place.orderTime,
      customerId: place.customerId,
      productUuid: benefit.productUuid,
      quantity: benefit.quantity,
      firstLayerId,
      secondLayerId: benefit.secondLayerId,
      couponId: coupon.id,
    });
    return { kind: "applied", coupon, cartUuid };
  }
  // A discount or free delivery on no cart is worth nothing (the rules said so: CP-25 or earlier).
  if (!cart) throw new DomainError("CP-25");
  await putCouponOnCart(db, cart.uuid, coupon.id);
  return { kind: "applied", coupon, cartUuid: cart.uuid };
}

/** The size (first layer) a crust (second layer) belongs to. */
async function sizeOfCrust(db: Database, secondLayerId: number): Promise<number | null> {
  const layer = await db.selectFrom("product_layers").select("parent_id").where("id", "=", secondLayerId).executeTakeFirst();
  return layer?.parent_id ?? null;
}

/**
 * A deal's combo posted from its page (the add intent with `coupon`): the coupon must be a deal for this combo and
 * pass the rules now; the combo then goes in once, at the deal's price, with the coupon.
 */
export async function dealCouponFor(db: Database, place: CouponPlace, code: string, comboUuid: string): Promise<Coupon> {
  const named = await findCouponByCode(db, code);
  // Not a deal for this product: the add is refused as a failed coupon (ORDER-6) before anything about the cart.
  if (named && (named.benefit.type !== 6 || named.benefit.comboUuid !== comboUuid)) throw new DomainError("ORDER-6");
  return (await checkedCoupon(db, place, code)).coupon;
}

/** Takes the coupon with this code off the cart, with the lines it brought; false when it was not on it. */
export async function removeCouponCode(db: Database, cartUuid: string, code: string): Promise<{ removed: boolean; code: string }> {
  const normalized = normalizeCode(code);
  // By its row, whatever its shape or state: a paused or broken coupon must still come off.
  const row = await db.selectFrom("coupons").select("id").where("code", "=", normalized).executeTakeFirst();
  return { removed: row ? await removeCouponFromCart(db, cartUuid, row.id) : false, code: normalized };
}
