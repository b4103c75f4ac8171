import type { Language } from "../config";
import type { I18nText } from "../db/types";

/** Pick a language's text; Arabic falls back to English, everything falls back to Spanish. */
export function localize(text: I18nText | null | undefined, lng: Language): string {
  if (!text) return "";
  if (lng === "ar") return text.ar ?? text.en ?? text.es;
  if (lng === "en") return text.en ?? text.es;
  return text.es;
}

/**
 * The language `localize(text, lng)` answers in, when it is not `lng` (a text nobody translated shows its fallback's):
 * the element that shows it names it (`lang`), so a screen reader reads Spanish words as Spanish on an Arabic page.
 * Undefined when the text is in `lng` itself.
 */
export function fallbackLanguage(text: Partial<I18nText> | null | undefined, lng: Language): Language | undefined {
  const shown: Language = lng === "ar" ? (text?.ar != null ? "ar" : text?.en != null ? "en" : "es") : lng === "en" && text?.en != null ? "en" : "es";
  return shown === lng ? undefined : shown;
}
