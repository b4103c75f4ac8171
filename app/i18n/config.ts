/** The languages and namespaces of the storefront's translations. Spanish is the default (spec section 9). */
export const supportedLngs = ["es", "en", "ar"] as const;
export type Lng = (typeof supportedLngs)[number];
export const fallbackLng: Lng = "es";
export const namespaces = ["common", "errors", "validation", "home", "menu", "cart", "checkout", "tracker", "stores", "address", "ordertime", "tracking", "store"] as const;
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
