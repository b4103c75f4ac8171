import { instantAt } from "../clock";
import {
  LUNCH_WINDOW,
  availabilityProblem,
  hoursAndMinutes,
  secondsOfDay,
  unavailableLines,
  withinWindow,
  type SellingRules,
} from "./availability";

/**
 * Every instant below is worked by hand as a UTC ISO string, with the local time in the test name.
 * America/Mexico_City: UTC-6 all year (no DST since 2022).
 * America/Tijuana: PST UTC-8; PDT UTC-7 from 2026-03-08 02:00 PST (10:00Z) to 2026-11-01 02:00 PDT (09:00Z).
 * 2026-11-23 is a Monday, 2026-11-24 a Tuesday; 2026-03-08 and 2026-11-01 are Sundays.
 */
const MX = "America/Mexico_City";
const TJ = "America/Tijuana";

const none: SellingRules = { lunchOnly: false, hutDay: null, sellingStart: null, sellingEnd: null };
const lunch: SellingRules = { ...none, lunchOnly: true };
const tuesday: SellingRules = { ...none, hutDay: 2 };
const sunday: SellingRules = { ...none, hutDay: 0 };
const evening: SellingRules = { ...none, sellingStart: "18:00:00", sellingEnd: "23:00:00" };
const lateNight: SellingRules = { ...none, sellingStart: "22:00:00", sellingEnd: "02:00:00" };
const untilMidnight: SellingRules = { ...none, sellingStart: "20:00:00", sellingEnd: "00:00:00" };

const check = (rules: SellingRules, iso: string, tz = MX) => availabilityProblem(rules, new Date(iso), tz);

const lunchRefusal = { code: "ITEM-03", start: "12:00", end: "17:00" };

describe("the test's hand-worked instants agree with clock.instantAt", () => {
  it.each([
    ["2026-11-24", "12:00:00", MX, "2026-11-24T18:00:00Z"],
    ["2026-11-24", "23:30:00", MX, "2026-11-25T05:30:00Z"],
    ["2026-03-07", "12:00:00", TJ, "2026-03-07T20:00:00Z"],
    ["2026-03-08", "12:00:00", TJ, "2026-03-08T19:00:00Z"],
    ["2026-10-31", "12:00:00", TJ, "2026-10-31T19:00:00Z"],
    ["2026-11-01", "12:00:00", TJ, "2026-11-01T20:00:00Z"],
  ])("%s %s in %s is %s", (date, time, tz, iso) => {
    expect(instantAt(date, time, tz).toISOString()).toBe(new Date(iso).toISOString());
  });
});

describe("an item with no rules", () => {
  it.each([
    "2026-11-24T06:00:00Z", // 00:00 local
    "2026-11-24T17:59:59Z", // 11:59:59
    "2026-11-25T05:59:59Z", // 23:59:59
    "2026-03-08T10:00:00Z",
    "2026-11-01T09:30:00Z",
  ])("is always available (%s)", (iso) => {
    expect(check(none, iso)).toBeNull();
    expect(check(none, iso, TJ)).toBeNull();
  });
});

describe("lunch-time items (ITEM-03), Mexico City", () => {
  it.each([
    ["11:59:59 local", "2026-11-24T17:59:59Z", lunchRefusal],
    ["12:00:00 local", "2026-11-24T18:00:00Z", null],
    ["14:30 local", "2026-11-24T20:30:00Z", null],
    ["16:59:00 local", "2026-11-24T22:59:00Z", null],
    ["16:59:59 local", "2026-11-24T22:59:59Z", null],
    ["17:00:00 local", "2026-11-24T23:00:00Z", lunchRefusal],
    ["09:00 local", "2026-11-24T15:00:00Z", lunchRefusal],
    ["23:30 local (already tomorrow in UTC)", "2026-11-25T05:30:00Z", lunchRefusal],
    ["00:00 local", "2026-11-24T06:00:00Z", lunchRefusal],
  ])("%s", (_local, iso, expected) => {
    expect(check(lunch, iso)).toEqual(expected);
  });

  it("uses the given lunch window and reports it as HH:MM", () => {
    const window = { start: "11:30:00", end: "15:45:30" };
    const judge = (iso: string) => availabilityProblem(lunch, new Date(iso), MX, window);
    expect(judge("2026-11-24T17:29:59Z")).toEqual({ code: "ITEM-03", start: "11:30", end: "15:45" }); // 11:29:59
    expect(judge("2026-11-24T17:30:00Z")).toBeNull(); // 11:30
    expect(judge("2026-11-24T21:45:29Z")).toBeNull(); // 15:45:29
    expect(judge("2026-11-24T21:45:30Z")).toEqual({ code: "ITEM-03", start: "11:30", end: "15:45" }); // 15:45:30
  });

  it("defaults to LUNCH_WINDOW 12:00-17:00", () => {
    expect(LUNCH_WINDOW).toEqual({ start: "12:00:00", end: "17:00:00" });
  });

  it("judges the wall clock of the given zone: the same instant differs between zones", () => {
    // 2026-11-24T18:30Z is 12:30 in Mexico City but 10:30 in Tijuana (PST)
    expect(check(lunch, "2026-11-24T18:30:00Z", MX)).toBeNull();
    expect(check(lunch, "2026-11-24T18:30:00Z", TJ)).toEqual(lunchRefusal);
  });
});

describe("lunch-time items across Tijuana's DST changes", () => {
  it.each([
    // Saturday before spring-forward, PST (UTC-8)
    ["2026-03-07 11:59:59 PST", "2026-03-07T19:59:59Z", lunchRefusal],
    ["2026-03-07 12:00 PST", "2026-03-07T20:00:00Z", null],
    ["2026-03-07 16:59:59 PST", "2026-03-08T00:59:59Z", null],
    ["2026-03-07 17:00 PST", "2026-03-08T01:00:00Z", lunchRefusal],
    // Sunday of spring-forward, PDT (UTC-7) by lunch
    ["2026-03-08 11:59:59 PDT", "2026-03-08T18:59:59Z", lunchRefusal],
    ["2026-03-08 12:00 PDT", "2026-03-08T19:00:00Z", null],
    ["2026-03-08 16:59:59 PDT", "2026-03-08T23:59:59Z", null],
    ["2026-03-08 17:00 PDT", "2026-03-09T00:00:00Z", lunchRefusal],
    // Saturday before fall-back, PDT (UTC-7)
    ["2026-10-31 11:59:59 PDT", "2026-10-31T18:59:59Z", lunchRefusal],
    ["2026-10-31 12:00 PDT", "2026-10-31T19:00:00Z", null],
    ["2026-10-31 16:59:59 PDT", "2026-10-31T23:59:59Z", null],
    ["2026-10-31 17:00 PDT", "2026-11-01T00:00:00Z", lunchRefusal],
    // Sunday of fall-back, PST (UTC-8) by lunch
    ["2026-11-01 11:59:59 PST", "2026-11-01T19:59:59Z", lunchRefusal],
    ["2026-11-01 12:00 PST", "2026-11-01T20:00:00Z", null],
    ["2026-11-01 16:59:59 PST", "2026-11-02T00:59:59Z", null],
    ["2026-11-01 17:00 PST", "2026-11-02T01:00:00Z", lunchRefusal],
  ])("%s", (_local, iso, expected) => {
    expect(check(lunch, iso, TJ)).toEqual(expected);
  });

  it("the same UTC time of day is before lunch on the Saturday and inside it on the Sunday (spring)", () => {
    expect(check(lunch, "2026-03-07T19:30:00Z", TJ)).toEqual(lunchRefusal); // 11:30 PST
    expect(check(lunch, "2026-03-08T19:30:00Z", TJ)).toBeNull(); // 12:30 PDT
  });

  it("and the other way round in autumn", () => {
    expect(check(lunch, "2026-10-31T19:30:00Z", TJ)).toBeNull(); // 12:30 PDT
    expect(check(lunch, "2026-11-01T19:30:00Z", TJ)).toEqual(lunchRefusal); // 11:30 PST
  });
});

describe("hut-day items (ITEM-02)", () => {
  it.each([
    ["Tuesday 23:30 local, already Wednesday in UTC", "2026-11-25T05:30:00Z", null],
    ["Tuesday 00:00 local", "2026-11-24T06:00:00Z", null],
    ["Tuesday 12:00 local", "2026-11-24T18:00:00Z", null],
    ["Tuesday 23:59:59 local", "2026-11-25T05:59:59Z", null],
    ["Monday 12:00 local", "2026-11-23T18:00:00Z", { code: "ITEM-02", weekday: 2 }],
    ["Monday 23:59:59 local, already Tuesday in UTC", "2026-11-24T05:59:59Z", { code: "ITEM-02", weekday: 2 }],
    ["Wednesday 00:00 local", "2026-11-25T06:00:00Z", { code: "ITEM-02", weekday: 2 }],
    ["Saturday 12:00 local", "2026-11-21T18:00:00Z", { code: "ITEM-02", weekday: 2 }],
  ])("Mexico City, Tuesday item: %s", (_local, iso, expected) => {
    expect(check(tuesday, iso)).toEqual(expected);
  });

  it.each([
    ["Saturday 2026-03-07 23:59:59 PST", "2026-03-08T07:59:59Z", { code: "ITEM-02", weekday: 0 }],
    ["Sunday 2026-03-08 00:00 PST", "2026-03-08T08:00:00Z", null],
    ["Sunday 2026-03-08 03:00 PDT (just after the jump)", "2026-03-08T10:00:00Z", null],
    ["Sunday 2026-03-08 23:59:59 PDT", "2026-03-09T06:59:59Z", null],
    ["Monday 2026-03-09 00:00 PDT", "2026-03-09T07:00:00Z", { code: "ITEM-02", weekday: 0 }],
    ["Saturday 2026-10-31 23:59:59 PDT", "2026-11-01T06:59:59Z", { code: "ITEM-02", weekday: 0 }],
    ["Sunday 2026-11-01 00:00 PDT", "2026-11-01T07:00:00Z", null],
    ["Sunday 2026-11-01 01:30 PST (the second 01:30)", "2026-11-01T09:30:00Z", null],
    ["Sunday 2026-11-01 23:59:59 PST", "2026-11-02T07:59:59Z", null],
    ["Monday 2026-11-02 00:00 PST", "2026-11-02T08:00:00Z", { code: "ITEM-02", weekday: 0 }],
  ])("Tijuana, Sunday item: %s", (_local, iso, expected) => {
    expect(check(sunday, iso, TJ)).toEqual(expected);
  });
});

describe("selling hours (SINGLE-06)", () => {
  const refusal = { code: "SINGLE-06", start: "18:00", end: "23:00" };

  it.each([
    ["17:59 local", "2026-11-24T23:59:00Z", refusal],
    ["17:59:59 local", "2026-11-24T23:59:59Z", refusal],
    ["18:00 local (next day in UTC)", "2026-11-25T00:00:00Z", null],
    ["22:59 local", "2026-11-25T04:59:00Z", null],
    ["22:59:59 local", "2026-11-25T04:59:59Z", null],
    ["23:00 local", "2026-11-25T05:00:00Z", refusal],
    ["12:00 local", "2026-11-24T18:00:00Z", refusal],
    ["00:30 local", "2026-11-24T06:30:00Z", refusal],
  ])("18:00-23:00 in Mexico City at %s", (_local, iso, expected) => {
    expect(check(evening, iso)).toEqual(expected);
  });

  it.each([
    ["2026-11-01 17:59:59 PST", "2026-11-02T01:59:59Z", refusal],
    ["2026-11-01 18:00 PST", "2026-11-02T02:00:00Z", null],
    ["2026-11-01 22:59:59 PST", "2026-11-02T06:59:59Z", null],
    ["2026-11-01 23:00 PST", "2026-11-02T07:00:00Z", refusal],
    ["2026-03-08 18:00 PDT", "2026-03-09T01:00:00Z", null],
    ["2026-03-08 17:59:59 PDT", "2026-03-09T00:59:59Z", refusal],
  ])("18:00-23:00 in Tijuana at %s", (_local, iso, expected) => {
    expect(check(evening, iso, TJ)).toEqual(expected);
  });

  describe("a window crossing midnight, 22:00-02:00", () => {
    const late = { code: "SINGLE-06", start: "22:00", end: "02:00" };
    it.each([
      ["21:59:59", "2026-11-25T03:59:59Z", late],
      ["22:00", "2026-11-25T04:00:00Z", null],
      ["23:59:59", "2026-11-25T05:59:59Z", null],
      ["00:00", "2026-11-25T06:00:00Z", null],
      ["01:59:59", "2026-11-25T07:59:59Z", null],
      ["02:00", "2026-11-25T08:00:00Z", late],
      ["12:00", "2026-11-24T18:00:00Z", late],
    ])("Mexico City %s", (_local, iso, expected) => {
      expect(check(lateNight, iso)).toEqual(expected);
    });

    it.each([
      // spring-forward night: 02:00 PST never happens, so the window ends at 03:00 PDT (10:00Z)
      ["2026-03-07 22:00 PST", "2026-03-08T06:00:00Z", null],
      ["2026-03-08 01:59:59 PST", "2026-03-08T09:59:59Z", null],
      ["2026-03-08 03:00 PDT", "2026-03-08T10:00:00Z", late],
      // fall-back night: both 01:30s sell, 02:00 PST does not
      ["2026-10-31 22:00 PDT", "2026-11-01T05:00:00Z", null],
      ["2026-11-01 01:30 PDT (first)", "2026-11-01T08:30:00Z", null],
      ["2026-11-01 01:30 PST (second)", "2026-11-01T09:30:00Z", null],
      ["2026-11-01 01:59:59 PST", "2026-11-01T09:59:59Z", null],
      ["2026-11-01 02:00 PST", "2026-11-01T10:00:00Z", late],
    ])("Tijuana across DST: %s", (_local, iso, expected) => {
      expect(check(lateNight, iso, TJ)).toEqual(expected);
    });
  });

  describe("an end of 00:00:00 means midnight at the end of the day", () => {
    const toMidnight = { code: "SINGLE-06", start: "20:00", end: "00:00" };
    it.each([
      ["19:59:59", "2026-11-25T01:59:59Z", toMidnight],
      ["20:00", "2026-11-25T02:00:00Z", null],
      ["23:59:59", "2026-11-25T05:59:59Z", null],
      ["00:00 (next day)", "2026-11-25T06:00:00Z", toMidnight],
      ["00:00:01", "2026-11-25T06:00:01Z", toMidnight],
      ["10:00", "2026-11-24T16:00:00Z", toMidnight],
    ])("20:00-00:00 at %s", (_local, iso, expected) => {
      expect(check(untilMidnight, iso)).toEqual(expected);
    });

    it("Postgres's 24:00:00 is the same end", () => {
      const rules = { ...none, sellingStart: "20:00:00", sellingEnd: "24:00:00" };
      expect(check(rules, "2026-11-25T05:59:59Z")).toBeNull();
      expect(check(rules, "2026-11-25T06:00:00Z")).toEqual(toMidnight);
    });

    it("00:00-00:00 is the whole day", () => {
      const rules = { ...none, sellingStart: "00:00:00", sellingEnd: "00:00:00" };
      for (const iso of ["2026-11-24T06:00:00Z", "2026-11-24T18:00:00Z", "2026-11-25T05:59:59Z"]) {
        expect(check(rules, iso)).toBeNull();
      }
    });
  });

  it("a window whose start equals its end (not midnight) is empty", () => {
    const rules = { ...none, sellingStart: "10:00:00", sellingEnd: "10:00:00" };
    expect(check(rules, "2026-11-24T16:00:00Z")).toEqual({ code: "SINGLE-06", start: "10:00", end: "10:00" });
    expect(check(rules, "2026-11-24T18:00:00Z")).toEqual({ code: "SINGLE-06", start: "10:00", end: "10:00" });
  });

  it("only a start: from the start to the end of the day", () => {
    const rules = { ...none, sellingStart: "18:00:00", sellingEnd: null };
    expect(check(rules, "2026-11-24T23:59:59Z")).toEqual({ code: "SINGLE-06", start: "18:00", end: "00:00" });
    expect(check(rules, "2026-11-25T00:00:00Z")).toBeNull(); // 18:00
    expect(check(rules, "2026-11-25T05:59:59Z")).toBeNull(); // 23:59:59
    expect(check(rules, "2026-11-25T06:00:00Z")).toEqual({ code: "SINGLE-06", start: "18:00", end: "00:00" });
  });

  it("only an end: from the start of the day to the end", () => {
    const rules = { ...none, sellingStart: null, sellingEnd: "11:00:00" };
    expect(check(rules, "2026-11-24T06:00:00Z")).toBeNull(); // 00:00
    expect(check(rules, "2026-11-24T16:59:59Z")).toBeNull(); // 10:59:59
    expect(check(rules, "2026-11-24T17:00:00Z")).toEqual({ code: "SINGLE-06", start: "00:00", end: "11:00" });
  });

  it("accepts HH:MM without seconds", () => {
    const rules = { ...none, sellingStart: "18:00", sellingEnd: "23:00" };
    expect(check(rules, "2026-11-25T00:00:00Z")).toBeNull();
    expect(check(rules, "2026-11-24T23:59:59Z")).toEqual(refusal);
  });
});

describe("the order of checks: hut day, then lunch, then selling hours", () => {
  const all: SellingRules = { lunchOnly: true, hutDay: 2, sellingStart: "14:00:00", sellingEnd: "16:00:00" };
  it.each([
    ["Monday 10:00 (every rule fails): hut day", "2026-11-23T16:00:00Z", { code: "ITEM-02", weekday: 2 }],
    ["Monday 15:00 (only the day fails)", "2026-11-23T21:00:00Z", { code: "ITEM-02", weekday: 2 }],
    ["Tuesday 10:00 (lunch and hours fail): lunch", "2026-11-24T16:00:00Z", lunchRefusal],
    ["Tuesday 13:00 (only hours fail)", "2026-11-24T19:00:00Z", { code: "SINGLE-06", start: "14:00", end: "16:00" }],
    ["Tuesday 14:30 (all pass)", "2026-11-24T20:30:00Z", null],
  ])("%s", (_label, iso, expected) => {
    expect(check(all, iso)).toEqual(expected);
  });
});

describe("unavailableLines", () => {
  const lines = [
    { id: "plain", rules: none },
    { id: "lunch", rules: lunch },
    { id: "tuesday", rules: tuesday },
    { id: "evening", rules: evening },
    { id: "late", rules: lateNight },
  ];

  it("picks exactly the bad lines, in order, with their problems (Tuesday 13:00)", () => {
    const refused = unavailableLines(lines, new Date("2026-11-24T19:00:00Z"), MX);
    expect(refused.map((r) => r.line.id)).toEqual(["evening", "late"]);
    expect(refused[0].problem).toEqual({ code: "SINGLE-06", start: "18:00", end: "23:00" });
    expect(refused[1].problem).toEqual({ code: "SINGLE-06", start: "22:00", end: "02:00" });
    expect(refused[0].line).toBe(lines[3]); // the caller's own object comes back
  });

  it("Monday 22:30: lunch and hut-day lines refused, the late line sells", () => {
    const refused = unavailableLines(lines, new Date("2026-11-24T04:30:00Z"), MX);
    expect(refused.map((r) => [r.line.id, r.problem.code])).toEqual([
      ["lunch", "ITEM-03"],
      ["tuesday", "ITEM-02"],
    ]);
  });

  it("nothing refused when every line sells", () => {
    const few = [lines[0], lines[2], lines[3]];
    expect(unavailableLines(few, new Date("2026-11-25T01:00:00Z"), MX)).toEqual([]); // Tuesday 19:00
  });

  it("an empty cart has nothing to refuse", () => {
    expect(unavailableLines([], new Date("2026-11-24T19:00:00Z"), MX)).toEqual([]);
  });

  it("passes the lunch window through", () => {
    const refused = unavailableLines(lines, new Date("2026-11-24T19:00:00Z"), MX, { start: "13:30:00", end: "15:00:00" });
    expect(refused.map((r) => r.line.id)).toEqual(["lunch", "evening", "late"]);
    expect(refused[0].problem).toEqual({ code: "ITEM-03", start: "13:30", end: "15:00" });
  });
});

describe("time helpers", () => {
  it.each([
    ["00:00:00", 0],
    ["00:00", 0],
    ["12:34:56", 45_296],
    ["23:59:59", 86_399],
    ["24:00:00", 86_400],
    ["18:00:00.000", 64_800],
  ])("secondsOfDay(%j) = %i", (time, seconds) => {
    expect(secondsOfDay(time)).toBe(seconds);
  });

  it.each(["", "18", "18h", "8:00", "25:00:00", "12:60:00", "12:00:60", "24:00:01", "noon"])(
    "secondsOfDay rejects %j",
    (time) => {
      expect(() => secondsOfDay(time)).toThrow(RangeError);
    },
  );

  it.each([
    ["18:00:00", "18:00"],
    ["07:05:59", "07:05"],
    ["00:00:00", "00:00"],
    ["24:00:00", "00:00"],
  ])("hoursAndMinutes(%j) = %j", (time, shown) => {
    expect(hoursAndMinutes(time)).toBe(shown);
  });

  it("withinWindow refuses a window starting at 24:00", () => {
    expect(() => withinWindow("12:00:00", "24:00:00", "02:00:00")).toThrow(RangeError);
  });

  it("a malformed selling time throws instead of silently selling", () => {
    expect(() => check({ ...none, sellingStart: "6pm", sellingEnd: "23:00:00" }, "2026-11-24T18:00:00Z")).toThrow(
      RangeError,
    );
  });
});
