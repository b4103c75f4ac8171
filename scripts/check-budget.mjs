#!/usr/bin/env node
// Budgets of issues 2 and 15, checked on the built client (run after `npm run build`):
//  1. the menu route's scripts (a product builder's document, or the menu reached by a client navigation: the product
//     list's own document has none, root.tsx `handle.scripts`) are at most 100 KB of gzipped JavaScript (counted
//     with the inline manifest);
//  2. no server module reaches the browser bundle (pg, PGlite, argon2, Kysely, node: built-ins, server/);
//  3. no page's first load carries zod or @conform-to/zod (issue 15): forms validate inline with schemas loaded after
//     hydration (app/lazy-validation.ts), actions import theirs through app/web/forms.server.ts;
//  4. no customer page's first load (every page but the staff console's, routes/store*) carries @conform-to/react or
//     /dom (issue 15): their forms arrive after the first load (app/lazy-form.tsx), and so does whatever imports
//     conform (app/components/ui/Field.tsx, app/lazy-validation.ts; type-only imports are erased);
//  5. every customer page's first load (entry + root + route with their imports, without the inline manifest) is at
//     most 100 KB of gzipped JavaScript (issue 15). Prints every customer page's first load.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { countGzipped } from "./first-load.mjs";

const BUDGET_BYTES = 100 * 1024;
const root = new URL("..", import.meta.url).pathname;
const buildDir = join(root, "public", "build");

const manifestFile = readdirSync(buildDir).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error("No client manifest: run `npm run build` first.");
const manifestText = readFileSync(join(buildDir, manifestFile), "utf8");
const manifest = JSON.parse(manifestText.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""));

const menuRoute = Object.values(manifest.routes).find((r) => r.path?.startsWith("order/"));
if (!menuRoute) throw new Error("The menu route is not in the manifest.");
// With lazy route discovery (v3_lazyRouteDiscovery) the browser never fetches the manifest file: the document
// inlines the part of it its routes need (entry, root, the page's route) as a script. That part is counted, as the
// document serves it (two-space JSON), instead of the whole file, which grows with every route of the site.
const inlineManifest = `window.__remixManifest = ${JSON.stringify(
  { entry: manifest.entry, routes: { root: manifest.routes.root, [menuRoute.id]: menuRoute }, version: manifest.version, url: manifest.url },
  null,
  2,
)};`;
const files = new Set();
const add = (entry) => {
  files.add(entry.module);
  for (const f of entry.imports ?? []) files.add(f);
};
add(manifest.entry);
add(manifest.routes.root);
add(menuRoute);

const { total, rows } = countGzipped([
  ["(inline manifest)", Buffer.from(inlineManifest)],
  ...[...files].map((url) => [url, readFileSync(join(root, "public", url))]),
]);
for (const [url, bytes] of rows) console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${url}`);
console.log(`menu route's scripts (builder page): ${(total / 1024).toFixed(1)} KB gzipped JavaScript (budget ${BUDGET_BYTES / 1024} KB)`);

// A page's first load: entry and root (with their imports) and the page's route (with its imports), as the document
// preloads them; resource routes (no default export) are left out of the table, not out of the check.
const chunk = new Map();
const read = (url) => {
  if (!chunk.has(url)) chunk.set(url, readFileSync(join(root, "public", url)));
  return chunk.get(url);
};
const firstLoad = (route) => {
  const urls = new Set();
  for (const entry of [manifest.entry, manifest.routes.root, route]) {
    urls.add(entry.module);
    for (const f of entry.imports ?? []) urls.add(f);
  }
  return urls;
};
// Strings only these packages' code carries: zod's error class, @conform-to/zod's `conformZodMessage`.
const lazyOnly = [
  ["zod", /ZodError/],
  ["@conform-to/zod", /VALIDATION_SKIPPED/],
];
// Strings only conform's code carries (@conform-to/dom's intent field, the attribute @conform-to/react marks forms
// with): kept out of customer pages' first loads, not the staff console's.
const formsOnly = /__intent__|data-conform/;
const eager = [];
const eagerForms = [];
const pages = [];
for (const [id, route] of Object.entries(manifest.routes)) {
  if (id === "root") continue;
  const urls = firstLoad(route);
  const isPage = /\bdefault\b/.test(/export\s*\{([^}]*)\}\s*;?\s*(\/\/#.*)?$/.exec(read(route.module).toString("utf8"))?.[1] ?? "");
  const isCustomerPage = isPage && !id.startsWith("routes/store");
  for (const url of urls) {
    const text = read(url).toString("utf8");
    for (const [name, pattern] of lazyOnly) if (pattern.test(text)) eager.push(`${id}: ${name} in ${url}`);
    if (isCustomerPage && formsOnly.test(text)) eagerForms.push(`${id}: @conform-to in ${url}`);
  }
  if (isCustomerPage) {
    const { total } = countGzipped([...urls].map((url) => [url, read(url)]));
    pages.push([id, total]);
  }
}
const overBudget = pages.filter(([, total]) => total > BUDGET_BYTES);
console.log(`\nfirst load per customer page (gzipped JavaScript, entry + root + route, without the inline manifest; budget ${BUDGET_BYTES / 1024} KB):`);
for (const [id, total] of pages.sort((a, b) => b[1] - a[1])) {
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  ${id.replace(/^routes\//, "")}${total > BUDGET_BYTES ? "  OVER" : ""}`);
}
console.log("");

const forbidden = [/@electric-sql\/pglite/, /\bpg-pool\b/, /pg-protocol/, /argon2/, /\bkysely\b/i, /from"node:/, /require\("node:/, /server\/db\//];
const offenders = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith(".js")) {
      const text = readFileSync(path, "utf8");
      for (const pattern of forbidden) if (pattern.test(text)) offenders.push(`${path.slice(root.length)}: ${pattern}`);
    }
  }
};
walk(buildDir);

let failed = false;
if (total > BUDGET_BYTES) {
  console.error(`FAIL: the menu page ships ${total} bytes of gzipped JavaScript, over the ${BUDGET_BYTES} byte budget.`);
  failed = true;
}
if (offenders.length) {
  console.error(`FAIL: server code in the browser bundle:\n  ${offenders.join("\n  ")}`);
  failed = true;
}
if (eager.length) {
  console.error(`FAIL: zod or @conform-to/zod in a page's first load (load schemas with useLazyValidation, parse in actions through ~/web/forms.server):\n  ${eager.join("\n  ")}`);
  failed = true;
}
if (eagerForms.length) {
  console.error(`FAIL: @conform-to/react or /dom in a customer page's first load (load the form with lazyForm, app/lazy-form.tsx):\n  ${eagerForms.join("\n  ")}`);
  failed = true;
}
if (overBudget.length) {
  const list = overBudget.map(([id, total]) => `${id}: ${total} bytes`).join("\n  ");
  console.error(`FAIL: customer pages over the ${BUDGET_BYTES} byte budget of gzipped JavaScript on their first load:\n  ${list}`);
  failed = true;
}
if (failed) process.exit(1);
console.log(
  `budgets: ok (no server module in the client bundle; no zod or @conform-to/zod in any page's first load; no @conform-to in a customer page's first load; every customer page's first load within ${BUDGET_BYTES / 1024} KB)`,
);
