import { createContext, useContext, useMemo, type ReactNode } from "react";
import { fallbackLng, type Lng } from "./config";
import { createTranslator, type Resources } from "./translate";

interface TranslationState {
  lng: Lng;
  resources: Resources;
}

const TranslationContext = createContext<TranslationState>({ lng: fallbackLng, resources: {} });

/** Gives components the visitor's language and its translations (all namespaces of that one language). */
export function TranslationProvider({ lng, resources, children }: TranslationState & { children: ReactNode }) {
  const value = useMemo(() => ({ lng, resources }), [lng, resources]);
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

/** The same call shape as react-i18next's hook: the first namespace is the default, "ns:key" picks another. */
export function useTranslation(ns: string | string[] = "common") {
  const { lng, resources } = useContext(TranslationContext);
  const key = Array.isArray(ns) ? ns.join("|") : ns;
  const t = useMemo(() => createTranslator(lng, resources, key.split("|")), [lng, resources, key]);
  return { t, i18n: { language: lng } };
}

export function useTranslations() {
  return useContext(TranslationContext);
}

/** The element id of the inline JSON that carries the translations from the server's render to hydration. */
export const RESOURCES_ELEMENT_ID = "i18n-resources";

/** JSON safe inside a <script> element. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
