#!/usr/bin/env node
// The storefront's HTTP server (`npm run serve`, `npm start`, the Docker image, the end-to-end tests): Express with
// Remix's request handler, as remix-serve does, plus what remix-serve cannot take:
// - a Host header that is not a host name is a 400 before Remix builds a URL from it;
// - whether a request is cross-site is decided before Remix's own Origin check (which answers a bare 500);
// - every route's loader and action go through the app's edge guard (app/web/edge.server.ts: origin, CSRF, body
//   limits, a 503 when the database is unreachable), applied once to the server build;
// - HSTS when cookies are secure, and graceful shutdown: stop accepting, finish requests, close the database;
// - one worker per core with node:cluster on Postgres (WEB_CONCURRENCY overrides; 1: no cluster). The embedded
//   database (PGlite) belongs to one process, so without DATABASE_URL there is one worker (docs/operations.md).
import cluster from "node:cluster";
import { readdirSync, statSync, watchFile } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";

process.env.NODE_ENV ??= "production";
const development = process.env.NODE_ENV === "development";

/**
 * How many worker processes: WEB_CONCURRENCY when set (a whole number ≥ 1), else one per core on Postgres; always 1
 * on the embedded database (one process owns its data folder) and in development (`remix dev` talks to one server).
 */
function workerCount() {
  const asked = process.env.WEB_CONCURRENCY?.trim();
  const wanted = asked ? (/^\d+$/.test(asked) ? Number(asked) : Number.NaN) : os.availableParallelism();
  if (!Number.isInteger(wanted) || wanted < 1) {
    console.error(`[serve] WEB_CONCURRENCY must be a whole number of at least 1, not "${asked}"`);
    process.exit(1);
  }
  if (development) return 1;
  if (!process.env.DATABASE_URL) {
    if (asked && wanted > 1) console.warn(`[serve] WEB_CONCURRENCY=${wanted} ignored: the embedded database (no DATABASE_URL) takes one process`);
    return 1;
  }
  return wanted;
}

const workers = cluster.isPrimary ? workerCount() : 1;
if (cluster.isPrimary && workers > 1) runPrimary(workers);
else await serve();

/**
 * The cluster's primary: forks the workers (they share the listening socket), starts a new one when one dies, and on
 * SIGTERM or SIGINT passes the signal to each worker (each drains its requests and closes its database) and exits 0
 * once they have all exited. A worker that dies within 10 s of its start five times in a row stops the cluster (1).
 */
function runPrimary(count) {
  console.log(`[serve] ${count} workers (node:cluster; WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY ?? "unset: one per core"})`);
  let stopping = false;
  let quickDeaths = 0;
  const started = new Map();
  const fork = () => {
    const worker = cluster.fork();
    started.set(worker.id, Date.now());
  };
  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (stopping) {
      // 0 after a signal's stop; 1 when the workers kept dying (a process manager restarts on failure only).
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    quickDeaths = lived < 10_000 ? quickDeaths + 1 : 0;
    console.error(`[serve] worker ${worker.process.pid} exited (${signal ?? `code ${code}`})`);
    if (quickDeaths >= 5) {
      console.error("[serve] workers keep dying at start: stopping");
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    fork();
  });
  for (let i = 0; i < count; i++) fork();
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`[serve] ${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  }
}

/** One worker: the HTTP server below (the whole server when there is no cluster). */
async function serve() {
  const buildPath = path.resolve(process.argv[2] ?? "build/index.js");
  /** The server build, behind the edge (in development a fresh copy after each rebuild: `npm run dev`). */
  async function load() {
    const build = await import(`${pathToFileURL(buildPath).href}?t=${statSync(buildPath).mtimeMs}`);
    build.entry.module.guardBuild(build);
    return build;
  }
  let build = await load();
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  const { isCrossSite, loggedPath, secureCookies, shutdown } = build.entry.module;
  /**
   * What every loader and action gets beside the request (app/web/edge.server.ts, EdgeContext): the client's address,
   * the cross-site answer, and whether the request is a data request (`?_data=`, a fetcher's or a client-side
   * navigation's), which Remix strips from the URL before the route sees it.
   */
  const loadContext = (req) => ({ clientAddress: req.ip, crossSite: req.crossSite, dataRequest: typeof req.query._data === "string" });
  let handle = createRequestHandler({ build, mode: process.env.NODE_ENV, getLoadContext: loadContext });
  if (development) {
    // `remix dev` rebuilds and rewrites build/version.txt: take the new build and tell the dev server it is live.
    watchFile(path.join(path.dirname(buildPath), "version.txt"), { interval: 300 }, async () => {
      build = await load();
      handle = createRequestHandler({ build, mode: "development", getLoadContext: loadContext });
      await broadcastDevReady(build);
    });
  }

  const port = Number(process.env.PORT || 3000);
  const host = process.env.HOST || undefined;
  // HSTS follows the cookies' own rule (app/web/cookies.server.ts): secure in production unless COOKIE_SECURE=false.
  const secure = secureCookies();

  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy or load balancer, TRUST_PROXY tells Express whose X-Forwarded-For to believe (the rate limits
  // count per client address): a hop count ("1") or a list of addresses/subnets. Unset: the socket's address.
  const trustProxy = process.env.TRUST_PROXY;
  if (trustProxy) app.set("trust proxy", /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy);

  // Host names, IPv4 and bracketed IPv6 literals, with an optional port.
  const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
  app.use((req, res, next) => {
    const hostHeader = req.headers.host;
    if (!hostHeader || !HOST.test(hostHeader) || !req.originalUrl.startsWith("/")) {
      res.status(400).type("text/plain").send("Bad Request");
      return;
    }
    if (secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });

  // Server-sent events must reach the browser as they are written, never held back to be compressed.
  app.use(compression({ filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res) }));
  app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
  // public/'s own files (images, favicon) by their first path segment, read at start: a page's path is not looked
  // for on disk first (a stat and an ENOENT per page, 2 % of a menu page's CPU).
  const publicEntries = new Set(readdirSync("public"));
  const servePublic = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) => (publicEntries.has(req.path.split("/", 2)[1]) ? servePublic(req, res, next) : next()));
  // morgan's "tiny" line, with the URL as loggedPath writes it: no reset token, tracker uuid or payment id in the log.
  morgan.token("logged-url", (req) => loggedPath(req.originalUrl));
  app.use(morgan(":method :logged-url :status :res[content-length] - :response-time ms", { skip: () => process.env.LOG_REQUESTS === "false" }));
  // The edge decides whether a request is cross-site (Origin, Sec-Fetch-Site) here, before Remix, whose own Origin
  // check answers a document post with a bare 500: the Origin header is then dropped and the edge, knowing the
  // answer from the load context, shows a 403 page instead.
  // (`app.use`, not `app.all("*")`: a route's `*` parameter is percent-decoded by Express, which throws on a path such
  // as "/%E0%A4%A" before Remix could answer it with its translated 400 or 404.)
  app.use((req, _res, next) => {
    req.crossSite = isCrossSite({ get: (name) => req.get(name) ?? null }, req.get("host"));
    delete req.headers.origin;
    next();
  });
  app.use((req, res, next) => handle(req, res, next));
  // Anything thrown outside Remix (it answers its own errors) is a plain 500, never a crash.
  app.use((error, req, res, _next) => {
    console.error(`[serve] ${req.method} ${loggedPath(req.originalUrl)}`, error);
    if (!res.headersSent) res.status(500).type("text/plain").send("Internal Server Error");
    else res.end();
  });

  const server = host ? app.listen(port, host, listening) : app.listen(port, listening);
  // Node closes an idle keep-alive connection after 5 s. A client (a load balancer, a browser, Playwright's request
  // context) that sends on it at that moment gets ECONNRESET: a balancer answers its customer 502. Idle connections
  // stay open 65 s, longer than the usual balancer's 60 s, so the balancer is the one that closes them.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  function listening() {
    console.log(`[serve] http://localhost:${port}${host ? ` (bound to ${host})` : ""}`);
    if (development) void broadcastDevReady(build);
  }

  let stopping = false;
  async function stop(signal) {
    if (stopping) return;
    stopping = true;
    console.log(`[serve] ${signal}: finishing requests, then closing the database`);
    server.close();
    server.closeIdleConnections();
    // Event streams never end by themselves: give the others a moment, then close what is left.
    const force = setTimeout(() => server.closeAllConnections(), 5_000);
    force.unref();
    await new Promise((resolve) => server.once("close", resolve));
    try {
      await shutdown();
    } catch (error) {
      console.error("[serve] closing the database failed", error);
    }
    process.exit(0);
  }
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void stop(signal));
}
