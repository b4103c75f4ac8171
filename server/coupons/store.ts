import { z } from "zod";
import type { Database } from "../db/client";
import type { CouponsTable } from "../db/types";
import type { Selectable } from "kysely";
import type { Coupon, CouponBenefit, CouponConditions } from "./types";

/**
 * Reading coupons from their rows. `benefit` and `conditions` are jsonb: each is parsed with zod on the way out, so
 * a row a person edited by hand into a wrong shape is refused as "not found" (CP-12) rather than applied wrongly.
 */
const uuid = z.string().uuid();
const cents = z.number().int().min(0);

export const benefitSchema: z.ZodType<CouponBenefit> = z.discriminatedUnion("type", [
  z.object({ type: z.literal(1), productUuid: uuid, secondLayerId: z.number().int().positive().nullable(), quantity: z.number().int().min(1).max(10) }),
  z.object({ type: z.literal(2), amountCents: cents.min(1) }),
  z.object({ type: z.literal(3), percentBasisPoints: z.number().int().min(1).max(10_000), maxCents: cents.nullable() }),
  z.object({ type: z.literal(4) }),
  z.object({ type: z.literal(5), amountCents: cents.min(1) }),
  z.object({ type: z.literal(6), comboUuid: uuid, priceCents: cents }),
]);

const instant = z.string().datetime({ offset: true });
export const conditionsSchema: z.ZodType<CouponConditions> = z
  .object({
    minAmountCents: cents,
    minItems: z.number().int().min(1),
    orderTypes: z.array(z.enum(["D", "C"])).min(1),
    channels: z.array(z.enum(["web", "app", "phone", "store"])).min(1),
    loginRequired: z.boolean(),
    customerId: z.number().int().positive(),
    attachedOnly: z.boolean(),
    outletCodes: z.array(z.string().min(1)).min(1),
    usesPerCustomer: z.number().int().min(1),
    menuItems: z.array(uuid).min(1),
    menuItemsQuantity: z.number().int().min(1),
    validFrom: instant,
    validUntil: instant,
    payment: z.enum(["cash", "card"]),
    futureOnly: z.boolean(),
    weekdays: z.array(z.number().int().min(0).max(6)).min(1),
    hutDayOnly: z.boolean(),
    lunchOnly: z.boolean(),
    generationLimit: z.number().int().min(1),
  })
  .partial()
  .strict();

/** Codes are typed by people: compared trimmed and upper-cased. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

export function couponOf(row: Selectable<CouponsTable>): Coupon | undefined {
  const benefit = benefitSchema.safeParse(row.benefit);
  const conditions = conditionsSchema.safeParse(row.conditions);
  if (!benefit.success || !conditions.success || benefit.data.type !== row.type) return undefined;
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type as Coupon["type"],
    group: row.group,
    benefit: benefit.data,
    conditions: conditions.data,
    active: row.active,
  };
}

/** The coupon with this code (any case, trimmed), or undefined (unknown, or a row of a wrong shape). */
export async function findCouponByCode(db: Database, code: string): Promise<Coupon | undefined> {
  const normalized = normalizeCode(code);
  if (!/^[A-Z0-9-]{3,32}$/.test(normalized)) return undefined;
  const row = await db.selectFrom("coupons").selectAll().where("code", "=", normalized).executeTakeFirst();
  return row ? couponOf(row) : undefined;
}
