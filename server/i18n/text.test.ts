import { describe, expect, it } from "vitest";
import { fallbackLanguage, localize } from "./text";

describe("localize and fallbackLanguage: one fallback chain", () => {
  const texts = [{ es: "Hola", en: "Hello", ar: "مرحبا" }, { es: "Hola", en: "Hello" }, { es: "Hola", ar: "مرحبا" }, { es: "Hola" }];
  it("Arabic falls back to English, then Spanish; English to Spanish; and says which it showed", () => {
    expect(texts.map((text) => [localize(text, "ar"), fallbackLanguage(text, "ar")])).toEqual([
      ["مرحبا", undefined],
      ["Hello", "en"],
      ["مرحبا", undefined],
      ["Hola", "es"],
    ]);
    expect(texts.map((text) => [localize(text, "en"), fallbackLanguage(text, "en")])).toEqual([
      ["Hello", undefined],
      ["Hello", undefined],
      ["Hola", "es"],
      ["Hola", "es"],
    ]);
    expect(texts.map((text) => [localize(text, "es"), fallbackLanguage(text, "es")])).toEqual(texts.map(() => ["Hola", undefined]));
    expect([localize(null, "ar"), fallbackLanguage(null, "ar")]).toEqual(["", "es"]);
  });
});
