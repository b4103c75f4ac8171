// Benchmark of the order-time slot function, without HTTP: `npx tsx bench/slots.ts` (also run by `npm run bench`).
//
// Computes one outlet's week of slots (7 dates, 11:00-23:00 every 15 minutes, quote 30, an advance-duration window
// on the third day, now at 13:07 local on the first day) many times after a warm-up, and prints the mean, p50 and
// p99 microseconds per week and the weeks per second, next to the 1 ms target. Three outlets: Mexico City, Tijuana
// on an ordinary week, and Tijuana on the week of its 2026-11-01 change (that day takes the slow, per-time path).
// The reference, measured in the same run the same way: reading the wall clock once per slot of the week (321
// calls of server/clock.ts's wallClock, one Intl formatToParts each: the primitive the slot function avoids repeating),
// so a slow or busy machine shows in both.
// Figures are printed and written to bench/results/slots.json; nothing is asserted about speed.
//
// Environment: BENCH_SLOT_ITERATIONS (timed weeks per outlet, 20000), BENCH_SLOT_WARMUP (weeks, 2000).

import { addDays, instantAt, wallClock } from "../server/clock";
import { orderTimeSlots, type OpeningHoursItem, type SlotQuery } from "../server/outlets/slots";
import { intEnv, isMain, machine, round, sampleStats, table, timeSamples, writeResults } from "./lib/report";

const TARGET_US = 1000;

/** One outlet's week from `firstDate`, now at 13:07 local on that day. */
function week(name: string, timeZone: string, firstDate: string): { name: string; query: SlotQuery } {
  const hours: OpeningHoursItem[] = Array.from({ length: 7 }, (_, i) => {
    const date = addDays(firstDate, i);
    return {
      date,
      info: {
        timezone: timeZone,
        business_date: [{ start: "11:00", end: "23:00", interval: 15, quote_time: 30 }],
        advance_duration: i === 2 ? [{ date, opening: "18:00", closing: "20:00", duration: { D: 30, C: -1 } }] : [],
      },
    };
  });
  return { name, query: { hours, orderType: "D", now: instantAt(firstDate, "13:07:00", timeZone), timeZone } };
}

const cases = [
  week("Mexico City, week of 2026-11-20", "America/Mexico_City", "2026-11-20"),
  week("Tijuana, week of 2026-11-20", "America/Tijuana", "2026-11-20"),
  week("Tijuana, week of 2026-10-29 (DST ends 11-01)", "America/Tijuana", "2026-10-29"),
];

/** The reference's work: one wall-clock read (server/clock.ts's wallClock, one formatToParts) per slot of the week. */
function wallClockReads(query: SlotQuery): () => number {
  const count = orderTimeSlots(query).reduce((n, day) => n + day.slots.length, 0);
  const instants = Array.from({ length: count }, (_, i) => new Date(query.now.getTime() + i * 15 * 60_000));
  return () => {
    let minutes = 0;
    for (const instant of instants) minutes += wallClock(instant, query.timeZone).minutesOfDay;
    return minutes;
  };
}

export interface SlotResult {
  outlet: string;
  days: number;
  slotsPerWeek: number;
  meanUs: number;
  p50Us: number;
  p99Us: number;
  maxUs: number;
  opsPerSecond: number;
  p50UnderTarget: boolean;
  p99UnderTarget: boolean;
}

function measure(outlet: string, work: () => unknown, iterations: number, warmup: number, days: number, slots: number): SlotResult {
  const stats = sampleStats(timeSamples(work, iterations, warmup));
  return {
    outlet,
    days,
    slotsPerWeek: slots,
    meanUs: round(stats.mean, 1),
    p50Us: round(stats.p50, 1),
    p99Us: round(stats.p99, 1),
    maxUs: round(stats.max, 1),
    opsPerSecond: Math.round(1e6 / stats.mean),
    p50UnderTarget: stats.p50 < TARGET_US,
    p99UnderTarget: stats.p99 < TARGET_US,
  };
}

/** Measures the three weeks and the reference, prints the table and writes bench/results/slots.json. */
export async function runSlots(): Promise<{ results: SlotResult[]; reference: SlotResult }> {
  const iterations = intEnv("BENCH_SLOT_ITERATIONS", 20_000, 1);
  const warmup = intEnv("BENCH_SLOT_WARMUP", 2_000, 1);
  const results = cases.map(({ name, query }) => {
    const week = orderTimeSlots(query);
    const slots = week.reduce((n, d) => n + d.slots.length, 0);
    return measure(name, () => orderTimeSlots(query), iterations, warmup, week.length, slots);
  });
  const first = cases[0]!.query;
  const slots = results[0]!.slotsPerWeek;
  const reference = measure(`reference: ${slots} wall-clock reads (wallClock), Mexico City`, wallClockReads(first), iterations, warmup, 0, slots);

  const head = ["outlet", "days", "slots", "mean µs", "p50 µs", "p99 µs", "max µs", "weeks/s", "× reference", `< ${TARGET_US} µs? p50/p99`];
  const row = (r: SlotResult, target: boolean) => [
    r.outlet,
    r.days ? String(r.days) : "",
    String(r.slotsPerWeek),
    r.meanUs.toFixed(1),
    r.p50Us.toFixed(1),
    r.p99Us.toFixed(1),
    r.maxUs.toFixed(1),
    String(r.opsPerSecond),
    (r.p50Us / reference.p50Us).toFixed(2),
    target ? `${r.p50UnderTarget ? "met" : "MISSED"}/${r.p99UnderTarget ? "met" : "MISSED"}` : "",
  ];
  console.log();
  console.log("slots: one outlet's week (7 dates, 11:00-23:00 every 15 min, a window on day 3, now 13:07 local on day 1)");
  console.log(`slots: ${warmup} weeks of warm-up, then ${iterations} timed weeks per outlet; Node ${process.version}, ${machine().cpu}`);
  console.log();
  console.log(table(head, [...results.map((r) => row(r, true)), row(reference, false)]));
  console.log(`slots: target: a week under ${TARGET_US} µs (1 ms). The p99 and max include the machine's noise (GC, other processes).`);
  console.log("slots: the reference reads the wall clock once per slot of the first week; × reference is a week's p50 over its p50.");
  console.log();
  const file = await writeResults("slots.json", {
    date: new Date().toISOString(),
    machine: machine(),
    settings: { warmupWeeks: warmup, timedWeeks: iterations, targetUs: TARGET_US },
    results,
    reference,
  });
  console.log(`slots: figures written to ${file}`);
  return { results, reference };
}

if (isMain(import.meta.url)) await runSlots();
