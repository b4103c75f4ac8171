import { RemixI18Next } from "remix-i18next/server";
import i18n, { fallbackLng, supportedLngs } from "./i18n/config";
import { resources } from "./locales";
import { sessionStorage } from "./session.server";

/** Language comes from the session (the language form stores it); otherwise Spanish. */
const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLngs],
    fallbackLanguage: fallbackLng,
    sessionStorage,
    sessionKey: "lng",
    order: ["session"],
  },
  i18next: { ...i18n, resources },
});

export default i18next;

type FixedT = Awaited<ReturnType<typeof i18next.getFixedT>>;
const translators = new Map<string, Promise<FixedT>>();

/**
 * A server-side translator for one language and namespace. remix-i18next builds a new i18next instance on every
 * getFixedT call; the result depends only on (language, namespace), so it is made once and reused.
 */
export function fixedT(lng: string, ns: string): Promise<FixedT> {
  const key = `${lng}:${ns}`;
  let t = translators.get(key);
  if (!t) {
    t = i18next.getFixedT(lng, ns);
    translators.set(key, t);
  }
  return t;
}
