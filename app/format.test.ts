import { formatDateTime, formatDay, formatMoney, formatPhone, formatTime, phoneHref, weekdayNames } from "~/format";

describe("formatMoney", () => {
  it("Spanish: $1,234.50", () => {
    expect(formatMoney(123_450, "es")).toBe("$1,234.50");
  });

  it("English: the same digits and separators", () => {
    expect(formatMoney(123_450, "en")).toBe("$1,234.50");
  });

  it("Arabic: the same $1,234.50 (the dollar sign, Latin digits, no MX$), isolated left to right inside Arabic's text", () => {
    const text = formatMoney(123_450, "ar");
    // LRI … PDI: "ابتداءً من $1,234.50" keeps "$1,234.50", not "1,234.50$" (the bidi algorithm moves a bare "$").
    expect(text).toBe("\u2066$1,234.50\u2069");
    expect(text).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/); // no Arabic-Indic digits
  });

  it("signed amounts keep their sign at the amount's start, in Arabic too", () => {
    expect(formatMoney(4_485, "es", "\u2212")).toBe("\u2212$44.85");
    expect(formatMoney(2_500, "en", "+")).toBe("+$25.00");
    expect(formatMoney(4_485, "ar", "\u2212")).toBe("\u2066\u2212$44.85\u2069");
    expect(formatMoney(2_500, "ar", "+")).toBe("\u2066+$25.00\u2069");
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

describe("formatDay, formatPhone, phoneHref (store pages)", () => {
  it("a calendar date with its weekday, whatever the zone of the machine", () => {
    expect(formatDay("2026-11-20", "es")).toBe("viernes, 20 de noviembre");
    expect(formatDay("2026-11-23", "en")).toBe("Monday, November 23");
    expect(formatDay("2026-11-20", "ar")).toContain("20");
    expect(formatDay("2026-11-20", "ar")).not.toMatch(/[\u0660-\u0669]/);
  });

  it("groups a Mexican number by its area code; the tel: link carries +52", () => {
    expect(formatPhone("5552648130")).toBe("55 5264 8130");
    expect(formatPhone("6646349415")).toBe("664 634 9415");
    expect(formatPhone("12345")).toBe("12345");
    expect(phoneHref("5552648130")).toBe("tel:+525552648130");
  });
});

describe("weekdayNames (CP-18's days)", () => {
  it("names the days in the language, as a list", () => {
    expect(weekdayNames("1,2", "es")).toBe("lunes y martes");
    expect(weekdayNames("1,2", "en")).toBe("Monday and Tuesday");
    expect(weekdayNames("0,5,6", "en")).toBe("Sunday, Friday, and Saturday");
    expect(weekdayNames("2", "ar")).toBe("الثلاثاء");
  });
  it("ignores what is not a weekday", () => {
    expect(weekdayNames("1,9,x", "es")).toBe("lunes");
  });
});

describe("times of day", () => {
  it("are 24-hour in every language, as the slots and the console read ('13:05', never '1:05 p.m.')", () => {
    const at = "2026-11-20T19:05:00Z"; // 13:05 in Mexico City
    expect(formatDateTime(at, "es", "America/Mexico_City")).toBe("20 nov 2026, 13:05");
    expect(formatDateTime(at, "en", "America/Mexico_City")).toBe("Nov 20, 2026, 13:05");
    expect(formatDateTime(at, "ar", "America/Mexico_City")).toMatch(/13:05$/);
    expect(formatTime(at, "es", "America/Mexico_City")).toBe("13:05");
    expect(formatTime("2026-11-21T00:30:00Z", "en", "America/Tijuana")).toBe("16:30");
  });
});
