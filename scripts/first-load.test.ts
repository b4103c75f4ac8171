import { describe, expect, it } from "vitest";
import { countGzipped, firstLoadScripts, gzippedSize } from "./first-load.mjs";

/** The end of a document as Remix 2's <Scripts /> writes it (lazy route discovery: the manifest inline). */
const html = `<!DOCTYPE html><html><head>
<link rel="stylesheet" href="/build/_assets/app-X.css"/>
<script id="i18n-resources" type="application/json">{"note":"import \\"/not/a/script.js\\""}</script>
</head><body><main></main>
<script nonce="n">window.__remixContext = {"state":{"loaderData":{"root":{"text":"import x from 'nothing'"}}}};</script>
<link rel="modulepreload" href="/build/entry.client-A.js"/><link rel="modulepreload" href="/build/_shared/chunk-B.js"/>
<link rel="modulepreload" href="/build/root-C.js"/><link rel="modulepreload" href="/build/_shared/chunk-B.js"/>
<script nonce="n" type="module" async="">;
import * as route0 from "/build/root-C.js";
import * as route1 from "/build/routes/home-D.js";
window.__remixManifest = { "entry": { "module": "/build/entry.client-A.js", "imports": ["/build/_shared/chunk-E.js"] } };
window.__remixRouteModules = {"root":route0,"routes/home":route1};

import("/build/entry.client-A.js");</script>
<script type="module" src="/build/extra-F.js"></script>
</body></html>`;

describe("the first load's JavaScript", () => {
  it("is what the page names: modulepreloads, module scripts' sources and imports, once each, in order", () => {
    expect(firstLoadScripts(html)).toEqual([
      "/build/entry.client-A.js",
      "/build/_shared/chunk-B.js",
      "/build/root-C.js",
      "/build/routes/home-D.js",
      "/build/extra-F.js",
    ]);
  });

  it("counts the scripts a document holds until after its load event (app/web/scripts-after-load.server.ts)", () => {
    const held = html
      .replaceAll('<link rel="modulepreload" href=', '<link rel="x-modulepreload" href=')
      .replace('<script nonce="n" type="module" async="">', '<script nonce="n" type="text/x-module-after-load" async="">');
    expect(held).not.toContain('rel="modulepreload" href=');
    expect(firstLoadScripts(held)).toEqual(firstLoadScripts(html));
  });

  it("counts each file gzipped, largest first, and their total", () => {
    const big = new TextEncoder().encode(Array.from({ length: 50 }, (_, i) => `export const x${i} = ${i * i};`).join("\n"));
    const small = new TextEncoder().encode("export {};");
    const { total, rows } = countGzipped([
      ["/small.js", small],
      ["/big.js", big],
    ]);
    expect(rows.map(([url]) => url)).toEqual(["/big.js", "/small.js"]);
    expect(total).toBe(gzippedSize(big) + gzippedSize(small));
  });
});
