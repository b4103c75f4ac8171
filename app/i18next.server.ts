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
