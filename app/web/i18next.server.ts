import { RemixI18Next } from "remix-i18next/server";
import { fallbackLng, isLng, supportedLngs, type Lng } from "~/i18n/config";
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

/** The request's language. */
export async function requestLanguage(request: Request): Promise<Lng> {
  const lng = await detector.getLocale(request);
  return isLng(lng) ? lng : fallbackLng;
}
