import { createHash } from "node:crypto";
import { resources } from "~/locales";
import { loader } from "~/routes/locales.$lng.$file";
import { localePath, namespaces, supportedLngs } from "./config";
import { localeFile, pageTranslations } from "./locales.server";

const hashes = (lng: "es" | "en" | "ar") => pageTranslations(lng, []).hashes;

/** The locales route's answer to a path of the form /locales/:lng/:file. */
async function get(path: string) {
  const [, , lng, file] = path.split("/");
  const response = (await loader({ params: { lng, file }, request: new Request(`http://shop${path}`), context: {} })) as Response;
  return { status: response.status, cache: response.headers.get("Cache-Control"), type: response.headers.get("Content-Type"), text: await response.text() };
}

describe("the locales route (/locales/:lng/:ns.:hash.json)", () => {
  it("names every namespace of every language by the hash of the very bytes it serves", () => {
    for (const lng of supportedLngs) {
      for (const ns of namespaces) {
        const hash = hashes(lng)[ns];
        expect(hash, `${lng}/${ns}`).toMatch(/^[0-9a-f]{12}$/);
        const body = localeFile(lng, `${ns}.${hash}.json`);
        expect(JSON.parse(body!)).toEqual(resources[lng][ns]);
        expect(createHash("sha256").update(body!).digest("hex").startsWith(hash)).toBe(true);
      }
    }
    // Other content, other name: no two files share a hash.
    const all = supportedLngs.flatMap((lng) => Object.values(hashes(lng)));
    expect(new Set(all).size).toBe(all.length);
  });

  it("answers the JSON, cached by anyone for a year, unchanging", async () => {
    const answer = await get(localePath("en", "checkout", hashes("en").checkout));
    expect(answer).toMatchObject({ status: 200, cache: "public, max-age=31536000, immutable", type: "application/json; charset=utf-8" });
    expect(JSON.parse(answer.text)).toEqual(resources.en.checkout);
  });

  it("a stale or wrong hash, an unknown language or namespace, or a malformed name is a 404 nobody keeps", async () => {
    const stores = hashes("es").stores;
    const paths = [
      "/locales/es/stores.000000000000.json",
      `/locales/es/stores.${hashes("en").stores}.json`,
      `/locales/es/checkout.${stores}.json`,
      `/locales/fr/stores.${stores}.json`,
      `/locales/es/mail.${stores}.json`,
      `/locales/es/__proto__.${stores}.json`,
      `/locales/es/constructor.${stores}.json`,
      "/locales/es/stores.json",
      `/locales/es/stores.${stores}`,
      `/locales/es/stores.${stores.toUpperCase()}.json`,
      `/locales/es/stores.${stores}.json.gz`,
      "/locales/es/",
    ];
    for (const path of paths) {
      const answer = await get(path);
      expect({ path, status: answer.status, cache: answer.cache }).toEqual({ path, status: 404, cache: "no-cache" });
    }
  });
});

describe("pageTranslations", () => {
  it("inlines the namespaces named and nothing else, with every namespace's hash for the rest", () => {
    const page = pageTranslations("ar", ["common", "checkout"]);
    expect(Object.keys(page.resources)).toEqual(["common", "checkout"]);
    expect(page.resources.checkout).toBe(resources.ar.checkout);
    expect(Object.keys(page.hashes).sort()).toEqual([...namespaces].sort());
  });
});
