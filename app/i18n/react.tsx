import { createContext, useContext, useMemo, type ReactNode } from "react";
import { fallbackLng, type Lng } from "./config";
import { createTranslator, type Resources } from "./translate";

export interface Translations {
  lng: Lng;
  /** The namespaces this page carries (its routes' `handle.i18n`), and those client-side navigations added. */
  resources: Resources;
  /** Every namespace's content hash, for the URLs of those the page lacks (`localePath`). */
  hashes: Record<string, string>;
}

const TranslationContext = createContext<Translations>({ lng: fallbackLng, resources: {}, hashes: {} });

/** Gives components the visitor's language and the translations the page carries. */
export function TranslationProvider({ lng, resources, hashes, children }: Translations & { children: ReactNode }) {
  const value = useMemo(() => ({ lng, resources, hashes }), [lng, resources, hashes]);
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

const reported = new Set<string>();

/** A namespace the page does not carry renders raw keys: say (once per key) which route's `handle.i18n` should name it. */
function reportMissing(ns: string, key: string) {
  if (reported.has(`${ns}:${key}`)) return;
  reported.add(`${ns}:${key}`);
  console.error(`[i18n] "${ns}:${key}" is rendered, but the page does not carry "${ns}": add it to the route's handle.i18n`);
}

/** The same call shape as react-i18next's hook: the first namespace is the default, "ns:key" picks another. */
export function useTranslation(ns: string | string[] = "common") {
  const { lng, resources } = useContext(TranslationContext);
  const key = Array.isArray(ns) ? ns.join("|") : ns;
  const t = useMemo(() => createTranslator(lng, resources, key.split("|"), reportMissing), [lng, resources, key]);
  return { t, i18n: { language: lng } };
}

export function useTranslations() {
  return useContext(TranslationContext);
}

/** The element id of the inline JSON that carries the page's translations from the server's render to hydration. */
export const RESOURCES_ELEMENT_ID = "i18n-resources";

const inlined = new WeakMap<Resources, string>();

/**
 * The inline JSON of a page's translations. On the server the same resources object comes back for the same
 * language and namespaces (pageTranslations), so it is serialised once, not on every page.
 */
export function translationsJson({ resources, hashes }: Pick<Translations, "resources" | "hashes">): string {
  let json = inlined.get(resources);
  if (json === undefined) {
    json = inlineJson({ hashes, resources });
    inlined.set(resources, json);
  }
  return json;
}

/** JSON safe inside a <script> element. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
