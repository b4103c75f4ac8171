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
// the sample pizza added and checkout, the order placed and its tracker, then another cart checked out paying by card
// online and its payment page (/adyen/checkout/<transaction>). For each page: the HTML's bytes raw and
// gzipped, and the JavaScript its first load fetches (the modulepreloads and module scripts the HTML names) gzipped,
// counted as the budget counts it (scripts/first-load.mjs: gzip -9, file by file). Byte counts, not speed: they
// change only with the code (and a few bytes with the page's nonce and tokens). The payment page also loads, after its
// first load, Adyen Web (the card form's chunk, a dynamic import, with the chunks it imports that the page has not
// loaded) and links Adyen Web's style sheet: both counted gzipped on their own. The build is started with the Adyen
// stand-in (bench/lib/adyen.ts) as its payment provider: the card online is offered only with one. A build or a
// server without a provider (or from before issue 13) has no payment page: it is left out. Written to
// bench/results/weight.json.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { countGzipped, firstLoadScripts, gzippedSize } from "../scripts/first-load.mjs";
import { freePort, startApp } from "../tests/support/app-process";
import { startBenchStandIn } from "./lib/adyen";
import { BenchError, describeError, grouped, isMain, root, table, writeResults } from "./lib/report";
import { MENU_PATH, Storefront, checkoutBody, expectStatus } from "./lib/storefront";

export interface PageWeight {
  page: string;
  /** Where the page was after its redirects. */
  path: string;
  htmlBytes: number;
  htmlGzipBytes: number;
  scripts: number;
  jsGzipBytes: number;
}

/** A file the payment page loads besides its first load's HTML and JavaScript. */
export interface AssetWeight {
  url: string;
  bytes: number;
  gzipBytes: number;
}

/** What the payment page (Adyen Web's card form) loads besides its HTML and first-load JavaScript. */
export interface PaymentPageExtras {
  /** Adyen Web's chunk (the card form's dynamic import) and the chunks it imports that the first load did not fetch. */
  adyenScripts: AssetWeight[];
  adyenJsGzipBytes: number;
  /** Adyen Web's style sheet (the route's own link). */
  adyenCss: AssetWeight[];
  adyenCssGzipBytes: number;
}

export interface WeightReport {
  build: string;
  pages: PageWeight[];
  /** Undefined when the build or server offers no card online (no payment provider, or from before issue 13). */
  paymentPage?: PaymentPageExtras;
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

/** `import … from "…"`, `import "…"` and `export … from "…"` of a minified module: the modules it loads with it. */
const staticImports = (code: string) => [...code.matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g)].map((m) => m[1]!);
/** `import("…")` of a module: loaded later, when the code runs. */
const dynamicImports = (code: string) => [...code.matchAll(/\bimport\(\s*["']([^"']+\.js)["']\s*\)/g)].map((m) => m[1]!);

/** Measures the pages of the storefront at `base`. */
async function measurePages(base: string): Promise<{ pages: PageWeight[]; paymentPage?: PaymentPageExtras }> {
  const shop = new Storefront(base);
  await shop.start();
  const files = new Map<string, Uint8Array>();
  const get = async (url: string, namedBy: string): Promise<Uint8Array> => {
    const known = files.get(url);
    if (known) return known;
    const res = await fetch(new URL(url, base), { signal: AbortSignal.timeout(30_000) });
    if (res.status !== 200) throw new BenchError(`GET ${url} (named by ${namedBy}): HTTP ${res.status}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    files.set(url, bytes);
    return bytes;
  };
  const weighDocument = async (page: string, path: string, cookie: string | null) => {
    const doc = await document(shop, path, cookie);
    const urls = firstLoadScripts(doc.html);
    for (const url of urls) await get(url, doc.path);
    const js = countGzipped(urls.map((url) => [url, files.get(url)!]));
    const html = Buffer.from(doc.html);
    const weight: PageWeight = { page, path: doc.path, htmlBytes: html.length, htmlGzipBytes: gzippedSize(html), scripts: urls.length, jsGzipBytes: js.total };
    return { weight, doc, urls };
  };
  const weigh = async (page: string, path: string, cookie: string | null): Promise<PageWeight> => (await weighDocument(page, path, cookie)).weight;

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

  // The card online: another cart checked out by card, and its payment page.
  const payer = await shop.sessionWithCart(outlet.id, product);
  const placed = await shop.request("POST", "/checkout", { cookie: payer, body: checkoutBody("card") });
  const paymentPath = placed.status === 303 ? /^\/adyen\/checkout\/[A-Za-z0-9_-]{16,64}$/.exec(placed.location ?? "")?.[0] : undefined;
  if (!paymentPath) {
    console.log(`weight: no payment page (the card checkout answered ${placed.status} ${placed.location ?? ""}: no payment provider, or a build from before issue 13)`);
    return { pages };
  }
  const payment = await weighDocument("payment (card)", paymentPath, placed.cookie ?? payer);
  pages.push(payment.weight);
  const loaded = new Set(payment.urls);
  // Adyen Web: the dynamic imports the first load's code makes of it, with what they import that is not loaded yet.
  const later: string[] = [];
  const follow = async (url: string, namedBy: string) => {
    if (loaded.has(url) || later.includes(url)) return;
    later.push(url);
    for (const next of staticImports(Buffer.from(await get(url, namedBy)).toString("utf8"))) await follow(next, url);
  };
  for (const url of payment.urls) {
    for (const chunk of dynamicImports(Buffer.from(files.get(url)!).toString("utf8"))) if (/adyen/i.test(chunk)) await follow(chunk, url);
  }
  if (later.length === 0) throw new BenchError(`${paymentPath}: its first load imports no Adyen Web chunk`);
  const sheets = [...payment.doc.html.matchAll(/<link\b[^>]*>/g)]
    .map((tag) => tag[0])
    .filter((tag) => /\brel="stylesheet"/.test(tag))
    .map((tag) => /\bhref="([^"]+)"/.exec(tag)?.[1])
    .filter((href): href is string => Boolean(href && /adyen/i.test(href)));
  if (sheets.length === 0) throw new BenchError(`${paymentPath}: the page links no Adyen Web style sheet`);
  const asset = async (url: string): Promise<AssetWeight> => {
    const bytes = await get(url, paymentPath);
    return { url, bytes: bytes.length, gzipBytes: gzippedSize(bytes) };
  };
  const adyenScripts = await Promise.all(later.map(asset));
  const adyenCss = await Promise.all(sheets.map(asset));
  const sum = (assets: AssetWeight[]) => assets.reduce((n, a) => n + a.gzipBytes, 0);
  return { pages, paymentPage: { adyenScripts, adyenJsGzipBytes: sum(adyenScripts), adyenCss, adyenCssGzipBytes: sum(adyenCss) } };
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
    p.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, ":uuid").replace(/^(\/adyen\/checkout\/)[A-Za-z0-9_-]+$/, "$1:transaction"),
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
  const extras = report.paymentPage;
  if (extras) {
    const files = (assets: AssetWeight[]) => assets.map((a) => `${a.url.split("/").pop()} ${grouped(a.bytes)} B, ${kb(a.gzipBytes)} KB gz`).join("; ");
    const payment = report.pages.find((p) => p.page === "payment (card)");
    console.log(
      `weight: the payment page then loads Adyen Web: ${kb(extras.adyenJsGzipBytes)} KB gz of JavaScript (${files(extras.adyenScripts)}), ` +
        `and links its style sheet: ${kb(extras.adyenCssGzipBytes)} KB gz (${files(extras.adyenCss)})` +
        (payment ? `; in all ${kb(payment.htmlGzipBytes + payment.jsGzipBytes + extras.adyenJsGzipBytes + extras.adyenCssGzipBytes)} KB gz` : ""),
    );
  }
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
  if ("url" in target) return { build: target.url, ...(await measurePages(target.url)) };
  // The card online is offered only with a payment provider: the Adyen stand-in, its webhooks to the app.
  const port = await freePort();
  const adyen = await startBenchStandIn(port);
  try {
    const app = await startApp(adyen.env, { appDir: target.appDir, port });
    try {
      await app.health(200, 60_000).catch((error: Error) => {
        throw new BenchError(error.message);
      });
      return { build: buildOf(target.appDir), ...(await measurePages(app.base)) };
    } finally {
      await app.stop(5_000);
    }
  } finally {
    await adyen.standIn.close();
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
