import type { Database } from "#server/db/client";
import type { CouponBenefit, CouponConditions } from "#server/coupons/types";

let serial = 0;

/**
 * A coupon of a test's own, written straight into `coupons` (a unique code unless given): by default $20 off
 * (type 2, discount), listed to everyone, active, no conditions. Answers its code and id.
 */
export async function makeCoupon(
  db: Database,
  over: { code?: string; benefit?: CouponBenefit; conditions?: CouponConditions; listed?: boolean; active?: boolean; uses?: number } = {},
): Promise<{ code: string; id: number }> {
  serial += 1;
  const code = over.code ?? `PRUEBA-${serial}-${Date.now().toString(36).toUpperCase()}`;
  const benefit = over.benefit ?? { type: 2, amountCents: 2_000 };
  const group = benefit.type === 1 ? "freeGift" : benefit.type === 5 ? "circleDiscount" : benefit.type === 2 || benefit.type === 3 ? "discount" : "promotion";
  const at = new Date("2026-01-01T00:00:00Z");
  const { id } = await db
    .insertInto("coupons")
    .values({
      code,
      name: JSON.stringify({ es: `Cupón ${code}`, en: `Coupon ${code}` }),
      type: benefit.type,
      group,
      benefit: JSON.stringify(benefit),
      conditions: JSON.stringify(over.conditions ?? {}),
      listed: over.listed ?? true,
      active: over.active ?? true,
      uses: over.uses ?? 0,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { code, id };
}
