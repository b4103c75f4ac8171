import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
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
import { inlineJson, RESOURCES_ELEMENT_ID, useTranslation, useTranslations } from "~/i18n/react";
import { cartSummary } from "~/web/cart.server";
import { now, wallClock } from "#server/clock";
import { useDocument } from "~/web/context";
import { ErrorPage, errorText, useCaughtError } from "~/components/ErrorPage";
import { dirOf, type Lng } from "~/i18n/config";
import { Layout, layoutOf } from "~/layouts";
import { commitSession } from "~/web/session.server";
import { translator } from "~/i18n/translator.server";
import { recordActivity, storefront } from "~/web/storefront.server";
import { csrfToken } from "~/web/csrf.server";
import { siteChrome } from "~/web/site.server";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { orderTimeDialog } from "~/web/order-time.server";
import styles from "~/styles/app.css";

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
export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.brand }] : []);

/**
 * Every rendered page records activity (the idle reset of spec section 4 counts from it), so the session cookie
 * is committed on every page; it also consumes the one-shot notice. A route's own Set-Cookie comes after this
 * one in the response, so a loader or action that changes the session still wins.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const store = await storefront(request);
  // Activity is written back at most once a minute (or with a notice read): fewer Set-Cookie headers, and less
  // chance of a page response overwriting the session a concurrent form post just changed.
  const stale = now().getTime() - (store.session.get("lastActivity") ?? 0) >= 60_000;
  if (stale) recordActivity(store.session);
  const notice = store.session.get("notice") ?? null;
  // What a refused cart form had chosen (routes/cart.tsx), for the page it came back to; one-shot like the notice.
  const cartChoice = store.session.get("cartChoice") ?? null;
  // A coupon code the cart refused from the coupon field, for that field on the page it came back to.
  const couponMessage = store.session.get("couponMessage") ?? null;
  // The lines a reorder left out (routes/history lists them); read here with the notice, so one commit consumes both.
  const reorderLeftOut = store.session.get("reorderLeftOut") ?? null;
  const disposition = store.session.get("disposition");
  const cart = await cartSummary(store);
  const url = new URL(request.url);
  const t = translator(store.lng, "common");
  // Dialogs are URL state: `?dialog=order-time` renders the order-time dialog open over the page.
  const orderTime = url.searchParams.get("dialog") === "order-time" ? await orderTimeDialog(store, url.searchParams.get("day")) : null;
  const { emergency, footer } = await siteChrome(store);
  const [csrf, csrfCookie] = await csrfToken(request);
  const headers = new Headers();
  if (stale || notice || cartChoice || couponMessage || reorderLeftOut) headers.append("Set-Cookie", await commitSession(store.session));
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);
  return json(
    {
      brand: t("brand.name"),
      lng: store.lng,
      dir: dirOf(store.lng),
      notice,
      cartChoice,
      couponMessage,
      reorderLeftOut,
      path: url.pathname + url.search,
      disposition: disposition
        ? {
            orderType: disposition.orderType,
            outletName: disposition.outletName,
            postalCode: disposition.postalCode ?? null,
            collectionTime: disposition.advanceOrder === 1 ? (disposition.collectionTime ?? null) : null,
            /** today in the outlet's zone, so the header can say "Hoy" / "Mañana" */
            today: wallClock(now(), disposition.timezone).date,
          }
        : null,
      orderTime,
      cartCount: cart?.count ?? 0,
      /** The footer's links and text (the `footer` content page), or null for the built-in links. */
      footer,
      /** The emergency banner while it is on and this browser has not dismissed it (server/content/emergency.ts). */
      emergency,
      /** Who is signed in, for the header (null: a guest). */
      customer: store.customer ? { firstName: store.customer.firstName } : null,
      csrf,
    },
    { headers },
  );
}

/** The root loader records activity, so it runs on every navigation, not only after form posts. */
export const shouldRevalidate = () => true;

/**
 * In the browser, on every navigation: the root's data, and meanwhile the translations that the next page's routes
 * name and this page lacks, so the page renders translated (the document itself carries its own).
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const [data] = await Promise.all([serverLoader<typeof loader>(), loadRouteTranslations(request.url)]);
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

function Document({ lng, title, children }: { lng: Lng; title?: string; children: ReactNode }) {
  const { nonce } = useDocument();
  const { resources, hashes } = useTranslations();
  const refreshSeconds = useNoscriptRefresh();
  return (
    <html lang={lng} dir={dirOf(lng)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {title ? <title>{title}</title> : <Meta />}
        {refreshSeconds ? (
          <noscript>
            <meta httpEquiv="refresh" content={String(refreshSeconds)} />
          </noscript>
        ) : null}
        <Links />
      </head>
      <body>
        {children}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON made safe for a script element by inlineJson */}
        <script id={RESOURCES_ELEMENT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: inlineJson({ hashes, resources }) }} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  const matches = useMatches();
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
    <Document lng={lng} title={`${t(errorText(status, edge).title)} · ${t("brand.name")}`}>
      <ErrorPage status={status} edge={edge} />
    </Document>
  );
}
