/**
 * The schedule of a banner or a campaign, pure: it shows from `startsAt` (inclusive) until `endsAt` (exclusive);
 * a missing bound does not limit. Instants, compared with the clock's now (server/clock.ts): the managers type
 * them as local date-times in the chain's time zone, which the form turns into instants.
 */
export interface Schedule {
  startsAt: Date | null;
  endsAt: Date | null;
}

export function isShowing(row: { starts_at: Date | null; ends_at: Date | null } | Schedule, at: Date): boolean {
  const [from, until] = "starts_at" in row ? [row.starts_at, row.ends_at] : [row.startsAt, row.endsAt];
  const t = at.getTime();
  return (from === null || new Date(from).getTime() <= t) && (until === null || t < new Date(until).getTime());
}

/** Where a schedule stands at `at`: before its start, showing, or after its end. */
export function scheduleState(schedule: Schedule, at: Date): "scheduled" | "showing" | "ended" {
  if (schedule.endsAt && at.getTime() >= schedule.endsAt.getTime()) return "ended";
  if (schedule.startsAt && at.getTime() < schedule.startsAt.getTime()) return "scheduled";
  return "showing";
}
