/** The languages and namespaces of the storefront's translations. Spanish is the default (spec section 9). */
export const supportedLngs = ["es", "en", "ar"] as const;
export type Lng = (typeof supportedLngs)[number];
export const fallbackLng: Lng = "es";
export const namespaces = ["common", "errors", "validation", "home", "menu", "cart", "checkout", "tracker", "stores", "address", "ordertime", "tracking", "store", "account", "profile", "places", "history", "game", "coupons", "payment", "content", "nutrition", "topics", "careers", "campaigns"] as const;
export type Namespace = (typeof namespaces)[number];

export function isLng(value: unknown): value is Lng {
  return typeof value === "string" && (supportedLngs as readonly string[]).includes(value);
}

export function dirOf(lng: Lng): "ltr" | "rtl" {
  return lng === "ar" ? "rtl" : "ltr";
}

export function isNamespace(value: unknown): value is Namespace {
  return typeof value === "string" && (namespaces as readonly string[]).includes(value);
}

/**
 * The namespaces a page carries: those its matched routes name in `handle.i18n` (the root names common, errors and
 * ordertime), in the catalog's order. The server inlines them into the document; the browser fetches the ones a
 * client-side navigation adds (app/i18n/client.tsx).
 */
export function namespacesOf(handles: readonly unknown[]): Namespace[] {
  const named = new Set(handles.flatMap((handle) => (handle as { i18n?: unknown } | undefined)?.i18n ?? []));
  return namespaces.filter((ns) => named.has(ns));
}

/** The URL of one namespace's translations; `hash` is its content's (app/i18n/locales.server.ts), so it never changes. */
export function localePath(lng: Lng, ns: Namespace, hash: string): string {
  return `/locales/${lng}/${ns}.${hash}.json`;
}
