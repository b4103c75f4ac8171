import type { HeadersFunction, LinksFunction, MetaFunction } from "@remix-run/node";
import type { rootLoader as loader } from "~/web/root.server";
import { useFocusAfterNavigation, useFocusAfterSubmit } from "~/components/ui/focus-after-submit";
import {
  type ClientLoaderFunctionArgs,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { loadRouteTranslations } from "~/i18n/client";
import { RESOURCES_ELEMENT_ID, translationsJson, useTranslation, useTranslations } from "~/i18n/react";
import { useDocument } from "~/web/context";
import { ErrorPage, errorText, useCaughtError } from "~/components/ErrorPage";
import { dirOf, type Lng } from "~/i18n/config";
import { Layout, layoutOf, OrderTimeDialog } from "~/layouts";
import { preloadForms } from "~/lazy-form";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import styles from "~/styles/app.css";
// The tenant's name and colours (tenant.config.ts, validated by server/tenant.ts), so that a page whose root loader
// failed (the database away) still wears the brand: named imports, the bundle carries these two fields alone.
import { colours, name as tenantName } from "../tenant.config";

/** The tenant's colours as the style sheet's custom properties (app.css's own are neutral greys). */
const THEME = `:root{--brand:${colours.brand};--brand-dark:${colours.brandDark}}`;

export const handle = { i18n: ["common", "errors", "ordertime"] };

/** An error page keeps what its refusal said about retrying and the connection (a 503's Retry-After, a 413's close). */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const kept = new Headers();
  for (const name of ["Retry-After", "Connection"]) {
    const value = errorHeaders?.get(name);
    if (value) kept.set(name, value);
  }
  return kept;
};

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Route meta replaces the root's in Remix 2, so the viewport tag lives in the document itself.
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.brand.name }, { name: "description", content: data.brand.description }] : [];

/** The root's data (app/web/root.server.ts): its code and the server modules it reads stay out of the browser's bundle. */
export { rootLoader as loader } from "~/web/root.server";

/** The root loader records activity, so it runs on every navigation, not only after form posts. */
export const shouldRevalidate = () => true;

/**
 * In the browser, on every navigation: the root's data, and meanwhile the translations that the next page's routes
 * name and this page lacks, so the page renders translated (the document itself carries its own), and the order-time
 * dialog's code when the next page opens it.
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const dialog = new URL(request.url).searchParams.get("dialog") === "order-time" ? [OrderTimeDialog] : [];
  const [data] = await Promise.all([serverLoader<typeof loader>(), loadRouteTranslations(request.url), preloadForms(...dialog)]);
  return data;
}

export type RootData = ReturnType<typeof useLoaderData<typeof loader>>;

/** Seconds after which a script-less browser should reload this page (a route's `handle.noscriptRefresh`). */
function useNoscriptRefresh(): number | null {
  const matches = useMatches();
  for (const match of matches) {
    const refresh = (match.handle as { noscriptRefresh?: (data: unknown) => number | null } | undefined)?.noscriptRefresh;
    if (refresh) return refresh(match.data);
  }
  return null;
}

/**
 * Whether this document loads the app's scripts. A route may answer as plain HTML (`handle.scripts`, given its data:
 * the menu's product list), its forms posting as without JavaScript, so that its first load carries no script at all
 * (issue 15's 90 KiB: React and Remix's client alone are 81). In the browser the app is already running (this render
 * is a hydration, or a client navigation to such a route), so the scripts stay. A page with the order-time dialog
 * open keeps them: with them the dialog is modal (focus kept in it, Escape closes it, the day's times follow at once).
 * Such a document is rendered whole (render-document.server.tsx); a part that fails in that render (a lazy part's
 * error, which React leaves for the browser to draw) stays out of it, and the answer is a 500 logged with its request
 * id (entry.server.tsx), as on any page.
 */
function useDocumentScripts(): boolean {
  const matches = useMatches();
  if (typeof document !== "undefined") return true;
  if ((matches[0]?.data as { orderTime?: unknown } | undefined)?.orderTime) return true;
  return matches.every((match) => {
    const scripts = (match.handle as { scripts?: (data: unknown) => boolean } | undefined)?.scripts;
    return scripts ? scripts(match.data) : true;
  });
}

function Document({ lng, title, children }: { lng: Lng; title?: string; children: ReactNode }) {
  const { nonce } = useDocument();
  const { resources, hashes } = useTranslations();
  const refreshSeconds = useNoscriptRefresh();
  const scripts = useDocumentScripts();
  return (
    <html lang={lng} dir={dirOf(lng)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* `html.js` before the body is parsed: what only browsers without script need is hidden from the first paint. */}
        {/* A document without the app's scripts is one without script: what script-less browsers need stays shown. */}
        {scripts ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: 'document.documentElement.classList.add("js")' }} />
        ) : null}
        {title ? <title>{title}</title> : <Meta />}
        {refreshSeconds ? (
          <noscript>
            <meta httpEquiv="refresh" content={String(refreshSeconds)} />
          </noscript>
        ) : null}
        <Links />
        <style>{THEME}</style>
      </head>
      <body>
        {children}
        {scripts ? (
          <>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON made safe for a script element by inlineJson */}
            <script id={RESOURCES_ELEMENT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: translationsJson({ hashes, resources }) }} />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  const matches = useMatches();
  useFocusAfterSubmit();
  useFocusAfterNavigation();
  return (
    <Document lng={data.lng}>
      <AuthenticityTokenProvider token={data.csrf}>
        <Layout name={layoutOf(matches)} root={data}>
          <Outlet />
        </Layout>
      </AuthenticityTokenProvider>
    </Document>
  );
}

export function ErrorBoundary() {
  const { status, edge } = useCaughtError();
  const { lng } = useTranslations();
  const { t } = useTranslation("common");
  return (
    <Document lng={lng} title={`${t(errorText(status, edge).title)} · ${tenantName[lng]}`}>
      <ErrorPage status={status} edge={edge} />
    </Document>
  );
}
