import { periodOf, pickPrize, playsLeft, totalWeight, wallMinute } from "./game-rules";

const MX = "America/Mexico_City"; // UTC-6 all year since 2022
const iso = (period: { start: Date; end: Date }) => [period.start.toISOString(), period.end.toISOString()];

describe("the period of a play", () => {
  it("24 hours: the local calendar day, from local midnight to the next", () => {
    // Friday 13:00 in Mexico City
    expect(iso(periodOf(new Date("2026-11-20T19:00:00Z"), 24, MX))).toEqual(["2026-11-20T06:00:00.000Z", "2026-11-21T06:00:00.000Z"]);
    // 23:59:59 local is still Friday; 00:00 local is Saturday's first instant
    expect(iso(periodOf(new Date("2026-11-21T05:59:59Z"), 24, MX))).toEqual(["2026-11-20T06:00:00.000Z", "2026-11-21T06:00:00.000Z"]);
    expect(iso(periodOf(new Date("2026-11-21T06:00:00Z"), 24, MX))).toEqual(["2026-11-21T06:00:00.000Z", "2026-11-22T06:00:00.000Z"]);
  });

  it("is read on the zone's wall clock, not UTC's", () => {
    // 2026-11-21 01:00 UTC is still Friday evening in Mexico City, already Saturday in Madrid
    expect(periodOf(new Date("2026-11-21T01:00:00Z"), 24, MX).start.toISOString()).toBe("2026-11-20T06:00:00.000Z");
    expect(periodOf(new Date("2026-11-21T01:00:00Z"), 24, "Europe/Madrid").start.toISOString()).toBe("2026-11-20T23:00:00.000Z");
  });

  it("hours that divide a day start at local midnight: 8 hours are 00-08, 08-16, 16-24", () => {
    expect(iso(periodOf(new Date("2026-11-20T13:59:59Z"), 8, MX))).toEqual(["2026-11-20T06:00:00.000Z", "2026-11-20T14:00:00.000Z"]);
    expect(iso(periodOf(new Date("2026-11-20T14:00:00Z"), 8, MX))).toEqual(["2026-11-20T14:00:00.000Z", "2026-11-20T22:00:00.000Z"]);
    expect(periodOf(new Date("2026-11-20T22:00:00Z"), 8, MX).start.toISOString()).toBe("2026-11-20T22:00:00.000Z");
    expect(periodOf(new Date("2026-11-20T19:00:00Z"), 1, MX).start.toISOString()).toBe("2026-11-20T19:00:00.000Z");
  });

  it("a week (168 hours) starts on Monday at local midnight", () => {
    // Friday 20 November 2026: the week began on Monday the 16th
    expect(iso(periodOf(new Date("2026-11-20T19:00:00Z"), 168, MX))).toEqual(["2026-11-16T06:00:00.000Z", "2026-11-23T06:00:00.000Z"]);
    expect(periodOf(new Date("2026-11-23T06:00:00Z"), 168, MX).start.toISOString()).toBe("2026-11-23T06:00:00.000Z");
  });

  it("every instant of a period names the same start, and the period holds the instant", () => {
    for (const hours of [1, 5, 7, 24, 48, 168]) {
      const base = Date.parse("2026-03-01T00:00:00Z");
      for (let minutes = 0; minutes < 60 * 24 * 9; minutes += 37) {
        const at = new Date(base + minutes * 60_000);
        const period = periodOf(at, hours, MX);
        expect(period.start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(period.end.getTime()).toBeGreaterThan(at.getTime());
        expect(period.end.getTime() - period.start.getTime()).toBe(hours * 3_600_000);
        expect(periodOf(period.start, hours, MX).start.getTime()).toBe(period.start.getTime());
        expect(periodOf(new Date(period.end.getTime() - 1), hours, MX).start.getTime()).toBe(period.start.getTime());
      }
    }
  });

  it("keeps its wall-clock bounds on a day the clock changes (New York, 8 March 2026: 23 hours)", () => {
    const period = periodOf(new Date("2026-03-08T12:00:00Z"), 24, "America/New_York");
    expect(iso(period)).toEqual(["2026-03-08T05:00:00.000Z", "2026-03-09T04:00:00.000Z"]);
  });

  it("refuses a period that is not a positive whole number of hours", () => {
    for (const hours of [0, -24, 1.5, Number.NaN]) expect(() => periodOf(new Date(), hours, MX)).toThrow(RangeError);
  });

  it("names the next play's time on the zone's clock", () => {
    expect(wallMinute(new Date("2026-11-21T06:00:00Z"), MX)).toBe("2026-11-21 00:00");
  });
});

describe("the weighted draw", () => {
  const prizes = [
    { id: "a", weight: 50 },
    { id: "b", weight: 30 },
    { id: "c", weight: 20 },
  ];
  const pick = (r: number) => pickPrize(prizes, r).id;

  it("gives each prize a range as wide as its weight, in order", () => {
    expect(totalWeight(prizes)).toBe(100);
    expect([pick(0), pick(49)]).toEqual(["a", "a"]);
    expect([pick(50), pick(79)]).toEqual(["b", "b"]);
    expect([pick(80), pick(99)]).toEqual(["c", "c"]);
  });

  it("draws each prize exactly weight times over every possible integer", () => {
    const counts: Record<string, number> = {};
    for (let r = 0; r < 100; r++) counts[pick(r)] = (counts[pick(r)] ?? 0) + 1;
    expect(counts).toEqual({ a: 50, b: 30, c: 20 });
  });

  it("a weight of 1 gets exactly one integer; a single prize gets them all", () => {
    const thin = [{ id: "x", weight: 1 }, { id: "y", weight: 1 }, { id: "z", weight: 3 }];
    expect([0, 1, 2, 3, 4].map((r) => pickPrize(thin, r).id)).toEqual(["x", "y", "z", "z", "z"]);
    expect(pickPrize([{ id: "only", weight: 7 }], 6).id).toBe("only");
  });

  it("refuses a draw outside [0, total) or not an integer", () => {
    for (const r of [-1, 100, 100.5, 0.5, Number.NaN]) expect(() => pick(r)).toThrow(RangeError);
  });

  it("refuses an empty table and a weight that is not a positive integer", () => {
    expect(() => pickPrize([], 0)).toThrow(RangeError);
    expect(() => totalWeight([{ weight: 0 }])).toThrow(RangeError);
    expect(() => totalWeight([{ weight: 2.5 }])).toThrow(RangeError);
    expect(() => totalWeight([{ weight: -3 }, { weight: 10 }])).toThrow(RangeError);
  });

  it("counts plays left, never below 0", () => {
    expect([playsLeft(3, 0), playsLeft(3, 2), playsLeft(3, 3), playsLeft(1, 4)]).toEqual([3, 1, 0, 0]);
  });
});
