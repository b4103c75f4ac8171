// npm run bench:translate: the storefront's translator (app/i18n/translate.ts) against i18next's `t` over the same
// calls, in one process: every key of every namespace in every language, once as a page asks for it ("ns:key", with
// its placeholders' values and, for a plural key, a count) and once by a bare key through the page's namespaces. Prints
// the median of BENCH_ROUNDS (5) rounds of µs per call for each; i18next is the reference (the translator answers as
// it does, translate.test.ts). A menu page makes a few hundred calls.
import { createInstance } from "i18next";
import { createTranslator, type TranslateValues } from "~/i18n/translate";
import { resources } from "~/locales";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REPEAT = 50;
const PLURAL = /_(zero|one|two|few|many|other)$/;
const PAGE_NAMESPACES = ["menu", "common", "cart"];

type Call = [key: string, values: TranslateValues | undefined];

/** Every leaf key of a dictionary, plural suffixes folded, with values for its placeholders (and a count). */
function calls(ns: string, tree: Record<string, unknown>, prefix = ""): Call[] {
  const out = new Map<string, Call>();
  for (const [key, value] of Object.entries(tree)) {
    if (value !== null && typeof value === "object") {
      for (const call of calls(ns, value as Record<string, unknown>, `${prefix}${key}.`)) out.set(call[0], call);
      continue;
    }
    const base = `${prefix}${key.replace(PLURAL, "")}`;
    const names = [...String(value).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
    const values: TranslateValues = Object.fromEntries(names.map((name) => [name, name]));
    if (base !== `${prefix}${key}`) values.count = 2;
    out.set(`${ns}:${base}`, [`${ns}:${base}`, Object.keys(values).length ? values : undefined]);
  }
  return [...out.values()];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const results: Record<"storefront" | "i18next", number[]> = { storefront: [], i18next: [] };
  for (const lng of Object.keys(resources) as (keyof typeof resources)[]) {
    const dictionaries = resources[lng] as unknown as Record<string, Record<string, unknown>>;
    const qualified = Object.entries(dictionaries).flatMap(([ns, tree]) => calls(ns, tree));
    // The page's own namespaces' keys asked bare, as useTranslation(["menu", "common", "cart"]) asks them.
    const bare = qualified.filter(([key]) => PAGE_NAMESPACES.includes(key.slice(0, key.indexOf(":")))).map(([key, values]): Call => [key.slice(key.indexOf(":") + 1), values]);
    const all = [...qualified, ...bare];
    const ours = createTranslator(lng, dictionaries, PAGE_NAMESPACES);
    const i18n = createInstance();
    await i18n.init({ lng, resources: { [lng]: dictionaries }, ns: Object.keys(dictionaries), defaultNS: PAGE_NAMESPACES, interpolation: { escapeValue: false } });
    const theirs = i18n.getFixedT(lng, PAGE_NAMESPACES);
    const time = (t: (key: string, values?: TranslateValues) => string) => {
      let length = 0;
      const start = performance.now();
      for (let r = 0; r < REPEAT; r++) for (const [key, values] of all) length += t(key, values).length;
      if (length === 0) throw new Error("no text");
      return ((performance.now() - start) * 1000) / (REPEAT * all.length);
    };
    for (let round = 0; round < ROUNDS; round++) {
      results.storefront.push(time(ours));
      results.i18next.push(time((key, values) => String(theirs(key, values as never))));
    }
    console.log(`bench:translate: ${lng}: ${all.length} calls a round`);
  }
  const ours = median(results.storefront);
  const reference = median(results.i18next);
  console.log(`storefront translator: ${ours.toFixed(3)} µs per call; i18next (reference, same calls): ${reference.toFixed(3)} µs; ${(ours / reference).toFixed(2)} × (median of ${ROUNDS} rounds per language)`);
}

await main();
