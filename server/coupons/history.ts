import type { Language } from "../constants";
import type { Database } from "../db/client";
import { localize } from "../i18n/text";
import { couponStanding } from "./standing";
import { couponOf } from "./store";

/**
 * A customer's coupon history (issue 12 point 5; the profile shows it): the coupons used in their orders
 * (`coupon_uses` with the order: code, name, the order's number and tracker, when, what it took off), the latest
 * first, at most `limit`; and the coupons attached to the account (a campaign link, a game's prize) not used yet,
 * each marked CPH-02 when it can no longer be used (paused, ended, run out, or a row of a wrong shape: see
 * server/coupons/standing.ts). CPH-01 (the history cannot be read) is the page's, when this throws.
 */
export interface UsedCoupon {
  code: string;
  name: string;
  orderNumber: string;
  orderUuid: string;
  /** ISO instant, shown in the order's zone */
  usedAt: string;
  timeZone: string;
  /** what it took off the goods (centavos); 0 for a free delivery, a free item or a deal (`type` says which) */
  discountCents: number;
  type: number;
}

export interface AttachedCoupon {
  code: string;
  name: string;
  attachedAt: string;
  source: "crm" | "game";
  /** null: it can be used (applied from /order/coupons); CPH-02: it no longer can */
  problem: "CPH-02" | null;
}

export interface CouponHistory {
  used: UsedCoupon[];
  attached: AttachedCoupon[];
}

export async function couponHistory(
  db: Database,
  customerId: number,
  options: { lng: Language; now: Date; timeZone: string; limit?: number },
): Promise<CouponHistory> {
  const used = await db
    .selectFrom("coupon_uses as u")
    .innerJoin("orders as o", "o.id", "u.order_id")
    .innerJoin("coupons as c", "c.id", "u.coupon_id")
    .select(["c.code", "c.name", "c.type", "o.number", "o.uuid", "o.time_zone", "u.used_at", "u.discount_cents"])
    .where("u.customer_id", "=", customerId)
    .orderBy("u.used_at", "desc")
    .orderBy("u.id", "desc")
    .limit(options.limit ?? 20)
    .execute();
  const attached = await db
    .selectFrom("customer_coupons as cc")
    .innerJoin("coupons as c", "c.id", "cc.coupon_id")
    .selectAll("c")
    .select(["cc.attached_at", "cc.source"])
    .where("cc.customer_id", "=", customerId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("coupon_uses as u").select("u.id").whereRef("u.coupon_id", "=", "cc.coupon_id").where("u.customer_id", "=", customerId))),
    )
    .orderBy("cc.attached_at", "desc")
    .orderBy("c.id")
    .execute();
  return {
    used: used.map((row) => ({
      code: row.code,
      name: localize(row.name, options.lng),
      orderNumber: row.number,
      orderUuid: row.uuid,
      usedAt: new Date(row.used_at).toISOString(),
      timeZone: row.time_zone,
      discountCents: row.discount_cents,
      type: row.type,
    })),
    attached: attached.map(({ attached_at, source, ...row }) => {
      const standing = couponStanding(couponOf(row), { customerId, holds: true, uses: { byCustomer: 0, total: row.uses }, now: options.now, timeZone: options.timeZone });
      return {
        code: row.code,
        name: localize(row.name, options.lng),
        attachedAt: new Date(attached_at).toISOString(),
        source,
        problem: standing ? "CPH-02" : null,
      };
    }),
  };
}
