import { errorCodes } from "#server/errors";
import { resources } from "~/locales";
import { errorMessageKey, moneyFields } from "./errors";

const languages = ["es", "en", "ar"] as const;

/** The message (or its plural forms) that a key such as "errors:coupon.cp03" names in one language. */
function forms(lng: (typeof languages)[number], key: string): string[] {
  const [ns, path] = key.split(":") as [keyof (typeof resources)["es"], string];
  const parts = path.split(".");
  const last = parts.pop()!;
  let node: unknown = resources[lng][ns];
  for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
  const dictionary = (node ?? {}) as Record<string, unknown>;
  const exact = dictionary[last];
  if (typeof exact === "string") return [exact];
  return Object.entries(dictionary)
    .filter(([name, value]) => typeof value === "string" && new RegExp(`^${last}_(zero|one|two|few|many|other)$`).test(name))
    .map(([, value]) => value as string);
}

const placeholders = (texts: string[]) => [...new Set(texts.flatMap((text) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!)))].sort();

describe("the error table (app/errors.ts)", () => {
  it.each([...errorCodes])("%s has a message in es, en and ar, with the same blanks", (code) => {
    const key = errorMessageKey[code];
    const texts = languages.map((lng) => forms(lng, key));
    for (const [i, found] of texts.entries()) expect(found.length, `${languages[i]} ${key}`).toBeGreaterThan(0);
    const blanks = texts.map(placeholders);
    expect(blanks[1]).toEqual(blanks[0]);
    expect(blanks[2]).toEqual(blanks[0]);
    for (const field of moneyFields[code] ?? []) expect(blanks[0]).toContain(field);
  });
});
