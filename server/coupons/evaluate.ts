/**
 * The coupons on a cart, checked again on every read of the cart (issue 12 point 4): getCart (server/cart/rows.ts)
 * calls `evaluateCartCoupons` with the cart's lines, order type, outlet, order time, customer and (at placement) the
 * payment, so whatever changed since a coupon was applied (lines, quantities, order type, outlet, order time,
 * payment) is judged now. A coupon that stops applying stays on the cart, flagged with its CP code and data; it
 * gives nothing while flagged, and the order cannot be placed until the customer removes it or changes the cart
 * back (docs/coupons.md, "Re-checking").
 *
 * This module loads what the pure rules (rules.ts) need: the outlet (its code, zone, and whether it is open at the
 * order time), the customer (email confirmed, loyalty card), the uses so far, and the selling rules of a free item
 * or a deal's combo. The rules decide.
 */
import { sellingInstant, sellingRules, type SellingRules } from "../catalog/availability";
import { constants } from "../constants";
import type { OrderType } from "../cart/pricing";
import type { Database } from "../db/client";
import type { I18nText, Outlet } from "../db/types";
import { openingHours } from "../outlets/hours";
import { isOpenAt } from "../outlets/slots";
import { checkCoupon, combinedEffect, couponGoodsCents, type AppliedCoupon, type CouponCheckInput, type CouponData, type CouponEffect, type CouponRefusal, type CouponLine, type CpCode } from "./rules";
import { couponOf } from "./store";
import { customerUses } from "./uses";
import type { Coupon, CouponGroup, CouponType, PaymentKind } from "./types";

/** The storefront is the web channel (CP-06). */
export const CHANNEL = "web" as const;

/** The circumstances a cart's coupons are judged in. */
export interface CouponScene {
  outletId: number | null;
  orderType: OrderType | null;
  /** the chosen slot; null is ASAP */
  orderTime: Date | null;
  customerId: number | null;
  /** null while none is chosen (the cart); the checkout's method at placement */
  payment: PaymentKind | null;
  lines: CouponLine[];
  /** the outlet's delivery fee (cartTotals charges it on delivery orders with goods) */
  deliveryFeeCents: number;
  now: Date;
}

/** A coupon on the cart as pages and the order show it. */
export interface CartCoupon {
  id: number;
  code: string;
  name: I18nText;
  type: CouponType;
  group: CouponGroup;
  /** null while it applies; else why not (it is flagged, and gives nothing) */
  problem: { code: CpCode; data: CouponData } | null;
  /** what it does while it applies */
  effect: CouponEffect | null;
}

export interface CartCoupons {
  coupons: CartCoupon[];
  /** off the goods, all applying coupons together (never more than the goods) */
  discountCents: number;
  deliveryFeeWaived: boolean;
}

export const noCoupons: CartCoupons = { coupons: [], discountCents: 0, deliveryFeeWaived: false };

/** What the rules need to know about the scene beyond the cart: loaded once for all the cart's coupons. */
interface SceneFacts {
  outlet: Outlet | undefined;
  openAtOrderTime: boolean;
  customer: { id: number; hasLoyaltyCard: boolean; emailConfirmed: boolean } | null;
}

/** Whether the customer holds the coupon in the account (customer_coupons), for a coupon only its holders may use. */
async function holds(db: Database, coupon: Coupon, customerId: number | undefined): Promise<boolean> {
  if (!coupon.conditions.attachedOnly || customerId === undefined) return false;
  const row = await db.selectFrom("customer_coupons").select("coupon_id").where("customer_id", "=", customerId).where("coupon_id", "=", coupon.id).executeTakeFirst();
  return row !== undefined;
}

async function sceneFacts(db: Database, scene: CouponScene): Promise<SceneFacts> {
  const outlet = scene.outletId === null ? undefined : await db.selectFrom("outlets").selectAll().where("id", "=", scene.outletId).executeTakeFirst();
  const at = sellingInstant(scene.orderTime ?? null, scene.now);
  const openAtOrderTime = outlet ? isOpenAt(await openingHours(db, outlet, scene.orderType ?? "C", at), at, outlet.time_zone) : false;
  const row =
    scene.customerId === null
      ? undefined
      : await db
          .selectFrom("customers")
          .leftJoin("loyalty_cards", "loyalty_cards.customer_id", "customers.id")
          // A member is one whose card the chain issued (migration 0035): a link made before the registry, to a
          // number never issued, does not count.
          .leftJoin("issued_loyalty_cards", "issued_loyalty_cards.card_number", "loyalty_cards.card_number")
          .select(["customers.id", "customers.email_confirmed_at", "issued_loyalty_cards.card_number"])
          .where("customers.id", "=", scene.customerId)
          .executeTakeFirst();
  const customer = row ? { id: row.id, hasLoyaltyCard: row.card_number !== null, emailConfirmed: row.email_confirmed_at !== null } : null;
  return { outlet, openAtOrderTime, customer };
}

/** The selling rules of what a free item or a deal gives (null: no longer sold); undefined for other types. */
async function benefitRules(db: Database, coupon: Coupon): Promise<SellingRules | null | undefined> {
  const benefit = coupon.benefit;
  const uuid = benefit.type === 1 ? benefit.productUuid : benefit.type === 6 ? benefit.comboUuid : undefined;
  if (uuid === undefined) return undefined;
  const product = await db
    .selectFrom("products")
    .select(["lunch_only", "hut_day", "selling_start", "selling_end"])
    .where("uuid", "=", uuid)
    .where("active", "=", true)
    .executeTakeFirst();
  return product ? sellingRules(product) : null;
}

/** The coupon's uses before this order: by this customer and by everybody. */
async function usesOf(db: Database, coupon: Coupon, totalUses: number, customerId: number | null) {
  if (customerId === null || coupon.conditions.usesPerCustomer === undefined) return { byCustomer: 0, total: totalUses };
  return { byCustomer: await customerUses(db, coupon.id, customerId), total: totalUses };
}

/** The rules' input for one coupon in a scene; `applied` are the other coupons on the cart that it must combine with. */
async function checkInput(db: Database, coupon: Coupon, totalUses: number, scene: CouponScene, facts: SceneFacts, applied: AppliedCoupon[]): Promise<CouponCheckInput> {
  return {
    lines: scene.lines,
    deliveryFeeCents: scene.deliveryFeeCents,
    orderType: scene.orderType ?? "C",
    outlet: { code: facts.outlet?.code ?? "", timeZone: facts.outlet?.time_zone ?? constants.defaultTimeZone, openAtOrderTime: facts.openAtOrderTime },
    orderTime: scene.orderTime,
    now: scene.now,
    channel: CHANNEL,
    customer: facts.customer ? { ...facts.customer, holdsCoupon: await holds(db, coupon, facts.customer.id) } : null,
    payment: scene.payment,
    uses: await usesOf(db, coupon, totalUses, facts.customer?.id ?? null),
    applied,
    benefitRules: await benefitRules(db, coupon),
  };
}

const notFound: CouponRefusal = { ok: false, code: "CP-12", data: {} };

/**
 * Whether a coupon (undefined: no coupon has the code) may be applied to a cart in this scene, beside the coupons
 * already on it: the rules' answer (rules.ts).
 */
export async function checkNewCoupon(db: Database, coupon: Coupon | undefined, totalUses: number, scene: CouponScene, applied: AppliedCoupon[]) {
  if (!coupon) return notFound;
  const facts = await sceneFacts(db, scene);
  return checkCoupon(coupon, await checkInput(db, coupon, totalUses, scene, facts, applied));
}

/**
 * The cart's coupons, in the order they were applied, each checked again now. Combining follows the order: a coupon
 * is checked beside the applying coupons applied before it, so the earlier one wins a clash (rules.ts).
 */
export async function evaluateCartCoupons(db: Database, cartUuid: string, scene: CouponScene): Promise<CartCoupons> {
  const rows = await db
    .selectFrom("cart_coupons as cc")
    .innerJoin("coupons as c", "c.id", "cc.coupon_id")
    .selectAll("c")
    .where("cc.cart_uuid", "=", cartUuid)
    .orderBy("cc.seq")
    .execute();
  if (rows.length === 0) return noCoupons;
  const facts = await sceneFacts(db, scene);
  const coupons: CartCoupon[] = [];
  const kept: Coupon[] = [];
  for (const row of rows) {
    const coupon = couponOf(row);
    const base = { id: row.id, code: row.code, name: row.name, type: row.type as CouponType, group: row.group };
    // A row edited into a wrong shape reads as gone (CP-12), like an unknown code.
    const check = coupon ? checkCoupon(coupon, await checkInput(db, coupon, row.uses, scene, facts, kept)) : notFound;
    if (check.ok && coupon) {
      kept.push(coupon);
      coupons.push({ ...base, problem: null, effect: check.effect });
    } else if (!check.ok) {
      coupons.push({ ...base, problem: { code: check.code, data: check.data }, effect: null });
    }
  }
  const effects = coupons.flatMap((c) => (c.effect ? [c.effect] : []));
  return { coupons, ...combinedEffect(effects, couponGoodsCents(scene.lines)) };
}
