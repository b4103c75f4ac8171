// The part of autocannon 8 that the benchmark uses (the package ships no types; @types/autocannon describes 7).
// Read from node_modules/autocannon/lib: run.js (options, the tracker), aggregateResult.js (the result),
// requestIterator.js (setupRequest, onResponse).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  export interface RequestStep {
    /** Called before each request of this step; answers the request to send. */
    setupRequest?(request: Request, context: Record<string, unknown>): Request;
    onResponse?(status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>): void;
  }

  export interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    /** Seconds (ignored when `amount` is given). */
    duration?: number;
    /** Requests in all, then stop. */
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    title?: string;
    requests?: RequestStep[];
  }

  /** A histogram's summary: mean, percentiles (p50, p90, p99, …), min and max. */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    [percentile: `p${string}`]: number;
  }

  export interface Result {
    title?: string;
    url: string;
    connections: number;
    pipelining: number;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
    statusCodeStats: Record<string, { count: number }>;
    /** Milliseconds. */
    latency: Histogram;
    /** Requests per second, sampled each second. */
    requests: Histogram & { sent: number };
    /** Bytes per second, sampled each second. */
    throughput: Histogram;
  }

  /** A run: a promise of its result that can be stopped early. */
  export interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
  }

  export default function autocannon(options: Options): Instance;
}
