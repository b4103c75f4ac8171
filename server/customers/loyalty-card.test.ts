import { demoCustomer } from "../db/seed/customers";
import { cardNumberSchema, loyaltyCardSchema, luhnValid, maskCardNumber, withCheckDigit } from "./loyalty-card";

const TODAY = "2026-11-20";
const issues = (value: unknown) =>
  (loyaltyCardSchema(TODAY).safeParse(value).error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);
const form = { cardNumber: "600000000000012", phone: "5512345678", birthDay: "17", birthMonth: "5", birthYear: "1990" };

describe("the loyalty card number: 15 digits with a Luhn check digit", () => {
  it("checks Luhn (known numbers, and the demo card)", () => {
    expect(luhnValid("79927398713")).toBe(true);
    expect(luhnValid("79927398710")).toBe(false);
    expect(luhnValid(demoCustomer.loyaltyCard)).toBe(true);
    expect(luhnValid("")).toBe(false);
    expect(luhnValid("12a4")).toBe(false);
  });

  it("catches every single wrong digit and every swap of two different neighbours", () => {
    const card = withCheckDigit("60000012345678");
    expect(luhnValid(card)).toBe(true);
    for (let i = 0; i < card.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === card[i]) continue;
        expect(luhnValid(card.slice(0, i) + d + card.slice(i + 1)), `${i}:${d}`).toBe(false);
      }
    }
    for (let i = 0; i < card.length - 1; i++) {
      const [a, b] = [card[i], card[i + 1]];
      // 0 and 9 swapped is the one pair Luhn cannot tell apart.
      if (a === b || `${a}${b}` === "09" || `${a}${b}` === "90") continue;
      expect(luhnValid(card.slice(0, i) + b + a + card.slice(i + 2)), `swap at ${i}`).toBe(false);
    }
  });

  it("withCheckDigit completes any 14 digits into a valid card", () => {
    for (const body of ["00000000000000", "60000000000001", "99999999999999", "12345678901234"]) {
      const card = withCheckDigit(body);
      expect(card).toHaveLength(15);
      expect(card.startsWith(body)).toBe(true);
      expect(luhnValid(card)).toBe(true);
    }
  });

  it("takes spaces and dashes between groups, refuses anything else with its message", () => {
    expect(cardNumberSchema.parse(" 6000 0000 0000 012 ")).toBe("600000000000012");
    expect(cardNumberSchema.parse("6000-0000-0000-012")).toBe("600000000000012");
    const message = (value: unknown) => cardNumberSchema.safeParse(value).error?.issues[0]?.message;
    expect(message("")).toBe("required");
    expect(message(undefined)).toBe("required");
    expect(message("60000000000001")).toBe("history:v.cardNumber");
    expect(message("6000000000000120")).toBe("history:v.cardNumber");
    expect(message("60000000000001x")).toBe("history:v.cardNumber");
    expect(message("６00000000000012")).toBe("history:v.cardNumber");
    expect(message("1".repeat(41))).toBe("history:v.cardNumber");
    expect(message("600000000000017")).toBe("history:v.cardCheck");
  });

  it("masks all but the last four digits", () => {
    expect(maskCardNumber("600000000000012")).toBe("•••• 0012");
  });
});

describe("the attach form", () => {
  it("takes a card, a phone and a real birthday", () => {
    expect(loyaltyCardSchema(TODAY).parse(form)).toEqual({ cardNumber: "600000000000012", phone: "5512345678", birthDay: 17, birthMonth: 5, birthYear: 1990 });
    expect(loyaltyCardSchema(TODAY).parse({ ...form, phone: "55 1234-5678" }).phone).toBe("5512345678");
  });

  it("names each missing or wrong field", () => {
    expect(issues({})).toEqual(expect.arrayContaining(["cardNumber: required", "phone: required", "birthDay: account:v.birthday"]));
    expect(issues({ ...form, phone: "123" })).toEqual(["phone: account:v.phone"]);
    expect(issues({ ...form, birthDay: "31", birthMonth: "4" })).toEqual(["birthDay: account:v.birthday"]);
    expect(issues({ ...form, birthYear: "1899" })).toEqual(["birthDay: account:v.birthday"]);
    expect(issues({ ...form, birthYear: "2026", birthMonth: "11", birthDay: "21" })).toEqual(["birthDay: account:v.birthday"]);
  });
});
