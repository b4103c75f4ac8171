import { z } from "zod";
import { instantAt, wallClock } from "../clock";
import { constants } from "../constants";
import type { I18nText } from "../db/types";
import { HUT_DAY } from "./rules";
import { benefitSchema, conditionsSchema, normalizeCode } from "./store";
import type { Coupon, CouponBenefit, CouponConditions, CouponGroup, CouponType } from "./types";

/**
 * The managers' coupon form (issue 12 point 8; /store/coupons/new and /store/coupons/:id), pure: what people type
 * (pesos, percents, local date-times, check boxes) becomes a coupon's benefit and conditions, validated by the very
 * schemas the rules read them with (`benefitSchema`, `conditionsSchema` of ./store.ts), plus the rules that tie
 * fields together. What needs the database (a code already taken, products, combos, outlets and the customer that
 * exist) is checked by ./admin.ts. Messages are keys of the "store" namespace (coupons.v.*), per field.
 *
 * - Money is typed in pesos ("150", "99.50", "$1,250") and kept in integer centavos, converted on the digits
 *   (never through a float).
 * - A percent is typed as people say it ("15", "12.5") and kept in basis points (1500, 1250).
 * - The validity window is typed as local date-times (`<input type="datetime-local">`) in the chain's time zone
 *   and kept as ISO instants; `validUntil` must come after `validFrom`.
 * - The group follows from the type (server/coupons/types.ts): 1 free gift, 2 and 3 discount, 4 and 6 promotion,
 *   5 circle discount.
 * - Fields of the benefit that the chosen type does not use are ignored (without JavaScript the form shows them all).
 * - An empty condition does not limit; a group of check boxes with none checked does not limit either.
 */
export const COUPON_TIME_ZONE = constants.defaultTimeZone;

export const GROUP_OF_TYPE: Record<CouponType, CouponGroup> = { 1: "freeGift", 2: "discount", 3: "discount", 4: "promotion", 5: "circleDiscount", 6: "promotion" };
export const COUPON_TYPE_LIST: readonly CouponType[] = [1, 2, 3, 4, 5, 6];

/** The shape of a code (the table's check and findCouponByCode's): upper-case letters, digits and dashes, 3 to 32. */
export const CODE_SHAPE = /^[A-Z0-9-]{3,32}$/;
export const NAME_MAX = 80;

const V = (key: string) => `store:coupons.v.${key}`;

/** The form's fields as posted: text fields (undefined when empty), lists of the check boxes' values, flags. */
export interface CouponFormInput {
  code?: string;
  nameEs?: string;
  nameEn?: string;
  nameAr?: string;
  type?: string;
  amount?: string;
  percent?: string;
  maxAmount?: string;
  /** "<product uuid>" or "<product uuid>/<second layer id>" */
  freeItem?: string;
  freeQuantity?: string;
  combo?: string;
  dealPrice?: string;
  minAmount?: string;
  minItems?: string;
  orderTypes?: string[];
  channels?: string[];
  loginRequired?: boolean;
  attachedOnly?: boolean;
  customerEmail?: string;
  outlets?: string[];
  usesPerCustomer?: string;
  menuItems?: string[];
  menuItemsQuantity?: string;
  validFrom?: string;
  validUntil?: string;
  payment?: string;
  futureOnly?: boolean;
  weekdays?: string[];
  hutDayOnly?: boolean;
  lunchOnly?: boolean;
  generationLimit?: string;
}
export type CouponField = keyof CouponFormInput;

/**
 * A coupon as the form defines it: its conditions without `customerId`, the customer named by email instead
 * (./admin.ts finds their id).
 */
export type CouponDraft = Omit<Coupon, "id" | "active"> & { customerEmail: string | null };

export type FieldErrors = Partial<Record<CouponField, string[]>>;
export type DraftResult = { ok: true; draft: CouponDraft } | { ok: false; errors: FieldErrors };

/** Pesos as people type them ("150", "99.5", "$1,250.00") to integer centavos; undefined when it is not an amount. */
export function pesosToCents(text: string): number | undefined {
  const plain = text.trim().replace(/^\$\s*/, "");
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return undefined;
  const whole = match[1]!.replace(/,/g, "");
  if (whole.replace(/^0+(?=\d)/, "").length > 7) return undefined; // up to $9,999,999.99
  return Number(whole) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Integer centavos as the form shows them: "150.00". */
export function centsToPesos(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** A percent as people type it ("15", "12.5", "0.01 %") to basis points (1500, 1250, 1); undefined when not one. */
export function percentToBasisPoints(text: string): number | undefined {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Basis points as the form shows them: 1500 → "15", 1250 → "12.5", 1 → "0.01". */
export function basisPointsToPercent(bp: number): string {
  const fraction = String(bp % 100).padStart(2, "0").replace(/0+$/, "");
  return fraction ? `${Math.floor(bp / 100)}.${fraction}` : String(Math.floor(bp / 100));
}

/** A whole number typed in a field; undefined when it is not one. */
function count(text: string): number | undefined {
  return /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/**
 * A local date-time ("2026-12-01T09:30", as `datetime-local` posts it) in a time zone to an ISO instant; undefined
 * when it is not a date-time, or not one that exists there (February 30th; an hour skipped by a clock change).
 */
export function localToInstant(text: string, timeZone: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::00)?$/.exec(text.trim());
  if (!match) return undefined;
  const at = instantAt(match[1]!, `${match[2]}:00`, timeZone);
  if (Number.isNaN(at.getTime())) return undefined;
  // Read back: a date that does not exist (02-30) or a skipped wall time comes back as another one.
  if (instantToLocal(at.toISOString(), timeZone) !== `${match[1]}T${match[2]}`) return undefined;
  return at.toISOString();
}

/** An ISO instant as the `datetime-local` input shows it in a time zone: "2026-12-01T09:30". */
export function instantToLocal(iso: string, timeZone: string): string {
  const { date, time } = wallClock(new Date(iso), timeZone);
  return `${date}T${time.slice(0, 5)}`;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FREE_ITEM = /^([0-9a-fA-F-]{36})(?:\/(\d{1,9}))?$/;

/** Where a failure of the rules' own schemas belongs: the benefit's and the conditions' keys to the form's fields. */
const benefitFields: Record<string, [CouponField, string]> = {
  productUuid: ["freeItem", "freeItemRequired"],
  secondLayerId: ["freeItem", "freeItemRequired"],
  quantity: ["freeQuantity", "quantityRange"],
  amountCents: ["amount", "amountPositive"],
  percentBasisPoints: ["percent", "percentRange"],
  maxCents: ["maxAmount", "money"],
  comboUuid: ["combo", "comboRequired"],
  priceCents: ["dealPrice", "money"],
};
const conditionFields: Record<string, [CouponField, string]> = {
  minAmountCents: ["minAmount", "money"],
  minItems: ["minItems", "atLeastOne"],
  orderTypes: ["orderTypes", "choice"],
  channels: ["channels", "choice"],
  outletCodes: ["outlets", "choice"],
  usesPerCustomer: ["usesPerCustomer", "atLeastOne"],
  menuItems: ["menuItems", "choice"],
  menuItemsQuantity: ["menuItemsQuantity", "atLeastOne"],
  validFrom: ["validFrom", "dateTime"],
  validUntil: ["validUntil", "dateTime"],
  payment: ["payment", "choice"],
  weekdays: ["weekdays", "choice"],
  generationLimit: ["generationLimit", "atLeastOne"],
};

/** The form's input to a coupon draft, or the messages per field. */
export function buildCouponDraft(input: CouponFormInput, timeZone: string = COUPON_TIME_ZONE): DraftResult {
  const errors: FieldErrors = {};
  const fail = (field: CouponField, key: string) => {
    const list = errors[field] ?? [];
    if (!list.includes(V(key))) errors[field] = [...list, V(key)];
  };
  const text = (field: CouponField) => {
    const value = input[field];
    return typeof value === "string" ? value.trim() : "";
  };

  const code = normalizeCode(text("code"));
  if (!code) fail("code", "codeRequired");
  else if (!CODE_SHAPE.test(code)) fail("code", "codeShape");

  const name: I18nText = { es: text("nameEs") };
  if (!name.es) fail("nameEs", "nameRequired");
  for (const [field, lng] of [["nameEs", "es"], ["nameEn", "en"], ["nameAr", "ar"]] as const) {
    const value = text(field);
    if (value.length > NAME_MAX) fail(field, "nameTooLong");
    else if (value && lng !== "es") name[lng] = value;
  }

  const type = Number(text("type")) as CouponType;
  const typed = COUPON_TYPE_LIST.includes(type);
  if (!typed) fail("type", "typeRequired");

  /** A money field: undefined when empty (`required`: the message then); NaN (and a message) when not an amount. */
  const money = (field: CouponField, required?: string) => {
    const value = text(field);
    if (!value) {
      if (required) fail(field, required);
      return undefined;
    }
    const cents = pesosToCents(value);
    if (cents === undefined) fail(field, "money");
    return cents ?? Number.NaN;
  };
  const whole = (field: CouponField) => {
    const value = text(field);
    if (!value) return undefined;
    const n = count(value);
    if (n === undefined) fail(field, "count");
    return n ?? Number.NaN;
  };

  let benefit: CouponBenefit | undefined;
  if (type === 1) {
    const match = FREE_ITEM.exec(text("freeItem"));
    if (!match) fail("freeItem", "freeItemRequired");
    const quantity = text("freeQuantity") ? whole("freeQuantity") : 1;
    benefit = { type: 1, productUuid: (match?.[1] ?? "").toLowerCase(), secondLayerId: match?.[2] ? Number(match[2]) : null, quantity: quantity ?? Number.NaN };
  } else if (type === 2 || type === 5) {
    benefit = { type, amountCents: money("amount", "amountRequired") ?? Number.NaN };
  } else if (type === 3) {
    const value = text("percent");
    const bp = value ? percentToBasisPoints(value) : undefined;
    if (!value) fail("percent", "percentRequired");
    else if (bp === undefined) fail("percent", "percentRange");
    const maxCents = money("maxAmount") ?? null;
    if (maxCents === 0) fail("maxAmount", "amountPositive"); // a cap of $0 would make the coupon worth nothing
    benefit = { type: 3, percentBasisPoints: bp ?? Number.NaN, maxCents };
  } else if (type === 4) {
    benefit = { type: 4 };
  } else if (type === 6) {
    const combo = text("combo");
    if (!combo) fail("combo", "comboRequired");
    benefit = { type: 6, comboUuid: combo.toLowerCase(), priceCents: money("dealPrice", "moneyRequired") ?? Number.NaN };
  }

  const conditions: CouponConditions = {};
  const set = <K extends keyof CouponConditions>(key: K, value: CouponConditions[K] | undefined) => {
    if (value !== undefined) conditions[key] = value;
  };
  const list = (field: "orderTypes" | "channels" | "outlets" | "menuItems" | "weekdays") => {
    const values = [...new Set((input[field] ?? []).map((v) => v.trim()).filter(Boolean))];
    return values.length ? values : undefined;
  };
  set("minAmountCents", money("minAmount"));
  set("minItems", whole("minItems"));
  set("orderTypes", list("orderTypes") as CouponConditions["orderTypes"]);
  set("channels", list("channels") as CouponConditions["channels"]);
  if (input.loginRequired) conditions.loginRequired = true;
  if (input.attachedOnly) conditions.attachedOnly = true;
  set("outletCodes", list("outlets"));
  set("usesPerCustomer", whole("usesPerCustomer"));
  set("menuItems", list("menuItems")?.map((uuid) => uuid.toLowerCase()));
  set("menuItemsQuantity", whole("menuItemsQuantity"));
  for (const field of ["validFrom", "validUntil"] as const) {
    const value = text(field);
    if (!value) continue;
    const instant = localToInstant(value, timeZone);
    if (instant === undefined) fail(field, "dateTime");
    set(field, instant ?? value);
  }
  set("payment", (text("payment") || undefined) as CouponConditions["payment"]);
  if (input.futureOnly) conditions.futureOnly = true;
  set("weekdays", list("weekdays")?.map((day) => (/^\d$/.test(day) ? Number(day) : Number.NaN)).sort((a, b) => a - b));
  if (input.hutDayOnly) conditions.hutDayOnly = true;
  if (input.lunchOnly) conditions.lunchOnly = true;
  set("generationLimit", whole("generationLimit"));

  const email = text("customerEmail").toLowerCase();
  if (email && (email.length > 254 || !EMAIL.test(email))) fail("customerEmail", "email");

  // The rules' own shapes: a value they would refuse is refused here, beside its field.
  if (benefit) {
    const parsed = benefitSchema.safeParse(benefit);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [field, key] = benefitFields[String(issue.path[0])] ?? ["type", "choice"];
        if (!errors[field]) fail(field, key);
      }
    }
  }
  const parsed = conditionsSchema.safeParse(conditions);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, key] = conditionFields[String(issue.path[0])] ?? ["type", "choice"];
      if (!errors[field]) fail(field, key);
    }
  }

  // Fields that must agree with each other.
  if (conditions.validFrom && conditions.validUntil && !errors.validFrom && !errors.validUntil && conditions.validUntil <= conditions.validFrom) {
    fail("validUntil", "untilAfterFrom");
  }
  if (conditions.menuItemsQuantity !== undefined && !conditions.menuItems && !errors.menuItemsQuantity) fail("menuItemsQuantity", "quantityNeedsItems");
  if (type === 4 && conditions.orderTypes && !conditions.orderTypes.includes("D") && !errors.orderTypes) fail("orderTypes", "freeDeliveryNeedsDelivery");
  if (conditions.hutDayOnly && conditions.weekdays && !conditions.weekdays.includes(HUT_DAY) && !errors.weekdays) fail("weekdays", "hutDayWeekday");

  if (Object.keys(errors).length > 0 || !benefit || !typed) return { ok: false, errors };
  return { ok: true, draft: { code, name, type, group: GROUP_OF_TYPE[type], benefit, conditions, customerEmail: email || null } };
}

/** Empty → undefined; a single check box's value → a list of one (what conform's parser or a plain FormData gives). */
const optionalText = z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? v : undefined), z.string().max(2_000).optional());
const listOf = z.preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().max(200)).max(500));
const flag = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

const textFields = [
  "code", "nameEs", "nameEn", "nameAr", "type", "amount", "percent", "maxAmount", "freeItem", "freeQuantity", "combo", "dealPrice",
  "minAmount", "minItems", "customerEmail", "usesPerCustomer", "menuItemsQuantity", "validFrom", "validUntil", "payment", "generationLimit",
] as const;
const listFields = ["orderTypes", "channels", "outlets", "menuItems", "weekdays"] as const;
const flagFields = ["loginRequired", "attachedOnly", "futureOnly", "hutDayOnly", "lunchOnly"] as const;

const rawSchema = z.object({
  ...Object.fromEntries(textFields.map((f) => [f, optionalText])),
  ...Object.fromEntries(listFields.map((f) => [f, listOf])),
  ...Object.fromEntries(flagFields.map((f) => [f, flag])),
} as Record<(typeof textFields)[number], typeof optionalText> & Record<(typeof listFields)[number], typeof listOf> & Record<(typeof flagFields)[number], typeof flag>);

/**
 * The form as one zod schema (for conform's `parseWithZod` on the server): the posted fields to a `CouponDraft`,
 * each refusal an issue at its field. A field far too long or a list far too long is a malformed post (a 400 too).
 */
export function couponFormSchema(timeZone: string = COUPON_TIME_ZONE) {
  return rawSchema.transform((raw, ctx) => {
    const result = buildCouponDraft(raw as CouponFormInput, timeZone);
    if (result.ok) return result.draft;
    for (const [field, messages] of Object.entries(result.errors)) {
      for (const message of messages ?? []) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
    }
    return z.NEVER;
  });
}

/** What the form shows for a coupon (its edit page): the inverse of `buildCouponDraft`. */
export function couponFormValues(
  coupon: { code: string; name: I18nText; type: number; benefit: Record<string, unknown>; conditions: Record<string, unknown> },
  customerEmail: string | null,
  timeZone: string = COUPON_TIME_ZONE,
): Record<string, string | string[] | boolean> {
  const b = coupon.benefit;
  const c = coupon.conditions;
  const num = (value: unknown) => (typeof value === "number" ? String(value) : "");
  const pesos = (value: unknown) => (typeof value === "number" ? centsToPesos(value) : "");
  const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  const local = (value: unknown) => (typeof value === "string" ? instantToLocal(value, timeZone) : "");
  return {
    code: coupon.code,
    nameEs: coupon.name.es ?? "",
    nameEn: coupon.name.en ?? "",
    nameAr: coupon.name.ar ?? "",
    type: String(coupon.type),
    amount: coupon.type === 2 || coupon.type === 5 ? pesos(b.amountCents) : "",
    percent: coupon.type === 3 && typeof b.percentBasisPoints === "number" ? basisPointsToPercent(b.percentBasisPoints) : "",
    maxAmount: coupon.type === 3 ? pesos(b.maxCents) : "",
    freeItem: coupon.type === 1 && typeof b.productUuid === "string" ? (typeof b.secondLayerId === "number" ? `${b.productUuid}/${b.secondLayerId}` : b.productUuid) : "",
    freeQuantity: coupon.type === 1 ? num(b.quantity) : "",
    combo: coupon.type === 6 && typeof b.comboUuid === "string" ? b.comboUuid : "",
    dealPrice: coupon.type === 6 ? pesos(b.priceCents) : "",
    minAmount: pesos(c.minAmountCents),
    minItems: num(c.minItems),
    orderTypes: strings(c.orderTypes),
    channels: strings(c.channels),
    loginRequired: c.loginRequired === true,
    attachedOnly: c.attachedOnly === true,
    customerEmail: customerEmail ?? "",
    outlets: strings(c.outletCodes),
    usesPerCustomer: num(c.usesPerCustomer),
    menuItems: strings(c.menuItems),
    menuItemsQuantity: num(c.menuItemsQuantity),
    validFrom: local(c.validFrom),
    validUntil: local(c.validUntil),
    payment: typeof c.payment === "string" ? c.payment : "",
    futureOnly: c.futureOnly === true,
    weekdays: strings(c.weekdays),
    hutDayOnly: c.hutDayOnly === true,
    lunchOnly: c.lunchOnly === true,
    generationLimit: num(c.generationLimit),
  };
}
