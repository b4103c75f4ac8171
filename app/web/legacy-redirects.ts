/**
 * The legacy paths of spec section 2 and where each goes: ONE table, read by the splat route (routes/$.tsx) for
 * every path no other route matches, and walked row by row by tests/integration/legacy-redirects.test.ts.
 *
 * The spec names the targets, not the old paths; these are the old site's paths we chose to keep alive (the
 * spellings that circulate in printed flyers, old mails and search results: docs/design.md, "Legacy paths").
 * 301 where the move is permanent (an old address of a page that now lives elsewhere), 302 where it is not: the
 * forbidden and not-found redirects are answers about a request, not moves, and a path we do not know today may
 * become a page tomorrow, so the fallback to /home is never cached by browsers or search engines.
 *
 * Matching is case-insensitive and ignores one trailing slash; the query string is carried over (campaign tags in
 * old links keep counting). Every target is a fixed path of this site, so no row can redirect off-site.
 */
export type LegacyRedirect = {
  /** What the row is, in the spec's words. */
  spec: string;
  /** The old paths: an exact path, or a prefix ending in "/*" (the prefix itself and anything under it). */
  paths: string[];
  /** Where they go (a path of this site), or a function of what the "*" matched. */
  to: string | ((rest: string) => string);
  status: 301 | 302;
};

export const LEGACY_REDIRECTS: LegacyRedirect[] = [
  {
    spec: "Shop detail paths with a store code go to /huts/{code}",
    paths: ["/shop/*", "/store-detail/*", "/tienda/*"],
    to: (code) => (code ? `/huts/${encodeURIComponent(code)}` : "/huts"),
    status: 301,
  },
  {
    spec: "Legacy topic paths go to /topic",
    paths: ["/topics/*", "/articles/*", "/blog/*", "/noticias/*", "/news/*"],
    to: "/topic",
    status: 301,
  },
  {
    spec: "Legacy account and coupon-search paths go to /login",
    paths: ["/account", "/my-account/*", "/mi-cuenta/*", "/signin", "/sign-in", "/member/login", "/coupon-search", "/search-coupon", "/buscar-cupon", "/coupons/search"],
    to: "/login",
    status: 301,
  },
  {
    spec: "The member-rules path goes to /membership",
    paths: ["/member-rules", "/members/rules", "/reglas-de-membresia"],
    to: "/membership",
    status: 301,
  },
  {
    spec: "The allergen path goes to /nutritional-content",
    paths: ["/allergens", "/allergen", "/alergenos", "/nutrition"],
    to: "/nutritional-content",
    status: 301,
  },
  {
    spec: "The commercial-transactions path goes to /indication-based",
    paths: ["/commercial-transactions", "/transacciones-comerciales", "/legal/commercial-transactions"],
    to: "/indication-based",
    status: 301,
  },
  { spec: "A forbidden redirect goes to /error-404", paths: ["/forbidden", "/error-403"], to: "/error-404", status: 302 },
  { spec: "A not-found redirect goes to /", paths: ["/not-found", "/notfound", "/error"], to: "/", status: 302 },
];

/** Any other unknown path goes to /home (not permanent: the path may become a page). */
export const FALLBACK: { to: string; status: 302 } = { to: "/home", status: 302 };

/** Where an unknown path goes, and with which status (the query string carried over). */
export function legacyRedirect(url: URL): { location: string; status: 301 | 302 } {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, "").toLowerCase() : url.pathname;
  for (const row of LEGACY_REDIRECTS) {
    for (const pattern of row.paths) {
      const rest = matchPath(pattern, path);
      if (rest === null) continue;
      const to = typeof row.to === "function" ? row.to(originalRest(url.pathname, rest)) : row.to;
      return { location: to + url.search, status: row.status };
    }
  }
  return { location: FALLBACK.to + url.search, status: FALLBACK.status };
}

/** What "/*" matched of the lower-cased path ("" for the prefix itself), or null when the pattern does not match. */
function matchPath(pattern: string, path: string): string | null {
  if (!pattern.endsWith("/*")) return path === pattern ? "" : null;
  const prefix = pattern.slice(0, -2);
  if (path === prefix) return "";
  return path.startsWith(`${prefix}/`) ? path.slice(prefix.length + 1) : null;
}

/** The matched rest in its original case (store codes are upper case), decoded once. */
function originalRest(pathname: string, lowered: string): string {
  if (!lowered) return "";
  const trimmed = pathname.replace(/\/$/, "");
  const raw = trimmed.slice(trimmed.length - lowered.length);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
