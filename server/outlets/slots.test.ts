import fc from "fast-check";
import type { OrderType } from "../cart/pricing";
import { addDays } from "../clock";
import {
  findSlot,
  isOpenAt,
  orderTimeSlots,
  type AdvanceDuration,
  type BusinessRange,
  type OpeningHoursItem,
  type SlotDay,
  type SlotQuery,
} from "./slots";

/**
 * Order-time slots (spec section 5). The hand-worked cases write their expected values out literally; the property
 * tests at the end check the invariants, and the whole answer against a brute-force reading of the rules.
 *
 * America/Mexico_City is UTC-6 all year (no DST since 2022): 13:00 local is 19:00Z.
 * America/Tijuana is UTC-8 (PST) / UTC-7 (PDT): 2026-03-08 02:00 PST -> 03:00 PDT (at 10:00Z),
 * 2026-11-01 02:00 PDT -> 01:00 PST (at 09:00Z).
 */

const MX = "America/Mexico_City";
const TJ = "America/Tijuana";
const CUN = "America/Cancun"; // UTC-5 all year

const range = (start: string, end: string, interval: number | null = 15, quote_time = 0): BusinessRange => ({
  start,
  end,
  interval,
  quote_time,
});

const win = (date: string, opening: string, closing: string, D: number, C: number): AdvanceDuration => ({
  date,
  opening,
  closing,
  duration: { D, C },
});

const item = (date: string, ranges: BusinessRange[], windows: AdvanceDuration[] = [], timezone = MX): OpeningHoursItem => ({
  date,
  info: { timezone, business_date: ranges, advance_duration: windows },
});

function slots(
  hours: OpeningHoursItem[],
  now: string,
  options: { orderType?: OrderType; timeZone?: string; hideAsap?: boolean; hasRoom?: (at: number) => boolean } = {},
): SlotDay[] {
  return orderTimeSlots({
    hours,
    now: new Date(now),
    orderType: options.orderType ?? "D",
    timeZone: options.timeZone ?? MX,
    ...(options.hideAsap === undefined ? {} : { hideAsap: options.hideAsap }),
    ...(options.hasRoom ? { hasRoom: options.hasRoom } : {}),
  });
}

const spans = (day: SlotDay) => day.slots.map((s) => `${s.start}-${s.end}`);
const iso = (ms: number) => new Date(ms).toISOString();
const dates = (days: SlotDay[]) => days.map((d) => d.date);

// ------------------------------------------------------------------------------------------- hand-worked cases

describe("orderTimeSlots: days", () => {
  it("drops the days before today (in the outlet's zone)", () => {
    const hours = ["2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"].map((d) => item(d, [range("11:00", "23:00")]));
    const days = slots(hours, "2026-11-20T15:00:00Z"); // Friday 09:00 in Mexico City
    expect(dates(days)).toEqual(["2026-11-20", "2026-11-21"]);
    expect(days[0].slots[0]).toEqual({
      start: "11:00",
      end: "11:15",
      value: "2026-11-20 11:15",
      at: Date.parse("2026-11-20T17:15:00Z"),
      startsAt: Date.parse("2026-11-20T17:00:00Z"),
    });
  });

  it("takes today from the outlet's zone, not from UTC", () => {
    // 05:30Z on Saturday is still Friday 23:30 in Mexico City.
    const hours = [item("2026-11-20", [range("22:00", "00:00")]), item("2026-11-21", [range("11:00", "12:00", 30)])];
    const days = slots(hours, "2026-11-21T05:30:00Z");
    expect(days.map((d) => [d.date, d.asap, spans(d)])).toEqual([
      ["2026-11-20", true, ["23:45-23:55"]],
      ["2026-11-21", false, ["11:00-11:30", "11:30-12:00"]],
    ]);
  });

  it("sorts the days whatever the order of the hours", () => {
    const hours = ["2026-11-22", "2026-11-20", "2026-11-21"].map((d) => item(d, [range("11:00", "12:00", 30)]));
    expect(dates(slots(hours, "2026-11-20T15:00:00Z"))).toEqual(["2026-11-20", "2026-11-21", "2026-11-22"]);
  });

  it("removes a closed date (no ranges)", () => {
    const hours = [
      item("2026-11-20", [range("11:00", "12:00", 30)]),
      item("2026-11-21", []),
      item("2026-11-22", [range("11:00", "12:00", 30)]),
    ];
    expect(dates(slots(hours, "2026-11-20T15:00:00Z"))).toEqual(["2026-11-20", "2026-11-22"]);
  });

  it("removes today when all its ranges are past", () => {
    const hours = [
      item("2026-11-20", [range("08:00", "10:00"), range("11:00", "13:00")]),
      item("2026-11-21", [range("11:00", "12:00", 30)]),
    ];
    const days = slots(hours, "2026-11-20T19:07:00Z"); // 13:07
    expect(days).toEqual([
      {
        date: "2026-11-21",
        asap: false,
        slots: [
          { start: "11:00", end: "11:30", value: "2026-11-21 11:30", at: Date.parse("2026-11-21T17:30:00Z"), startsAt: Date.parse("2026-11-21T17:00:00Z") },
          { start: "11:30", end: "12:00", value: "2026-11-21 12:00", at: Date.parse("2026-11-21T18:00:00Z"), startsAt: Date.parse("2026-11-21T17:30:00Z") },
        ],
      },
    ]);
  });

  it("removes today when now plus the quote time is past its last range's end", () => {
    const hours = [item("2026-11-20", [range("11:00", "13:30", 15, 35)])];
    expect(slots(hours, "2026-11-20T19:07:00Z")).toEqual([]); // 13:07 + 35 = 13:42 > 13:30
  });

  it("returns nothing for no hours", () => {
    expect(slots([], "2026-11-20T19:07:00Z")).toEqual([]);
  });
});

describe("orderTimeSlots: today's slots", () => {
  const hours = [item("2026-11-20", [range("11:00", "23:00", 15, 0)]), item("2026-11-21", [range("11:00", "23:00", 15, 0)])];

  it("drops today's past slots, keeps tomorrow whole", () => {
    const days = slots(hours, "2026-11-20T19:07:00Z"); // 13:07
    expect(days[0].slots).toHaveLength(39); // 13:15 .. 22:45
    expect(days[0].slots[0]).toMatchObject({ start: "13:15", end: "13:30", startsAt: Date.parse("2026-11-20T19:15:00Z") });
    expect(days[0].slots.at(-1)).toEqual({
      start: "22:45",
      end: "23:00",
      value: "2026-11-20 23:00",
      at: Date.parse("2026-11-21T05:00:00Z"),
      startsAt: Date.parse("2026-11-21T04:45:00Z"),
    });
    expect(days[1].slots).toHaveLength(48); // 11:00 .. 22:45
    expect(spans(days[1]).slice(0, 2)).toEqual(["11:00-11:15", "11:15-11:30"]);
  });

  it("does not offer a slot that starts exactly now", () => {
    expect(spans(slots(hours, "2026-11-20T19:00:00Z")[0])[0]).toBe("13:15-13:30");
    expect(spans(slots(hours, "2026-11-20T18:59:59Z")[0])[0]).toBe("13:00-13:15");
  });
});

describe("orderTimeSlots: the start of a range", () => {
  it("starts at the opening time when the outlet is not open yet (now 09:00, opens 11:00)", () => {
    const days = slots([item("2026-11-20", [range("11:00", "23:00", 15, 35)])], "2026-11-20T15:00:00Z");
    expect(days[0].slots[0]).toEqual({
      start: "11:00",
      end: "11:15",
      value: "2026-11-20 11:15",
      at: Date.parse("2026-11-20T17:15:00Z"),
      startsAt: Date.parse("2026-11-20T17:00:00Z"),
    });
  });

  it("ignores the quote time before opening, even when now + quote passes the opening (10:50 + 35)", () => {
    const days = slots([item("2026-11-20", [range("11:00", "23:00", 15, 35)])], "2026-11-20T16:50:00Z");
    expect(spans(days[0])[0]).toBe("11:00-11:15");
  });

  it("starts at now + quote time when already open (13:07 + 35 = 13:42 -> 13:45)", () => {
    const days = slots([item("2026-11-20", [range("11:00", "23:00", 15, 35)])], "2026-11-20T19:07:00Z");
    expect(days[0].slots[0]).toEqual({
      start: "13:45",
      end: "14:00",
      value: "2026-11-20 14:00",
      at: Date.parse("2026-11-20T20:00:00Z"),
      startsAt: Date.parse("2026-11-20T19:45:00Z"),
    });
  });

  it("rounds seconds up too (13:07:30 + 35 = 13:42:30 -> 13:45)", () => {
    const days = slots([item("2026-11-20", [range("11:00", "23:00", 15, 35)])], "2026-11-20T19:07:30Z");
    expect(spans(days[0])[0]).toBe("13:45-14:00");
  });

  it("keeps a start exactly on the grid (13:10 + 35 = 13:45; 13:00 + 30 = 13:30)", () => {
    expect(spans(slots([item("2026-11-20", [range("11:00", "23:00", 15, 35)])], "2026-11-20T19:10:00Z")[0])[0]).toBe(
      "13:45-14:00",
    );
    expect(spans(slots([item("2026-11-20", [range("11:00", "23:00", 15, 30)])], "2026-11-20T19:00:00Z")[0])[0]).toBe(
      "13:30-13:45",
    );
  });

  it("rounds an opening off the grid up to the grid (opens 11:10, interval 15 -> 11:15)", () => {
    const days = slots([item("2026-11-20", [range("11:10", "12:00", 15)])], "2026-11-20T15:00:00Z");
    expect(spans(days[0])).toEqual(["11:15-11:30", "11:30-11:45", "11:45-12:00"]);
  });

  it("cuts the last slot at the range's end (11:00-12:10 every 30)", () => {
    const days = slots([item("2026-11-20", [range("11:00", "12:10", 30)])], "2026-11-20T15:00:00Z");
    expect(days[0].slots.map((s) => [s.start, s.end, s.value])).toEqual([
      ["11:00", "11:30", "2026-11-20 11:30"],
      ["11:30", "12:00", "2026-11-20 12:00"],
      ["12:00", "12:10", "2026-11-20 12:10"],
    ]);
  });

  it("reads HH:MM:SS times as well as HH:MM", () => {
    const days = slots([item("2026-11-20", [range("11:00:00", "12:00:00", 30)])], "2026-11-20T15:00:00Z");
    expect(spans(days[0])).toEqual(["11:00-11:30", "11:30-12:00"]);
  });

  it("uses the quote time only for today: tomorrow starts at its opening", () => {
    const hours = ["2026-11-20", "2026-11-21"].map((d) => item(d, [range("11:00", "23:00", 15, 35)]));
    const days = slots(hours, "2026-11-20T19:07:00Z");
    expect(spans(days[1])[0]).toBe("11:00-11:15");
  });
});

describe("orderTimeSlots: ASAP", () => {
  const week = ["2026-11-20", "2026-11-21", "2026-11-22"].map((d) => item(d, [range("11:00", "23:00")]));

  it("is offered for today only, when today has slots", () => {
    expect(slots(week, "2026-11-20T19:07:00Z").map((d) => [d.date, d.asap])).toEqual([
      ["2026-11-20", true],
      ["2026-11-21", false],
      ["2026-11-22", false],
    ]);
  });

  it("is offered before opening too (today has slots later)", () => {
    expect(slots(week, "2026-11-20T15:00:00Z")[0]).toMatchObject({ date: "2026-11-20", asap: true });
  });

  it("is never offered with the hide-ASAP flag", () => {
    expect(slots(week, "2026-11-20T19:07:00Z", { hideAsap: true }).map((d) => d.asap)).toEqual([false, false, false]);
  });

  it("is not offered when today has no slot left (today removed, tomorrow not ASAP)", () => {
    // 23:30: the last slot (22:45) is past.
    expect(slots(week, "2026-11-21T05:30:00Z").map((d) => [d.date, d.asap])).toEqual([
      ["2026-11-21", false],
      ["2026-11-22", false],
    ]);
  });

  it("is not offered on tomorrow when the hours start tomorrow", () => {
    expect(slots(week.slice(1), "2026-11-20T19:07:00Z").map((d) => [d.date, d.asap])).toEqual([
      ["2026-11-21", false],
      ["2026-11-22", false],
    ]);
  });

  it("is not offered when slot capacity leaves today empty", () => {
    const full = (at: number) => at >= Date.parse("2026-11-21T06:00:00Z"); // nothing left on Friday
    expect(slots(week, "2026-11-20T19:07:00Z", { hasRoom: full }).map((d) => [d.date, d.asap])).toEqual([
      ["2026-11-21", false],
      ["2026-11-22", false],
    ]);
  });
});

describe("orderTimeSlots: advance-duration windows", () => {
  const around = (day: SlotDay, from: string, to: string) => spans(day).filter((s) => s >= from && s < to);

  it("overrides the interval inside the window for delivery (D=30) and keeps the default for carry-out (C=-1)", () => {
    const hours = [item("2026-11-20", [range("11:00", "23:00", 15)], [win("2026-11-20", "18:00", "20:00", 30, -1)])];
    const delivery = slots(hours, "2026-11-20T15:00:00Z", { orderType: "D" })[0];
    const carryout = slots(hours, "2026-11-20T15:00:00Z", { orderType: "C" })[0];
    expect(around(delivery, "17:30", "20:30")).toEqual([
      "17:30-17:45",
      "17:45-18:00",
      "18:00-18:30",
      "18:30-19:00",
      "19:00-19:30",
      "19:30-20:00",
      "20:00-20:15",
      "20:15-20:30",
    ]);
    expect(delivery.slots).toHaveLength(44); // 28 before 18:00, 4 in the window, 12 after 20:00
    expect(around(carryout, "17:30", "20:30")).toEqual([
      "17:30-17:45",
      "17:45-18:00",
      "18:00-18:15",
      "18:15-18:30",
      "18:30-18:45",
      "18:45-19:00",
      "19:00-19:15",
      "19:15-19:30",
      "19:30-19:45",
      "19:45-20:00",
      "20:00-20:15",
      "20:15-20:30",
    ]);
    expect(carryout.slots).toHaveLength(48);
    expect(delivery.slots.find((s) => s.start === "18:30")).toEqual({
      start: "18:30",
      end: "19:00",
      value: "2026-11-20 19:00",
      at: Date.parse("2026-11-21T01:00:00Z"),
      startsAt: Date.parse("2026-11-21T00:30:00Z"),
    });
  });

  it("applies the window's value to carry-out when it is set (C=60) and -1 to delivery", () => {
    const hours = [item("2026-11-20", [range("11:00", "14:00", 30)], [win("2026-11-20", "12:00", "13:00", -1, 60)])];
    expect(spans(slots(hours, "2026-11-20T15:00:00Z", { orderType: "C" })[0])).toEqual([
      "11:00-11:30",
      "11:30-12:00",
      "12:00-13:00",
      "13:00-13:30",
      "13:30-14:00",
    ]);
    expect(slots(hours, "2026-11-20T15:00:00Z", { orderType: "D" })[0].slots).toHaveLength(6);
  });

  it("ignores a window of another date", () => {
    const hours = [item("2026-11-20", [range("11:00", "12:00", 15)], [win("2026-11-21", "11:00", "12:00", 30, 30)])];
    expect(spans(slots(hours, "2026-11-20T15:00:00Z")[0])).toEqual(["11:00-11:15", "11:15-11:30", "11:30-11:45", "11:45-12:00"]);
  });

  it("keeps slots on the window's grid when the window starts between grid points (18:10)", () => {
    const hours = [item("2026-11-20", [range("11:00", "23:00", 15)], [win("2026-11-20", "18:10", "20:00", 30, -1)])];
    expect(around(slots(hours, "2026-11-20T15:00:00Z")[0], "17:45", "20:15")).toEqual([
      "17:45-18:00",
      "18:00-18:15", // starts before the window: default interval
      "18:30-19:00", // 18:15 is inside the window but off its 30-minute grid
      "19:00-19:30",
      "19:30-20:00",
      "20:00-20:15",
    ]);
  });

  it("reads a window closing at midnight as 23:55:59", () => {
    const hours = [item("2026-11-20", [range("20:00", "23:00", 15)], [win("2026-11-20", "21:00", "00:00", 60, -1)])];
    expect(spans(slots(hours, "2026-11-20T15:00:00Z")[0])).toEqual([
      "20:00-20:15",
      "20:15-20:30",
      "20:30-20:45",
      "20:45-21:00",
      "21:00-22:00",
      "22:00-23:00",
    ]);
  });

  it("offers the window's first grid point when it opens after now + quote (now 12:03, window 12:10 every 15)", () => {
    const hours = [item("2026-11-20", [range("11:00", "15:00", 30)], [win("2026-11-20", "12:10", "14:00", 15, -1)])];
    expect(spans(slots(hours, "2026-11-20T18:03:00Z", { orderType: "D" })[0])).toEqual([
      "12:15-12:30",
      "12:30-12:45",
      "12:45-13:00",
      "13:00-13:15",
      "13:15-13:30",
      "13:30-13:45",
      "13:45-14:00",
      "14:00-14:30",
      "14:30-15:00",
    ]);
    expect(spans(slots(hours, "2026-11-20T18:03:00Z", { orderType: "C" })[0])).toEqual([
      "12:30-13:00",
      "13:00-13:30",
      "13:30-14:00",
      "14:00-14:30",
      "14:30-15:00",
    ]);
  });

  it("offers the default grid right after a window that has no grid point left (now 12:50, window to 12:55 every 60)", () => {
    const hours = [item("2026-11-20", [range("11:00", "13:15", 5)], [win("2026-11-20", "12:00", "12:55", 60, -1)])];
    expect(spans(slots(hours, "2026-11-20T18:50:00Z")[0])).toEqual([
      "12:55-13:00",
      "13:00-13:05",
      "13:05-13:10",
      "13:10-13:15",
    ]);
  });

  it("resumes the default grid at the window's end when the window has no grid point (12:02-12:50 every 60)", () => {
    const hours = [item("2026-11-20", [range("12:00", "13:10", 5)], [win("2026-11-20", "12:02", "12:50", 60, -1)])];
    expect(spans(slots(hours, "2026-11-20T15:00:00Z")[0])).toEqual([
      "12:00-12:05",
      "12:50-12:55",
      "12:55-13:00",
      "13:00-13:05",
      "13:05-13:10",
    ]);
  });
});

describe("orderTimeSlots: midnight and the fallback interval", () => {
  it.each(["00:00", "00:00:00"])("reads an end of midnight (%s) as 23:55:59", (end) => {
    const day = slots([item("2026-11-20", [range("22:00", end, 15)])], "2026-11-20T15:00:00Z")[0];
    expect(spans(day)).toEqual([
      "22:00-22:15",
      "22:15-22:30",
      "22:30-22:45",
      "22:45-23:00",
      "23:00-23:15",
      "23:15-23:30",
      "23:30-23:45",
      "23:45-23:55",
    ]);
    expect(day.slots.at(-1)).toEqual({
      start: "23:45",
      end: "23:55",
      value: "2026-11-20 23:55",
      at: Date.parse("2026-11-21T05:55:59Z"), // 23:55:59 local
      startsAt: Date.parse("2026-11-21T05:45:00Z"),
    });
  });

  it("with 5-minute steps up to midnight the last slot is 23:50-23:55 (23:55 to 23:55:59 is no slot)", () => {
    const day = slots([item("2026-11-20", [range("23:30", "00:00", 5)])], "2026-11-20T15:00:00Z")[0];
    expect(spans(day)).toEqual(["23:30-23:35", "23:35-23:40", "23:40-23:45", "23:45-23:50", "23:50-23:55"]);
    expect(day.slots.at(-1)?.at).toBe(Date.parse("2026-11-21T05:55:00Z"));
    // at 23:54 nothing is left (before the fix a lone "23:55-23:55" slot of 59 seconds was offered)
    expect(slots([item("2026-11-20", [range("23:30", "00:00", 5)])], "2026-11-21T05:54:00Z")).toEqual([]);
  });

  it.each([null, 0])("falls back to a 30-minute grid (minute 30 or 0) when the interval is %j", (interval) => {
    const day = slots([item("2026-11-20", [range("11:10", "13:00", interval)])], "2026-11-20T15:00:00Z")[0];
    expect(spans(day)).toEqual(["11:30-12:00", "12:00-12:30", "12:30-13:00"]);
    const open = slots([item("2026-11-20", [range("11:00", "13:00", interval)])], "2026-11-20T17:07:00Z")[0]; // 11:07
    expect(spans(open)).toEqual(["11:30-12:00", "12:00-12:30", "12:30-13:00"]);
  });

  it("a window with -1 on a range without interval keeps the 30-minute fallback", () => {
    const hours = [item("2026-11-20", [range("11:00", "12:30", null)], [win("2026-11-20", "11:00", "12:30", -1, -1)])];
    expect(spans(slots(hours, "2026-11-20T15:00:00Z")[0])).toEqual(["11:00-11:30", "11:30-12:00", "12:00-12:30"]);
  });
});

describe("orderTimeSlots: split shifts and capacity", () => {
  it("merges two ranges of a day and sorts them (given evening first, with their own intervals)", () => {
    const hours = [item("2026-11-20", [range("17:00", "18:00", 20), range("11:00", "12:00", 30)])];
    const day = slots(hours, "2026-11-20T15:00:00Z")[0];
    expect(spans(day)).toEqual(["11:00-11:30", "11:30-12:00", "17:00-17:20", "17:20-17:40", "17:40-18:00"]);
    expect(day.slots.map((s) => iso(s.startsAt))).toEqual([
      "2026-11-20T17:00:00.000Z",
      "2026-11-20T17:30:00.000Z",
      "2026-11-20T23:00:00.000Z",
      "2026-11-20T23:20:00.000Z",
      "2026-11-20T23:40:00.000Z",
    ]);
  });

  it("in the gap between two shifts, the evening starts at its opening", () => {
    const hours = [item("2026-11-20", [range("11:00", "15:00", 30, 30), range("17:00", "19:00", 30, 30)])];
    expect(spans(slots(hours, "2026-11-20T21:30:00Z")[0])).toEqual([ // 15:30
      "17:00-17:30",
      "17:30-18:00",
      "18:00-18:30",
      "18:30-19:00",
    ]);
  });

  it("drops the slots hasRoom refuses, asking with each slot's value instant", () => {
    const asked: string[] = [];
    const hasRoom = (at: number) => {
      asked.push(iso(at));
      return at !== Date.parse("2026-11-20T17:30:00Z");
    };
    const day = slots([item("2026-11-20", [range("11:00", "12:00", 15)])], "2026-11-20T15:00:00Z", { hasRoom })[0];
    expect(spans(day)).toEqual(["11:00-11:15", "11:30-11:45", "11:45-12:00"]);
    expect(asked).toEqual([
      "2026-11-20T17:15:00.000Z",
      "2026-11-20T17:30:00.000Z",
      "2026-11-20T17:45:00.000Z",
      "2026-11-20T18:00:00.000Z",
    ]);
  });

  it("removes a day that hasRoom leaves empty", () => {
    const hours = ["2026-11-20", "2026-11-21"].map((d) => item(d, [range("11:00", "12:00", 30)]));
    const days = slots(hours, "2026-11-20T15:00:00Z", { hasRoom: (at) => at > Date.parse("2026-11-21T06:00:00Z") });
    expect(days.map((d) => [d.date, spans(d)])).toEqual([["2026-11-21", ["11:00-11:30", "11:30-12:00"]]]);
  });
});

describe("findSlot", () => {
  const days = slots(
    ["2026-11-20", "2026-11-21"].map((d) => item(d, [range("11:00", "23:00", 15, 35)])),
    "2026-11-20T19:07:00Z",
  );

  it("finds an offered slot by its collectionTimeValue", () => {
    expect(findSlot(days, "2026-11-20 14:00")).toEqual({
      start: "13:45",
      end: "14:00",
      value: "2026-11-20 14:00",
      at: Date.parse("2026-11-20T20:00:00Z"),
      startsAt: Date.parse("2026-11-20T19:45:00Z"),
    });
    expect(findSlot(days, "2026-11-21 11:15")?.startsAt).toBe(Date.parse("2026-11-21T17:00:00Z"));
  });

  it.each(["2026-11-20 13:50", "2026-11-20 13:45", "2026-11-20 11:15", "2026-11-25 14:00", "", "garbage"])(
    "finds nothing for %j (off the grid, past, or not offered)",
    (value) => {
      expect(findSlot(days, value)).toBeUndefined();
    },
  );
});

describe("isOpenAt", () => {
  const hours = [item("2026-11-20", [range("11:00", "15:00"), range("17:00", "00:00")])];

  it.each([
    ["2026-11-20T19:07:00Z", "13:07", true],
    ["2026-11-20T16:59:59Z", "10:59:59", false],
    ["2026-11-20T17:00:00Z", "11:00, the opening", true],
    ["2026-11-20T21:00:00Z", "15:00, the end (exclusive)", false],
    ["2026-11-20T22:30:00Z", "16:30, between shifts", false],
    ["2026-11-21T05:55:59Z", "23:55:59, midnight end", false],
    ["2026-11-21T05:55:30Z", "23:55:30", true],
    ["2026-11-21T05:56:00Z", "23:56", false],
    ["2026-11-21T18:00:00Z", "Saturday 12:00, no hours that day", false],
  ])("at %s (%s local) is %s", (now, _local, open) => {
    expect(isOpenAt(hours, new Date(now), MX)).toBe(open);
  });

  it("reads the wall clock in the given zone", () => {
    // 19:07Z is 13:07 in Mexico City but 11:07 in Tijuana (PST), before an 11:30 opening.
    const late = [item("2026-11-20", [range("11:30", "15:00")])];
    expect(isOpenAt(late, new Date("2026-11-20T19:07:00Z"), MX)).toBe(true);
    expect(isOpenAt(late, new Date("2026-11-20T19:07:00Z"), TJ)).toBe(false);
  });
});

// ------------------------------------------------------------------------------------------- zones

describe("orderTimeSlots: Mexico City (UTC-6 all year)", () => {
  it("gives exact UTC instants in winter and in summer", () => {
    const hours = [item("2026-07-01", [range("11:00", "12:00", 30)]), item("2026-12-01", [range("11:00", "12:00", 30)])];
    const days = slots(hours, "2026-07-01T14:00:00Z");
    expect(days.map((d) => d.slots.map((s) => [s.value, iso(s.startsAt), iso(s.at)]))).toEqual([
      [
        ["2026-07-01 11:30", "2026-07-01T17:00:00.000Z", "2026-07-01T17:30:00.000Z"],
        ["2026-07-01 12:00", "2026-07-01T17:30:00.000Z", "2026-07-01T18:00:00.000Z"],
      ],
      [
        ["2026-12-01 11:30", "2026-12-01T17:00:00.000Z", "2026-12-01T17:30:00.000Z"],
        ["2026-12-01 12:00", "2026-12-01T17:30:00.000Z", "2026-12-01T18:00:00.000Z"],
      ],
    ]);
  });
});

describe("orderTimeSlots: America/Tijuana across its DST changes", () => {
  const week = (from: string) => Array.from({ length: 7 }, (_, i) => item(addDays(from, i), [range("13:00", "14:00", 60)], [], TJ));

  it("13:00 local is 20:00Z before the fall-back (PDT) and 21:00Z after it (PST): week of 2026-10-30", () => {
    const days = slots(week("2026-10-30"), "2026-10-30T16:00:00Z", { timeZone: TJ }); // Friday 09:00 PDT
    expect(days.map((d) => [d.date, iso(d.slots[0].startsAt), iso(d.slots[0].at)])).toEqual([
      ["2026-10-30", "2026-10-30T20:00:00.000Z", "2026-10-30T21:00:00.000Z"],
      ["2026-10-31", "2026-10-31T20:00:00.000Z", "2026-10-31T21:00:00.000Z"],
      ["2026-11-01", "2026-11-01T21:00:00.000Z", "2026-11-01T22:00:00.000Z"],
      ["2026-11-02", "2026-11-02T21:00:00.000Z", "2026-11-02T22:00:00.000Z"],
      ["2026-11-03", "2026-11-03T21:00:00.000Z", "2026-11-03T22:00:00.000Z"],
      ["2026-11-04", "2026-11-04T21:00:00.000Z", "2026-11-04T22:00:00.000Z"],
      ["2026-11-05", "2026-11-05T21:00:00.000Z", "2026-11-05T22:00:00.000Z"],
    ]);
    expect(days.every((d) => d.slots.length === 1 && d.slots[0].value === `${d.date} 14:00`)).toBe(true);
  });

  it("13:00 local is 21:00Z before the spring-forward (PST) and 20:00Z after it (PDT): week of 2026-03-06", () => {
    const days = slots(week("2026-03-06"), "2026-03-06T17:00:00Z", { timeZone: TJ }); // Friday 09:00 PST
    expect(days.map((d) => iso(d.slots[0].startsAt))).toEqual([
      "2026-03-06T21:00:00.000Z",
      "2026-03-07T21:00:00.000Z",
      "2026-03-08T20:00:00.000Z",
      "2026-03-09T20:00:00.000Z",
      "2026-03-10T20:00:00.000Z",
      "2026-03-11T20:00:00.000Z",
      "2026-03-12T20:00:00.000Z",
    ]);
  });

  it("on 2026-03-08 offers no wall time of the skipped hour (02:00-02:59), and the instants increase", () => {
    const hours = [item("2026-03-08", [range("00:00", "05:00", 30)], [], TJ)];
    const day = slots(hours, "2026-03-07T20:00:00Z", { timeZone: TJ })[0]; // Saturday 12:00 PST
    // 01:30-02:00 is dropped too: its value (02:00) does not exist that day.
    expect(day.slots.map((s) => [s.start, s.end, iso(s.startsAt), iso(s.at)])).toEqual([
      ["00:00", "00:30", "2026-03-08T08:00:00.000Z", "2026-03-08T08:30:00.000Z"],
      ["00:30", "01:00", "2026-03-08T08:30:00.000Z", "2026-03-08T09:00:00.000Z"],
      ["01:00", "01:30", "2026-03-08T09:00:00.000Z", "2026-03-08T09:30:00.000Z"],
      ["03:00", "03:30", "2026-03-08T10:00:00.000Z", "2026-03-08T10:30:00.000Z"],
      ["03:30", "04:00", "2026-03-08T10:30:00.000Z", "2026-03-08T11:00:00.000Z"],
      ["04:00", "04:30", "2026-03-08T11:00:00.000Z", "2026-03-08T11:30:00.000Z"],
      ["04:30", "05:00", "2026-03-08T11:30:00.000Z", "2026-03-08T12:00:00.000Z"],
    ]);
    const fine = slots(hours, "2026-03-07T20:00:00Z", { timeZone: TJ, orderType: "C" });
    const all = fine.flatMap((d) => d.slots);
    expect(all.some((s) => s.start.startsWith("02:") || s.end.startsWith("02:"))).toBe(false);
    expect(all.every((s, i) => i === 0 || s.startsAt > all[i - 1].startsAt)).toBe(true);
  });

  it("on 2026-03-08 with 15-minute steps, every wall time offered exists and the instants increase", () => {
    const hours = [item("2026-03-08", [range("00:00", "05:00", 15)], [], TJ)];
    const day = slots(hours, "2026-03-07T20:00:00Z", { timeZone: TJ })[0];
    expect(spans(day)).toEqual([
      "00:00-00:15", "00:15-00:30", "00:30-00:45", "00:45-01:00",
      "01:00-01:15", "01:15-01:30", "01:30-01:45",
      "03:00-03:15", "03:15-03:30", "03:30-03:45", "03:45-04:00",
      "04:00-04:15", "04:15-04:30", "04:30-04:45", "04:45-05:00",
    ]); // prettier-ignore
    expect(day.slots.every((s, i) => i === 0 || s.startsAt > day.slots[i - 1].startsAt)).toBe(true);
  });

  it("on 2026-03-08, already open after the change (03:30 PDT), starts at now", () => {
    const hours = [item("2026-03-08", [range("00:00", "05:00", 15)], [], TJ)];
    const day = slots(hours, "2026-03-08T10:30:00Z", { timeZone: TJ })[0];
    expect(day.slots[0]).toEqual({
      start: "03:45",
      end: "04:00",
      value: "2026-03-08 04:00",
      at: Date.parse("2026-03-08T11:00:00Z"),
      startsAt: Date.parse("2026-03-08T10:45:00Z"),
    });
  });

  it("on 2026-11-01 the repeated hour is offered once (its first, PDT, occurrence) and the instants increase", () => {
    const hours = [item("2026-11-01", [range("00:00", "04:00", 30)], [], TJ)];
    const day = slots(hours, "2026-10-31T19:00:00Z", { timeZone: TJ })[0]; // Saturday 12:00 PDT
    expect(day.slots.map((s) => [s.start, iso(s.startsAt), iso(s.at)])).toEqual([
      ["00:00", "2026-11-01T07:00:00.000Z", "2026-11-01T07:30:00.000Z"],
      ["00:30", "2026-11-01T07:30:00.000Z", "2026-11-01T08:00:00.000Z"],
      ["01:00", "2026-11-01T08:00:00.000Z", "2026-11-01T08:30:00.000Z"],
      ["01:30", "2026-11-01T08:30:00.000Z", "2026-11-01T10:00:00.000Z"], // ends at 02:00 PST
      ["02:00", "2026-11-01T10:00:00.000Z", "2026-11-01T10:30:00.000Z"],
      ["02:30", "2026-11-01T10:30:00.000Z", "2026-11-01T11:00:00.000Z"],
      ["03:00", "2026-11-01T11:00:00.000Z", "2026-11-01T11:30:00.000Z"],
      ["03:30", "2026-11-01T11:30:00.000Z", "2026-11-01T12:00:00.000Z"],
    ]);
  });

  it("on 2026-11-01 during the second 01:xx (01:10 PST), offers no past instant: the first slot is 02:00", () => {
    const hours = [item("2026-11-01", [range("00:00", "04:00", 15)], [], TJ)];
    const day = slots(hours, "2026-11-01T09:10:00Z", { timeZone: TJ })[0];
    expect(day.slots[0]).toMatchObject({ start: "02:00", startsAt: Date.parse("2026-11-01T10:00:00Z") });
    expect(day.asap).toBe(true);
  });
});

// ------------------------------------------------------------------------------------------- properties

const ZONES = [MX, TJ, CUN] as const;

/** The test's own wall clock (independent of server/clock.ts): date and seconds of the day. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function wallOf(ms: number, timeZone: string): { date: string; sec: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, sec: Number(p.hour) * 3600 + Number(p.minute) * 60 + Number(p.second) };
}

const naiveOf = (date: string, sec: number) => Date.parse(`${date}T00:00:00Z`) + sec * 1000;
const offsetAt = (ms: number, timeZone: string) => {
  const w = wallOf(ms, timeZone);
  return naiveOf(w.date, w.sec) - Math.floor(ms / 1000) * 1000;
};

/** The instant of a wall time: the earliest that shows it, null when none does (the skipped hour). */
function instantOf(date: string, sec: number, timeZone: string): number | null {
  const naive = naiveOf(date, sec);
  const candidates = [...new Set([offsetAt(naive - 86_400_000, timeZone), offsetAt(naive + 86_400_000, timeZone)])]
    .map((offset) => naive - offset)
    .filter((at) => {
      const w = wallOf(at, timeZone);
      return w.date === date && w.sec === sec;
    });
  return candidates.length ? Math.min(...candidates) : null;
}

const secOf = (time: string) => {
  const [h, m, s = "0"] = time.split(":");
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
};
const MIDNIGHT = 23 * 3600 + 55 * 60 + 59;
/** The spec's reading of an end: midnight (or an end not after the start) is 23:55:59. */
const endOf = (end: string, start: number) => {
  const sec = secOf(end);
  return sec === 0 || sec <= start ? MIDNIGHT : sec;
};
const hm = (sec: number) =>
  `${String(Math.floor(sec / 3600)).padStart(2, "0")}:${String(Math.floor((sec % 3600) / 60)).padStart(2, "0")}`;

/** The interval (seconds) in force at a wall time of a date for one range and order type. */
function intervalInForce(itemOf: OpeningHoursItem, r: BusinessRange, orderType: OrderType, sec: number): number {
  const fallback = r.interval && r.interval > 0 ? r.interval : 30;
  const w = itemOf.info.advance_duration.find(
    (x) => x.date === itemOf.date && sec >= secOf(x.opening) && sec < endOf(x.closing, secOf(x.opening)),
  );
  const value = w ? w.duration[orderType] : -1;
  return (value > 0 ? value : fallback) * 60;
}

/**
 * A brute-force reading of the rules: walking minute by minute from the range's start (or now + quote), a slot
 * starts at each minute on the grid of the interval in force there, once the previous slot has run its interval.
 */
function reference(q: SlotQuery): SlotDay[] {
  const nowMs = q.now.getTime();
  const wall = wallOf(nowMs, q.timeZone);
  const out: SlotDay[] = [];
  for (const it of [...q.hours].sort((a, b) => a.date.localeCompare(b.date))) {
    if (it.date < wall.date) continue;
    const byValue = new Map<string, SlotDay["slots"][number]>();
    for (const r of it.info.business_date) {
      const open = secOf(r.start);
      const close = endOf(r.end, open);
      const from = it.date === wall.date && wall.sec >= open ? wall.sec + r.quote_time * 60 : open;
      let free = from;
      for (let minute = Math.ceil(from / 60); minute * 60 < close; minute++) {
        const t = minute * 60;
        if (t < free) continue;
        const step = intervalInForce(it, r, q.orderType, t);
        if (t % step !== 0) continue;
        free = t + step;
        const end = Math.min(t + step, close);
        if (end - t < 60) continue; // under a minute (23:55 to 23:55:59): not a slot
        const startsAt = instantOf(it.date, t, q.timeZone);
        const at = instantOf(it.date, end, q.timeZone);
        if (startsAt === null || at === null || startsAt <= nowMs || (q.hasRoom && !q.hasRoom(at))) continue;
        const value = `${it.date} ${hm(end)}`;
        if (!byValue.has(value)) byValue.set(value, { start: hm(t), end: hm(end), value, at, startsAt });
      }
    }
    if (byValue.size === 0) continue;
    const list = [...byValue.values()].sort((a, b) => a.startsAt - b.startsAt);
    out.push({ date: it.date, asap: it.date === wall.date && !q.hideAsap, slots: list });
  }
  return out;
}

// Instants near the zones' DST changes and ordinary days; now is one of them plus up to 4 days either way.
const ANCHORS = [
  "2026-03-08T10:00:00Z",
  "2026-11-01T09:00:00Z",
  "2027-03-14T10:00:00Z",
  "2027-11-07T09:00:00Z",
  "2026-06-15T18:00:00Z",
  "2026-11-20T19:07:00Z",
  "2026-12-31T23:00:00Z",
].map(Date.parse);

const nowArb = fc
  .tuple(fc.constantFrom(...ANCHORS), fc.integer({ min: -4 * 1440, max: 4 * 1440 }), fc.integer({ min: 0, max: 59 }))
  .map(([anchor, minutes, seconds]) => new Date(anchor + minutes * 60_000 + seconds * 1000));

const FIVE_MIN = 288; // 5-minute steps in a day
const clockArb = (index: number, withSeconds: boolean) => hm(index * 300) + (withSeconds ? ":00" : "");

/** A start and an end on the 5-minute grid; the end is after the start or midnight. */
const spanArb = fc
  .integer({ min: 0, max: FIVE_MIN - 2 })
  .chain((start) =>
    fc.tuple(fc.constant(start), fc.oneof(fc.constant(0), fc.integer({ min: start + 1, max: FIVE_MIN - 1 })), fc.boolean()),
  )
  .map(([start, end, withSeconds]) => ({ start: clockArb(start, withSeconds), end: clockArb(end, withSeconds) }));

const rangeArb = fc
  .tuple(spanArb, fc.constantFrom(5, 10, 15, 20, 30, 60, null, 0), fc.integer({ min: 0, max: 90 }))
  .map(([span, interval, quote_time]): BusinessRange => ({ ...span, interval, quote_time }));

const durationArb = fc.constantFrom(-1, 5, 10, 15, 20, 30, 45, 60);
/** A window; dateShift 0 (mostly): on its item's date, -1/+1: another date (ignored). */
const windowArb = fc
  .tuple(spanArb, durationArb, durationArb, fc.integer({ min: -1, max: 1 }))
  .map(([span, D, C, dateShift]) => ({ opening: span.start, closing: span.end, duration: { D, C }, dateShift }));

const queryArb = fc
  .record({
    now: nowArb,
    timeZone: fc.constantFrom(...ZONES),
    orderType: fc.constantFrom<OrderType>("D", "C"),
    startShift: fc.integer({ min: -3, max: 2 }),
    days: fc.array(
      fc.record({
        ranges: fc.array(rangeArb, { minLength: 0, maxLength: 3 }),
        windows: fc.array(windowArb, { minLength: 0, maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 7 },
    ),
    reversed: fc.boolean(),
    hideAsap: fc.option(fc.boolean(), { nil: undefined }),
    roomEvery: fc.option(fc.integer({ min: 2, max: 5 }), { nil: undefined }),
  })
  .map((g): SlotQuery => {
    const first = addDays(wallOf(g.now.getTime(), g.timeZone).date, g.startShift);
    const hours = g.days.map((d, i) => {
      const date = addDays(first, i);
      const windows = d.windows.map(({ dateShift, ...w }) => ({ ...w, date: addDays(date, dateShift) }));
      return item(date, d.ranges, windows, g.timeZone);
    });
    if (g.reversed) hours.reverse();
    const every = g.roomEvery;
    return {
      hours,
      now: g.now,
      timeZone: g.timeZone,
      orderType: g.orderType,
      ...(g.hideAsap === undefined ? {} : { hideAsap: g.hideAsap }),
      ...(every ? { hasRoom: (at: number) => Math.floor(at / 60_000) % every !== 0 } : {}),
    };
  });

/**
 * Runs of the properties: 100 in the everyday suite (CI on a loaded 2-core machine), SLOT_PROPERTY_RUNS in
 * `npm run test:deep` (2,000). The brute-force reference is the slow one: it gets half.
 */
const RUNS = Number(process.env.SLOT_PROPERTY_RUNS ?? 100);

describe("orderTimeSlots: properties", () => {
  it("every slot starts after now, lies inside one of its date's ranges, on the grid of the interval in force", () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        const nowMs = q.now.getTime();
        const today = wallOf(nowMs, q.timeZone).date;
        const days = orderTimeSlots(q);
        // (plain checks gathered into one assertion: an expect per slot makes the runs several times slower)
        const problems: string[] = [];
        const check = (ok: boolean, what: string) => {
          if (!ok) problems.push(what);
        };
        days.forEach((day, i) => {
          check(day.slots.length > 0, `${day.date}: empty day`);
          check(day.date >= today, `${day.date}: before today ${today}`);
          check(i === 0 || day.date > days[i - 1].date, `${day.date}: not after ${days[i - 1]?.date}`);
          check(day.asap === (day.date === today && !q.hideAsap), `${day.date}: asap ${day.asap}`);
          const it = q.hours.find((h) => h.date === day.date)!;
          day.slots.forEach((s, j) => {
            const where = `${day.date} ${s.start}-${s.end}`;
            check(s.startsAt > nowMs, `${where}: not in the future`);
            check(j === 0 || s.startsAt >= day.slots[j - 1].startsAt, `${where}: out of order`);
            check(!q.hasRoom || q.hasRoom(s.at), `${where}: no room`);
            const start = secOf(s.start);
            // the instants show the slot's wall times on its date (so no skipped wall time is offered)
            const startWall = wallOf(s.startsAt, q.timeZone);
            check(startWall.date === day.date && startWall.sec === start, `${where}: startsAt shows ${hm(startWall.sec)}`);
            const atWall = wallOf(s.at, q.timeZone);
            check(atWall.date === day.date && hm(atWall.sec) === s.end, `${where}: at shows ${hm(atWall.sec)}`);
            check(atWall.sec - start >= 60, `${where}: under a minute`);
            check(s.value === `${day.date} ${s.end}`, `${where}: value ${s.value}`);
            const home = it.info.business_date.some((r) => {
              const open = secOf(r.start);
              const close = endOf(r.end, open);
              const step = intervalInForce(it, r, q.orderType, start);
              return start >= open && start < close && atWall.sec <= close && start % step === 0 && atWall.sec - start <= step;
            });
            check(home, `${where}: in no range, or off the grid of the interval in force`);
          });
        });
        expect(problems).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it("equals a brute-force minute-by-minute reading of the rules", () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        expect(orderTimeSlots(q)).toEqual(reference(q));
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });

  it("with maxDays, offers exactly the first days of the whole answer (ASAP checks ask for one)", () => {
    fc.assert(
      fc.property(queryArb, fc.integer({ min: 1, max: 3 }), (q, maxDays) => {
        expect(orderTimeSlots({ ...q, maxDays })).toEqual(orderTimeSlots(q).slice(0, maxDays));
      }),
      { numRuns: RUNS },
    );
  });

  it("with firstSlotOnly, offers the whole answer's days (dates and ASAP) with one of each day's slots", () => {
    fc.assert(
      fc.property(queryArb, fc.integer({ min: 1, max: 3 }), (q, maxDays) => {
        const whole = orderTimeSlots({ ...q, maxDays });
        const first = orderTimeSlots({ ...q, maxDays, firstSlotOnly: true });
        expect(first.map(({ date, asap }) => ({ date, asap }))).toEqual(whole.map(({ date, asap }) => ({ date, asap })));
        first.forEach((day, i) => {
          expect(day.slots).toHaveLength(1);
          expect(whole[i]!.slots).toContainEqual(day.slots[0]);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it("offers the same slots whatever the order of the hours and of a day's ranges", () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        const shuffled = [...q.hours].reverse().map((h) => ({ ...h, info: { ...h.info, business_date: [...h.info.business_date].reverse() } }));
        const norm = (days: SlotDay[]) => days.map((d) => ({ ...d, slots: new Set(d.slots.map((s) => s.value)) }));
        // (two ranges may give one value different starts; the order only decides which one is kept)
        expect(norm(orderTimeSlots({ ...q, hours: shuffled }))).toEqual(norm(orderTimeSlots(q)));
      }),
      { numRuns: RUNS },
    );
  });
});
