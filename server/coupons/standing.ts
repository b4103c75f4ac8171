/**
 * Whether a coupon can still be used by someone, apart from any cart (issue 12: /order/coupons lists only those,
 * /crm/coupon attaches only those, the coupon history marks attached ones that no longer can with CPH-02). Pure: the
 * caller passes the coupon, its uses and `now`. The cart's own checks (server/coupons/rules.ts) come later, at apply.
 *
 * In the rules' order, the first that holds answers:
 * - CP-12: no coupon, or paused (inactive);
 * - CP-21: its generation limit is reached;
 * - CP-08: it is for one customer, and not this one (a guest is not that customer either); or it is only for the
 *   accounts that hold it (`attachedOnly`: a game's prize, a campaign's coupon) and this one does not;
 * - CP-06: it is not sold on the web (its channels leave this storefront out);
 * - CP-13: its validity has ended (`validUntil` passed; one not started yet still stands: it can be attached and
 *   waits in the account);
 * - CP-10: this customer has used it the most times allowed per customer.
 * Nothing else here: a minimum amount, a weekday or a lunch window depend on the cart and the order time.
 */
import { localStamp } from "./rules";
import type { Coupon } from "./types";

export type StandingCode = "CP-12" | "CP-21" | "CP-08" | "CP-06" | "CP-13" | "CP-10";
export type Standing = { code: StandingCode; data: Record<string, string | number> } | null;

export interface StandingInput {
  /** the signed-in customer's id, or null for a guest */
  customerId: number | null;
  /** the customer's account holds the coupon (customer_coupons), or is about to (attaching it) */
  holds: boolean;
  /** uses of the coupon: by this customer (0 for a guest) and by everybody (`coupons.uses`) */
  uses: { byCustomer: number; total: number };
  now: Date;
  /** the zone validity bounds are told in (CP-13's data, as the rules give it) */
  timeZone: string;
}

export function couponStanding(coupon: Coupon | null | undefined, input: StandingInput): Standing {
  if (!coupon?.active) return { code: "CP-12", data: {} };
  const c = coupon.conditions;
  if (c.generationLimit !== undefined && input.uses.total >= c.generationLimit) return { code: "CP-21", data: {} };
  if (c.customerId !== undefined && c.customerId !== input.customerId) return { code: "CP-08", data: {} };
  if (c.attachedOnly && !input.holds) return { code: "CP-08", data: {} };
  if (c.channels && !c.channels.includes("web")) return { code: "CP-06", data: { channel: "web" } };
  if (c.validUntil !== undefined && input.now.getTime() >= new Date(c.validUntil).getTime()) {
    return { code: "CP-13", data: { from: localStamp(c.validFrom, input.timeZone), until: localStamp(c.validUntil, input.timeZone) } };
  }
  if (c.usesPerCustomer !== undefined && input.uses.byCustomer >= c.usesPerCustomer) return { code: "CP-10", data: { uses: c.usesPerCustomer } };
  return null;
}

/** Whether its validity has begun at `now` (a coupon without `validFrom` has). */
export function couponStarted(coupon: Pick<Coupon, "conditions">, now: Date): boolean {
  const from = coupon.conditions.validFrom;
  return from === undefined || now.getTime() >= new Date(from).getTime();
}
