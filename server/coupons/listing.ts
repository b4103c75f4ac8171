import { sql, type Selectable } from "kysely";
import type { Language } from "../constants";
import type { Database } from "../db/client";
import type { CouponsTable } from "../db/types";
import { localize } from "../i18n/text";
import { needsLogin } from "./rules";

/** A coupon for one customer or for the accounts that hold it needs the email confirmed to be used (CP-23, the rules'). */
const needsConfirmedEmail = (coupon: Coupon) => coupon.conditions.customerId !== undefined || Boolean(coupon.conditions.attachedOnly);
import { couponStanding, couponStarted } from "./standing";
import { couponOf } from "./store";
import { couponGives, couponTerms, namedProducts, type CouponGives, type CouponTerm, type ProductNames } from "./terms";
import type { Coupon } from "./types";

/**
 * The coupons a visitor may use (issue 12 point 3: /order/coupons lists them, each with its apply form), and one
 * coupon as a card (/crm/coupon shows the coupon of a campaign link the same way).
 *
 * Listed: the coupons that stand (server/coupons/standing.ts: active, generation limit not spent, not another
 * customer's, sold on the web, validity not ended, uses per customer not spent by this customer), and
 * - every `listed` coupon (migration 0014) whose validity has begun: the public ones;
 * - and the customer's attached ones (`customer_coupons`: from a campaign link or a game's prize), listed or not,
 *   begun or not (one attached ahead of its start waits in the account; its terms say from when).
 * The customer's attached ones come first, the latest attached first; then the public ones in the order they were
 * created. A guest sees the public ones; those only a signed-in customer may use say so (`signInFirst`).
 */
export interface CouponCard {
  code: string;
  name: string;
  /** 1..6 (server/coupons/types.ts) */
  type: number;
  /** a path of this site: the coupon's image for this language (or Spanish), else its type's */
  image: string;
  gives: CouponGives;
  terms: CouponTerm[];
  /** in this customer's account */
  attached: boolean;
  /** a guest must sign in to use it (CP-07) */
  signInFirst: boolean;
  /** a coupon for this customer or for its holders, whose email is not confirmed yet: applying it is CP-23 until then */
  confirmEmailFirst: boolean;
}

export interface Visitor {
  customer: { id: number; emailConfirmed: boolean } | null;
  lng: Language;
  now: Date;
  /** where validity bounds are told (the order's outlet's zone, or the chain's) */
  timeZone: string;
}

/** The image of a coupon: its own for the language (or Spanish) when it is a path under /images/, else its type's. */
export function couponImage(image: Selectable<CouponsTable>["image"], type: number, lng: Language): string {
  const desktop = image.desktop ?? {};
  const own = desktop[lng] ?? desktop.es;
  return typeof own === "string" && /^\/images\/[\w./-]+$/.test(own) && !own.includes("..") ? own : `/images/coupons/type-${type}.svg`;
}

/** Names of products and combos by uuid, in the language (inactive ones too: a coupon still names what it gives). */
async function productNames(db: Database, uuids: string[], lng: Language): Promise<ProductNames> {
  if (uuids.length === 0) return new Map();
  const rows = await db.selectFrom("products").select(["uuid", "name"]).where("uuid", "in", uuids).execute();
  return new Map(rows.map((row) => [row.uuid, localize(row.name, lng)]));
}

type Listed = { row: Selectable<CouponsTable>; coupon: Coupon; attached: boolean };

/** Cards for coupons, with the names their terms need (one query for all). */
export async function couponCards(db: Database, listed: Listed[], visitor: Pick<Visitor, "customer" | "lng">): Promise<CouponCard[]> {
  const names = await productNames(db, namedProducts(listed.map((l) => l.coupon)), visitor.lng);
  return listed.map(({ row, coupon, attached }) => ({
    code: coupon.code,
    name: localize(coupon.name, visitor.lng),
    type: coupon.type,
    image: couponImage(row.image, coupon.type, visitor.lng),
    gives: couponGives(coupon, names),
    terms: couponTerms(coupon, names),
    attached,
    signInFirst: visitor.customer === null && needsLogin(coupon),
    confirmEmailFirst: visitor.customer !== null && needsConfirmedEmail(coupon) && !visitor.customer.emailConfirmed,
  }));
}

export async function listCoupons(db: Database, visitor: Visitor): Promise<CouponCard[]> {
  // Serial ids start at 1: a guest (0) has no attached coupons and no uses.
  const me = visitor.customer?.id ?? 0;
  const rows = await db
    .selectFrom("coupons")
    .leftJoin("customer_coupons as mine", (join) => join.onRef("mine.coupon_id", "=", "coupons.id").on("mine.customer_id", "=", me))
    .selectAll("coupons")
    .select("mine.attached_at")
    .select((eb) =>
      eb
        .selectFrom("coupon_uses")
        .select((u) => u.fn.countAll<number>().as("n"))
        .whereRef("coupon_uses.coupon_id", "=", "coupons.id")
        .where("coupon_uses.customer_id", "=", me)
        .as("used"),
    )
    .where("coupons.active", "=", true)
    .where((eb) => eb.or([eb("coupons.listed", "=", true), eb("mine.customer_id", "is not", null)]))
    .orderBy(sql`mine.attached_at desc nulls last`)
    .orderBy("coupons.id")
    .execute();
  const listed: Listed[] = [];
  for (const { attached_at, used, ...row } of rows) {
    const coupon = couponOf(row);
    const attached = attached_at !== null;
    const standing = couponStanding(coupon, {
      customerId: visitor.customer?.id ?? null,
      holds: attached,
      uses: { byCustomer: Number(used ?? 0), total: row.uses },
      now: visitor.now,
      timeZone: visitor.timeZone,
    });
    if (!coupon || standing) continue;
    if (!attached && !couponStarted(coupon, visitor.now)) continue;
    listed.push({ row, coupon, attached });
  }
  return couponCards(db, listed, visitor);
}
