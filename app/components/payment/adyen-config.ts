/**
 * Pure helpers of the card payment (no Adyen Web, no DOM): shared by the component (AdyenCard.tsx), the page and
 * the local Adyen stand-in's browser side (tests/support/adyen/shopper.ts).
 */

/** Adyen Web's locale for the page's language: Mexican Spanish, English, and Arabic (one of its own locales). */
export function adyenLocale(lng: "es" | "en" | "ar"): "es-MX" | "en-US" | "ar" {
  return lng === "es" ? "es-MX" : lng === "ar" ? "ar" : "en-US";
}

/**
 * The base URL Adyen Web loads from and talks to (its `loadingContext`) when it runs against the local stand-in
 * (`shopperUrl`, e.g. http://127.0.0.1:P/checkoutshopper-test/).
 *
 * Adyen Web accepts the secured-field iframes' messages only from the part of that URL before "/checkoutshopper/"
 * (the whole URL when it has no such segment: never a bare origin, so every message would be dropped), and accepts
 * a `test_` client key only against a URL that contains "test". So the stand-in is reached at
 * `<origin>/checkoutshopper/<shopperUrl's path>`: http://127.0.0.1:P/checkoutshopper/checkoutshopper-test/, an
 * address the stand-in's shopper listener hands to its secured-fields side (shopper.ts), which serves it.
 */
export function standInLoadingContext(shopperUrl: string): string {
  const url = new URL(shopperUrl);
  const path = url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/`;
  if (path.startsWith("/checkoutshopper/") && url.href.includes("test")) return `${url.origin}${path}`;
  return `${url.origin}/checkoutshopper${path}`;
}
