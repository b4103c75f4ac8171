import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { cookieName, cookieOptions } from "./cookies.server";

/**
 * CSRF tokens (remix-utils): a random token in a signed cookie of its own, repeated by every form in a hidden
 * `csrf` field (<AuthenticityTokenInput />, app/components/ui/CsrfInput). The edge (edge.server.ts) refuses a post
 * whose field is missing or differs from the cookie. Another site can make a browser post a form, but it can
 * neither read the token nor set the cookie. The root loader gives every page the token and sets the cookie on a
 * first visit. The token needs no HMAC of its own: the cookie is signed with SESSION_SECRET's rotating secrets.
 */
export const CSRF_FIELD = "csrf";

let csrf: CSRF | undefined;
function instance(): CSRF {
  csrf ??= new CSRF({ cookie: createCookie(cookieName("csrf"), cookieOptions(60 * 60 * 24 * 30)), formDataKey: CSRF_FIELD });
  return csrf;
}

/** This browser's token, and the Set-Cookie that stores a new one (null when it already has one). */
export function csrfToken(request: Request): Promise<readonly [string, string | null]> {
  return instance().commitToken(request);
}

/** Whether the form carries this browser's token. */
export async function validateCsrf(form: FormData, headers: Headers): Promise<boolean> {
  try {
    await instance().validate(form, headers);
    return true;
  } catch (error) {
    if (error instanceof CSRFError) return false;
    throw error;
  }
}
