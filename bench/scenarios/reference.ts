// The reference of the HTTP scenarios, measured in the same run under the same load: the menu page's own HTML, as
// the menu scenario's visitor gets it (fetched from the app first), saved to a file and served by `express.static`
// with `compression` (bench/lib/static-server.mjs, its own process), gzipped as a browser asks for it
// (Accept-Encoding: gzip, as the menu scenario asks the app). What the machine does at that moment for the same bytes
// without the app: the ceiling the menu page is read against (issue 15: menu ≥ 0.25 × this on Postgres).
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../tests/support/app-process";
import type { BenchContext } from "../lib/context";
import { cannon, measured, summarize, type Scenario } from "../lib/load";
import { REFERENCE, roundSuffix } from "../lib/ratio";
import { BenchError, root } from "../lib/report";
import { BROWSER_HEADERS } from "../lib/storefront";

const FILE = "menu.html";

/** Starts the static server on `folder`; resolves with its process once it listens. */
async function staticServer(folder: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, "bench", "lib", "static-server.mjs"), folder, String(port)], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`listening ${port}`)) resolve();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => reject(new BenchError(`the reference's static server exited (code ${code}):\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/${FILE}`,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * Serves `html` (the menu page) statically and loads it as the menu scenario loads the app: warm-up, then the run.
 * `round` (of BENCH_ROUNDS, when more than one) names it.
 */
export async function referenceScenario(ctx: BenchContext, html: string, round?: number): Promise<Scenario> {
  const { settings } = ctx;
  const suffix = roundSuffix(round);
  const folder = await mkdtemp(path.join(os.tmpdir(), "bench-reference-"));
  await writeFile(path.join(folder, FILE), html);
  const server = await staticServer(folder);
  try {
    const options = { url: server.url, connections: settings.connections, pipelining: settings.pipelining, method: "GET", headers: BROWSER_HEADERS } as const;
    if (settings.warmup > 0) {
      console.log(`bench: reference warm-up${suffix} (${settings.warmup} s)`);
      await cannon({ ...options, title: "reference warm-up", duration: settings.warmup });
    }
    console.log(`bench: reference${suffix}, the menu page's HTML as a static file (${settings.duration} s)`);
    const run = await measured(server.pid, { ...options, title: "reference", duration: settings.duration });
    const bytes = Buffer.byteLength(html);
    return summarize(
      REFERENCE + suffix,
      `GET /${FILE}: the menu page's HTML (${bytes} bytes) served by express.static with compression (gzip asked) in its own process`,
      200,
      run,
    );
  } finally {
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  }
}
