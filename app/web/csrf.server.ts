import type { Cookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { storefrontCookie } from "~/web/cookies.server";

/**
 * CSRF tokens (remix-utils): a random token in a signed cookie of its own, repeated by every form in a hidden
 * `csrf` field (<AuthenticityTokenInput />, app/components/ui/CsrfInput). The edge (edge.server.ts) refuses a post
 * whose field is missing or differs from the cookie. Another site can make a browser post a form, but it can
 * neither read the token nor set the cookie. The root loader gives every page the token and sets the cookie on a
 * first visit. The token needs no HMAC of its own: the cookie is signed with SESSION_SECRET's rotating secrets.
 */
export const CSRF_FIELD = "csrf";

let csrf: { cookie: Cookie; csrf: CSRF } | undefined;
function instance() {
  if (!csrf) {
    const cookie = storefrontCookie("csrf", 60 * 60 * 24 * 30);
    csrf = { cookie, csrf: new CSRF({ cookie, formDataKey: CSRF_FIELD }) };
  }
  return csrf;
}

/** remix-utils' tokens: 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * This browser's token, and the Set-Cookie that stores a new one (null when it already has one). A cookie that
 * holds anything but a token (tampered, empty, from an old format) is replaced, never trusted.
 */
export async function csrfToken(request: Request): Promise<readonly [string, string | null]> {
  const { cookie, csrf } = instance();
  const existing: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (typeof existing === "string" && TOKEN.test(existing)) return [existing, null];
  const token = csrf.generate();
  return [token, await cookie.serialize(token)];
}

/** Whether the form carries this browser's token. */
export async function validateCsrf(form: FormData, headers: Headers): Promise<boolean> {
  try {
    await instance().csrf.validate(form, headers);
    return true;
  } catch (error) {
    if (error instanceof CSRFError) return false;
    throw error;
  }
}
