import { resources } from "~/locales";
import { fallbackLng, isLng, type Namespace } from "./config";
import { createTranslator, type TFunction } from "./translate";

const translators = new Map<string, TFunction>();

/**
 * The server's translator for one language and namespace (a page title in a loader, an edge refusal's title): the
 * same `createTranslator` that renders every page, on the server and in the browser, and writes the mails, so
 * all of them format alike (translate.test.ts holds it to i18next's answers). It reads the whole catalog, whatever
 * the page inlines; an unknown language reads Spanish. Made once per (language, namespace).
 */
export function translator(lng: string, ns: Namespace): TFunction {
  const language = isLng(lng) ? lng : fallbackLng;
  const key = `${language}:${ns}`;
  let t = translators.get(key);
  if (!t) {
    t = createTranslator(language, resources[language], ns);
    translators.set(key, t);
  }
  return t;
}
