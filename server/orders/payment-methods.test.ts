import {
  PaymentRefusal,
  cashOf,
  isPaymentMethodId,
  orderPayment,
  outletPaymentSettings,
  parsePesos,
  paymentMethodIds,
  paymentMethods,
  paymentProblem,
  settlePayment,
  type PaymentContext,
} from "./payment-methods";

const context = (over: Partial<PaymentContext> = {}, settings: Partial<PaymentContext["settings"]> = {}): PaymentContext => ({
  orderType: "D",
  totalCents: 35_200,
  ...over,
  settings: { methods: ["cash", "eftpos"], cashCapCents: null, ...settings },
});

describe("the method list", () => {
  it("has an entry for every id, under its own id, with distinct spec codes; cash is code 9", () => {
    expect(Object.keys(paymentMethods)).toEqual([...paymentMethodIds]);
    for (const id of paymentMethodIds) expect(paymentMethods[id].id).toBe(id);
    const codes = paymentMethodIds.map((id) => paymentMethods[id].code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(paymentMethods.cash.code).toBe(9);
    // The spec's codes for other methods stay free for them (7 credit card online, 5 a bank wallet, 4, 1).
    expect(paymentMethods.eftpos.code).not.toBeOneOf([1, 4, 5, 7, 9]);
  });

  it("cash and card on delivery are paid at the door; only cash has an extra field", () => {
    expect(paymentMethods.cash).toMatchObject({ paidAtDoor: true, fields: ["cashTendered"] });
    expect(paymentMethods.eftpos).toMatchObject({ paidAtDoor: true, fields: [] });
  });

  it("knows its ids", () => {
    expect(isPaymentMethodId("cash")).toBe(true);
    expect(isPaymentMethodId("eftpos")).toBe(true);
    expect(isPaymentMethodId("adyen")).toBe(false);
    expect(isPaymentMethodId(9)).toBe(false);
  });

  it("reads an outlet's stored settings in the chain's order, dropping ids it does not know", () => {
    expect(outletPaymentSettings({ payment_methods: ["eftpos", "bitcoin", "cash"], cash_cap_cents: 100_000 })).toEqual({
      methods: ["cash", "eftpos"],
      cashCapCents: 100_000,
    });
    expect(outletPaymentSettings({ payment_methods: ["cash"], cash_cap_cents: null })).toEqual({ methods: ["cash"], cashCapCents: null });
  });
});

describe("parsePesos", () => {
  it.each([
    ["0", 0],
    ["1", 100],
    ["352", 35_200],
    ["352.", null],
    ["352.0", 35_200],
    ["352.05", 35_205],
    ["352.5", 35_250],
    [" $352 ", 35_200],
    ["$ 352.00", 35_200],
    ["1,000", 100_000],
    ["12,345.67", 1_234_567],
    ["999,999.99", 99_999_999],
    ["999999", 99_999_900],
    ["1000000", null],
    ["1,000,000", null],
    ["1,00", null],
    ["10,00.00", null],
    ["352.123", null],
    ["-352", null],
    ["352 MXN", null],
    ["", null],
    ["$", null],
    ["３５２", null], // full-width digits
  ])("%s → %s", (text, cents) => {
    expect(parsePesos(text)).toBe(cents);
  });
});

describe("paymentProblem", () => {
  it("a method the outlet does not take", () => {
    expect(paymentProblem({ method: "eftpos" }, context({}, { methods: ["cash"] }))).toEqual({ field: "paymentMethod", key: "paymentUnavailable" });
    expect(paymentProblem({ method: "cash" }, context({}, { methods: ["eftpos"] }))).toEqual({ field: "paymentMethod", key: "paymentUnavailable" });
    expect(paymentProblem({ method: "eftpos" }, context())).toBeNull();
  });

  it("cash below the total", () => {
    expect(paymentProblem({ method: "cash", cashTenderedCents: 35_199 }, context())).toEqual({ field: "cashTendered", key: "cashShort", totalCents: 35_200 });
    expect(paymentProblem({ method: "cash", cashTenderedCents: 35_200 }, context())).toBeNull();
    expect(paymentProblem({ method: "cash" }, context())).toBeNull();
  });

  it("cash above the outlet's cap; a total above it cannot be paid in cash at all", () => {
    const capped = (over: Partial<PaymentContext>) => context({ orderType: "C", ...over }, { cashCapCents: 100_000 });
    expect(paymentProblem({ method: "cash", cashTenderedCents: 100_000 }, capped({}))).toBeNull();
    expect(paymentProblem({ method: "cash", cashTenderedCents: 100_001 }, capped({}))).toEqual({ field: "cashTendered", key: "cashCap", capCents: 100_000 });
    expect(paymentProblem({ method: "cash" }, capped({ totalCents: 100_050 }))).toEqual({ field: "cashTendered", key: "cashCapTotal", capCents: 100_000, totalCents: 100_050 });
    expect(paymentProblem({ method: "cash", cashTenderedCents: 100_000 }, capped({ totalCents: 100_050 }))?.key).toBe("cashCapTotal");
    expect(paymentProblem({ method: "eftpos" }, capped({ totalCents: 150_000 }))).toBeNull();
  });

  it("delivery change above the driver's $200.00; carry-out change is not limited", () => {
    expect(paymentProblem({ method: "cash", cashTenderedCents: 55_200 }, context())).toBeNull();
    expect(paymentProblem({ method: "cash", cashTenderedCents: 55_201 }, context())).toEqual({ field: "cashTendered", key: "cashChange", limitCents: 20_000 });
    expect(paymentProblem({ method: "cash", cashTenderedCents: 100_000 }, context({ orderType: "C" }))).toBeNull();
  });

  it("checks in order: the method, then a total above the cap, then short, then cap, then change", () => {
    // A total above the cap beats short (no amount could do); short beats the cap; the cap beats the change limit.
    expect(paymentProblem({ method: "cash", cashTenderedCents: 1 }, context({}, { cashCapCents: 100 }))?.key).toBe("cashCapTotal");
    expect(paymentProblem({ method: "cash", cashTenderedCents: 1 }, context({}, { cashCapCents: 100_000 }))?.key).toBe("cashShort");
    expect(paymentProblem({ method: "cash", cashTenderedCents: 200_000 }, context({}, { cashCapCents: 100_000 }))?.key).toBe("cashCap");
  });
});

describe("orderPayment and settlePayment", () => {
  it("cash keeps what is paid with and the change; no amount means the exact amount", () => {
    expect(orderPayment({ method: "cash", cashTenderedCents: 50_000 }, 35_200)).toEqual({ id: 9, method: "cash", tenderedCents: 50_000, changeCents: 14_800 });
    expect(orderPayment({ method: "cash" }, 35_200)).toEqual({ id: 9, method: "cash", tenderedCents: 35_200, changeCents: 0 });
  });

  it("card on delivery is {id, method} alone, whatever cash amount came along", () => {
    expect(orderPayment({ method: "eftpos", cashTenderedCents: 50_000 }, 35_200)).toEqual({ id: paymentMethods.eftpos.code, method: "eftpos" });
  });

  it("settlePayment returns the payment, or throws a PaymentRefusal carrying the problem", () => {
    expect(settlePayment({ method: "cash", cashTenderedCents: 40_000 }, context())).toEqual({ id: 9, method: "cash", tenderedCents: 40_000, changeCents: 4_800 });
    let caught: unknown;
    try {
      settlePayment({ method: "cash", cashTenderedCents: 30_000 }, context());
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PaymentRefusal);
    expect((caught as PaymentRefusal).problem).toEqual({ field: "cashTendered", key: "cashShort", totalCents: 35_200 });
  });
});

describe("cashOf: a stored order's cash figures", () => {
  it("reads what orderPayment wrote for cash, with or without change; nothing for another method or a row without them", () => {
    expect(cashOf(orderPayment({ method: "cash", cashTenderedCents: 50_000 }, 31_300))).toEqual({ tenderedCents: 50_000, changeCents: 18_700 });
    expect(cashOf(orderPayment({ method: "cash" }, 31_300))).toEqual({ tenderedCents: 31_300, changeCents: 0 });
    expect(cashOf(orderPayment({ method: "eftpos" }, 31_300))).toBeNull();
    expect(cashOf({ method: "cash" })).toBeNull();
    expect(cashOf(null)).toBeNull();
  });
});
