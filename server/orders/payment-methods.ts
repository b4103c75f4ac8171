import { constants } from "../constants";
import type { PaymentKind } from "../coupons/types";

/**
 * Payment methods (spec section 3: "Payment method codes: 7 credit card, 5 a bank wallet, 9 cash, 4 master card.
 * Other spellings: cash on delivery 'cash', credit on delivery 'eftpos'"). Pure: the checkout form (browser and
 * server) and the order's placement share these rules.
 *
 * "card" is the online card (issue 13): paid through the payment provider (server/payments) before the store sees
 * the order, so placement starts it at a "starting" status (1) and its payment's result moves it on. It is offered
 * where the outlet lists it (`outlets.payment_methods`) and a provider is configured.
 */
export const paymentMethodIds = ["cash", "eftpos", "card"] as const;
export type PaymentMethodId = (typeof paymentMethodIds)[number];

/** A form field a method adds beside the choice itself. */
export type PaymentField = "cashTendered";

export interface PaymentMethod {
  id: PaymentMethodId;
  /**
   * The numeric code kept as the order's `payment.id` (spec section 3). Cash is 9. The spec gives card on delivery
   * ('eftpos') no number: it gets 10, outside the spec's 1, 4, 5, 7 and 9.
   */
  code: number;
  /**
   * Paid when the order is handed over (to the driver, or at the counter for carry-out): placing the order sends it
   * to the store, so it starts at status 3 (received). An online method is paid before and starts at 1.
   */
  paidAtDoor: boolean;
  /** The extra fields of this method's part of the form. */
  fields: readonly PaymentField[];
  /** What a coupon limited to a payment (CP-14 cash only, CP-15 credit only) sees: cash, or a card of any kind. */
  kind: PaymentKind;
}

export const paymentMethods: Readonly<Record<PaymentMethodId, PaymentMethod>> = {
  cash: { id: "cash", code: 9, paidAtDoor: true, fields: ["cashTendered"], kind: "cash" },
  eftpos: { id: "eftpos", code: 10, paidAtDoor: true, fields: [], kind: "card" },
  card: { id: "card", code: 7, paidAtDoor: false, fields: [], kind: "card" },
};

/** The methods paid at the door (what a customer may switch an unpaid online order to). */
export const doorMethodIds = paymentMethodIds.filter((id) => paymentMethods[id].paidAtDoor) as Exclude<PaymentMethodId, "card">[];

export function isPaymentMethodId(value: unknown): value is PaymentMethodId {
  return typeof value === "string" && (paymentMethodIds as readonly string[]).includes(value);
}

/** What an outlet takes: its methods and, optionally, the most it accepts in cash (centavos). */
export interface OutletPaymentSettings {
  methods: readonly PaymentMethodId[];
  cashCapCents: number | null;
}

/** An outlet's stored settings, read safely: unknown ids are dropped and the chain's order is kept. */
export function outletPaymentSettings(row: { payment_methods: readonly string[]; cash_cap_cents: number | null }): OutletPaymentSettings {
  return {
    methods: paymentMethodIds.filter((id) => row.payment_methods.includes(id)),
    cashCapCents: row.cash_cap_cents,
  };
}

/** The customer's choice on the form; `cashTenderedCents` is what they pay with (absent: the exact amount). */
export interface PaymentChoice {
  method: PaymentMethodId;
  cashTenderedCents?: number;
}

/** What the rules are checked against: the order's total (recomputed by the server), its type and the outlet. */
export interface PaymentContext {
  orderType: "D" | "C";
  totalCents: number;
  settings: OutletPaymentSettings;
}

/** A refusal tied to the form field it concerns; `key` is a message of the "validation" namespace. */
export type PaymentProblem =
  | { field: "paymentMethod"; key: "paymentUnavailable" }
  | { field: "cashTendered"; key: "cashShort"; totalCents: number }
  | { field: "cashTendered"; key: "cashCap"; capCents: number }
  | { field: "cashTendered"; key: "cashCapTotal"; capCents: number; totalCents: number }
  | { field: "cashTendered"; key: "cashChange"; limitCents: number };

/**
 * The rules of a payment choice:
 * - the outlet must accept the method;
 * - cash: a total above the outlet's cash cap cannot be paid in cash (cashCapTotal); the amount paid with covers the
 *   total and is not above the cap; for delivery the change is at most the driver's change limit
 *   (spec section 9: "a driver change limit of 200"). Carry-out change comes from the counter's till: no limit.
 */
export function paymentProblem(choice: PaymentChoice, context: PaymentContext): PaymentProblem | null {
  const { settings, totalCents } = context;
  if (!settings.methods.includes(choice.method)) return { field: "paymentMethod", key: "paymentUnavailable" };
  if (choice.method !== "cash") return null;
  // A total above the cash cap cannot be paid in cash at all: say so (a "smaller amount" would not cover it).
  if (settings.cashCapCents !== null && totalCents > settings.cashCapCents) {
    return { field: "cashTendered", key: "cashCapTotal", capCents: settings.cashCapCents, totalCents };
  }
  const tendered = choice.cashTenderedCents ?? totalCents;
  if (tendered < totalCents) return { field: "cashTendered", key: "cashShort", totalCents };
  if (settings.cashCapCents !== null && tendered > settings.cashCapCents) {
    return { field: "cashTendered", key: "cashCap", capCents: settings.cashCapCents };
  }
  if (context.orderType === "D" && tendered - totalCents > constants.driverChangeLimitCents) {
    return { field: "cashTendered", key: "cashChange", limitCents: constants.driverChangeLimitCents };
  }
  return null;
}

/** The order's payment (spec: order_payment {id, method}); cash adds what is paid with and the change to give. */
export interface OrderPayment {
  id: number;
  method: PaymentMethodId;
  tenderedCents?: number;
  changeCents?: number;
}

/**
 * A stored order's cash figures (what the customer pays with and the change to give), as `orderPayment` wrote them;
 * null for another method or a row without them. The console shows them always ("importe exacto" at no change), the
 * tracker and the mail when there is change to give.
 */
export function cashOf(payment: { method: string; tenderedCents?: number; changeCents?: number } | null): { tenderedCents: number; changeCents: number } | null {
  if (payment?.method !== "cash" || typeof payment.tenderedCents !== "number" || typeof payment.changeCents !== "number") return null;
  return { tenderedCents: payment.tenderedCents, changeCents: payment.changeCents };
}

export function orderPayment(choice: PaymentChoice, totalCents: number): OrderPayment {
  const method = paymentMethods[choice.method];
  if (choice.method !== "cash") return { id: method.code, method: method.id };
  const tenderedCents = choice.cashTenderedCents ?? totalCents;
  return { id: method.code, method: method.id, tenderedCents, changeCents: tenderedCents - totalCents };
}

/** A payment the placement refuses (the app shows it beside its field, as a 422). */
export class PaymentRefusal extends Error {
  readonly problem: PaymentProblem;
  constructor(problem: PaymentProblem) {
    super(problem.key);
    this.name = "PaymentRefusal";
    this.problem = problem;
  }
}

export function isPaymentRefusal(error: unknown): error is PaymentRefusal {
  return error instanceof PaymentRefusal;
}

/** The checked payment of an order being placed, or a PaymentRefusal. */
export function settlePayment(choice: PaymentChoice, context: PaymentContext): OrderPayment {
  const problem = paymentProblem(choice, context);
  if (problem) throw new PaymentRefusal(problem);
  return orderPayment(choice, context.totalCents);
}

/**
 * An amount of pesos as people type it, in centavos: "500", "500.5", "500.50", "1,000", "$1,000.00", "$ 250".
 * Thousands separators must be well placed; at most two decimals; up to $999,999.99. Anything else is null.
 */
export function parsePesos(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const pesos = Number(match[1].replaceAll(",", ""));
  if (pesos > 999_999) return null;
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  return pesos * 100 + cents;
}
