import { createHash } from "node:crypto";
import { resources } from "~/locales";
import { isLng, isNamespace, namespaces, supportedLngs, type Lng, type Namespace } from "./config";
import type { Resources } from "./translate";

/** One namespace as the locales route serves it: its JSON and the hash of exactly those bytes. */
interface LocaleFile {
  body: string;
  hash: string;
}

/** Every language's namespaces, serialised and hashed once, when the server starts. */
const files = new Map<string, LocaleFile>();
const hashes = {} as Record<Lng, Record<Namespace, string>>;
for (const lng of supportedLngs) {
  hashes[lng] = {} as Record<Namespace, string>;
  for (const ns of namespaces) {
    const body = JSON.stringify(resources[lng][ns]);
    const hash = createHash("sha256").update(body).digest("hex").slice(0, 12);
    files.set(`${lng}/${ns}`, { body, hash });
    hashes[lng][ns] = hash;
  }
}

type PageTranslations = { resources: Resources; hashes: Record<Namespace, string> };
const pages = new Map<string, PageTranslations>();

/**
 * What a document carries for its language: the namespaces its routes name, and every namespace's hash. The same
 * object for the same language and namespaces, so the document's inline JSON of it is serialised once (inlineJson).
 */
export function pageTranslations(lng: Lng, carried: readonly Namespace[]): PageTranslations {
  const key = `${lng}:${carried.join(",")}`;
  let page = pages.get(key);
  if (!page) {
    page = { resources: Object.fromEntries(carried.map((ns) => [ns, resources[lng][ns]])), hashes: hashes[lng] };
    pages.set(key, page);
  }
  return page;
}

const FILE = /^([a-z]+)\.([0-9a-f]{12})\.json$/;

/**
 * The JSON of `/locales/:lng/:ns.:hash.json`, or undefined (the route's 404) for an unknown language or namespace,
 * a malformed name, or a hash that is not the current content's: a URL always names one content.
 */
export function localeFile(lng: string | undefined, name: string | undefined): string | undefined {
  const match = FILE.exec(name ?? "");
  if (!match || !isLng(lng) || !isNamespace(match[1])) return undefined;
  const file = files.get(`${lng}/${match[1]}`);
  return file?.hash === match[2] ? file.body : undefined;
}
