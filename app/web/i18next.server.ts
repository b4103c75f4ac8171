import { RemixI18Next } from "remix-i18next/server";
import { fallbackLng, isLng, supportedLngs, type Lng } from "~/i18n/config";
import { perRequest } from "~/web/request-scope.server";
import { sessionStorage } from "~/web/session.server";

/**
 * remix-i18next's language detection: the session (the language form stores it), otherwise Spanish. Translating is
 * not done here: the server translates with app/i18n/translator.server.ts and the page's render.
 */
const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLngs],
    fallbackLanguage: fallbackLng,
    sessionStorage,
    sessionKey: "lng",
    order: ["session"],
  },
});

/** The request's language, read once per request (app/web/request-scope.server.ts). */
export function requestLanguage(request: Request): Promise<Lng> {
  return perRequest(request, LANGUAGE, async () => {
    const lng = await detector.getLocale(request);
    return isLng(lng) ? lng : fallbackLng;
  });
}

const LANGUAGE = Symbol("language");

/** The language the storefront read from the same session cookie (the same rule), for requestLanguage. */
export function seedRequestLanguage(request: Request, lng: Lng): void {
  perRequest(request, LANGUAGE, () => Promise.resolve(lng));
}
