import { randomUUID } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { now, wallClock } from "#server/clock";
import { dirOf } from "~/i18n/config";
import { cartSummary } from "~/web/cart.server";
import { csrfToken } from "~/web/csrf.server";
import { orderTimeDialog } from "~/web/order-time.server";
import { pageData } from "~/web/page-data.server";
import { commitSession } from "~/web/session.server";
import { brandOf, siteChrome } from "~/web/site.server";
import { recordActivity, storefront } from "~/web/storefront.server";

/**
 * Every rendered page records activity (the idle reset of spec section 4 counts from it), so the session cookie
 * is committed on every page; it also consumes the one-shot notice. A route's own Set-Cookie comes after this
 * one in the response, so a loader or action that changes the session still wins.
 */
export async function rootLoader({ request }: LoaderFunctionArgs) {
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
  const at = now().getTime();
  // A chosen slot that has passed (the customer stayed on) is not shown as the order time: a time is asked for.
  // (A session from before the slot's instant was kept has none: it is read as ASAP, as the cart and the menu read it.)
  const slotPassed = disposition?.advanceOrder === 1 && disposition.collectionAt !== undefined && disposition.collectionAt <= at;
  const cart = await cartSummary(store);
  const url = new URL(request.url);
  // Dialogs are URL state: `?dialog=order-time` renders the order-time dialog open over the page.
  const orderTime = url.searchParams.get("dialog") === "order-time" ? await orderTimeDialog(store, url.searchParams.get("day")) : null;
  const { emergency, footer } = await siteChrome(store);
  const [csrf, csrfCookie] = await csrfToken(request);
  const headers = new Headers();
  if (stale || notice || cartChoice || couponMessage || reorderLeftOut) headers.append("Set-Cookie", await commitSession(store.session));
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);
  return pageData(
    {
      /** The tenant's name in this language (titles, header), logo, customer-care line and colours. */
      brand: brandOf(store.lng),
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
            collectionTime: disposition.advanceOrder === 1 && !slotPassed ? (disposition.collectionTime ?? null) : null,
            /** ask for a time: the chosen slot has passed, or ASAP is not offered now (the outlet closed or about to
             * close, noted when it refused) */
            scheduleNeeded: slotPassed || (disposition.advanceOrder !== 1 && (disposition.asapFrom ?? 0) > at),
            /** today in the outlet's zone, so the header can say "Hoy" / "Mañana" */
            today: wallClock(new Date(at), disposition.timezone).date,
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
      /**
       * This page's one-time value for its add forms (CartForm): posted twice with the same choice, as a double
       * click on a page without scripts does, the second adds nothing (server/cart/rows.ts, `addToCart`).
       */
      once: randomUUID(),
    },
    { headers },
  );
}
