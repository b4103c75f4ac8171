import { instantAt, now, wallClock } from "./clock";

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
