import { addDays, instantAt, now, wallClock, weekdayOf, zonedDay } from "./clock";

describe("now", () => {
  const saved = process.env.STORE_NOW;
  afterEach(() => {
    if (saved === undefined) delete process.env.STORE_NOW;
    else process.env.STORE_NOW = saved;
  });

  it("honours STORE_NOW (an ISO instant)", () => {
    process.env.STORE_NOW = "2026-11-20T19:00:00Z";
    expect(now().toISOString()).toBe("2026-11-20T19:00:00.000Z");
    process.env.STORE_NOW = "2026-11-21T13:30:00-06:00";
    expect(now().toISOString()).toBe("2026-11-21T19:30:00.000Z");
  });

  it("reads STORE_NOW on every call (a test may move the clock)", () => {
    process.env.STORE_NOW = "2026-01-01T00:00:00Z";
    const first = now();
    process.env.STORE_NOW = "2026-06-01T00:00:00Z";
    expect(now().getTime()).toBeGreaterThan(first.getTime());
    process.env.STORE_NOW = "2026-01-01T00:00:00Z";
    expect(now()).toEqual(first);
  });

  it("answers a Date of its own on each call: a caller that moves it moves nobody else's", () => {
    process.env.STORE_NOW = "2026-11-20T19:00:00Z";
    now().setUTCHours(0);
    expect(now().toISOString()).toBe("2026-11-20T19:00:00.000Z");
  });

  it("falls back to the real time when STORE_NOW is unset", () => {
    delete process.env.STORE_NOW;
    const before = Date.now();
    const at = now().getTime();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });

  it.each(["", "not a date", "2026-13-45T99:00:00Z"])("falls back to the real time when STORE_NOW is %j", (value) => {
    process.env.STORE_NOW = value;
    const before = Date.now();
    const at = now();
    expect(Number.isNaN(at.getTime())).toBe(false);
    expect(at.getTime()).toBeGreaterThanOrEqual(before);
    expect(at.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe("wallClock", () => {
  it("Mexico City is UTC-6 without daylight saving: 2026-11-20T19:00Z is Friday 13:00", () => {
    expect(wallClock(new Date("2026-11-20T19:00:00Z"), "America/Mexico_City")).toEqual({
      date: "2026-11-20",
      time: "13:00:00",
      weekday: 5,
      minutesOfDay: 13 * 60,
    });
  });

  it("Mexico City keeps UTC-6 in summer (no DST since 2022)", () => {
    expect(wallClock(new Date("2026-07-01T18:00:00Z"), "America/Mexico_City")).toMatchObject({
      date: "2026-07-01",
      time: "12:00:00",
      weekday: 3,
    });
  });

  it("the date and weekday follow the zone across midnight", () => {
    // 05:30 UTC on Saturday is still Friday 23:30 in Mexico City.
    expect(wallClock(new Date("2026-11-21T05:30:00Z"), "America/Mexico_City")).toEqual({
      date: "2026-11-20",
      time: "23:30:00",
      weekday: 5,
      minutesOfDay: 23 * 60 + 30,
    });
    expect(wallClock(new Date("2026-11-21T06:00:00Z"), "America/Mexico_City")).toMatchObject({
      date: "2026-11-21",
      time: "00:00:00",
      weekday: 6,
      minutesOfDay: 0,
    });
  });

  it("Tijuana springs forward on Sunday 2026-03-08 (02:00 PST -> 03:00 PDT)", () => {
    expect(wallClock(new Date("2026-03-08T09:59:00Z"), "America/Tijuana")).toMatchObject({
      date: "2026-03-08",
      time: "01:59:00",
      weekday: 0,
    });
    expect(wallClock(new Date("2026-03-08T10:00:00Z"), "America/Tijuana")).toMatchObject({
      date: "2026-03-08",
      time: "03:00:00",
      weekday: 0,
      minutesOfDay: 180,
    });
    // Noon is 20:00 UTC the day before (UTC-8) and 19:00 UTC the day after (UTC-7).
    expect(wallClock(new Date("2026-03-07T20:00:00Z"), "America/Tijuana").time).toBe("12:00:00");
    expect(wallClock(new Date("2026-03-09T19:00:00Z"), "America/Tijuana").time).toBe("12:00:00");
  });

  it("Tijuana falls back on Sunday 2026-11-01 (01:30 happens twice)", () => {
    expect(wallClock(new Date("2026-11-01T08:30:00Z"), "America/Tijuana")).toMatchObject({
      date: "2026-11-01",
      time: "01:30:00",
      weekday: 0,
    });
    expect(wallClock(new Date("2026-11-01T09:30:00Z"), "America/Tijuana")).toMatchObject({
      date: "2026-11-01",
      time: "01:30:00",
      weekday: 0,
    });
    expect(wallClock(new Date("2026-10-31T19:00:00Z"), "America/Tijuana").time).toBe("12:00:00");
    expect(wallClock(new Date("2026-11-02T20:00:00Z"), "America/Tijuana").time).toBe("12:00:00");
  });

  it("gives the same instant different wall clocks in the two zones", () => {
    const at = new Date("2026-07-01T19:00:00Z");
    expect(wallClock(at, "America/Mexico_City").time).toBe("13:00:00");
    expect(wallClock(at, "America/Tijuana").time).toBe("12:00:00");
  });
});

describe("instantAt", () => {
  it("is the instant of a wall-clock time in a zone", () => {
    expect(instantAt("2026-11-21", "13:30:00", "America/Mexico_City").toISOString()).toBe("2026-11-21T19:30:00.000Z");
    expect(instantAt("2026-07-01", "12:00:00", "America/Tijuana").toISOString()).toBe("2026-07-01T19:00:00.000Z");
    expect(instantAt("2026-12-01", "12:00:00", "America/Tijuana").toISOString()).toBe("2026-12-01T20:00:00.000Z");
  });

  it.each([
    ["2026-11-20", "13:00:00", "America/Mexico_City"],
    ["2026-11-21", "00:00:00", "America/Mexico_City"],
    ["2026-01-01", "23:45:00", "America/Mexico_City"],
    ["2026-03-07", "22:15:00", "America/Tijuana"],
    ["2026-03-08", "11:00:00", "America/Tijuana"],
    ["2026-11-01", "12:00:00", "America/Tijuana"],
    ["2026-11-02", "00:15:00", "America/Tijuana"],
  ])("round-trips %s %s in %s through wallClock", (date, time, zone) => {
    const wall = wallClock(instantAt(date, time, zone), zone);
    expect(wall.date).toBe(date);
    expect(wall.time).toBe(time);
  });
});

describe("wallClock around the Tijuana changes", () => {
  it.each([
    // spring forward 2026-03-08 at 10:00Z: 01:59:59 PST is followed by 03:00:00 PDT
    ["2026-03-08T07:59:59Z", "2026-03-07", "23:59:59", 6, 23 * 60 + 59],
    ["2026-03-08T08:00:00Z", "2026-03-08", "00:00:00", 0, 0],
    ["2026-03-08T09:59:59Z", "2026-03-08", "01:59:59", 0, 119],
    ["2026-03-08T10:00:00Z", "2026-03-08", "03:00:00", 0, 180],
    ["2026-03-09T06:59:59Z", "2026-03-08", "23:59:59", 0, 23 * 60 + 59],
    ["2026-03-09T07:00:00Z", "2026-03-09", "00:00:00", 1, 0],
    // fall back 2026-11-01 at 09:00Z: 01:59:59 PDT is followed by 01:00:00 PST
    ["2026-11-01T06:59:59Z", "2026-10-31", "23:59:59", 6, 23 * 60 + 59],
    ["2026-11-01T07:00:00Z", "2026-11-01", "00:00:00", 0, 0],
    ["2026-11-01T08:59:59Z", "2026-11-01", "01:59:59", 0, 119],
    ["2026-11-01T09:00:00Z", "2026-11-01", "01:00:00", 0, 60],
    ["2026-11-01T10:00:00Z", "2026-11-01", "02:00:00", 0, 120],
    ["2026-11-02T07:59:59Z", "2026-11-01", "23:59:59", 0, 23 * 60 + 59],
    ["2026-11-02T08:00:00Z", "2026-11-02", "00:00:00", 1, 0],
  ])("%s is %s %s in Tijuana", (at, date, time, weekday, minutesOfDay) => {
    expect(wallClock(new Date(at), "America/Tijuana")).toEqual({ date, time, weekday, minutesOfDay });
  });

  it("ignores milliseconds (the wall clock shows whole seconds)", () => {
    expect(wallClock(new Date("2026-11-01T08:59:59.999Z"), "America/Tijuana").time).toBe("01:59:59");
  });

  it("formats a zone's second once however often it is asked, and each zone and second for itself", () => {
    const formatted = vi.spyOn(Intl.DateTimeFormat.prototype, "formatToParts");
    try {
      const first = wallClock(new Date("2026-11-20T19:00:00.100Z"), "America/Mexico_City");
      expect(wallClock(new Date("2026-11-20T19:00:00.900Z"), "America/Mexico_City")).toEqual(first);
      expect(formatted).toHaveBeenCalledTimes(1);
      // Another zone in between, then the first zone's next second: each is its own.
      expect(wallClock(new Date("2026-11-20T19:00:00.500Z"), "America/Tijuana").time).toBe("11:00:00");
      expect(wallClock(new Date("2026-11-20T19:00:00.999Z"), "America/Mexico_City").time).toBe("13:00:00");
      expect(wallClock(new Date("2026-11-20T19:00:01.000Z"), "America/Mexico_City").time).toBe("13:00:01");
      expect(formatted).toHaveBeenCalledTimes(3);
    } finally {
      formatted.mockRestore();
    }
  });
});

describe("addDays", () => {
  it.each([
    ["2026-11-20", 0, "2026-11-20"],
    ["2026-11-20", 1, "2026-11-21"],
    ["2026-11-20", 6, "2026-11-26"],
    ["2026-01-31", 1, "2026-02-01"],
    ["2026-02-28", 1, "2026-03-01"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2028-02-29", 1, "2028-03-01"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2027-01-01", -1, "2026-12-31"],
    ["2026-11-20", -365, "2025-11-20"],
    ["2028-01-01", 366, "2029-01-01"],
    // the DST change days are ordinary calendar days (no zone involved)
    ["2026-03-07", 2, "2026-03-09"],
    ["2026-10-31", 2, "2026-11-02"],
  ])("%s plus %i days is %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it("is undone by the opposite count", () => {
    for (let i = -400; i <= 400; i += 37) expect(addDays(addDays("2026-11-20", i), -i)).toBe("2026-11-20");
  });
});

describe("weekdayOf", () => {
  it.each([
    ["2026-11-20", 5],
    ["2026-11-21", 6],
    ["2026-11-22", 0],
    ["2026-11-23", 1],
    ["2026-03-08", 0],
    ["2026-11-01", 0],
    ["2028-02-29", 2],
    ["2000-01-01", 6],
  ])("%s is weekday %i (0 = Sunday)", (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });

  it("agrees with wallClock's weekday at local noon", () => {
    for (let i = 0; i < 14; i++) {
      const date = addDays("2026-10-28", i);
      const noon = instantAt(date, "12:00:00", "America/Tijuana");
      expect(wallClock(noon, "America/Tijuana").weekday).toBe(weekdayOf(date));
    }
  });
});

describe("zonedDay", () => {
  const H = 3600;
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

  it("Mexico City, an ordinary day (UTC-6)", () => {
    const at = zonedDay("2026-11-20", "America/Mexico_City");
    expect(iso(at(0))).toBe("2026-11-20T06:00:00.000Z");
    expect(iso(at(13 * H))).toBe("2026-11-20T19:00:00.000Z");
    expect(iso(at(13 * H + 45 * 60))).toBe("2026-11-20T19:45:00.000Z");
    expect(iso(at(23 * H + 55 * 60 + 59))).toBe("2026-11-21T05:55:59.000Z");
  });

  it("keeps one converter per zone and date, answering the same", () => {
    const first = zonedDay("2026-11-21", "America/Mexico_City");
    expect(zonedDay("2026-11-21", "America/Mexico_City")).toBe(first);
    expect(zonedDay("2026-11-22", "America/Mexico_City")).not.toBe(first);
    expect(zonedDay("2026-11-21", "America/Tijuana")).not.toBe(first);
    expect(iso(zonedDay("2026-11-21", "America/Tijuana")(12 * H))).toBe("2026-11-21T20:00:00.000Z");
    expect(iso(first(12 * H))).toBe("2026-11-21T18:00:00.000Z");
  });

  it("Mexico City follows the zone data: UTC-5 in the summer of 2022 (its last DST)", () => {
    expect(iso(zonedDay("2022-07-01", "America/Mexico_City")(12 * H))).toBe("2022-07-01T17:00:00.000Z");
    expect(iso(zonedDay("2026-07-01", "America/Mexico_City")(12 * H))).toBe("2026-07-01T18:00:00.000Z");
  });

  it("Tijuana 2026-03-08: the skipped hour (02:00-02:59:59) is null, the rest exact", () => {
    const at = zonedDay("2026-03-08", "America/Tijuana");
    expect(iso(at(0))).toBe("2026-03-08T08:00:00.000Z");
    expect(iso(at(1 * H + 30 * 60))).toBe("2026-03-08T09:30:00.000Z");
    expect(iso(at(2 * H - 1))).toBe("2026-03-08T09:59:59.000Z");
    expect(at(2 * H)).toBeNull();
    expect(at(2 * H + 30 * 60)).toBeNull();
    expect(at(3 * H - 1)).toBeNull();
    expect(iso(at(3 * H))).toBe("2026-03-08T10:00:00.000Z");
    expect(iso(at(12 * H))).toBe("2026-03-08T19:00:00.000Z");
    expect(iso(at(23 * H + 55 * 60 + 59))).toBe("2026-03-09T06:55:59.000Z");
  });

  it("Tijuana 2026-11-01: the repeated hour gives its first (PDT) instant, 02:00 is PST", () => {
    const at = zonedDay("2026-11-01", "America/Tijuana");
    expect(iso(at(0))).toBe("2026-11-01T07:00:00.000Z");
    expect(iso(at(1 * H))).toBe("2026-11-01T08:00:00.000Z");
    expect(iso(at(1 * H + 30 * 60))).toBe("2026-11-01T08:30:00.000Z");
    expect(iso(at(2 * H - 1))).toBe("2026-11-01T08:59:59.000Z");
    expect(iso(at(2 * H))).toBe("2026-11-01T10:00:00.000Z");
    expect(iso(at(13 * H))).toBe("2026-11-01T21:00:00.000Z");
    expect(iso(at(23 * H + 55 * 60 + 59))).toBe("2026-11-02T07:55:59.000Z");
  });

  it("Tijuana, the days either side of the changes use their own offset", () => {
    expect(iso(zonedDay("2026-03-07", "America/Tijuana")(23 * H + 55 * 60 + 59))).toBe("2026-03-08T07:55:59.000Z");
    expect(iso(zonedDay("2026-03-09", "America/Tijuana")(0))).toBe("2026-03-09T07:00:00.000Z");
    expect(iso(zonedDay("2026-10-31", "America/Tijuana")(23 * H))).toBe("2026-11-01T06:00:00.000Z");
    expect(iso(zonedDay("2026-11-02", "America/Tijuana")(0))).toBe("2026-11-02T08:00:00.000Z");
  });

  it.each([
    ["2026-03-08", "America/Tijuana"],
    ["2026-11-01", "America/Tijuana"],
    ["2026-07-01", "America/Tijuana"],
    ["2026-11-20", "America/Mexico_City"],
    ["2026-11-20", "America/Cancun"],
  ])("on %s in %s, every 5 minutes round-trips through wallClock (null only in a skipped hour)", (date, zone) => {
    const at = zonedDay(date, zone);
    let nulls = 0;
    for (let sec = 0; sec < 24 * H; sec += 300) {
      const ms = at(sec);
      if (ms === null) {
        nulls++;
        continue;
      }
      const wall = wallClock(new Date(ms), zone);
      expect(wall.date).toBe(date);
      expect(wall.minutesOfDay * 60).toBe(sec);
    }
    expect(nulls).toBe(date === "2026-03-08" ? 12 : 0);
  });
});
