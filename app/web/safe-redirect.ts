import { safeRedirect } from "remix-utils/safe-redirect";

/**
 * The one safe-redirect rule for every `back` and `redirectTo` (spec section 2's return paths): remix-utils'
 * `safeRedirect` (a path starting with one "/", no "//", no "/\\", no "..") after refusing what it lets through
 * but a browser reads differently: control characters and whitespace (Chromium drops TAB, CR and LF inside a URL,
 * so "/\t/evil.example" is "//evil.example", another host) and backslashes. The result is re-read as a URL of
 * this site, so it never leaves it, and is at most 500 characters; a path that the URL's own normalisation turns
 * into "//host" ("/.//evil.example", "/%2e//evil.example": its dot segments removed) is refused too, since a
 * browser reads that Location as another host.
 */
export function safeBackPath(value: FormDataEntryValue | null, fallback: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
  if (typeof value !== "string" || value.length > 500 || /[\u0000-\u0020\u007f\\]/.test(value)) return fallback;
  const path = safeRedirect(value, fallback);
  if (path === fallback) return fallback;
  const base = "http://storefront.invalid";
  const url = new URL(path, base);
  return url.origin === base && !url.pathname.startsWith("//") ? url.pathname + url.search + url.hash : fallback;
}
