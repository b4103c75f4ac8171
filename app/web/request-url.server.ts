import { createRequire } from "node:module";

/**
 * A request's `url` read once (issue 15).
 *
 * The server's Request is `@remix-run/web-fetch`'s (scripts/serve.mjs installs it as the global). Its `url` getter
 * formats the parsed URL again on every read (`url.format`), and a document request reads it about ten times: the
 * adapter, Remix's handler and its `_data`/`index` checks, the static handler's match, the root and page loaders
 * (1.2 % of a menu page's server CPU). A Request's URL cannot change, so the first answer is kept with the request.
 * `installRequestUrlCache` puts that getter on the class, once per process; the class is the one module every
 * server package requires, so it is in place before the first request whenever the globals are installed.
 */
const MEMOIZED = Symbol.for("storefront.requestUrlMemoized");

export function memoizeUrl(prototype: object): void {
  const own = Object.getOwnPropertyDescriptor(prototype, "url");
  if (!own?.get || (own.get as { [MEMOIZED]?: boolean })[MEMOIZED]) return;
  const read = own.get;
  const urls = new WeakMap<object, string>();
  const get = function (this: object): string {
    let url = urls.get(this);
    if (url === undefined) {
      url = read.call(this) as string;
      urls.set(this, url);
    }
    return url;
  };
  Object.defineProperty(prototype, "url", { ...own, get: Object.assign(get, { [MEMOIZED]: true }) });
}

export function installRequestUrlCache(): void {
  const require = createRequire(import.meta.url);
  memoizeUrl((require("@remix-run/web-fetch") as { Request: { prototype: object } }).Request.prototype);
}
