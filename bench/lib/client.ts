// A keep-alive HTTP client whose runs are timed exactly (performance.now() around each request and each run, no
// whole-second sampling), for the scenarios that need every answer (card orders, place order), and the report row
// such a run makes.
import http from "node:http";
import type { CpuUse, Scenario } from "./load";
import { percentile, round } from "./report";
import { FORM, SESSION_COOKIE } from "./storefront";

// ---------------------------------------------------------------------------------------------- HTTP

export interface Reply {
  status: number;
  location: string | null;
  /** The session cookie the answer set ("__pizza=…"), if any. */
  cookie: string | null;
  body: string;
}

/** node:http over keep-alive sockets, at most `connections` of them (autocannon's connections, for this scenario). */
export class Client {
  readonly #agent: http.Agent;
  readonly #url: URL;

  constructor(base: string, connections: number) {
    this.#url = new URL(base);
    this.#agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  }

  send(method: "GET" | "POST", path: string, options: { cookie: string; body?: string }): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { cookie: options.cookie };
      if (options.body !== undefined) {
        headers["content-type"] = FORM;
        headers["content-length"] = String(Buffer.byteLength(options.body));
      }
      const req = http.request(
        { host: this.#url.hostname, port: this.#url.port, method, path, headers, agent: this.#agent, timeout: 30_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", reject);
          res.on("end", () => {
            const set = (res.headers["set-cookie"] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
            resolve({
              status: res.statusCode ?? 0,
              location: res.headers.location ?? null,
              cookie: set ? set.split(";")[0]! : null,
              body: Buffer.concat(chunks).toString("utf8"),
            });
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
      req.on("error", reject);
      req.end(options.body);
    });
  }

  close(): void {
    this.#agent.destroy();
  }
}

// ---------------------------------------------------------------------------------------------- tallies

/** One kind of request of a run: its latencies (ms), answers by status, and what went wrong. */
export class Tally {
  readonly latencies: number[] = [];
  readonly statuses: Record<string, number> = {};
  unexpected = 0;
  errors = 0;
  problems: string[] = [];

  /** Times `send`; answers the reply when `ok` says it is the expected one, else null (counted). */
  async time(what: string, send: () => Promise<Reply>, ok: (reply: Reply) => boolean): Promise<Reply | null> {
    const t0 = performance.now();
    let reply: Reply;
    try {
      reply = await send();
    } catch (error) {
      this.errors += 1;
      this.note(`${what}: ${(error as Error).message}`);
      return null;
    }
    this.latencies.push(performance.now() - t0);
    this.statuses[reply.status] = (this.statuses[reply.status] ?? 0) + 1;
    if (ok(reply)) return reply;
    this.unexpected += 1;
    this.note(`${what}: HTTP ${reply.status} ${reply.location ?? reply.body.slice(0, 200)}`);
    return null;
  }

  note(problem: string): void {
    if (this.problems.length < 5) this.problems.push(problem);
  }

  merge(...others: Tally[]): Tally {
    for (const other of others) {
      this.latencies.push(...other.latencies);
      for (const [code, n] of Object.entries(other.statuses)) this.statuses[code] = (this.statuses[code] ?? 0) + n;
      this.unexpected += other.unexpected;
      this.errors += other.errors;
      for (const p of other.problems) this.note(p);
    }
    return this;
  }
}

export interface Latency {
  p50: number;
  p90: number;
  p99: number;
  average: number;
  max: number;
}

export function latencyOf(samples: number[]): Latency {
  if (samples.length === 0) return { p50: 0, p90: 0, p99: 0, average: 0, max: 0 };
  const sorted = Float64Array.from(samples).sort();
  return {
    p50: round(percentile(sorted, 50), 1),
    p90: round(percentile(sorted, 90), 1),
    p99: round(percentile(sorted, 99), 1),
    average: round(sorted.reduce((a, b) => a + b, 0) / sorted.length, 1),
    max: round(sorted[sorted.length - 1]!, 1),
  };
}

/** A row of the report's main table (requests/s over the run's exact wall time). */
export function row(name: string, description: string, expected: number, tally: Tally, seconds: number, cpu: CpuUse | null): Scenario {
  const total = tally.latencies.length;
  const non2xx3xx = Object.entries(tally.statuses).reduce((n, [code, count]) => (Number(code) >= 400 || Number(code) < 200 ? n + count : n), 0);
  return {
    scenario: name,
    description,
    requestsPerSecond: round(total / seconds, 1),
    latencyMs: latencyOf(tally.latencies),
    totalRequests: total,
    durationSeconds: round(seconds, 3),
    throughputBytesPerSecond: 0,
    statusCodes: { ...tally.statuses },
    expectedStatus: expected,
    non2xx3xx,
    unexpectedStatus: tally.unexpected,
    errors: tally.errors,
    timeouts: 0,
    resets: 0,
    cpu,
  };
}
