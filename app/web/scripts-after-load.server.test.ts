import { describe, expect, it } from "vitest";
import { HELD_SCRIPT_TYPE, scriptsAfterLoad } from "./scripts-after-load.server";

const NONCE = "n0nce+/=";
const rewrite = (html: string) => scriptsAfterLoad(Buffer.from(html), NONCE).toString();

const page =
  '<head><link rel="stylesheet" href="/a.css"/></head><body><p>«Pizza» ñ</p>' +
  '<link rel="modulepreload" href="/build/entry.js"/><link rel="modulepreload" href="/build/root.js"/>' +
  `<script nonce="${NONCE}">window.__remixContext = {};</script>` +
  `<script nonce="${NONCE}" type="module" async="">import "/build/root.js";\nimport("/build/entry.js");</script></body></html>`;

describe("scriptsAfterLoad", () => {
  it("holds the preloads' addresses and Remix's module script, and adds the script that starts them after load", () => {
    const html = rewrite(page);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toContain('<link rel="x-modulepreload" href="/build/entry.js"/><link rel="x-modulepreload" href="/build/root.js"/>');
    // The same element, a type that does not run, its text untouched; the context script before it is left alone.
    expect(html).toContain(`<script nonce="${NONCE}">window.__remixContext = {};</script>`);
    expect(html).toContain(`<script nonce="${NONCE}" type="${HELD_SCRIPT_TYPE}" async="">import "/build/root.js";\nimport("/build/entry.js");</script>`);
    expect(html).not.toMatch(/<script[^>]* type="module"/);
    // The starter right after it, with the page's nonce (the CSP allows no other inline script), then the rest.
    const starter = html.slice(html.indexOf(`${HELD_SCRIPT_TYPE}`));
    expect(starter).toMatch(new RegExp(`^${HELD_SCRIPT_TYPE}" async="">[^<]*</script><script nonce="n0nce\\+/=">\\(function\\(\\)\\{[^<]*</script></body></html>$`));
    expect(starter).toContain('addEventListener("load",later,{once:true})');
    expect(starter).toContain('s.nonce="n0nce+/="');
    expect(html.startsWith('<head><link rel="stylesheet" href="/a.css"/></head><body><p>«Pizza» ñ</p>')).toBe(true);
  });

  it("hands back the same bytes when the document has no scripts (the menu's list)", () => {
    const body = Buffer.from('<link rel="stylesheet" href="/a.css"/><p>rel="modulepreload" in text is left</p>');
    expect(scriptsAfterLoad(body, NONCE)).toBe(body);
  });

  it("leaves the document as it is when no module script of this nonce follows the preloads (nothing would start them)", () => {
    for (const html of [
      'x<link rel="modulepreload" href="/a.js"/><script type="module">1</script>',
      `x<script nonce="${NONCE}" type="module">0</script><link rel="modulepreload" href="/a.js"/>`,
      `x<link rel="modulepreload" href="/a.js"/><script nonce="${NONCE}" type="module">cut short`,
    ]) {
      const body = Buffer.from(html);
      expect(scriptsAfterLoad(body, NONCE)).toBe(body);
    }
  });
});
