// Pure calendar arithmetic on "YYYY-MM-DD" dates: no imports, no time zone, no clock, so browser code may use it
// (the order-time dialog labels "Hoy" and "Mañana"). server/clock.ts re-exports it for the server.

export const DAY_MS = 86_400_000;

/** A calendar date ("YYYY-MM-DD") plus whole days; "" for anything that is not such a date. */
export function addDays(date: string, days: number): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return "";
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The weekday of a calendar date, 0 = Sunday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay();
}
