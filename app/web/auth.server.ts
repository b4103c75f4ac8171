import { perRequest } from "~/web/request-scope.server";
import { createCookieSessionStorage, json, redirect, type Session } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getDb, type Database } from "#server/db/client";
import { DomainError, isDomainError } from "#server/errors";
import { openSession, revokeSession, sessionSubject } from "#server/security/sessions";
import { verifyStaffLogin } from "#server/staff/auth";
import { findStaff, isManager, type StaffMember } from "#server/staff/staff";
import { now } from "#server/clock";
import { staffLoginSchema } from "~/components/store/schemas";
import { fallbackLng, isLng, type Lng } from "~/i18n/config";
import { storefrontCookie } from "~/web/cookies.server";
import { clientAddress } from "~/web/edge.server";
import { accountMark, knownAccounts, rememberDevice } from "~/web/device.server";
import { getSession, type Notice } from "~/web/session.server";
import { noticeForError } from "~/web/storefront.server";
import { safeBackPath } from "~/web/safe-redirect";

/**
 * Staff sign-in for the store console (/store), apart from the customers' session:
 * - remix-auth 4's Authenticator is session-agnostic: its FormStrategy checks the posted email and password
 *   (server/staff/auth.ts: argon2id, no user enumeration, the sign-in limits) and returns the staff member;
 * - a server-side session (server/security/sessions.ts) is opened for them, and its random token lives in the
 *   staff's own signed cookie (`__Host-staff` when secure, else `__staff`; 12 hours), never in the customers'.
 *   Every request checks the session row and reads the staff row again, so a sign-out, a password change or a
 *   deactivation ends the session everywhere, at once; each sign-in opens a new session (a new token).
 */
interface StaffSessionData {
  token: string;
}
interface StaffFlashData {
  notice: Notice;
}
export type StaffSession = Session<StaffSessionData, StaffFlashData>;

export const STORE_HOME = "/store";
export const STORE_LOGIN = "/store/login";

const STAFF_SESSION_SECONDS = 60 * 60 * 12;

export const staffSessionStorage = createCookieSessionStorage<StaffSessionData, StaffFlashData>({
  cookie: storefrontCookie("staff", STAFF_SESSION_SECONDS),
});

const STRATEGY = "staff-password";

/**
 * remix-auth's Authenticator with the form strategy, for one sign-in from one client address (remix-auth hands the
 * strategy a copy of the request, so what the strategy needs beyond the form is given here, not looked up by it).
 */
function staffAuthenticator(address: string) {
  return new Authenticator<StaffMember>().use(
    new FormStrategy(async ({ form, request }) => {
      // The action validated the form already; this is the strategy's own guard.
      const parsed = staffLoginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
      if (!parsed.success) throw new DomainError("STAFF-AUTH");
      const knownDevice = (await knownAccounts(request)).includes(accountMark("staff", parsed.data.email));
      return verifyStaffLogin(await getDb(), { ...parsed.data, clientAddress: address, knownDevice });
    }),
    STRATEGY,
  );
}

/** The console's language: the one the visitor chose with the footer's language form (the `__pizza` session). */
export async function consoleLanguage(request: Request): Promise<Lng> {
  const lng = (await getSession(request.headers.get("Cookie"))).get("lng");
  return isLng(lng) ? lng : fallbackLng;
}

export interface StaffContext {
  db: Database;
  session: StaffSession;
  /** undefined: nobody (or an inactive member) is signed in. */
  staff: StaffMember | undefined;
  lng: Lng;
}

const STAFF = Symbol("staff context");

/** Who is signed in to the console, read once per request (the layout's and the page's loaders share it). */
export function staffContext(request: Request): Promise<StaffContext> {
  return perRequest(request, STAFF, async () => {
    const [session, db, lng] = await Promise.all([
      staffSessionStorage.getSession(request.headers.get("Cookie")),
      getDb(),
      consoleLanguage(request),
    ]);
    const token = session.get("token");
    const id = typeof token === "string" ? await sessionSubject(db, token, "staff", now()) : undefined;
    const staff = id === undefined ? undefined : await findStaff(db, id);
    return { db, session, staff, lng };
  });
}

/**
 * The signed-in staff member, or a redirect to the sign-in page (which forgets a stale session). The sign-in page
 * comes back to the console page asked for (`redirectTo`), and says so when a session ended (signed out elsewhere,
 * expired, revoked): a console left open in a tab goes there at its next refresh, and the member knows why.
 */
export async function requireStaff(request: Request): Promise<StaffContext & { staff: StaffMember }> {
  const context = await staffContext(request);
  if (!context.staff) {
    const ended = typeof context.session.get("token") === "string";
    throw redirect(staffLoginPath(request, ended), { headers: { "Set-Cookie": await staffSessionStorage.destroySession(context.session) } });
  }
  return context as StaffContext & { staff: StaffMember };
}

/** The sign-in page's address for a request that needs a member: back to its console page, and whether a session ended. */
function staffLoginPath(request: Request, ended: boolean): string {
  const url = new URL(request.url);
  url.searchParams.delete("index"); // a form post to an index route (/store?index): back to the page
  url.searchParams.delete("_data");
  const back = request.method === "GET" ? `${url.pathname}${url.search}` : url.pathname;
  const query = new URLSearchParams({ ...(ended ? { ended: "1" } : {}), ...(back !== STORE_HOME ? { redirectTo: back } : {}) });
  return query.size > 0 ? `${STORE_LOGIN}?${query}` : STORE_LOGIN;
}

/** Where a sign-in goes: the console page it was asked from (a path of the console only), else the console. */
export function staffBackPath(value: FormDataEntryValue | null): string {
  const path = safeBackPath(value, STORE_HOME);
  return path === STORE_HOME || path.startsWith(`${STORE_HOME}/`) || path.startsWith(`${STORE_HOME}?`) ? path : STORE_HOME;
}

/**
 * The signed-in manager (the coupons' pages, /store/coupons): nobody signed in goes to the sign-in page; a member of
 * staff who is not a manager gets a 403 (the page's error boundary says so, inside the console's frame).
 */
export async function requireManager(request: Request): Promise<StaffContext & { staff: StaffMember }> {
  const context = await requireStaff(request);
  if (!isManager(context.staff)) throw json(null, { status: 403 });
  return context;
}

/** HTTP status of a refused sign-in: a wrong email or password 401, too many attempts 429, a full queue 503. */
const loginStatus = (code: string) => (code === "STAFF-THROTTLED" ? 429 : code === "AUTH-BUSY" ? 503 : 401);

/**
 * Signs a member of staff in from the posted form (the caller validated its shape): a new server-side session, a
 * 303 to the console with its cookie (and the known-device cookie), or the refusal's status and translated notice
 * (the same words for every wrong combination).
 */
export async function signIn(request: Request, context: unknown): Promise<Response | { status: number; notice: Notice }> {
  const { db, session, lng } = await staffContext(request);
  let staff: StaffMember;
  try {
    staff = await staffAuthenticator(clientAddress(context)).authenticate(STRATEGY, request);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { status: loginStatus(error.code), notice: noticeForError(error, lng) };
  }
  const previous = session.get("token");
  if (typeof previous === "string") await revokeSession(db, previous, now());
  const token = await openSession(db, {
    subject: "staff",
    subjectId: staff.id,
    now: now(),
    ttlMs: STAFF_SESSION_SECONDS * 1_000,
    userAgent: request.headers.get("user-agent") ?? "",
  });
  session.set("token", token);
  const headers = new Headers();
  headers.append("Set-Cookie", await staffSessionStorage.commitSession(session));
  headers.append("Set-Cookie", await rememberDevice(request, "staff", staff.email));
  return redirect(staffBackPath(new URL(request.url).searchParams.get("redirectTo")), { status: 303, headers });
}

/** Ends the console session on the server (the cookie is worthless from now on) and goes to the sign-in page. */
export async function signOut(request: Request): Promise<Response> {
  const { db, session } = await staffContext(request);
  const token = session.get("token");
  if (typeof token === "string") await revokeSession(db, token, now());
  return redirect(STORE_LOGIN, { status: 303, headers: { "Set-Cookie": await staffSessionStorage.destroySession(session) } });
}

/** A 303 back to the console with a one-shot notice. */
export async function backToConsole(session: StaffSession, to: string, notice: Notice): Promise<Response> {
  session.flash("notice", notice);
  return redirect(to, { status: 303, headers: { "Set-Cookie": await staffSessionStorage.commitSession(session) } });
}
