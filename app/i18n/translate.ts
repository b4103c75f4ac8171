/**
 * The storefront's one translator, in the browser and on the server (pages, loaders, mails), over the JSON of
 * app/locales, implementing the subset of i18next's format the storefront uses: "namespace:dotted.key", {{name}}
 * interpolation and plural suffixes chosen by Intl.PluralRules (key_one, key_other, and for Arabic
 * key_zero/_two/_few/_many). i18next itself weighs ~15 KB gzipped in the browser; this keeps the menu page inside
 * its budget.
 * translate.test.ts checks that it answers exactly as i18next does for every key of every language.
 */
export type Dictionary = Record<string, unknown>;
export type Resources = Record<string, Dictionary>;
export type TranslateValues = Record<string, unknown> & { count?: number };
export type TFunction = (key: string, values?: TranslateValues) => string;

/** Dotted keys split once ("cart.total" -> ["cart", "total"]): the keys are the code's and the dictionaries' own. */
const splitPaths = new Map<string, string[]>();

function lookup(tree: unknown, path: string): unknown {
  if (!path.includes(".")) return tree !== null && typeof tree === "object" ? (tree as Record<string, unknown>)[path] : undefined;
  let parts = splitPaths.get(path);
  if (!parts) {
    parts = path.split(".");
    splitPaths.set(path, parts);
  }
  let node = tree;
  for (const part of parts) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * A template split once at its placeholders: text, then for each placeholder its whole text and its name, then text
 * again. Templates are the dictionaries' strings (a few thousand at most), so every page after the first reuses them.
 */
const splitTemplates = new Map<string, string[]>();

function interpolate(template: string, values: TranslateValues | undefined): string {
  if (!values) return template;
  let parts = splitTemplates.get(template);
  if (!parts) {
    parts = template.split(/(\{\{\s*([\w.]+)\s*\}\})/);
    splitTemplates.set(template, parts);
  }
  let text = parts[0]!;
  for (let i = 1; i < parts.length; i += 3) {
    const value = lookup(values, parts[i + 1]!);
    text += (value === undefined || value === null ? parts[i]! : String(value)) + parts[i + 2]!;
  }
  return text;
}

const plurals = new Map<string, Intl.PluralRules>();

/** One Intl.PluralRules per language (making one costs more than a page's every plural lookup). */
function pluralRules(lng: string): Intl.PluralRules {
  let rules = plurals.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(lng);
    plurals.set(lng, rules);
  }
  return rules;
}

/** `missing` hears of a lookup in a namespace that `resources` does not have (the key is answered as i18next would). */
export function createTranslator(
  lng: string,
  resources: Resources,
  defaultNS: string | string[] = "common",
  missing?: (ns: string, key: string) => void,
): TFunction {
  const namespaces = Array.isArray(defaultNS) ? defaultNS : [defaultNS];
  const plural = pluralRules(lng);
  const find = (ns: string, key: string, count: number | undefined): string | undefined => {
    const dictionary = resources[ns];
    if (!dictionary) {
      missing?.(ns, key);
      return undefined;
    }
    if (typeof count === "number") {
      const exact = count === 0 ? lookup(dictionary, `${key}_zero`) : undefined;
      const form = exact ?? lookup(dictionary, `${key}_${plural.select(count)}`) ?? lookup(dictionary, `${key}_other`);
      if (typeof form === "string") return form;
    }
    const value = lookup(dictionary, key);
    return typeof value === "string" ? value : undefined;
  };
  // A page makes hundreds of calls: no array per call, the namespaces tried in their order.
  return (key, values) => {
    const separator = key.indexOf(":");
    const count = values?.count;
    if (separator > 0) {
      const path = key.slice(separator + 1);
      const found = find(key.slice(0, separator), path, count);
      return found === undefined ? path : interpolate(found, values);
    }
    for (const ns of namespaces) {
      const found = find(ns, key, count);
      if (found !== undefined) return interpolate(found, values);
    }
    return key;
  };
}
