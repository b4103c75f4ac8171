// Page weight: what a browser downloads for the storefront's main pages on their first load, gzipped.
//
//   npm run bench:weight                       this checkout's build (run `npm run build` first)
//   npm run bench:weight -- /tmp/before        another checkout's build (its scripts/serve.mjs and build/)
//   npm run bench:weight -- /tmp/before .      both, then each page before and after
//   npm run bench:weight -- --url http://127.0.0.1:3000   a server already running with the demo chain
//
// Starts the built app (tests/support/app-process.ts, the end-to-end tests' environment: a fresh in-memory database,
// the clock pinned), then, as a customer does: home (`/`, followed to /home), carry-out at the seed's first outlet
// and the menu (`/order`, followed to its first category), the classic pizzas (the page the menu benchmarks load),
// the sample pizza added and checkout, the order placed and its tracker. For each page: the HTML's bytes raw and
// gzipped, and the JavaScript its first load fetches (the modulepreloads and module scripts the HTML names) gzipped,
// counted as the budget counts it (scripts/first-load.mjs: gzip -9, file by file). Byte counts, not speed: they
// change only with the code (and a few bytes with the page's nonce and tokens). Written to bench/results/weight.json.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { countGzipped, firstLoadScripts, gzippedSize } from "../scripts/first-load.mjs";
import { startApp } from "../tests/support/app-process";
import { BenchError, describeError, grouped, isMain, root, table, writeResults } from "./lib/report";
import { MENU_PATH, Storefront, expectStatus } from "./lib/storefront";

export interface PageWeight {
  page: string;
  /** Where the page was after its redirects. */
  path: string;
  htmlBytes: number;
  htmlGzipBytes: number;
  scripts: number;
  jsGzipBytes: number;
}

export interface WeightReport {
  build: string;
  pages: PageWeight[];
}

/** GET a page as a browser does (following redirects, at most 5): its final path and HTML. */
async function document(shop: Storefront, path: string, cookie: string | null): Promise<{ path: string; html: string }> {
  let at = path;
  for (let hops = 0; hops < 5; hops++) {
    const answer = await shop.request("GET", at, { cookie });
    if (answer.status === 200) return { path: at, html: answer.text };
    if (answer.status < 300 || answer.status >= 400 || !answer.location) expectStatus(answer, 200, `GET ${at}`);
    const next = new URL(answer.location!, shop.base);
    at = next.pathname + next.search;
  }
  throw new BenchError(`GET ${path}: more than 5 redirects`);
}

/** Measures the pages of the storefront at `base`. */
async function measurePages(base: string): Promise<PageWeight[]> {
  const shop = new Storefront(base);
  await shop.start();
  const scripts = new Map<string, Uint8Array>();
  const weigh = async (page: string, path: string, cookie: string | null): Promise<PageWeight> => {
    const doc = await document(shop, path, cookie);
    const urls = firstLoadScripts(doc.html);
    for (const url of urls) {
      if (scripts.has(url)) continue;
      const res = await fetch(new URL(url, base), { signal: AbortSignal.timeout(30_000) });
      if (res.status !== 200) throw new BenchError(`GET ${url} (named by ${doc.path}): HTTP ${res.status}`);
      scripts.set(url, new Uint8Array(await res.arrayBuffer()));
    }
    const js = countGzipped(urls.map((url) => [url, scripts.get(url)!]));
    const html = Buffer.from(doc.html);
    return { page, path: doc.path, htmlBytes: html.length, htmlGzipBytes: gzippedSize(html), scripts: urls.length, jsGzipBytes: js.total };
  };

  const pages = [await weigh("home", "/", null)];
  const outlet = await shop.carryoutOutlet();
  const visitor = await shop.newSession(outlet.id);
  pages.push(await weigh("menu", "/order", visitor));
  const product = await shop.product(visitor);
  const buyer = await shop.sessionWithCart(outlet.id, product);
  pages.push(await weigh("menu, classic pizzas", MENU_PATH, buyer)); // also reads the "added" notice, as the customer would
  pages.push(await weigh("checkout, one item", "/checkout", buyer));
  const order = await shop.placeOrder(buyer);
  pages.push(await weigh("tracker", `/tracker-order/${order}`, buyer));
  return pages;
}

/** A checkout's folder and commit, to name the build measured. */
function buildOf(dir: string): string {
  try {
    const commit = execFileSync("git", ["-C", dir, "log", "-1", "--format=%h %s"], { encoding: "utf8" }).trim();
    return `${dir} at ${commit.length > 90 ? `${commit.slice(0, 89)}…` : commit}`;
  } catch {
    return dir;
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function printWeight(report: WeightReport): void {
  const rows = report.pages.map((p) => [
    p.page,
    p.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, ":uuid"),
    grouped(p.htmlBytes),
    grouped(p.htmlGzipBytes),
    String(p.scripts),
    kb(p.jsGzipBytes),
    kb(p.htmlGzipBytes + p.jsGzipBytes),
  ]);
  console.log();
  console.log(`weight: ${report.build}`);
  console.log();
  console.log(table(["page", "path", "HTML bytes", "HTML gzip", "JS files", "JS gzip KB", "HTML + JS gzip KB"], rows, 2));
  console.log("weight: gzip -9 as the budget counts it (scripts/first-load.mjs); JS: the modulepreloads and module scripts the HTML names.");
  console.log();
}

/** Each page's HTML (raw and gzipped) and JavaScript (gzipped) before (the first build) and after (the last), in bytes. */
export function printComparison(before: WeightReport, after: WeightReport): void {
  const gzip = (p: PageWeight) => p.htmlGzipBytes + p.jsGzipBytes;
  const rows = after.pages.map((page) => {
    const old = before.pages.find((p) => p.page === page.page);
    const was = (n: number | undefined) => (n === undefined ? "" : grouped(n));
    const change = old ? gzip(page) - gzip(old) : undefined;
    return [
      page.page,
      was(old?.htmlBytes),
      grouped(page.htmlBytes),
      was(old?.htmlGzipBytes),
      grouped(page.htmlGzipBytes),
      was(old?.jsGzipBytes),
      grouped(page.jsGzipBytes),
      change === undefined ? "" : `${change < 0 ? "−" : "+"}${grouped(Math.abs(change))}`,
    ];
  });
  console.log(`weight: before ${before.build}`);
  console.log(`weight: after  ${after.build}`);
  console.log();
  console.log(table(["page", "HTML before", "after", "HTML gzip before", "after", "JS gzip before", "after", "gzip change"], rows));
  console.log("weight: bytes; the change is of HTML gzip + JS gzip.");
  console.log();
}

export type WeightTarget = { appDir: string } | { url: string };

/** Starts the build of `appDir` unless the target is the URL of a running server, and measures its pages. */
async function weighTarget(target: WeightTarget): Promise<WeightReport> {
  if ("url" in target) return { build: target.url, pages: await measurePages(target.url) };
  const app = await startApp({}, { appDir: target.appDir });
  try {
    await app.health(200, 60_000).catch((error: Error) => {
      throw new BenchError(error.message);
    });
    return { build: buildOf(target.appDir), pages: await measurePages(app.base) };
  } finally {
    await app.stop(5_000);
  }
}

/**
 * Measures each target in turn and prints its table; with two or more, the first against the last (before and
 * after). Writes bench/results/weight.json (every target's figures).
 */
export async function runWeight(targets: WeightTarget[] = [{ appDir: root }]): Promise<WeightReport[]> {
  const reports: WeightReport[] = [];
  for (const target of targets) {
    const report = await weighTarget(target);
    printWeight(report);
    reports.push(report);
  }
  if (reports.length > 1) printComparison(reports[0]!, reports[reports.length - 1]!);
  console.log(`weight: figures written to ${await writeResults("weight.json", reports)}`);
  return reports;
}

/** The command line's targets: folders of built checkouts, and `--url <base>` for running servers; none: this checkout. */
function targetsOf(args: string[]): WeightTarget[] {
  const targets: WeightTarget[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--url") {
      const url = args[++i];
      if (!url) throw new BenchError("--url needs the server's base URL");
      targets.push({ url: url.replace(/\/+$/, "") });
    } else targets.push({ appDir: path.resolve(args[i]!) });
  }
  return targets.length ? targets : [{ appDir: root }];
}

if (isMain(import.meta.url)) {
  try {
    await runWeight(targetsOf(process.argv.slice(2)));
  } catch (error) {
    console.error(`weight: ${describeError(error)}`);
    process.exitCode = 1;
  }
}
