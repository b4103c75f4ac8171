// The server's own work for one menu page, without HTTP: `npm run bench:document [-- appDir …]` (after `npm run
// build`; each appDir a checkout with its own build, default this one; several are measured in turns).
//
// `npm run bench`'s menu figure is pages a second over HTTP beside a static file server, and on a shared 2-core
// machine it moves by a third between minutes. This measures what a change to the server's code does, with less
// around it: each build is imported into a process of its own and asked for the menu page (GET
// /order/pizzas/clasicas with gzip, a carry-out visitor with a one-line cart, as the bench's menu scenario) through
// Remix's request handler directly, 10 at a time. Each process reports the median of 5 rounds of BENCH_PAGES (2,000)
// pages after 1,500 unreported, as milliseconds of its CPU (user + system, every thread) per page; the builds take
// turns BENCH_ROUNDS (3) times, so a slower minute of the machine falls on all of them.
//
// The database: Postgres at BENCH_DATABASE_URL (the bench's), else an embedded PGlite in a fresh data folder, seeded
// by the first build's server, which also makes the visitor (its session and cart) over HTTP before it stops.
// BENCH_PROFILE=1: each build's process writes a V8 CPU profile to bench/results/profiles/ (as `npm run bench`).
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { STORE_NOW } from "../playwright.config";
import { startApp } from "../tests/support/app-process";
import { deleteCarts } from "./lib/postgres";
import { median } from "./lib/report";
import { MENU_PATH, Storefront } from "./lib/storefront";

const PAGES = Number(process.env.BENCH_PAGES ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = 10;

if (process.argv[2] === "--child") await child(process.argv[3]!, process.argv[4]!);
else await parent(process.argv.slice(2).length ? process.argv.slice(2) : ["."]);

async function parent(appDirs: string[]): Promise<void> {
  const folder = process.env.BENCH_DATABASE_URL ? null : await mkdtemp(path.join(tmpdir(), "bench-document-"));
  const env: Record<string, string> = {
    NODE_ENV: "production",
    SESSION_SECRET: "bench-session-secret-of-at-least-32-chars",
    COOKIE_SECURE: "false",
    STORE_NOW,
    LOG_REQUESTS: "false",
    ...(folder ? { DATA_DIR: folder } : { DATABASE_URL: process.env.BENCH_DATABASE_URL!, DATA_DIR: "memory://" }),
  };
  let made: { session: string; header: string } | undefined;
  try {
    made = await visitor(appDirs[0]!, env);
    const cookie = made.header;
    const figures = new Map<string, number[]>(appDirs.map((dir) => [dir, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const dir of appDirs) {
        const ms = await measure(dir, cookie, env);
        figures.get(dir)!.push(ms);
        console.log(`bench:document: round ${round}, ${dir}: ${ms.toFixed(3)} ms of server CPU per menu page`);
      }
    }
    console.log(`\nmenu page (${folder ? "PGlite" : "Postgres"}), server CPU per page, median of each build's ${ROUNDS} runs (each the median of 5 rounds of ${PAGES} pages):`);
    for (const [dir, values] of figures) console.log(`  ${dir}: ${median(values).toFixed(3)} ms (${values.map((v) => v.toFixed(3)).join(", ")})`);
  } finally {
    if (folder) await rm(folder, { recursive: true, force: true });
    // On Postgres the visitor's cart would stay in the bench's database, one more each run: deleted (only it).
    else if (made) console.log(`bench:document: deleted the visitor's cart (${await deleteCarts(process.env.BENCH_DATABASE_URL!, [made.session])})`);
  }
}

/** Starts `appDir`'s server on the database (seeding it), makes the menu scenario's visitor, and stops it: its session cookie and its Cookie header. */
async function visitor(appDir: string, env: Record<string, string>): Promise<{ session: string; header: string }> {
  const app = await startApp({ ...env, SEED_ON_START: "true" }, { testEnv: false, appDir });
  try {
    await app.health(200, 120_000);
    const shop = new Storefront(app.base);
    await shop.start();
    const outlet = await shop.carryoutOutlet();
    const product = await shop.product(await shop.newSession(outlet.id));
    const added = await shop.sessionWithCart(outlet.id, product);
    // The first page shows (and spends) the "added" notice; the page every measured request gets is the next one.
    const seen = await shop.request("GET", MENU_PATH, { cookie: added });
    const session = seen.cookie ?? added;
    return { session, header: shop.withCsrf(session) };
  } finally {
    await app.stop(10_000);
  }
}

/** One process of `appDir`'s build: its median milliseconds of CPU per page. */
function measure(appDir: string, cookie: string, env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${path.join(import.meta.dirname, "results", "profiles")}`] : [];
    const proc = spawn(process.execPath, [...profile, "--import", "tsx", import.meta.filename, "--child", path.resolve(appDir), cookie], {
      env: { ...process.env, ...env, SEED_ON_START: "false" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    proc.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    proc.on("error", reject);
    proc.on("exit", (code) => {
      const figure = /^cpu-ms-per-page (\S+)$/m.exec(out);
      if (code === 0 && figure) resolve(Number(figure[1]));
      else reject(new Error(`bench:document: the ${appDir} process exited ${code}:\n${out}`));
    });
  });
}

/** In the build's own process: the handler scripts/serve.mjs wraps, asked for the menu page. */
async function child(appDir: string, cookie: string): Promise<void> {
  const require = createRequire(path.join(appDir, "package.json"));
  const remix = (await import(pathToFileURL(require.resolve("@remix-run/node")).href)) as typeof import("@remix-run/node");
  const build = await import(pathToFileURL(path.join(appDir, "build", "index.js")).href);
  remix.installGlobals({ nativeFetch: build.future.v3_singleFetch });
  build.entry.module.guardBuild(build);
  const handle = remix.createRequestHandler(build, "production");
  const context = { clientAddress: "127.0.0.1", crossSite: false, dataRequest: false };
  const page = async () => {
    const request = new Request(`http://127.0.0.1:3000${MENU_PATH}`, { headers: { cookie, "accept-encoding": "gzip", host: "127.0.0.1:3000" } });
    const response = await handle(request, context);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${MENU_PATH}: ${response.status}`);
  };
  const pages = async (count: number) => {
    let started = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (started++ < count) await page();
      }),
    );
  };
  await pages(1_500);
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    const before = process.cpuUsage();
    await pages(PAGES);
    const used = process.cpuUsage(before);
    rounds.push((used.user + used.system) / 1_000 / PAGES);
  }
  console.log(`cpu-ms-per-page ${median(rounds)}`);
  await build.entry.module.shutdown();
  process.exit(0);
}
