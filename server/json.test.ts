import { describe, expect, it } from "vitest";
import { fitsPostgres } from "./json";

describe("JSON that Postgres can store", () => {
  it("takes any well-formed text, emoji and other planes included", () => {
    expect(fitsPostgres({ a: "Pizza ñ 🍕 𐀀", b: ["x", 1, null, true], "clé 😀": { c: "" } })).toBe(true);
    expect(fitsPostgres("\uD83D\uDE00")).toBe(true);
    expect(fitsPostgres(42)).toBe(true);
  });

  it("refuses a NUL or a lone surrogate in any value or key, however deep", () => {
    for (const value of ["a\u0000", "\uD800", "x\uDC00", "\uDBFFa", "\uDE00\uD83D", { "\u0000": 1 }, { "\uD800": 1 }, [[{ a: "\uDFFF" }]], { a: { b: ["\u0000"] } }]) {
      expect(fitsPostgres(value), JSON.stringify(value)).toBe(false);
    }
  });
});
