import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import config from "../../playwright.config";

/** The environment of the end-to-end tests' shared server (playwright.config.ts): fresh database, pinned clock. */
export function sharedServerEnv(): Record<string, string> {
  const server = config.webServer;
  return (Array.isArray(server) ? server[0] : server)?.env ?? {};
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await new Promise<number>((resolve) => probe.listen(0, "127.0.0.1", () => resolve((probe.address() as { port: number }).port)));
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Nothing listens on this port of 127.0.0.1 (so a server may). */
export function portIsFree(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

export interface AppProcess {
  base: string;
  port: number;
  child: ChildProcess;
  /** What the server printed (its last 400 lines). */
  log: string[];
  /** The process is still running (it has not crashed). */
  alive(): boolean;
  /**
   * Resolves when /healthcheck answers with this status (200 by default), polling every 100 ms; rejects with the
   * server's log when it exits first, or when `limitMs` passes (no limit by default: the test's own timeout rules).
   */
  health(status?: number, limitMs?: number): Promise<void>;
  /** SIGTERM, and SIGKILL after `killAfterMs` when given (a server that cannot finish by itself). */
  stop(killAfterMs?: number): Promise<void>;
}

export interface StartOptions {
  /**
   * Start from the end-to-end tests' environment (sharedServerEnv: a fresh in-memory database, the pinned clock,
   * demo staff, cheap password hashing) with the request log off. `false`: only this process's environment and
   * `env`, for a server that must run as production does (the benchmark). Default true.
   */
  testEnv?: boolean;
  /** The port on 127.0.0.1; default a free one. */
  port?: number;
  /** The checkout whose scripts/serve.mjs and build/ run (another build than this one); default the working directory. */
  appDir?: string;
  /** Options for node before the script, such as --cpu-prof. */
  nodeArgs?: string[];
}

/** Starts the built server (scripts/serve.mjs) as production runs it, with the shared env plus `env`. */
export async function startApp(env: Record<string, string> = {}, options: StartOptions = {}): Promise<AppProcess> {
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const appDir = path.resolve(options.appDir ?? ".");
  const defaults = (options.testEnv ?? true) ? { ...sharedServerEnv(), LOG_REQUESTS: "false" } : {};
  // One process unless asked (scripts/serve.mjs would run one worker per core on Postgres): a test's server is one app
  // process, its pid the one that serves.
  const merged: NodeJS.ProcessEnv = { ...process.env, ...defaults, WEB_CONCURRENCY: "1", ...env, PORT: String(port), HOST: "127.0.0.1" };
  // The game's fixed draw is refused with a database that keeps its rows (server/config.ts): a server started on a
  // real Postgres or a data folder goes without it.
  if (merged.DATABASE_URL || !(merged.DATA_DIR ?? "").startsWith("memory://")) delete merged.COUPON_GAME_TEST_DRAW;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "scripts/serve.mjs", "build/index.js"], {
    cwd: appDir,
    env: merged,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    log.push(...chunk.toString().split("\n").filter(Boolean));
    if (log.length > 400) log.splice(0, log.length - 400);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    base,
    port,
    child,
    log,
    alive,
    async health(status = 200, limitMs = Number.POSITIVE_INFINITY) {
      const started = performance.now();
      let last = "no answer yet";
      for (;;) {
        if (!alive()) throw new Error(`the app exited (code ${child.exitCode}, signal ${child.signalCode}):\n${log.slice(-40).join("\n")}`);
        const got = await fetch(`${base}/healthcheck`, { signal: AbortSignal.timeout(10_000) }).then(
          (r) => r.arrayBuffer().then(() => r.status),
          (error: Error) => {
            last = String((error.cause as { code?: string } | undefined)?.code ?? error.message);
            return 0;
          },
        );
        if (got === status) return;
        if (got) last = `HTTP ${got}`;
        if (performance.now() - started > limitMs) {
          throw new Error(`GET /healthcheck did not answer ${status} within ${limitMs / 1000} s (last: ${last}). Server log:\n${log.slice(-30).join("\n")}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop(killAfterMs) {
      if (alive()) child.kill("SIGTERM");
      const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), killAfterMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
