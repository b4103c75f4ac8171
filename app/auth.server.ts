import { createCookieSessionStorage, redirect, type Session } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getDb, type Database } from "#server/db/client";
import { DomainError, isDomainError } from "#server/errors";
import { verifyStaffLogin } from "#server/staff/auth";
import { findStaff, type StaffMember } from "#server/staff/staff";
import { now } from "./clock.server";
import { staffLoginSchema } from "./components/store/schemas";
import { fallbackLng, isLng, type Lng } from "./i18n/config";
import { getSession, sessionSecrets, type Notice } from "./session.server";
import { noticeForError } from "./storefront.server";

/**
 * Staff sign-in for the store console (/store), apart from the customers' session:
 * - remix-auth 4's Authenticator is session-agnostic: its FormStrategy checks the posted email and password
 *   (server/staff/auth.ts: argon2id, no user enumeration, an attempt limit) and returns the staff member;
 * - the staff id then lives in its own signed cookie session, `__staff` (path /store, 12 hours, SESSION_SECRET's
 *   secrets), never in the customers' `__pizza` cookie.
 * Every request reads the staff row again, so a member made inactive is out at their next click.
 */
interface StaffSessionData {
  staffId: number;
}
interface StaffFlashData {
  notice: Notice;
}
export type StaffSession = Session<StaffSessionData, StaffFlashData>;

export const STORE_HOME = "/store";
export const STORE_LOGIN = "/store/login";

export const staffSessionStorage = createCookieSessionStorage<StaffSessionData, StaffFlashData>({
  cookie: {
    name: "__staff",
    httpOnly: true,
    sameSite: "lax",
    path: STORE_HOME,
    secure: process.env.NODE_ENV === "production" && process.env.COOKIE_SECURE !== "false",
    secrets: sessionSecrets(),
    maxAge: 60 * 60 * 12,
  },
});

const STRATEGY = "staff-password";

export const authenticator = new Authenticator<StaffMember>().use(
  new FormStrategy(async ({ form }) => {
    // The action validated the form already; this is the strategy's own guard.
    const parsed = staffLoginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) throw new DomainError("STAFF-AUTH");
    return verifyStaffLogin(await getDb(), { ...parsed.data, now: now() });
  }),
  STRATEGY,
);

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

const perRequest = new WeakMap<Request, Promise<StaffContext>>();

/** Who is signed in to the console, read once per request (the layout's and the page's loaders share it). */
export function staffContext(request: Request): Promise<StaffContext> {
  let context = perRequest.get(request);
  if (!context) {
    context = (async () => {
      const [session, db, lng] = await Promise.all([
        staffSessionStorage.getSession(request.headers.get("Cookie")),
        getDb(),
        consoleLanguage(request),
      ]);
      const id = session.get("staffId");
      const staff = typeof id === "number" ? await findStaff(db, id) : undefined;
      return { db, session, staff, lng };
    })();
    perRequest.set(request, context);
  }
  return context;
}

/** The signed-in staff member, or a redirect to the sign-in page (which forgets a stale session). */
export async function requireStaff(request: Request): Promise<StaffContext & { staff: StaffMember }> {
  const context = await staffContext(request);
  if (!context.staff) {
    throw redirect(STORE_LOGIN, { headers: { "Set-Cookie": await staffSessionStorage.destroySession(context.session) } });
  }
  return context as StaffContext & { staff: StaffMember };
}

/** HTTP status of a refused sign-in: a wrong email or password 401, too many attempts 429. */
const loginStatus = (code: string) => (code === "STAFF-THROTTLED" ? 429 : 401);

/**
 * Signs a member of staff in from the posted form (the caller validated its shape): a 303 to the console with the
 * `__staff` cookie, or the refusal's status and translated notice (the same words for every wrong combination).
 */
export async function signIn(request: Request): Promise<Response | { status: number; notice: Notice }> {
  const { session, lng } = await staffContext(request);
  try {
    const staff = await authenticator.authenticate(STRATEGY, request);
    session.set("staffId", staff.id);
    return redirect(STORE_HOME, { status: 303, headers: { "Set-Cookie": await staffSessionStorage.commitSession(session) } });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { status: loginStatus(error.code), notice: noticeForError(error, lng) };
  }
}

/** Ends the console session and goes to the sign-in page. */
export async function signOut(request: Request): Promise<Response> {
  const { session } = await staffContext(request);
  return redirect(STORE_LOGIN, { status: 303, headers: { "Set-Cookie": await staffSessionStorage.destroySession(session) } });
}

/** A 303 back to the console with a one-shot notice. */
export async function backToConsole(session: StaffSession, to: string, notice: Notice): Promise<Response> {
  session.flash("notice", notice);
  return redirect(to, { status: 303, headers: { "Set-Cookie": await staffSessionStorage.commitSession(session) } });
}
