import { readdirSync, readFileSync } from "node:fs";
import { createInstance, type i18n } from "i18next";
import { resources } from "~/locales";
import { createTranslator, type TFunction } from "./translate";

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 3, 11, 100];
const languages = Object.keys(resources) as (keyof typeof resources)[];
const namespaces = Object.keys(resources.es) as (keyof typeof resources.es)[];

/** Every leaf of a nested dictionary as [dotted key, value]. */
function leaves(tree: Record<string, unknown>, prefix = ""): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === "object"
      ? leaves(value as Record<string, unknown>, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

/** Keys with plural suffixes folded into their base key; `plural` tells which bases had suffixes. */
function baseKeys(dictionary: Record<string, unknown>) {
  const keys = new Map<string, { plural: boolean; placeholders: Set<string> }>();
  for (const [key, value] of leaves(dictionary)) {
    const base = key.replace(PLURAL_SUFFIX, "");
    const entry = keys.get(base) ?? { plural: false, placeholders: new Set<string>() };
    if (base !== key) entry.plural = true;
    for (const match of String(value).matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)) entry.placeholders.add(match[1]);
    keys.set(base, entry);
  }
  return keys;
}

/** Sample values for every placeholder (nested names such as {{a.b}} get nested objects). */
function sampleValues(placeholders: Set<string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of placeholders) {
    const parts = name.split(".");
    let node = values;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = `«${name}»`;
      else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return values;
}

const i18nexts = new Map<string, i18n>();
const translators = new Map<string, TFunction>();

beforeAll(async () => {
  for (const lng of languages) {
    const instance = createInstance();
    await instance.init({
      lng,
      fallbackLng: false,
      resources,
      defaultNS: "common",
      ns: [...namespaces],
      interpolation: { escapeValue: false },
    });
    i18nexts.set(lng, instance);
    translators.set(lng, createTranslator(lng, resources[lng], "common"));
  }
});

describe.each(languages)("createTranslator answers like i18next in %s", (lng) => {
  it.each(namespaces)("every key of %s", (ns) => {
    const i18n = i18nexts.get(lng)!;
    const t = translators.get(lng)!;
    const keys = baseKeys(resources[lng][ns] as Record<string, unknown>);
    expect(keys.size).toBeGreaterThan(0);
    let compared = 0;
    for (const [key, { plural, placeholders }] of keys) {
      const qualified = `${ns}:${key}`;
      const values = sampleValues(placeholders);
      const cases: (Record<string, unknown> | undefined)[] = plural
        ? COUNTS.map((count) => ({ ...values, count }))
        : [values, ...(placeholders.size === 0 ? [undefined] : [])];
      for (const options of cases) {
        const expected = i18n.t(qualified, options as never) as unknown as string;
        expect(t(qualified, options as never), `${lng} ${qualified} ${JSON.stringify(options)}`).toBe(expected);
        // Plain keys of the default namespace work without the prefix too.
        if (ns === "common") {
          expect(t(key, options as never), `${lng} ${key} ${JSON.stringify(options)}`).toBe(
            i18n.t(key, options as never) as unknown as string,
          );
        }
        compared += 1;
      }
      // Every answer is a real translation, not the key echoed back, and every placeholder was filled.
      const answer = t(qualified, (cases[0] ?? {}) as never);
      expect(answer, `${lng} ${qualified}`).not.toBe(key);
      expect(answer, `${lng} ${qualified}`).not.toMatch(/\{\{/);
    }
    expect(compared).toBeGreaterThanOrEqual(keys.size);
  });

  it("a missing key answers like i18next (the key without its namespace)", () => {
    const i18n = i18nexts.get(lng)!;
    const t = translators.get(lng)!;
    for (const key of ["common:does.not.exist", "errors:NOPE", "nothing.here"]) {
      expect(t(key)).toBe(i18n.t(key));
    }
  });

  it("a placeholder without a value answers like i18next", () => {
    const i18n = i18nexts.get(lng)!;
    const t = translators.get(lng)!;
    expect(t("cart:quantityOf")).toBe(i18n.t("cart:quantityOf"));
    expect(t("errors:minimumCart", { other: 1 })).toBe(i18n.t("errors:minimumCart", { other: 1 }));
  });

  it("plural forms pick the count's form (sanity check of the comparison itself)", () => {
    const t = translators.get(lng)!;
    expect(t("common:cartBadge", { count: 1 })).not.toBe(t("common:cartBadge", { count: 100 }));
  });
});

describe("locale files", () => {
  it("the three languages have the same keys in every namespace (plural suffixes folded)", () => {
    expect(languages.sort()).toEqual(["ar", "en", "es"]);
    for (const lng of languages) expect(Object.keys(resources[lng]).sort()).toEqual([...namespaces].sort());
    for (const ns of namespaces) {
      const reference = [...baseKeys(resources.es[ns] as Record<string, unknown>).keys()].sort();
      for (const lng of languages) {
        const keys = [...baseKeys(resources[lng][ns] as Record<string, unknown>).keys()].sort();
        expect(keys, `${lng}/${ns}`).toEqual(reference);
      }
    }
  });

  it("a key is plural in every language or in none, and carries the same placeholders", () => {
    for (const ns of namespaces) {
      const reference = baseKeys(resources.es[ns] as Record<string, unknown>);
      for (const lng of languages) {
        const keys = baseKeys(resources[lng][ns] as Record<string, unknown>);
        for (const [key, { plural, placeholders }] of reference) {
          const other = keys.get(key)!;
          expect(other.plural, `${lng}/${ns}:${key} plural`).toBe(plural);
          const expected = [...placeholders].filter((p) => !(plural && p === "count")).sort();
          const actual = [...other.placeholders].filter((p) => !(plural && p === "count")).sort();
          expect(actual, `${lng}/${ns}:${key} placeholders`).toEqual(expected);
        }
      }
    }
  });

  it("every plural key has the forms its language needs for counts up to 1,000", () => {
    for (const lng of languages) {
      // Spanish has a "many" form for millions (CLDR); no cart reaches that, so counts 0..1,000 decide.
      const rules = new Intl.PluralRules(lng);
      const categories = new Set(Array.from({ length: 1_001 }, (_, n) => rules.select(n)));
      for (const ns of namespaces) {
        const keys = leaves(resources[lng][ns] as Record<string, unknown>).map(([key]) => key);
        const bases = new Set(keys.filter((k) => PLURAL_SUFFIX.test(k)).map((k) => k.replace(PLURAL_SUFFIX, "")));
        for (const base of bases) {
          for (const category of categories) expect(keys, `${lng}/${ns}`).toContain(`${base}_${category}`);
        }
      }
    }
  });

  it("a wait said in a sentence has plural forms: never '1 minutos' (language review, 2026-11-29)", () => {
    // A number of minutes, hours or days interpolated before its unit, in a key without plural forms, reads wrong for 1.
    const units = {
      es: /\{\{\s*\w+\s*\}\} (?:minutos|horas|días)\b/,
      en: /\{\{\s*\w+\s*\}\} (?:minutes|hours|days)\b/,
      // Arabic: 3–10 take دقائق/ساعات/أيام, 11 and more دقيقة/ساعة/يومًا, so a number before either needs the forms.
      ar: /\{\{\s*\w+\s*\}\} (?:دقيقة|دقائق|ساعة|ساعات|أيام|يومًا)/,
    } as const;
    for (const [lng, unit] of Object.entries(units) as [keyof typeof units, RegExp][]) {
      for (const ns of namespaces) {
        const dictionary = resources[lng][ns] as Record<string, unknown>;
        const bases = baseKeys(dictionary);
        const singular = leaves(dictionary).filter(([key, value]) => !bases.get(key.replace(PLURAL_SUFFIX, ""))!.plural && unit.test(String(value)));
        expect(singular.map(([key]) => `${lng}/${ns}:${key}`)).toEqual([]);
      }
    }
    const t = translators.get("es")!;
    expect(t("content:contact.tooMany", { count: 1 })).toBe("Recibimos varios mensajes en poco tiempo. Inténtalo de nuevo en 1 minuto.");
    expect(translators.get("ar")!("content:contact.tooMany", { count: 5 })).toBe("استلمنا عدة رسائل في وقت قصير. حاول مرة أخرى بعد 5 دقائق.");
  });

  it("Arabic writes numbers in Western digits, as its prices, times and order numbers are (language review)", () => {
    const eastern = leaves(resources.ar as unknown as Record<string, unknown>).filter(([, value]) => /[\u0660-\u0669\u06F0-\u06F9]/.test(String(value)));
    expect(eastern.map(([key, value]) => `${key}: ${value}`)).toEqual([]);
    // The demo's own Arabic texts too (menu, topics, openings, campaigns, content pages).
    const seeds = readdirSync("server/db/seed").filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));
    const seeded = seeds.flatMap((name) =>
      readFileSync(`server/db/seed/${name}`, "utf8").split("\n").flatMap((line, i) => (/[\u0660-\u0669\u06F0-\u06F9]/.test(line) ? [`${name}:${i + 1}`] : [])),
    );
    expect(seeded).toEqual([]);
  });

  it("English is US English, as in Mexico's neighbour to the north (language review)", () => {
    const british = /\b(?:favour\w*|colour\w*|neighbour\w*|\w*cancell(?:ed|ing)|authoris\w*|recognis\w*|organis\w*|customis\w*|sulph\w*|centre|catalogue)\b/i;
    const found = leaves(resources.en as unknown as Record<string, unknown>).filter(([, value]) => british.test(String(value)));
    expect(found.map(([key, value]) => `${key}: ${value}`)).toEqual([]);
  });

  it("no value is empty", () => {
    for (const lng of languages) {
      for (const ns of namespaces) {
        for (const [key, value] of leaves(resources[lng][ns] as Record<string, unknown>)) {
          expect(typeof value, `${lng}/${ns}:${key}`).toBe("string");
          expect((value as string).trim(), `${lng}/${ns}:${key}`).not.toBe("");
        }
      }
    }
  });

  it("every notice the server writes names a key that exists (a notice's key is a plain string, so nothing else checks it)", () => {
    // `key: "notices.…"` (common), or `key: "<namespace>:…"`: in the app's and the server's own source, tests left out.
    const files = ["app", "server"].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)).map((name) => `${dir}/${name}`),
    );
    const named = files.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/\bkey: "((?:notices\.|[a-z]+:)[\w.]+)"/g)].map((match) => ({ file, key: match[1] })),
    );
    expect(named.length).toBeGreaterThan(30);
    const known = new Set(namespaces.flatMap((ns) => [...baseKeys(resources.es[ns] as Record<string, unknown>).keys()].map((key) => `${ns}:${key}`)));
    const missing = named.filter(({ key }) => !known.has(key.includes(":") ? key : `common:${key}`)).map(({ file, key }) => `${file}: ${key}`);
    expect(missing).toEqual([]);
  });
});
