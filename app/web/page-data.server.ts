import { createRequire } from "node:module";
import { defer } from "@remix-run/node";
import type { EntryContext } from "@remix-run/node";

/**
 * The answer of a loader every hot page runs (the root's, the menu's), without Remix 2's JSON round trip (issue 15).
 *
 * `json()` turns a loader's data into JSON text, and for a document Remix's router parses that text straight back
 * for the render: about 9 % of a menu page's CPU, for two loaders' data. `defer` with no promise in the data hands
 * the router the object itself. A data request (a client-side navigation, `?_data=`) still gets the data as JSON,
 * in Remix's deferred format, which its client reads (a JSON text and a blank line: nothing follows).
 *
 * The render then sees the loader's own objects, not a parsed copy, so the data must be what JSON gives back (strings,
 * finite numbers, booleans, null, arrays and plain objects: no Date, no class), or the server's HTML and the browser's
 * hydration could differ; tests/integration/page-data.test.ts checks both loaders' data. The render must not change
 * it either (nothing in the components sorts or splices what it is given). Headers (Set-Cookie) go as with `json`.
 */
export function pageData<Data extends Record<string, unknown>>(data: Data, init?: ResponseInit) {
  return defer(data, init);
}

/**
 * Remix sends a page with scripts its deferred-data helpers (~0.3 KiB gzipped of inline script) whenever a loader
 * answered with `defer`, even when nothing was deferred. The `pageData` answers have no promise, so they are
 * dropped from the render's list of deferred answers before it runs: the page is byte for byte what `json` made.
 * An answer with a promise in it (a real `defer`) stays and streams as Remix streams it.
 */
export function withoutSettledDeferreds(remixContext: EntryContext): void {
  const context = remixContext.staticHandlerContext;
  const active = context.activeDeferreds;
  if (!active) return;
  const pending = Object.entries(active).filter(([, deferred]) => deferred.deferredKeys.length > 0);
  context.activeDeferreds = pending.length > 0 ? Object.fromEntries(pending) : null;
}

type CreateServerHandoffString = (serverHandoff: unknown) => string;

const LAZY = Symbol.for("storefront.lazyServerHandoff");

/**
 * The hydration data a page hands its scripts (`window.__remixContext = …`), written out only when the page has
 * scripts. Remix stringifies every document's loader data into it before the render starts, but only `<Scripts>`
 * reads it (in a template string), and a page without scripts (the menu's list, root.tsx's `handle.scripts`) never
 * renders `<Scripts>`: ~3 % of a menu page's CPU spent on a string nobody reads (issue 15). The answer stands in for
 * the string and makes it, once, when it is first turned into text; the data it is made from is the loaders' own,
 * which nothing changes after they answer.
 */
export function lazyServerHandoff(original: CreateServerHandoffString): CreateServerHandoffString {
  return (serverHandoff) => {
    let text: string | undefined;
    const written = () => {
      text ??= original(serverHandoff);
      return text;
    };
    return { toString: written, valueOf: written, [Symbol.toPrimitive]: written } as unknown as string;
  };
}

/** Puts `lazyServerHandoff` in place on the server runtime's module, which its document handler calls through, once. */
export function installLazyServerHandoff(): void {
  const require = createRequire(import.meta.url);
  const handoff = require("@remix-run/server-runtime/dist/serverHandoff.js") as {
    createServerHandoffString: CreateServerHandoffString & { [LAZY]?: boolean };
  };
  if (!handoff.createServerHandoffString[LAZY]) {
    handoff.createServerHandoffString = Object.assign(lazyServerHandoff(handoff.createServerHandoffString), { [LAZY]: true });
  }
}
