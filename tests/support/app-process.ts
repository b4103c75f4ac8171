import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
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

export interface AppProcess {
  base: string;
  child: ChildProcess;
  /** What the server printed (its last 400 lines). */
  log: string[];
  /** The process is still running (it has not crashed). */
  alive(): boolean;
  /** Resolves when /healthcheck answers with this status (200 by default), polling every 100 ms. */
  health(status?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the built server (scripts/serve.mjs) as production runs it, with the shared env plus `env`. */
export async function startApp(env: Record<string, string> = {}): Promise<AppProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["scripts/serve.mjs", "build/index.js"], {
    env: { ...process.env, ...sharedServerEnv(), LOG_REQUESTS: "false", ...env, PORT: String(port), HOST: "127.0.0.1" },
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
    child,
    log,
    alive,
    async health(status = 200) {
      for (;;) {
        if (!alive()) throw new Error(`the app exited:\n${log.slice(-40).join("\n")}`);
        const got = await fetch(`${base}/healthcheck`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.status, () => 0);
        if (got === status) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      if (alive()) child.kill("SIGTERM");
      await exited;
    },
  };
}
