import type { Language } from "../config";
import type { I18nText } from "../db/types";

/** The language a text is shown in for `lng`: its own when written, else Arabic falls back to English, and all to Spanish. */
function shownLanguage(text: Partial<I18nText>, lng: Language): Language {
  if (lng === "ar" && text.ar != null) return "ar";
  if (lng !== "es" && text.en != null) return "en";
  return "es";
}

/** Pick a language's text; Arabic falls back to English, everything falls back to Spanish. */
export function localize(text: I18nText | null | undefined, lng: Language): string {
  if (!text) return "";
  return text[shownLanguage(text, lng)] ?? text.es;
}

/**
 * The language `localize(text, lng)` answers in, when it is not `lng` (a text nobody translated shows its fallback's):
 * the element that shows it names it (`lang`), so a screen reader reads Spanish words as Spanish on an Arabic page.
 * Undefined when the text is in `lng` itself.
 */
export function fallbackLanguage(text: Partial<I18nText> | null | undefined, lng: Language): Language | undefined {
  const shown = shownLanguage(text ?? {}, lng);
  return shown === lng ? undefined : shown;
}
