import { redirect, redirectDocument, type Session } from "@remix-run/node";
import { deleteCart } from "#server/cart/rows";
import { getDb, type Database } from "#server/db/client";
import { counting } from "#server/db/counting";
import { now } from "#server/clock";
import { idleExpired } from "#server/cart/idle";
import { findCustomer, type Customer } from "#server/customers/accounts";
import { sessionSubject } from "#server/security/sessions";
import { DomainError, isDomainError } from "#server/errors";
import { errorMessageKey, moneyFields, orderTimeDialogCodes, stampFields, weekdayFields } from "~/errors";
import { withOrderTimeDialogOpen } from "~/components/order-time/paths";
import { formatDay, formatMoney, weekdayNames } from "~/format";
import { fallbackLng, isLng, type Lng } from "~/i18n/config";
import { commitSession, getSession, type FlashData, type Notice, type SessionData } from "~/web/session.server";
import { perRequest } from "~/web/request-scope.server";
import { seedRequestLanguage } from "~/web/i18next.server";

export type StoreSession = Session<SessionData, FlashData>;

export interface Storefront {
  db: Database;
  session: StoreSession;
  lng: Lng;
  /** The signed-in customer, or undefined (a guest, or a session that ended: see `signedInCustomer`). */
  customer: Customer | undefined;
}

/**
 * Everything a loader or action needs about the visitor: database, session, language.
 * Before anything else it applies the idle reset (spec section 4): see `resetWhenIdle`.
 */
export function storefront(request: Request, options: { idleBack?: string } = {}): Promise<Storefront> {
  // The root loader and the page's loader of one request share one storefront (one session read, one customer
  // lookup, one idle check, one cart read: app/web/request-scope.server.ts).
  return perRequest(request, STOREFRONT, (scope) => openStorefront(request, options.idleBack, scope.statements));
}

const STOREFRONT = Symbol("storefront");

async function openStorefront(request: Request, idleBack: string | undefined, statements: { count: number }): Promise<Storefront> {
  const [session, db] = await Promise.all([getSession(request.headers.get("Cookie")), getDb()]);
  const stored = session.get("lng");
  const lng = isLng(stored) ? stored : fallbackLng;
  // The document's render asks the language too (entry.server): the session just read answers it.
  seedRequestLanguage(request, lng);
  const store: Storefront = { db: counting(db, statements), session, lng, customer: undefined };
  store.customer = await signedInCustomer(store);
  await resetWhenIdle(store, request, idleBack);
  return store;
}

/**
 * The customer whose session token the cookie carries, while its server-side session holds and the account exists.
 * A token that no longer holds (signed out elsewhere, a password reset, expired: CUS-100001) or whose account is
 * gone (the spec's invalid customer, CUS-100002) signs the browser out, with the message as a one-shot notice.
 */
async function signedInCustomer(store: Storefront): Promise<Customer | undefined> {
  const token = store.session.get("customerToken");
  if (typeof token !== "string") return undefined;
  const id = await sessionSubject(store.db, token, "customer", now());
  const customer = id === undefined ? undefined : await findCustomer(store.db, id);
  if (!customer) {
    store.session.unset("customerToken");
    store.session.flash("notice", noticeForError(new DomainError(id === undefined ? "CUS-100001" : "CUS-100002"), store.lng));
  }
  return customer;
}

/**
 * "After one hour or more since the last recorded activity, any user activity empties the cart on the server and
 * reloads the page." When the session holds a cart and its last activity is `constants.idleResetMinutes` or more
 * ago, the cart is deleted on the server and forgotten, and the request is answered by a 303 to the same path and
 * query with an info notice (so a post is not applied: the visitor sees the page again, without the cart).
 * A loader and an action of one request may both get here: the delete is idempotent and both throw the same
 * redirect. Nothing happens without a cart or without a recorded activity. A form posted to another path than its
 * page's (the cart forms post to /cart) names the page to go back to (`back`).
 */
async function resetWhenIdle(store: Storefront, request: Request, back?: string): Promise<void> {
  if (!idleExpired({ hasCart: Boolean(store.session.get("cartUuid")), lastActivity: store.session.get("lastActivity") }, now())) return;
  await forgetCart(store);
  const url = new URL(request.url);
  throw await redirectWith(store.session, back ?? url.pathname + url.search, { tone: "info", key: "notices.idleReset" });
}

/** Deletes the session's cart on the server (nothing happens when it is already gone) and forgets its uuid. */
export async function forgetCart(store: Storefront): Promise<void> {
  const cartUuid = store.session.get("cartUuid");
  if (cartUuid) await deleteCart(store.db, cartUuid);
  store.session.unset("cartUuid");
}

/** Records activity now (the idle reset counts from it); the caller commits the session. */
export function recordActivity(session: StoreSession): void {
  session.set("lastActivity", now().getTime());
}

export function noticeForError(error: DomainError, lng: Lng): Notice {
  const values: Record<string, string | number> = {};
  const money = moneyFields[error.code] ?? [];
  const weekdays = weekdayFields[error.code] ?? [];
  const stamps = stampFields[error.code] ?? [];
  for (const [k, v] of Object.entries(error.data)) {
    values[k] =
      money.includes(k) && typeof v === "number"
        ? formatMoney(v, lng)
        : weekdays.includes(k)
          ? weekdayNames(String(v), lng)
          : stamps.includes(k)
            ? stampText(String(v), lng)
            : v;
  }
  // A wait in minutes is said with its plural form ("en 1 minuto", "en 15 minutos"; Arabic's six forms).
  if (typeof error.data.minutes === "number") values.count = error.data.minutes;
  return { tone: "error", key: errorMessageKey[error.code], values };
}

/** A wall-clock stamp "2026-12-01 10:00" as its day and time in the language ("martes, 1 de diciembre, 10:00"); "" as "…". */
function stampText(stamp: string, lng: Lng): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(stamp);
  return match ? `${formatDay(match[1]!, lng)}, ${match[2]}` : stamp === "" ? "…" : stamp;
}

/** A 303 to `to`, committing the session (with a flash notice when given) and recording activity. */
export async function redirectWith(session: StoreSession, to: string, notice?: Notice, options: { document?: boolean } = {}): Promise<Response> {
  if (notice) session.flash("notice", notice);
  recordActivity(session);
  // `document`: the browser loads the page as a new document even from a client-side navigation (a page whose
  // headers differ, such as the payment page's CSP).
  return (options.document ? redirectDocument : redirect)(to, { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
}

/**
 * The one answer to a refusal of the rules (a DomainError; anything else is a bug and is rethrown):
 * - CART-01, the cart is gone on the server: the session forgets it, and home with the message (`cartLost`);
 * - OUTLET-REQUIRED: home, to choose delivery or carry-out first;
 * - with `orderTimeDialog` (a path): a time the outlet no longer takes opens the order-time dialog on that page,
 *   with its reason;
 * - any other: `answer` gets the translated notice (the page again with it and a 4xx, or a redirect carrying it).
 * Loaders use it too: an answer that is a Response is for the caller to throw.
 */
export async function refused<T>(
  store: Storefront,
  error: unknown,
  answer: (notice: Notice) => T | Promise<T>,
  options: { orderTimeDialog?: string } = {},
): Promise<T | Response> {
  if (!isDomainError(error)) throw error;
  if (error.code === "CART-01") return cartLost(store);
  if (error.code === "OUTLET-REQUIRED") return redirectWith(store.session, "/home", { tone: "info", key: "errors:outletRequired" });
  const notice = noticeForError(error, store.lng);
  if (options.orderTimeDialog && orderTimeDialogCodes.has(error.code)) {
    noteAsapFrom(store, error);
    return redirectWith(store.session, withOrderTimeDialogOpen(options.orderTimeDialog), notice);
  }
  return answer(notice);
}

/**
 * ASAP refused because the outlet is closed or about to close (ADVANCE-ORDER, ORDER-12 with `asapFrom`): the session's
 * ASAP disposition remembers when it is offered again, so the header asks for a time until then (root.server.ts).
 */
export function noteAsapFrom(store: Storefront, error: DomainError): void {
  const disposition = store.session.get("disposition");
  const from = error.data.asapFrom;
  if (disposition && disposition.advanceOrder !== 1 && typeof from === "number") store.session.set("disposition", { ...disposition, asapFrom: from });
}

/** CART-01: the cart is gone on the server; forget it in the session and go home with the message. */
export async function cartLost(store: Storefront): Promise<Response> {
  store.session.unset("cartUuid");
  return redirectWith(store.session, "/home", noticeForError(new DomainError("CART-01"), store.lng));
}

export { safeBackPath } from "~/web/safe-redirect";
