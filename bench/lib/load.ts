// Load with autocannon, and what each run cost: its summary row (requests/s, latency, answers) and, on Linux, the
// CPU the server, this process and everything else used meanwhile.
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import autocannon, { type Instance, type Options, type Result } from "autocannon";
import { round } from "./report";

// ---------------------------------------------------------------------------------------------- CPU accounting
// Linux only (/proc); elsewhere these figures are left out. Per run: the server's CPU time per request (less
// sensitive to a busy machine than requests/s) and the CPU that other processes took meanwhile (other test runs,
// and the Postgres server when there is one), so a busy machine shows in the report instead of hiding in it.

const clockTicks = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

export interface CpuSnapshot {
  wall: number;
  machineBusyMs: number;
  serverMs: number;
  benchMs: number;
}

export interface CpuUse {
  serverMsPerRequest: number | null;
  serverPercentOfCore: number;
  benchPercentOfCore: number;
  otherPercentOfCore: number;
}

/** A process's own CPU time (user + system) in clock ticks. */
async function ticksOf(pid: number): Promise<number> {
  const proc = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = proc.slice(proc.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/** A process's children (Linux: /proc/<pid>/task/<pid>/children); none when the kernel does not say. */
async function childrenOf(pid: number): Promise<number[]> {
  const listed = await readFile(`/proc/${pid}/task/${pid}/children`, "utf8").catch(() => "");
  return listed.split(/\s+/).filter(Boolean).map(Number);
}

/**
 * The CPU ticks of a process and its children (a cluster's primary and its workers). A worker that ended during
 * the run takes its ticks with it: the bench's workers live as long as the server.
 */
async function treeTicks(pid: number): Promise<number> {
  const children = await childrenOf(pid);
  const ticks = await Promise.all([ticksOf(pid), ...children.map((child) => ticksOf(child).catch(() => 0))]);
  return ticks.reduce((a, b) => a + b, 0);
}

/** The machine's busy time, the server's (its process and its workers) and this process's, now (null off Linux). */
export async function cpuSnapshot(serverPid: number | undefined): Promise<CpuSnapshot | null> {
  try {
    const [stat, server] = await Promise.all([readFile("/proc/stat", "utf8"), treeTicks(Number(serverPid))]);
    const [user, nice, system, _idle, _iowait, irq, softirq, steal] = stat.split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number) as number[];
    const own = process.cpuUsage();
    return {
      wall: performance.now(),
      machineBusyMs: ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / clockTicks,
      serverMs: (server * 1000) / clockTicks,
      benchMs: (own.user + own.system) / 1000,
    };
  } catch {
    return null;
  }
}

export function cpuUse(before: CpuSnapshot | null, after: CpuSnapshot | null, requests: number): CpuUse | null {
  if (!before || !after) return null;
  const wall = after.wall - before.wall;
  const server = after.serverMs - before.serverMs;
  const bench = after.benchMs - before.benchMs;
  const other = Math.max(0, after.machineBusyMs - before.machineBusyMs - server - bench);
  return {
    serverMsPerRequest: requests ? round(server / requests, 2) : null,
    serverPercentOfCore: round((100 * server) / wall, 0),
    benchPercentOfCore: round((100 * bench) / wall, 0),
    otherPercentOfCore: round((100 * other) / wall, 0),
  };
}

// ---------------------------------------------------------------------------------------------- runs

const running = new Set<Instance>();

/** Stops the autocannon runs in flight (Ctrl-C). */
export function stopRunning(): void {
  for (const run of running) run.stop();
}

/** Starts an autocannon run that stopRunning() can stop while it is in flight. */
export async function cannon(options: Options): Promise<Result> {
  const run = autocannon(options);
  running.add(run);
  try {
    return await run;
  } finally {
    running.delete(run);
  }
}

/** A run with the CPU that the process `serverPid` and the machine used during it (null off Linux). */
export async function measured(serverPid: number | undefined, options: Options): Promise<{ result: Result; cpu: CpuUse | null }> {
  const before = await cpuSnapshot(serverPid);
  const result = await cannon(options);
  const after = await cpuSnapshot(serverPid);
  return { result, cpu: cpuUse(before, after, answered(result)) };
}

/** Answers counted by status. */
export const statusCounts = (result: Result): Record<string, number> =>
  Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]));

const answered = (result: Result) => Object.values(statusCounts(result)).reduce((a, b) => a + b, 0);

/** One row of the report: a scenario's figures. */
export interface Scenario {
  scenario: string;
  description: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; average: number; max: number };
  totalRequests: number;
  durationSeconds: number;
  throughputBytesPerSecond: number;
  statusCodes: Record<string, number>;
  expectedStatus: number;
  non2xx3xx: number;
  unexpectedStatus: number;
  errors: number;
  timeouts: number;
  resets: number;
  cpu: CpuUse | null;
}

export function summarize(name: string, description: string, expected: number, run: { result: Result; cpu: CpuUse | null }): Scenario {
  const { result, cpu } = run;
  const codes = statusCounts(result);
  const total = answered(result);
  return {
    scenario: name,
    description,
    requestsPerSecond: round(result.requests.average, 1),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      average: round(result.latency.average, 2),
      max: result.latency.max,
    },
    totalRequests: total,
    durationSeconds: result.duration,
    throughputBytesPerSecond: Math.round(result.throughput.average),
    statusCodes: codes,
    expectedStatus: expected,
    non2xx3xx: result["4xx"] + result["5xx"] + result["1xx"],
    unexpectedStatus: total - (codes[expected] ?? 0),
    errors: result.errors,
    timeouts: result.timeouts,
    resets: result.resets,
    cpu,
  };
}
