import { formatInTimeZone, fromZonedTime, toZonedTime } from "date-fns-tz";

/**
 * The only reader of the current time in the whole project.
 * `STORE_NOW` (an ISO instant) pins the clock for demos and end-to-end tests.
 */
export function now(): Date {
  const pinned = process.env.STORE_NOW;
  if (pinned) {
    const at = new Date(pinned);
    if (!Number.isNaN(at.getTime())) return at;
  }
  return new Date();
}

/** Wall-clock parts of an instant in a time zone. weekday: 0 = Sunday. */
export function wallClock(at: Date, timeZone: string) {
  const zoned = toZonedTime(at, timeZone);
  return {
    date: formatInTimeZone(at, timeZone, "yyyy-MM-dd"),
    time: formatInTimeZone(at, timeZone, "HH:mm:ss"),
    weekday: zoned.getDay(),
    minutesOfDay: zoned.getHours() * 60 + zoned.getMinutes(),
  };
}

/** The instant of a wall-clock date and time ("2026-11-21", "13:30:00") in a time zone. */
export function instantAt(date: string, time: string, timeZone: string): Date {
  return fromZonedTime(`${date}T${time}`, timeZone);
}
