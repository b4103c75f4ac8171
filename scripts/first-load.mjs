// How the first load's JavaScript is counted, in one place: the budget (scripts/check-budget.mjs, from the build's
// manifest) and the page-weight benchmark (bench/weight.ts, from a served page's HTML) both count with it.
import { gzipSync } from "node:zlib";

/**
 * Bytes as the budgets count them: gzip at its best level (9), one file at a time.
 * @param {Uint8Array | string} bytes
 * @returns {number}
 */
export function gzippedSize(bytes) {
  return gzipSync(bytes, { level: 9 }).length;
}

/**
 * The gzipped size of each file, largest first, and their total.
 * @param {Iterable<[string, Uint8Array]>} files url and contents
 * @returns {{ total: number, rows: [string, number][] }}
 */
export function countGzipped(files) {
  /** @type {[string, number][]} */
  const rows = [];
  let total = 0;
  for (const [url, bytes] of files) {
    const size = gzippedSize(bytes);
    total += size;
    rows.push([url, size]);
  }
  rows.sort((a, b) => b[1] - a[1]);
  return { total, rows };
}

/**
 * The JavaScript a document's first load fetches, each once in the order the HTML names it: its modulepreload
 * links, its module scripts' `src`, and what their inline code imports (`import … from "…"`, `import("…")`). The
 * storefront's documents hold them until after their load event (app/web/scripts-after-load.server.ts: the preloads as
 * `rel="x-modulepreload"`, Remix's module script typed `text/x-module-after-load`); they are counted all the same.
 * @param {string} html
 * @returns {string[]}
 */
export function firstLoadScripts(html) {
  /** @type {Set<string>} */
  const urls = new Set();
  for (const tag of html.matchAll(/<link\b[^>]*>/g)) {
    if (/\brel="(?:x-)?modulepreload"/.test(tag[0])) {
      const href = /\bhref="([^"]+)"/.exec(tag[0])?.[1];
      if (href) urls.add(href);
    }
  }
  for (const [, attributes, code] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!/\btype="(?:module|text\/x-module-after-load)"/.test(attributes)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
    if (src) urls.add(src);
    const imports = [...code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+)["']/g), ...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)];
    for (const [, url] of imports) if (url) urls.add(url);
  }
  return [...urls];
}
