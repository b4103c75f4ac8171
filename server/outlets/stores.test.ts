import { dayHours, isPostalCode, matchesSearch, nameKey, openState, storeSlug } from "./stores";
import type { OpeningHoursItem } from "./slots";

describe("storeSlug: the /hut/:outlet parameter", () => {
  it.each([
    ["Coyoacán", "Coyoacan"],
    ["Tijuana Zona Río", "Tijuana+Zona+Rio"],
    ["Santa Fe (área de comida)", "Santa+Fe+area+de+comida"],
    ["Centro Histórico", "Centro+Historico"],
    ["Roma Norte", "Roma+Norte"],
    ["Peñón de los Baños", "Penon+de+los+Banos"],
    ["  Álvaro  Obregón -- Sur  ", "Alvaro+Obregon+Sur"],
    ["Plaza Satélite #2", "Plaza+Satelite+2"],
    ["ÜBER", "UBER"],
  ])("%s -> %s", (name, slug) => {
    expect(storeSlug(name)).toBe(slug);
  });

  it("is idempotent: a slug is its own slug", () => {
    for (const name of ["Tijuana Zona Río", "Santa Fe (área de comida)", "Coyoacán"]) {
      expect(storeSlug(storeSlug(name))).toBe(storeSlug(name));
    }
  });

  it("treats decomposed and composed accents alike", () => {
    expect(storeSlug("Coyoaca\u0301n")).toBe("Coyoacan");
    expect(storeSlug("Coyoac\u00e1n")).toBe("Coyoacan");
  });

  it("a name of only punctuation has an empty slug", () => {
    expect(storeSlug(" (–) ")).toBe("");
  });

  it("nameKey makes the plain name, the slug and other cases equal", () => {
    const key = nameKey("Tijuana Zona Río");
    expect(nameKey("Tijuana+Zona+Rio")).toBe(key);
    expect(nameKey("tijuana zona rio")).toBe(key);
    expect(nameKey("TIJUANA+ZONA+RÍO")).toBe(key);
    expect(nameKey("Tijuana Zona")).not.toBe(key);
  });
});

describe("matchesSearch", () => {
  const coyoacan = { name: "Coyoacán", postalCode: "04100", deliveryPostalCodes: ["04000", "04010", "04100"] };
  const kiosk = { name: "Santa Fe (área de comida)", postalCode: "05348", deliveryPostalCodes: [] };
  const tijuana = { name: "Tijuana Zona Río", postalCode: "22010", deliveryPostalCodes: ["22010", "22000"] };

  it("an empty query (or only spaces or punctuation) matches every store", () => {
    for (const q of ["", "   ", " - "]) {
      expect(matchesSearch(coyoacan, q)).toBe(true);
      expect(matchesSearch(kiosk, q)).toBe(true);
    }
  });

  it("matches a name ignoring accents and case", () => {
    for (const q of ["coyoacan", "COYOACÁN", "Coyoacán", "coyo", " acán "]) expect(matchesSearch(coyoacan, q)).toBe(true);
    expect(matchesSearch(tijuana, "zona rio")).toBe(true);
    expect(matchesSearch(tijuana, "rio")).toBe(true);
    expect(matchesSearch(coyoacan, "tijuana")).toBe(false);
    expect(matchesSearch(coyoacan, "coyoacanx")).toBe(false);
  });

  it("ignores punctuation between words", () => {
    expect(matchesSearch(kiosk, "santa fe area")).toBe(true);
    expect(matchesSearch(kiosk, "Fe (área")).toBe(true);
    expect(matchesSearch(kiosk, "santa comida")).toBe(false);
  });

  it("a five-digit postal code matches the store's own code or its delivery area, and nothing else", () => {
    expect(matchesSearch(coyoacan, "04100")).toBe(true);
    expect(matchesSearch(coyoacan, " 04010 ")).toBe(true);
    expect(matchesSearch(kiosk, "05348")).toBe(true);
    expect(matchesSearch(tijuana, "22000")).toBe(true);
    expect(matchesSearch(coyoacan, "22000")).toBe(false);
    expect(matchesSearch(coyoacan, "01000")).toBe(false);
  });

  it("a partial postal code is not a postal code search", () => {
    expect(isPostalCode("0410")).toBe(false);
    expect(isPostalCode("041000")).toBe(false);
    expect(isPostalCode("04100")).toBe(true);
    expect(matchesSearch(coyoacan, "0410")).toBe(false);
  });
});

describe("opening hours as the store pages show them", () => {
  const zone = "America/Mexico_City";
  const item = (date: string, ranges: [string, string][]): OpeningHoursItem => ({
    date,
    info: {
      timezone: zone,
      business_date: ranges.map(([start, end]) => ({ start, end, interval: 15, quote_time: 15 })),
      advance_duration: [],
    },
  });
  // 2026-11-20 is a Friday; Mexico City is UTC-6 (no daylight saving time).
  const at = (time: string) => new Date(`2026-11-20T${time}-06:00`);
  const friday = item("2026-11-20", [["18:00:00", "23:30:00"], ["11:00:00", "15:00:00"]]);

  it("dayHours lists ranges in opening order as HH:MM", () => {
    expect(dayHours(friday)).toEqual({
      date: "2026-11-20",
      ranges: [
        { opens: "11:00", closes: "15:00" },
        { opens: "18:00", closes: "23:30" },
      ],
    });
    expect(dayHours(item("2026-11-23", [])).ranges).toEqual([]);
  });

  it("open: says until when", () => {
    expect(openState([friday], at("13:00:00"), zone)).toEqual({ openNow: true, closesAt: "15:00", opensAt: null });
    expect(openState([friday], at("18:00:00"), zone)).toEqual({ openNow: true, closesAt: "23:30", opensAt: null });
  });

  it("closed between ranges or before opening: says when it opens again today", () => {
    expect(openState([friday], at("15:00:00"), zone)).toEqual({ openNow: false, closesAt: null, opensAt: "18:00" });
    expect(openState([friday], at("09:30:00"), zone)).toEqual({ openNow: false, closesAt: null, opensAt: "11:00" });
  });

  it("closed after the last range, on a closed day or without today's hours: no opening today", () => {
    expect(openState([friday], at("23:45:00"), zone)).toEqual({ openNow: false, closesAt: null, opensAt: null });
    expect(openState([item("2026-11-20", [])], at("13:00:00"), zone).openNow).toBe(false);
    expect(openState([item("2026-11-21", [["11:00:00", "23:00:00"]])], at("13:00:00"), zone)).toEqual({
      openNow: false,
      closesAt: null,
      opensAt: null,
    });
  });

  it("a range that closes at midnight is open late in the evening and says it closes at 00:00", () => {
    const late = item("2026-11-20", [["11:00:00", "00:00:00"]]);
    expect(openState([late], at("23:30:00"), zone)).toEqual({ openNow: true, closesAt: "00:00", opensAt: null });
  });

  it("uses the outlet's zone: 11:00 in Tijuana is before a noon opening", () => {
    const tijuana = { ...item("2026-11-20", [["12:00:00", "23:00:00"]]) };
    tijuana.info.timezone = "America/Tijuana";
    const instant = new Date("2026-11-20T19:00:00Z"); // 13:00 in Mexico City, 11:00 in Tijuana
    expect(openState([tijuana], instant, "America/Tijuana")).toEqual({ openNow: false, closesAt: null, opensAt: "12:00" });
    expect(openState([tijuana], instant, zone).openNow).toBe(true);
  });
});
