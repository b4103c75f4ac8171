import { formatMoney } from "./format";

describe("formatMoney", () => {
  it("Spanish: $1,234.50", () => {
    expect(formatMoney(123_450, "es")).toBe("$1,234.50");
  });

  it("English: the same digits and separators", () => {
    expect(formatMoney(123_450, "en")).toBe("$1,234.50");
  });

  it("Arabic: Latin digits, the same grouping and decimals", () => {
    const text = formatMoney(123_450, "ar");
    expect(text).toContain("1,234.50");
    expect(text).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/); // no Arabic-Indic digits
  });

  it("zero is $0.00", () => {
    expect(formatMoney(0, "es")).toBe("$0.00");
    expect(formatMoney(0, "en")).toBe("$0.00");
    expect(formatMoney(0, "ar")).toContain("0.00");
  });

  it("keeps centavos exact", () => {
    expect(formatMoney(1, "es")).toBe("$0.01");
    expect(formatMoney(99, "es")).toBe("$0.99");
    expect(formatMoney(18_900, "es")).toBe("$189.00");
    expect(formatMoney(200_000, "es")).toBe("$2,000.00");
    expect(formatMoney(123_456_789, "en")).toBe("$1,234,567.89");
  });
});
