import { randomBytes } from "node:crypto";
import { redirect } from "@remix-run/node";
import { claimCart } from "#server/cart/rows";
import { now } from "#server/clock";
import type { Customer } from "#server/customers/accounts";
import { openSession, revokeSession } from "#server/security/sessions";
import { commitSession, type Notice } from "~/web/session.server";
import { rememberDevice } from "~/web/device.server";
import { DomainError } from "#server/errors";
import { noticeForError, redirectWith, safeBackPath, storefront, type Storefront } from "~/web/storefront.server";

/**
 * The customer's session, inside the storefront's own cookie (`__pizza`): it carries a random token of a session
 * kept on the server (server/security/sessions.ts), so that signing out, a password reset or an account deletion
 * ends it everywhere. The storefront (storefront.server.ts) reads the customer once per request.
 */
export const CUSTOMER_SESSION_DAYS = 30;
export const LOGIN_PATH = "/login";

/** Where sign-in sends back to: a safe path of this site (spec: back to the page asked for after sign-in). */
export const loginPathFor = (back: string) => `${LOGIN_PATH}?redirectTo=${encodeURIComponent(back)}`;

/** The signed-in customer with the storefront, or a 303 to the sign-in page that comes back here. */
export async function requireCustomer(request: Request): Promise<Storefront & { customer: Customer }> {
  const store = await storefront(request);
  if (!store.customer) {
    const url = new URL(request.url);
    const back = request.method === "GET" ? url.pathname + url.search : url.pathname;
    throw await redirectWith(store.session, loginPathFor(back), store.session.get("notice") ?? { tone: "info", key: "notices.account.signInFirst" });
  }
  return store as Storefront & { customer: Customer };
}

/** Only for guests (spec: /register is for anonymous users): a signed-in customer goes to the profile. */
export async function requireGuest(request: Request): Promise<Storefront> {
  const store = await storefront(request);
  if (store.customer) throw redirect("/profile");
  return store;
}

/**
 * Signs a customer in on this browser: ends the session it had (if any), opens a new server-side session (a new
 * token: the session id rotates at sign-in, no fixation) and a new checkout scope (`sid`), keeps the guest's
 * cart and disposition and makes the cart the customer's. Answers the 303 to `back` with a welcome notice, the
 * session cookie and the known-device cookie.
 */
export async function signInCustomer(
  store: Storefront,
  request: Request,
  customer: { id: number; email: string; firstName: string },
  back: string,
  notice: Notice = { tone: "success", key: "notices.account.signedIn", values: { name: customer.firstName } },
): Promise<Response> {
  const at = now();
  const previous = store.session.get("customerToken");
  if (typeof previous === "string") await revokeSession(store.db, previous, at);
  const token = await openSession(store.db, {
    subject: "customer",
    subjectId: customer.id,
    now: at,
    ttlMs: CUSTOMER_SESSION_DAYS * 24 * 60 * 60_000,
    userAgent: request.headers.get("user-agent") ?? "",
  });
  store.session.set("customerToken", token);
  store.session.set("sid", randomBytes(16).toString("base64url"));
  const cartUuid = store.session.get("cartUuid");
  if (cartUuid) await claimCart(store.db, cartUuid, customer.id);
  const response = await redirectWith(store.session, safeBackPath(back, "/home"), notice);
  response.headers.append("Set-Cookie", await rememberDevice(request, "customer", customer.email));
  return response;
}

/**
 * Signs the browser out (spec: logout calls the server and returns home): the server-side session ends (the token
 * is worthless from now on, wherever copied), the session forgets it and the cart (the customer's; a shared
 * computer's next visitor starts empty) and a delivery choice (its address is the customer's), keeps the language and
 * a carry-out choice.
 */
export async function signOutCustomer(store: Storefront, notice = { tone: "info" as const, key: "notices.account.signedOut" }): Promise<Response> {
  const token = store.session.get("customerToken");
  if (typeof token === "string") await revokeSession(store.db, token, now());
  store.session.unset("customerToken");
  store.session.unset("cartUuid");
  store.session.unset("sid");
  store.session.unset("pendingReorder");
  // A delivery choice carries the customer's address (a saved place's, or one typed at checkout), which the next
  // person at a shared computer would find in the header and the checkout: it goes too. A carry-out choice is only
  // an outlet, and stays.
  if (store.session.get("disposition")?.orderType === "D") store.session.unset("disposition");
  store.customer = undefined;
  return redirectWith(store.session, "/home", notice);
}

/** Commits the storefront session (for answers that are not redirects). */
export const commitStore = (store: Storefront) => commitSession(store.session);

/** The notice of a limit reached (CUS-100016: "too many tries, try again in N minutes"). */
export function throttledNotice(store: Storefront, retryAfterSeconds: number): Notice {
  return noticeForError(new DomainError("CUS-100016", { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) }), store.lng);
}
