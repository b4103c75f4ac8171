import type { LoaderFunctionArgs } from "@remix-run/node";
import { localeFile } from "~/i18n/locales.server";

/**
 * One namespace of one language's translations, for the namespaces a client-side navigation needs and the page
 * did not inline (app/i18n/client.tsx). The name carries the content's hash, so the answer is cached for a year
 * by anyone; a wrong or stale hash, an unknown language or namespace is a 404 (the browser then loads the page as
 * a document, which inlines what it needs).
 */
export function loader({ params }: LoaderFunctionArgs) {
  const body = localeFile(params.lng, params.file);
  if (body === undefined) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" } });
  }
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
