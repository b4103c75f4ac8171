// Benchmark of the order-time slot function, without HTTP: `npx tsx bench/slots.ts` (also run by `npm run bench`).
//
// Computes one outlet's week of slots (7 dates, 11:00-23:00 every 15 minutes, quote 30, an advance-duration window
// on the third day, now at 13:07 local on the first day) many times after a warm-up, and prints the mean, p50 and
// p99 microseconds per week and the weeks per second, next to the 1 ms target. Three outlets: Mexico City, Tijuana
// on an ordinary week, and Tijuana on the week of its 2026-11-01 change (that day takes the slow, per-time path).
// Figures are printed and written to bench/results/slots.json; nothing is asserted about speed.
//
// Environment: BENCH_SLOT_ITERATIONS (timed weeks per outlet, 20000), BENCH_SLOT_WARMUP (weeks, 2000).

import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { addDays, instantAt } from "../server/clock";
import { orderTimeSlots, type OpeningHoursItem, type SlotQuery } from "../server/outlets/slots";

const TARGET_US = 1000;

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer (got "${raw}")`);
  return value;
}

const iterations = intEnv("BENCH_SLOT_ITERATIONS", 20_000);
const warmup = intEnv("BENCH_SLOT_WARMUP", 2_000);

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

const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

function measure(query: SlotQuery) {
  let sink = 0; // keeps the results alive
  for (let i = 0; i < warmup; i++) sink += orderTimeSlots(query).length;
  const samples = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const t0 = process.hrtime.bigint();
    const days = orderTimeSlots(query);
    samples[i] = Number(process.hrtime.bigint() - t0) / 1000;
    sink += days.length;
  }
  samples.sort();
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  const result = orderTimeSlots(query);
  return {
    slotsPerWeek: result.reduce((n, d) => n + d.slots.length, 0),
    days: result.length,
    meanUs: round(mean, 1),
    p50Us: round(percentile(samples, 50), 1),
    p99Us: round(percentile(samples, 99), 1),
    maxUs: round(samples[samples.length - 1], 1),
    opsPerSecond: Math.round(1e6 / mean),
    p50UnderTarget: percentile(samples, 50) < TARGET_US,
    p99UnderTarget: percentile(samples, 99) < TARGET_US,
    sink,
  };
}

const results = cases.map(({ name, query }) => {
  const { sink: _sink, ...figures } = measure(query);
  return { outlet: name, ...figures };
});

const head = ["outlet", "days", "slots", "mean µs", "p50 µs", "p99 µs", "max µs", "weeks/s", `< ${TARGET_US} µs? p50/p99`];
const rows = results.map((r) => [
  r.outlet,
  String(r.days),
  String(r.slotsPerWeek),
  r.meanUs.toFixed(1),
  r.p50Us.toFixed(1),
  r.p99Us.toFixed(1),
  r.maxUs.toFixed(1),
  String(r.opsPerSecond),
  `${r.p50UnderTarget ? "met" : "MISSED"}/${r.p99UnderTarget ? "met" : "MISSED"}`,
]);
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells: string[]) => "| " + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ") + " |";

console.log();
console.log(`slots: one outlet's week (7 dates, 11:00-23:00 every 15 min, a window on day 3, now 13:07 local on day 1)`);
console.log(`slots: ${warmup} weeks of warm-up, then ${iterations} timed weeks per outlet; Node ${process.version}, ${os.cpus()[0]?.model?.trim() ?? "unknown CPU"}`);
console.log();
console.log(line(head));
console.log("|" + widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : "-".repeat(w + 1) + ":")).join("|") + "|");
for (const r of rows) console.log(line(r));
console.log(`slots: target: a week under ${TARGET_US} µs (1 ms). The p99 and max include the machine's noise (GC, other processes).`);
console.log();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "bench", "results");
await mkdir(out, { recursive: true });
await writeFile(
  path.join(out, "slots.json"),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model?.trim() ?? "unknown", node: process.version, loadAverage: os.loadavg() },
      settings: { warmupWeeks: warmup, timedWeeks: iterations, targetUs: TARGET_US },
      results,
    },
    null,
    2,
  ) + "\n",
);
console.log(`slots: figures written to ${path.relative(root, path.join(out, "slots.json"))}`);
