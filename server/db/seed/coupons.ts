import type { Kysely } from "kysely";
import { now } from "../../clock";
import type { Coupon } from "../../coupons/types";
import type { DB, I18nText } from "../types";
import { productUuid } from "./ids";

/**
 * The demo coupons (README, "Demo coupons"): one of each type and group, and the conditions a newcomer meets first:
 * a login-only coupon (CP-07), a lunch-time one, a hut-day one, a deal that opens a combo, and a game whose prizes
 * are coupons. Written idempotently by code (a second run updates in place).
 */
type DemoCoupon = Omit<Coupon, "id" | "active"> & {
  /** false: not on /order/coupons for everyone, only for the accounts it is attached to (migration 0014); default true */
  listed?: boolean;
};

const name = (es: string, en: string, ar: string): I18nText => ({ es, en, ar });

export const demoCoupons: DemoCoupon[] = [
  {
    code: "PIZZA15",
    name: name("15 % en tu pedido", "15% off your order", "خصم 15٪ على طلبك"),
    type: 3,
    group: "discount",
    benefit: { type: 3, percentBasisPoints: 1_500, maxCents: 15_000 },
    conditions: { minAmountCents: 25_000 },
  },
  {
    code: "AHORRA50",
    name: name("$50 menos en pedidos de $300", "$50 off orders of $300", "خصم 50$ على طلبات 300$"),
    type: 2,
    group: "discount",
    benefit: { type: 2, amountCents: 5_000 },
    conditions: { minAmountCents: 30_000, loginRequired: true, usesPerCustomer: 1 },
  },
  {
    code: "ENVIOGRATIS",
    name: name("Envío gratis", "Free delivery", "توصيل مجاني"),
    type: 4,
    group: "promotion",
    benefit: { type: 4 },
    conditions: { orderTypes: ["D"], generationLimit: 500 },
  },
  {
    code: "REFRESCO",
    name: name("Refresco de regalo", "A free soft drink", "مشروب غازي مجاني"),
    type: 1,
    group: "freeGift",
    benefit: { type: 1, productUuid: productUuid("DR-COLA-600"), secondLayerId: null, quantity: 1 },
    conditions: { minItems: 2 },
  },
  {
    code: "COMIDA20",
    name: name("20 % a la hora de la comida", "20% off at lunch time", "خصم 20٪ وقت الغداء"),
    type: 3,
    group: "discount",
    benefit: { type: 3, percentBasisPoints: 2_000, maxCents: null },
    conditions: { lunchOnly: true },
  },
  {
    code: "MARTESHUT",
    name: name("$40 menos el Día Hut", "$40 off on Hut Day", "خصم 40$ في يوم هت"),
    type: 2,
    group: "discount",
    benefit: { type: 2, amountCents: 4_000 },
    // from $250, as the Martes Hut campaign's terms and the promotions page say
    conditions: { hutDayOnly: true, minAmountCents: 25_000 },
  },
  {
    code: "LUNESMARTES",
    name: name("10 % lunes y martes", "10% off Monday and Tuesday", "خصم 10٪ الاثنين والثلاثاء"),
    type: 3,
    group: "discount",
    benefit: { type: 3, percentBasisPoints: 1_000, maxCents: null },
    conditions: { weekdays: [1, 2] },
  },
  {
    code: "CIRCULO30",
    name: name("$30 para socios del círculo", "$30 off for loyalty members", "خصم 30$ لأعضاء الولاء"),
    type: 5,
    group: "circleDiscount",
    benefit: { type: 5, amountCents: 3_000 },
    conditions: { loginRequired: true },
  },
  {
    code: "COMBOPAREJA",
    name: name("Combo pareja a $229", "Couple combo for $229", "كومبو الثنائي بـ 229$"),
    type: 6,
    group: "promotion",
    benefit: { type: 6, comboUuid: productUuid("CB-PAREJA"), priceCents: 22_900 },
    conditions: {},
  },
  {
    // A campaign's coupon (issue 12 point 6): not listed to everyone, and only for the accounts that hold it; a
    // customer attaches it from the campaign's link, /crm/coupon/BIENVENIDA, and then finds it on /order/coupons.
    code: "BIENVENIDA",
    name: name("$100 de bienvenida", "$100 welcome discount", "خصم ترحيبي 100$"),
    type: 2,
    group: "discount",
    benefit: { type: 2, amountCents: 10_000 },
    conditions: { minAmountCents: 40_000, loginRequired: true, usesPerCustomer: 1, attachedOnly: true },
    listed: false,
  },
  {
    // Another campaign's coupon (a birthday mail): a free brownie with an order from $200, attached from
    // /crm/coupon/CUMPLEANOS.
    code: "CUMPLEANOS",
    name: name("Brownie de cumpleaños", "A birthday brownie", "براوني عيد الميلاد"),
    type: 1,
    group: "freeGift",
    benefit: { type: 1, productUuid: productUuid("DS-BROWNIE"), secondLayerId: null, quantity: 1 },
    conditions: { minAmountCents: 20_000, loginRequired: true, usesPerCustomer: 1, attachedOnly: true },
    listed: false,
  },
];

/** The demo game: a wheel whose slots are coupons (and a "try again"), one play a day per customer. */
export const demoGame = {
  slug: "ruleta",
  name: name("Ruleta de cupones", "Coupon wheel", "عجلة القسائم"),
  kind: "wheel" as const,
  playsPerPeriod: 1,
  periodHours: 24,
  prizes: [
    { code: "RULETA10", weight: 50, label: name("10 % de descuento", "10% off", "خصم 10٪") },
    { code: "REFRESCO", weight: 30, label: name("Refresco de regalo", "A free soft drink", "مشروب غازي مجاني") },
    { code: null, weight: 20, label: name("Sigue intentando", "Try again", "حاول مرة أخرى") },
  ],
};

/** The game's own prize coupon: 10 % off, for the customer who won it (attached to the account), once. */
const gamePrize: DemoCoupon = {
  code: "RULETA10",
  name: name("10 % de la ruleta", "10% from the wheel", "خصم 10٪ من العجلة"),
  type: 3,
  group: "discount",
  benefit: { type: 3, percentBasisPoints: 1_000, maxCents: 10_000 },
  conditions: { loginRequired: true, usesPerCustomer: 1, attachedOnly: true },
  listed: false,
};

export async function seedDemoCoupons(db: Kysely<DB>): Promise<void> {
  const at = now();
  await db.transaction().execute(async (trx) => {
    for (const c of [...demoCoupons, gamePrize]) {
      const values = {
        code: c.code,
        name: JSON.stringify(c.name),
        type: c.type,
        group: c.group,
        benefit: JSON.stringify(c.benefit),
        conditions: JSON.stringify(c.conditions),
        listed: c.listed ?? true,
        image: JSON.stringify({ desktop: { es: `/images/coupons/type-${c.type}.svg` } }),
        created_at: at,
        updated_at: at,
      };
      await trx
        .insertInto("coupons")
        .values(values)
        .onConflict((oc) =>
          oc.column("code").doUpdateSet({ name: values.name, type: values.type, group: values.group, benefit: values.benefit, conditions: values.conditions, listed: values.listed, updated_at: at }),
        )
        .execute();
    }
    const game = await trx
      .insertInto("coupon_games")
      .values({ slug: demoGame.slug, name: JSON.stringify(demoGame.name), kind: demoGame.kind, plays_per_period: demoGame.playsPerPeriod, period_hours: demoGame.periodHours })
      .onConflict((oc) => oc.column("slug").doUpdateSet({ name: JSON.stringify(demoGame.name), plays_per_period: demoGame.playsPerPeriod, period_hours: demoGame.periodHours }))
      .returning("id")
      .executeTakeFirstOrThrow();
    const played = await trx.selectFrom("coupon_game_plays").select("id").where("game_id", "=", game.id).limit(1).executeTakeFirst();
    if (played) return; // prizes that were won stay as they were
    await trx.deleteFrom("coupon_game_prizes").where("game_id", "=", game.id).execute();
    for (const prize of demoGame.prizes) {
      const coupon = prize.code ? await trx.selectFrom("coupons").select("id").where("code", "=", prize.code).executeTakeFirstOrThrow() : null;
      await trx
        .insertInto("coupon_game_prizes")
        .values({ game_id: game.id, coupon_id: coupon?.id ?? null, weight: prize.weight, label: JSON.stringify(prize.label) })
        .execute();
    }
  });
}
