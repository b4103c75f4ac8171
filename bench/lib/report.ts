// What every benchmark shares: settings from the environment, statistics of samples, the tables it prints, the
// machine it ran on and the JSON file it writes to bench/results/.
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The repository's root (bench/lib/../..). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** A failure worth one line, without a stack trace (a missing build, a server that does not start, a bad setting). */
export class BenchError extends Error {}

/** A BenchError's message; anything else with its stack. */
export const describeError = (error: unknown) =>
  error instanceof BenchError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);

/** An integer setting: `fallback` when unset or empty, else at least `min`. */
export function intEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new BenchError(`${name} must be an integer ≥ ${min} (got "${raw}")`);
  return value;
}

/** This module is the script node was started with (`tsx bench/slots.ts`), not an import of the orchestrator. */
export const isMain = (moduleUrl: string) => process.argv[1] !== undefined && pathToFileURL(path.resolve(process.argv[1])).href === moduleUrl;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The median of some figures (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The nearest-rank percentile of sorted samples. */
export const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface SampleStats {
  mean: number;
  p50: number;
  p99: number;
  max: number;
}

/** Mean, p50, p99 and max of samples (sorted in place). */
export function sampleStats(samples: Float64Array): SampleStats {
  samples.sort();
  return {
    mean: samples.reduce((a, b) => a + b, 0) / samples.length,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    max: samples[samples.length - 1]!,
  };
}

/** Times `work` `count` times, one sample in microseconds each, after `warmup` untimed calls. */
export function timeSamples(work: () => unknown, count: number, warmup: number): Float64Array {
  for (let i = 0; i < warmup; i++) work();
  const samples = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const t0 = process.hrtime.bigint();
    work();
    samples[i] = Number(process.hrtime.bigint() - t0) / 1000;
  }
  return samples;
}

/** Thousands separated, for counts and bytes: 12,345. */
export const grouped = (n: number) => Math.round(n).toLocaleString("en-US");

/** A Markdown table (the form docs/performance.md keeps): the first `left` columns left-aligned, the others right-aligned. */
export function table(head: string[], rows: string[][], left = 1): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => "| " + cells.map((c, i) => (i < left ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ") + " |";
  const rule = "|" + widths.map((w, i) => (i < left ? "-".repeat(w + 2) : "-".repeat(w + 1) + ":")).join("|") + "|";
  return [line(head), rule, ...rows.map(line)].join("\n");
}

export interface Machine {
  cores: number;
  cpu: string;
  memoryGiB: number;
  platform: string;
  node: string;
  loadAverage: number[];
}

export function machine(): Machine {
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model?.trim() ?? "unknown",
    memoryGiB: round(os.totalmem() / 2 ** 30, 1),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
    loadAverage: os.loadavg().map((n) => round(n, 2)),
  };
}

/** Writes bench/results/<name> (pretty JSON) and answers its path from the repository's root. */
export async function writeResults(name: string, data: unknown): Promise<string> {
  const out = path.join(root, "bench", "results");
  await mkdir(out, { recursive: true });
  await writeFile(path.join(out, name), JSON.stringify(data, null, 2) + "\n");
  return path.relative(root, path.join(out, name));
}
