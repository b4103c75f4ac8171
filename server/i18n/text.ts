import type { Language } from "../config";
import type { I18nText } from "../db/types";

/** Pick a language's text; Arabic falls back to English, everything falls back to Spanish. */
export function localize(text: I18nText | null | undefined, lng: Language): string {
  if (!text) return "";
  if (lng === "ar") return text.ar ?? text.en ?? text.es;
  if (lng === "en") return text.en ?? text.es;
  return text.es;
}
