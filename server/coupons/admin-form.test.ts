import { parseWithZod } from "@conform-to/zod";
import { demoCoupons } from "../db/seed/coupons";
import {
  basisPointsToPercent,
  buildCouponDraft,
  centsToPesos,
  couponFormSchema,
  couponFormValues,
  GROUP_OF_TYPE,
  instantToLocal,
  localToInstant,
  percentToBasisPoints,
  pesosToCents,
  type CouponFormInput,
  type DraftResult,
} from "./admin-form";
import { benefitSchema, conditionsSchema } from "./store";

/**
 * The managers' coupon form, pure: each rule from typed text to a coupon, and each refusal beside its field.
 * America/Mexico_City is UTC-6 all year (no daylight saving time since 2022).
 */
const MX = "America/Mexico_City";
const PIZZA = "a3f1c2d4-5b6e-4f70-8a91-b2c3d4e5f607";
const COLA = "0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f";
const COMBO = "11111111-2222-4333-8444-555555555555";

const percent: CouponFormInput = { code: " prueba-20 ", nameEs: "20 % de prueba", type: "3", percent: "20" };

function draft(input: CouponFormInput) {
  const result = buildCouponDraft(input, MX);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors)}`);
  return result.draft;
}

/** The messages of a refused form, by field. */
function errors(input: CouponFormInput): Record<string, string[]> {
  const result: DraftResult = buildCouponDraft(input, MX);
  if (result.ok) throw new Error("expected a refusal");
  return result.errors as Record<string, string[]>;
}
const v = (key: string) => [`store:coupons.v.${key}`];

describe("typed amounts", () => {
  it.each([
    ["150", 15_000],
    ["99.5", 9_950],
    ["99.50", 9_950],
    ["0.01", 1],
    ["$1,250.00", 125_000],
    ["$ 12", 1_200],
    ["1,234,567.89", 123_456_789],
    ["0", 0],
    ["9999999.99", 999_999_999],
  ])("pesos %s are %i centavos (on the digits, no float)", (text, cents) => {
    expect(pesosToCents(text)).toBe(cents);
  });

  it.each(["", "abc", "-5", "1,25", "12,34.5", "1.234", "10000000", "1e3", "1.", ".5", "5 pesos"])("%j is not an amount", (text) => {
    expect(pesosToCents(text)).toBeUndefined();
  });

  it.each([
    ["15", 1_500],
    ["12.5", 1_250],
    ["0.01", 1],
    ["100", 10_000],
    ["7 %", 700],
    ["7%", 700],
  ])("%s percent is %i basis points", (text, bp) => {
    expect(percentToBasisPoints(text)).toBe(bp);
    expect(percentToBasisPoints(basisPointsToPercent(bp))).toBe(bp);
  });

  it.each(["", "x", "-1", "12.345", "1000"])("%j is not a percent", (text) => {
    expect(percentToBasisPoints(text)).toBeUndefined();
  });

  it("shows centavos as pesos and basis points as a percent", () => {
    expect(centsToPesos(15_000)).toBe("150.00");
    expect(centsToPesos(9_905)).toBe("99.05");
    expect(centsToPesos(1)).toBe("0.01");
    expect(basisPointsToPercent(1_500)).toBe("15");
    expect(basisPointsToPercent(1_250)).toBe("12.5");
    expect(basisPointsToPercent(1)).toBe("0.01");
  });

  it("local date-times are read in the chain's zone and written back the same", () => {
    expect(localToInstant("2026-12-01T09:30", MX)).toBe("2026-12-01T15:30:00.000Z");
    expect(localToInstant("2026-12-31T23:59", MX)).toBe("2027-01-01T05:59:00.000Z");
    expect(localToInstant("2026-12-01T09:30:00", MX)).toBe("2026-12-01T15:30:00.000Z");
    expect(instantToLocal("2027-01-01T05:59:00.000Z", MX)).toBe("2026-12-31T23:59");
    for (const bad of ["2026-02-30T10:00", "2026-13-01T10:00", "2026-12-01T24:30", "2026-12-01", "mañana", "2026-12-01T09:30:15"]) {
      expect(localToInstant(bad, MX), bad).toBeUndefined();
    }
    // a wall time that a clock change skips does not exist (New York, 2026-03-08 02:30)
    expect(localToInstant("2026-03-08T02:30", "America/New_York")).toBeUndefined();
  });
});

describe("the form to a coupon", () => {
  it("a percent coupon: the code upper-cased, the group from the type, no conditions when none are given", () => {
    expect(draft(percent)).toEqual({
      code: "PRUEBA-20",
      name: { es: "20 % de prueba" },
      type: 3,
      group: "discount",
      benefit: { type: 3, percentBasisPoints: 2_000, maxCents: null },
      conditions: {},
      customerEmail: null,
    });
  });

  it("every type has its group (server/coupons/types.ts)", () => {
    expect(GROUP_OF_TYPE).toEqual({ 1: "freeGift", 2: "discount", 3: "discount", 4: "promotion", 5: "circleDiscount", 6: "promotion" });
    const forms: Record<number, CouponFormInput> = {
      1: { freeItem: `${PIZZA}/12` },
      2: { amount: "50" },
      3: { percent: "10" },
      4: {},
      5: { amount: "30" },
      6: { combo: COMBO, dealPrice: "299" },
    };
    for (const [type, fields] of Object.entries(forms)) {
      const made = draft({ code: "TIPO", nameEs: "Tipo", type, ...fields });
      expect(made.group).toBe(GROUP_OF_TYPE[Number(type) as 1]);
      expect(made.benefit.type).toBe(Number(type));
    }
  });

  it("the code is required and has the codes' shape: 3-32 letters, digits and dashes", () => {
    expect(errors({ ...percent, code: "" }).code).toEqual(v("codeRequired"));
    for (const bad of ["AB", "PIZZA 10", "PIZZA_10", "PIZZAÑ", "A".repeat(33)]) expect(errors({ ...percent, code: bad }).code, bad).toEqual(v("codeShape"));
    expect(draft({ ...percent, code: "a".repeat(32) }).code).toBe("A".repeat(32));
  });

  it("the Spanish name is required; English and Arabic are kept when given; each at most 80 characters", () => {
    expect(errors({ ...percent, nameEs: " " }).nameEs).toEqual(v("nameRequired"));
    expect(errors({ ...percent, nameEn: "x".repeat(81) }).nameEn).toEqual(v("nameTooLong"));
    expect(draft({ ...percent, nameEn: " 20% off ", nameAr: "خصم" }).name).toEqual({ es: "20 % de prueba", en: "20% off", ar: "خصم" });
  });

  it("the type is one of 1-6", () => {
    for (const bad of [undefined, "", "0", "7", "percent"]) expect(errors({ ...percent, type: bad }).type, String(bad)).toEqual(v("typeRequired"));
  });

  it("an amount coupon (2, 5) needs an amount above $0", () => {
    for (const type of ["2", "5"]) {
      expect(draft({ code: "MENOS50", nameEs: "x", type, amount: "$50" }).benefit).toEqual({ type: Number(type), amountCents: 5_000 });
      expect(errors({ code: "MENOS50", nameEs: "x", type }).amount).toEqual(v("amountRequired"));
      expect(errors({ code: "MENOS50", nameEs: "x", type, amount: "cincuenta" }).amount).toEqual(v("money"));
      // $0 is refused by the rules' own schema (amountCents ≥ 1)
      expect(errors({ code: "MENOS50", nameEs: "x", type, amount: "0" }).amount).toEqual(v("amountPositive"));
    }
  });

  it("a percent coupon needs 0.01-100 %, and may be capped above $0", () => {
    expect(errors({ ...percent, percent: undefined }).percent).toEqual(v("percentRequired"));
    expect(errors({ ...percent, percent: "100.5" }).percent).toEqual(v("percentRange"));
    expect(errors({ ...percent, percent: "0" }).percent).toEqual(v("percentRange"));
    expect(errors({ ...percent, percent: "diez" }).percent).toEqual(v("percentRange"));
    expect(draft({ ...percent, percent: "100" }).benefit).toEqual({ type: 3, percentBasisPoints: 10_000, maxCents: null });
    expect(draft({ ...percent, maxAmount: "150" }).benefit).toEqual({ type: 3, percentBasisPoints: 2_000, maxCents: 15_000 });
    expect(errors({ ...percent, maxAmount: "0" }).maxAmount).toEqual(v("amountPositive"));
    expect(errors({ ...percent, maxAmount: "mucho" }).maxAmount).toEqual(v("money"));
  });

  it("a free item names a product and its option, 1-10 of it (1 when not said)", () => {
    const item = { code: "REGALO", nameEs: "Regalo", type: "1" };
    expect(draft({ ...item, freeItem: `${PIZZA}/12`, freeQuantity: "2" }).benefit).toEqual({ type: 1, productUuid: PIZZA, secondLayerId: 12, quantity: 2 });
    expect(draft({ ...item, freeItem: COLA }).benefit).toEqual({ type: 1, productUuid: COLA, secondLayerId: null, quantity: 1 });
    expect(errors(item).freeItem).toEqual(v("freeItemRequired"));
    expect(errors({ ...item, freeItem: "pepperoni" }).freeItem).toEqual(v("freeItemRequired"));
    // a uuid-shaped value that is no uuid: the rules' schema refuses it
    expect(errors({ ...item, freeItem: "z".repeat(36) }).freeItem).toEqual(v("freeItemRequired"));
    for (const bad of ["0", "11"]) expect(errors({ ...item, freeItem: COLA, freeQuantity: bad }).freeQuantity, bad).toEqual(v("quantityRange"));
    expect(errors({ ...item, freeItem: COLA, freeQuantity: "dos" }).freeQuantity).toEqual(v("count"));
  });

  it("a deal names a combo and its price ($0 allowed)", () => {
    const deal = { code: "COMBO", nameEs: "Combo", type: "6" };
    expect(draft({ ...deal, combo: COMBO, dealPrice: "299" }).benefit).toEqual({ type: 6, comboUuid: COMBO, priceCents: 29_900 });
    expect(draft({ ...deal, combo: COMBO, dealPrice: "0" }).benefit).toEqual({ type: 6, comboUuid: COMBO, priceCents: 0 });
    const refused = errors(deal);
    expect(refused.combo).toEqual(v("comboRequired"));
    expect(refused.dealPrice).toEqual(v("moneyRequired"));
  });

  it("free delivery has no benefit fields; the fields of other types are ignored", () => {
    expect(draft({ code: "ENVIO", nameEs: "Envío", type: "4", amount: "abc", percent: "900", freeItem: "x", combo: "y" }).benefit).toEqual({ type: 4 });
  });

  it("every condition, as typed, in the shape the rules read", () => {
    const made = draft({
      ...percent,
      minAmount: "250",
      minItems: "2",
      orderTypes: ["D"],
      channels: ["web", "app"],
      loginRequired: true,
      customerEmail: " Cliente@PizzaDemo.mx ",
      outlets: ["MX-ROM-01", "MX-CON-01"],
      usesPerCustomer: "1",
      menuItems: [PIZZA.toUpperCase()],
      menuItemsQuantity: "2",
      validFrom: "2026-12-01T00:00",
      validUntil: "2027-01-01T00:00",
      payment: "cash",
      futureOnly: true,
      weekdays: ["2", "1", "2"],
      hutDayOnly: true,
      lunchOnly: true,
      generationLimit: "500",
    });
    expect(made.conditions).toEqual({
      minAmountCents: 25_000,
      minItems: 2,
      orderTypes: ["D"],
      channels: ["web", "app"],
      loginRequired: true,
      outletCodes: ["MX-ROM-01", "MX-CON-01"],
      usesPerCustomer: 1,
      menuItems: [PIZZA],
      menuItemsQuantity: 2,
      validFrom: "2026-12-01T06:00:00.000Z",
      validUntil: "2027-01-01T06:00:00.000Z",
      payment: "cash",
      futureOnly: true,
      weekdays: [1, 2],
      hutDayOnly: true,
      lunchOnly: true,
      generationLimit: 500,
    });
    expect(made.customerEmail).toBe("cliente@pizzademo.mx");
    expect(conditionsSchema.parse(made.conditions)).toEqual(made.conditions);
  });

  it("counts are whole numbers of at least 1 (the rules' schema: min 1)", () => {
    for (const field of ["minItems", "usesPerCustomer", "generationLimit"] as const) {
      expect(errors({ ...percent, [field]: "0" })[field], field).toEqual(v("atLeastOne"));
      expect(errors({ ...percent, [field]: "1.5" })[field], field).toEqual(v("count"));
      expect(errors({ ...percent, [field]: "-1" })[field], field).toEqual(v("count"));
    }
    expect(errors({ ...percent, menuItems: [PIZZA], menuItemsQuantity: "0" }).menuItemsQuantity).toEqual(v("atLeastOne"));
    expect(errors({ ...percent, minAmount: "$-1" }).minAmount).toEqual(v("money"));
  });

  it("choices outside the lists (a forged post) are refused beside their field", () => {
    expect(errors({ ...percent, orderTypes: ["X"] }).orderTypes).toEqual(v("choice"));
    expect(errors({ ...percent, channels: ["fax"] }).channels).toEqual(v("choice"));
    expect(errors({ ...percent, payment: "bitcoin" }).payment).toEqual(v("choice"));
    expect(errors({ ...percent, weekdays: ["7"] }).weekdays).toEqual(v("choice"));
    expect(errors({ ...percent, weekdays: ["lunes"] }).weekdays).toEqual(v("choice"));
    expect(errors({ ...percent, menuItems: ["pepperoni"] }).menuItems).toEqual(v("choice"));
  });

  it("the customer is named by a valid email", () => {
    expect(errors({ ...percent, customerEmail: "cliente" }).customerEmail).toEqual(v("email"));
    expect(errors({ ...percent, customerEmail: `${"a".repeat(250)}@x.mx` }).customerEmail).toEqual(v("email"));
  });

  it("dates: real local date-times, and the end after the start", () => {
    expect(errors({ ...percent, validFrom: "2026-02-30T10:00" }).validFrom).toEqual(v("dateTime"));
    expect(errors({ ...percent, validUntil: "pronto" }).validUntil).toEqual(v("dateTime"));
    expect(errors({ ...percent, validFrom: "2026-12-01T10:00", validUntil: "2026-12-01T10:00" }).validUntil).toEqual(v("untilAfterFrom"));
    expect(errors({ ...percent, validFrom: "2026-12-01T10:00", validUntil: "2026-11-30T10:00" }).validUntil).toEqual(v("untilAfterFrom"));
    expect(draft({ ...percent, validUntil: "2026-12-01T10:00" }).conditions).toEqual({ validUntil: "2026-12-01T16:00:00.000Z" });
  });

  it("fields that must agree: menu items for a quantity, delivery for free delivery, Tuesday for the hut day", () => {
    expect(errors({ ...percent, menuItemsQuantity: "2" }).menuItemsQuantity).toEqual(v("quantityNeedsItems"));
    expect(errors({ code: "ENVIO", nameEs: "Envío", type: "4", orderTypes: ["C"] }).orderTypes).toEqual(v("freeDeliveryNeedsDelivery"));
    expect(draft({ code: "ENVIO", nameEs: "Envío", type: "4", orderTypes: ["D", "C"] }).conditions).toEqual({ orderTypes: ["D", "C"] });
    expect(errors({ ...percent, hutDayOnly: true, weekdays: ["1"] }).weekdays).toEqual(v("hutDayWeekday"));
    expect(draft({ ...percent, hutDayOnly: true }).conditions).toEqual({ hutDayOnly: true });
  });

  it("reports every field's problem at once", () => {
    expect(Object.keys(errors({ type: "2", minItems: "x", validFrom: "y" })).sort()).toEqual(["amount", "code", "minItems", "nameEs", "validFrom"]);
  });
});

describe("the coupon to the form and back", () => {
  it("every demo coupon (one of each type) comes back from its form unchanged", () => {
    for (const coupon of demoCoupons) {
      const values = couponFormValues(coupon as never, null, MX) as CouponFormInput;
      const back = draft(values);
      expect(back, coupon.code).toMatchObject({ code: coupon.code, type: coupon.type, group: coupon.group, benefit: coupon.benefit, conditions: coupon.conditions });
      expect(benefitSchema.parse(back.benefit)).toEqual(coupon.benefit);
    }
  });

  it("a coupon with every condition, and its customer's email, comes back unchanged", () => {
    const input: CouponFormInput = {
      ...percent,
      nameEn: "20% test",
      nameAr: "اختبار",
      percent: "12.5",
      maxAmount: "99.90",
      minAmount: "250.50",
      minItems: "2",
      orderTypes: ["C"],
      channels: ["web"],
      loginRequired: true,
      attachedOnly: true,
      customerEmail: "cliente@pizzademo.mx",
      outlets: ["MX-ROM-01"],
      usesPerCustomer: "3",
      menuItems: [PIZZA, COLA],
      menuItemsQuantity: "2",
      validFrom: "2026-12-01T09:30",
      validUntil: "2026-12-24T18:00",
      payment: "card",
      futureOnly: true,
      weekdays: ["1", "2"],
      hutDayOnly: true,
      lunchOnly: true,
      generationLimit: "10",
    };
    const made = draft(input);
    const values = couponFormValues({ ...made, conditions: { ...made.conditions, customerId: 7 } } as never, made.customerEmail, MX);
    expect(values).toEqual({ ...input, code: "PRUEBA-20", amount: "", freeItem: "", freeQuantity: "", combo: "", dealPrice: "", maxAmount: "99.90", minAmount: "250.50" });
    expect(draft(values as CouponFormInput)).toEqual(made);
  });
});

describe("the form as posted (conform's parseWithZod on the schema)", () => {
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return parseWithZod(data, { schema: couponFormSchema(MX) });
  };

  it("a single check box is a list of one; unchecked flags are false; empty fields do not limit", () => {
    const submission = form([
      ["code", "web-only"],
      ["nameEs", "Solo web"],
      ["type", "3"],
      ["percent", "10"],
      ["channels", "web"],
      ["weekdays", "1"],
      ["weekdays", "3"],
      ["lunchOnly", "on"],
      ["minItems", ""],
      ["payment", ""],
    ]);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.conditions).toEqual({ channels: ["web"], weekdays: [1, 3], lunchOnly: true });
  });

  it("refusals come back beside their fields, with what was typed", () => {
    const submission = form([
      ["code", "x"],
      ["nameEs", "Prueba"],
      ["type", "2"],
      ["amount", "cincuenta"],
    ]);
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    expect(reply.error).toEqual({ code: v("codeShape"), amount: v("money") });
    expect(reply.initialValue).toMatchObject({ code: "x", amount: "cincuenta" });
  });
});
