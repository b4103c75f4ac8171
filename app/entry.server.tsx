import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { compressDocument } from "~/web/compress-document.server";
import { DocumentContext } from "~/web/context";
import { namespacesOf } from "~/i18n/config";
import { pageTranslations } from "~/i18n/locales.server";
import { TranslationProvider } from "~/i18n/react";
import { requestLanguage } from "~/web/i18next.server";
import { requestId } from "~/web/request.server";
import { bindLoader, contextScope } from "~/web/request-scope.server";
import { installRouteMatchCache } from "~/web/route-matching.server";
import { installLazyServerHandoff, withoutSettledDeferreds } from "~/web/page-data.server";
import { installRequestUrlCache } from "~/web/request-url.server";
import { renderDocument } from "~/web/render-document.server";
import { scriptsAfterLoad } from "~/web/scripts-after-load.server";
import { mapTileOrigin } from "~/web/stores.server";
import { newNonce } from "~/web/nonce.server";
import { paymentCspSources } from "~/web/payments.server";
import { closeDb, getDb } from "#server/db/client";
import { stopOrderWatchers } from "#server/orders/watch";
import { loggedPath } from "~/web/log-path.server";

export { guardBuild, isCrossSite } from "~/web/edge.server";
export { secureCookies } from "~/web/cookies.server";
export { loggedPath } from "~/web/log-path.server";

const ABORT_DELAY = 5_000;

// Route matches remembered per process: a document matches its path about six times (route-matching.server.ts).
installRouteMatchCache();
// The hydration data written out only for a page with scripts (page-data.server.ts).
installLazyServerHandoff();
// A request's url formatted once, not at each of its ten reads (request-url.server.ts).
installRequestUrlCache();

// Migrate (and seed a new database) before the first request is served. A database that cannot be reached yet
// does not stop the server: requests answer 503 and each one tries again, so it comes up by itself.
await getDb().catch((error: Error) => console.warn(`[db] not ready at start (${error.message}); requests will retry`));

/** Graceful shutdown (scripts/serve.mjs): the process-wide database closes last. */
export async function shutdown(): Promise<void> {
  await stopOrderWatchers();
  await closeDb();
}

/** The `handle` exports of the routes this document renders, root first. */
function handles(remixContext: EntryContext): unknown[] {
  return remixContext.staticHandlerContext.matches.map((match) => remixContext.routeModules[match.route.id]?.handle);
}

/** Pages carry the cart, the session and a CSRF token: never stored by shared caches; `handle.noStore` pages nowhere. */
function cacheControl(remixContext: EntryContext): string {
  const noStore = handles(remixContext).some((handle) => (handle as { noStore?: boolean } | undefined)?.noStore);
  return noStore ? "no-store" : "private, no-cache";
}

export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-store");
  serverTiming(response.headers, context);
  return response;
};

/**
 * `Server-Timing: sql;desc="N"`: the SQL statements the request's loaders and action ran through the storefront's
 * database (app/web/request-scope.server.ts). Shown by a browser's developer tools; tests/server/sql-statements.spec.ts
 * counts them.
 */
function serverTiming(headers: Headers, context: unknown): void {
  const scope = contextScope(context);
  if (scope) headers.append("Server-Timing", `sql;desc="${scope.statements.count}"`);
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(`[${requestId(request)}] ${request.method} ${loggedPath(new URL(request.url).pathname)}`, error);
};

/** Whether a route of this document asks for the payment provider's sources in its CSP (`handle.csp`). */
function wantsPaymentCsp(remixContext: EntryContext): boolean {
  return handles(remixContext).some((handle) => (handle as { csp?: string } | undefined)?.csp === "payment");
}

function securityHeaders(headers: Headers, nonce: string, payment: readonly string[]) {
  const provider = payment.join(" ");
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      // The store pages' map tiles (MAP_TILE_URL) come from the tile server; the payment page's card logos from the provider.
      ["img-src 'self' data:", mapTileOrigin(), provider].filter(Boolean).join(" "),
      // The payment page only: the provider's secured card fields (iframes), its calls, and its hosted page (a form's redirect).
      ["connect-src 'self'", provider].filter(Boolean).join(" "),
      ...(provider ? [`frame-src ${provider}`] : []),
      "frame-ancestors 'none'",
      "base-uri 'self'",
      ["form-action 'self'", provider].filter(Boolean).join(" "),
    ].join("; "),
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "same-origin");
}

/**
 * The document, rendered whole (render-document.server.tsx) and answered as one buffer with its Content-Length,
 * its script preloads at low priority (scripts-after-load.server.ts).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: unknown,
) {
  // Remix's own Request: the same request as its loaders' (one language and one id per request).
  bindLoader(request, loadContext);
  // The root's and the menu's data come as `defer` with nothing deferred (page-data.server.ts): no helpers for it.
  withoutSettledDeferreds(remixContext);
  const lng = await requestLanguage(request);
  // The page renders, and inlines for hydration, only the namespaces its routes name (handle.i18n).
  const translations = pageTranslations(lng, namespacesOf(handles(remixContext)));

  const nonce = newNonce();
  const id = requestId(request);

  let status = responseStatusCode;
  const document = await renderDocument(
    <DocumentContext.Provider value={{ nonce, requestId: responseStatusCode >= 500 ? id : undefined }}>
      <TranslationProvider lng={lng} {...translations}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </TranslationProvider>
    </DocumentContext.Provider>,
    {
      nonce,
      abortAfter: ABORT_DELAY + 1_000,
      onError(error, shellRendered) {
        status = 500;
        // A shell's error is Remix's to log (the render rejects); one inside a Suspense boundary is ours.
        if (shellRendered) console.error(`[${id}] render error`, error);
      },
    },
  );
  const { body, encoding } = await compressDocument(scriptsAfterLoad(document, nonce), request.headers.get("Accept-Encoding"));
  if (encoding) {
    responseHeaders.set("Content-Encoding", encoding);
    responseHeaders.append("Vary", "Accept-Encoding");
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Length", String(body.length));
  responseHeaders.set("X-Request-Id", id);
  serverTiming(responseHeaders, loadContext);
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", cacheControl(remixContext));
  // The provider's sources for the payment page itself, not its error page (an unknown attempt's 404).
  securityHeaders(responseHeaders, nonce, status < 400 && wantsPaymentCsp(remixContext) ? paymentCspSources() : []);
  return new Response(body, { headers: responseHeaders, status });
}
