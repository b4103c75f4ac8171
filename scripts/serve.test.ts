import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Runs scripts/serve.mjs with `env` until it exits: its exit code and what it wrote to stderr. */
function serve(env: Record<string, string>, build = "build/index.js"): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/serve.mjs", build], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("exit", (code) => resolve({ code, stderr }));
  });
}

describe("scripts/serve.mjs as a process manager sees it", () => {
  it("a cluster whose workers keep dying at start exits 1, not 0 (restart-on-failure policies restart it)", async () => {
    // Workers that cannot start (here: no server build at that path; in the field a missing SESSION_SECRET or a taken
    // port) die at once; after five the primary stops.
    const { code, stderr } = await serve({ DATABASE_URL: "postgres://root@127.0.0.1:1/none", WEB_CONCURRENCY: "2" }, "/nonexistent/index.js");
    expect(stderr).toContain("workers keep dying at start: stopping");
    expect(code).toBe(1);
  }, 60_000);

  it("a WEB_CONCURRENCY that is not a whole number is refused, not read as its leading digits", async () => {
    const { code, stderr } = await serve({ DATABASE_URL: "postgres://root@127.0.0.1:1/none", WEB_CONCURRENCY: "2x" });
    expect(stderr).toContain('WEB_CONCURRENCY must be a whole number of at least 1, not "2x"');
    expect(code).toBe(1);
  });
});
