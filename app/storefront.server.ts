import { json, redirect, type Session } from "@remix-run/node";
import { getDb, type Database } from "#server/db/client";
import { now } from "#server/clock";
import { DomainError, isDomainError } from "#server/errors";
import { errorMessageKey } from "./errors";
import { formatMoney } from "./format";
import { fallbackLng, isLng, type Lng } from "./i18n/config";
import { commitSession, getSession, type FlashData, type Notice, type SessionData } from "./session.server";

export type StoreSession = Session<SessionData, FlashData>;

export interface Storefront {
  db: Database;
  session: StoreSession;
  lng: Lng;
}

/** Everything a loader or action needs about the visitor: database, session, language. */
export async function storefront(request: Request): Promise<Storefront> {
  const [session, db] = await Promise.all([getSession(request.headers.get("Cookie")), getDb()]);
  const stored = session.get("lng");
  return { db, session, lng: isLng(stored) ? stored : fallbackLng };
}

/** Values of error data that are money (centavos) and are shown formatted. */
const moneyKeys = new Set(["amount", "max", "min"]);

export function noticeForError(error: DomainError, lng: Lng): Notice {
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(error.data)) {
    values[k] = moneyKeys.has(k) && typeof v === "number" ? formatMoney(v, lng) : v;
  }
  return { tone: "error", key: errorMessageKey[error.code], values };
}

/** A 303 to `to`, committing the session (with a flash notice when given) and recording activity. */
export async function redirectWith(session: StoreSession, to: string, notice?: Notice): Promise<Response> {
  if (notice) session.flash("notice", notice);
  session.set("lastActivity", now().getTime());
  return redirect(to, { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
}

/**
 * The answer to a refused request: the page again with a translated message and a 4xx status, so a form posted
 * without JavaScript shows the reason. A cart that no longer exists empties the session's cart and goes home.
 */
export async function refuse(store: Storefront, error: unknown, status = 422): Promise<Response> {
  if (!isDomainError(error)) throw error;
  if (error.code === "CART-01") return cartLost(store);
  return json(
    { notice: noticeForError(error, store.lng) },
    { status, headers: { "Set-Cookie": await commitSession(store.session) } },
  );
}

/** The translated notice of a refusal; anything that is not a DomainError is a bug and is rethrown. */
export function refusalNotice(store: Storefront, error: unknown): Notice {
  if (!isDomainError(error)) throw error;
  return noticeForError(error, store.lng);
}

/** CART-01: the cart is gone on the server; forget it in the session and go home with the message. */
export async function cartLost(store: Storefront): Promise<Response> {
  {
    store.session.unset("cartUuid");
    return redirectWith(store.session, "/home", noticeForError(new DomainError("CART-01"), store.lng));
  }
}

/** Only same-site paths are followed back, never another host. */
export function safeBackPath(value: FormDataEntryValue | null, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return fallback;
  }
  return value;
}
