import type { Language } from "../constants";
import type { Database } from "../db/client";
import { DomainError } from "../errors";
import { consume, reward, type LimitName } from "../security/rate-limits";
import { couponCards, type CouponCard } from "./listing";
import { couponStanding } from "./standing";
import { couponOf, normalizeCode } from "./store";

/**
 * Attaching a coupon to an account (issue 12 point 6; spec: /crm/coupon/:code?, check-existed-coupon/{code},
 * crm-redeem-coupon/{code}). A campaign link or a typed code names the coupon; `checkCouponCode` tells what it is
 * (nothing is written but the guess count), `redeemCoupon` attaches it (`customer_coupons`, source 'crm').
 *
 * - The refusals are the coupon's standing (server/coupons/standing.ts): CP-12 unknown or paused, CP-21 run out,
 *   CP-08 another customer's, CP-06 not for the web, CP-13 ended, CP-10 used up by this customer. A coupon only its
 *   holders may use (`attachedOnly`) is attached from its link (that is how a campaign's reaches its holders), unless
 *   it is a game's prize: that one is won, never attached by code (CP-08, as the cart says to a customer who does not
 *   hold it). A coupon that
 *   stands is attached even when a cart's conditions (an amount, a weekday) do not hold now: those are checked when
 *   it is applied.
 * - The email need not be confirmed to attach (the account only keeps the coupon; CP-23 is the rules', when a coupon
 *   for one customer is applied).
 * - Guessing codes is limited per account and per client address (limits.couponCodePerAccount and
 *   couponCodePerAddress): every look-up counts one try on both, and a code that names a coupon that stands gives
 *   both back, so only refused guesses add up; when either limit is spent every look-up is refused (CUS-100016, with
 *   the minutes to wait), found or not.
 * - Attaching twice is harmless: the row's key is (customer, coupon), the second insert does nothing and answers
 *   `already`.
 */
export interface CodeLookup {
  code: string;
  customer: { id: number; emailConfirmed: boolean };
  /** the client's address (the per-address limit) */
  address: string;
  lng: Language;
  now: Date;
  timeZone: string;
}

export interface CheckedCoupon {
  card: CouponCard;
  couponId: number;
  /** already in this customer's account */
  attached: boolean;
}

/**
 * One guess of a coupon code against the limits (per account when signed in, per client address always); refused
 * (CUS-100016) when either is spent. Answers the keys to give back once the code turns out to name a coupon. The
 * cart's typed codes count here too (server/coupons/apply.ts).
 */
export async function countGuess(db: Database, customerId: number | null, address: string): Promise<[LimitName, string][]> {
  const keys: [LimitName, string][] = [
    ...(customerId === null ? [] : [["couponCodePerAccount", `coupon:${customerId}`] as [LimitName, string]]),
    ["couponCodePerAddress", `coupon:${address}`],
  ];
  for (const [name, key] of keys) {
    const verdict = await consume(db, name, key);
    if (!verdict.allowed) throw new DomainError("CUS-100016", { minutes: Math.ceil(verdict.retryAfterSeconds / 60) });
  }
  return keys;
}

/** A guess that named a coupon is given back: only wrong guesses add up. */
export async function giveBack(db: Database, keys: [LimitName, string][]): Promise<void> {
  for (const [name, key] of keys) await reward(db, name, key);
}

/** Whether a game hands the coupon out as a prize. */
async function isGamePrize(db: Database, couponId: number): Promise<boolean> {
  return (await db.selectFrom("coupon_game_prizes").select("id").where("coupon_id", "=", couponId).limit(1).executeTakeFirst()) !== undefined;
}

/** check-existed-coupon: the coupon a code names, as a card, or the refusal that says why it cannot be attached. */
export async function checkCouponCode(db: Database, lookup: CodeLookup): Promise<CheckedCoupon> {
  const counted = await countGuess(db, lookup.customer.id, lookup.address);
  const code = normalizeCode(lookup.code);
  const row = /^[A-Z0-9-]{3,32}$/.test(code) ? await db.selectFrom("coupons").selectAll().where("code", "=", code).executeTakeFirst() : undefined;
  const coupon = row ? couponOf(row) : undefined;
  const mine = coupon
    ? await db
        .selectFrom("customer_coupons")
        .select("attached_at")
        .where("customer_id", "=", lookup.customer.id)
        .where("coupon_id", "=", coupon.id)
        .executeTakeFirst()
    : undefined;
  const used = coupon
    ? await db
        .selectFrom("coupon_uses")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("coupon_id", "=", coupon.id)
        .where("customer_id", "=", lookup.customer.id)
        .executeTakeFirstOrThrow()
    : { n: 0 };
  const standing = couponStanding(coupon, {
    customerId: lookup.customer.id,
    holds: Boolean(mine) || (coupon !== undefined && !(await isGamePrize(db, coupon.id))),
    uses: { byCustomer: Number(used.n), total: row?.uses ?? 0 },
    now: lookup.now,
    timeZone: lookup.timeZone,
  });
  if (!row || !coupon || standing) throw new DomainError(standing?.code ?? "CP-12", standing?.data ?? {});
  await giveBack(db, counted);
  const [card] = await couponCards(db, [{ row, coupon, attached: Boolean(mine) }], { customer: lookup.customer, lng: lookup.lng });
  return { card: card!, couponId: coupon.id, attached: Boolean(mine) };
}

/** crm-redeem-coupon: attaches the coupon a code names (see checkCouponCode); `already` when it was there. */
export async function redeemCoupon(db: Database, lookup: CodeLookup): Promise<{ card: CouponCard; already: boolean }> {
  const checked = await checkCouponCode(db, lookup);
  const inserted = await db
    .insertInto("customer_coupons")
    .values({ customer_id: lookup.customer.id, coupon_id: checked.couponId, source: "crm", attached_at: lookup.now })
    .onConflict((oc) => oc.columns(["customer_id", "coupon_id"]).doNothing())
    .returning("coupon_id")
    .executeTakeFirst();
  return { card: { ...checked.card, attached: true }, already: inserted === undefined };
}
