// Pure calendar arithmetic on "YYYY-MM-DD" dates: no imports, no time zone, no clock, so browser code may use it
// (the order-time dialog labels "Hoy" and "Mañana"). server/clock.ts re-exports it for the server.

export const DAY_MS = 86_400_000;

/** A calendar date ("YYYY-MM-DD") plus whole days; "" for anything that is not such a date. */
export function addDays(date: string, days: number): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return "";
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether "YYYY-MM-DD" is a date of the calendar (2026-02-30 and 2026-13-01 are not). */
export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const [y, m, d] = date.split("-").map(Number);
  const day = new Date(Date.UTC(y!, m! - 1, d!));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m! - 1 && day.getUTCDate() === d;
}

/** Whether "YYYY-MM-DD HH:MM" is a real day and a wall-clock time (00:00 to 23:59). */
export function isCalendarDateTime(value: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d$/.exec(value);
  return match !== null && isCalendarDate(match[1]!);
}

/** The weekday of a calendar date, 0 = Sunday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay();
}
