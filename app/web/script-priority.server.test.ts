import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./script-priority.server";

const rewrite = (html: string) => lowPriorityModulePreloads(Buffer.from(html)).toString();

describe("lowPriorityModulePreloads", () => {
  it("asks for every module preload at low priority and leaves the rest of the document as it was", () => {
    const html =
      '<head><link rel="stylesheet" href="/a.css"/></head><body><p>«Pizza» ñ</p>' +
      '<link rel="modulepreload" href="/build/entry.js"/><link rel="modulepreload" href="/build/root.js"/>' +
      '<script type="module" async="">import "/build/entry.js";</script></body>';
    expect(rewrite(html)).toBe(
      '<head><link rel="stylesheet" href="/a.css"/></head><body><p>«Pizza» ñ</p>' +
        '<link rel="modulepreload" fetchpriority="low" href="/build/entry.js"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/build/root.js"/>' +
        '<script type="module" async="">import "/build/entry.js";</script></body>',
    );
  });

  it("hands back the same bytes when the document preloads no module", () => {
    const body = Buffer.from('<link rel="stylesheet" href="/a.css"/><p>rel="modulepreload" in text is left</p>');
    expect(lowPriorityModulePreloads(body)).toBe(body);
  });

  it("rewrites a preload at the very end of the bytes", () => {
    expect(rewrite('x<link rel="modulepreload"')).toBe('x<link rel="modulepreload" fetchpriority="low"');
  });
});
