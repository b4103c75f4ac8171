/**
 * A request's URL as the request log and the error log write it. Some paths are the secret themselves: a password
 * reset's or an email confirmation's token, an order's tracker and survey (its uuid opens the customer's name and
 * address), a payment's transaction. Written whole, a log line would let whoever reads the logs use them. Those
 * routes' own segments are written as "…", their fixed words kept ("/tracker-order/…/events",
 * "/adyen/checkout/…/return"); a query keeps its names, never its values ("?redirectResult=…").
 */
const SECRET_ROUTES: ReadonlySet<string> = new Set([
  "confirmation",
  "email-change",
  "setnewpassword",
  "tracker-order",
  "crs",
  "payment-status",
  "credit-payment",
  "adyen",
]);

/** The words of those routes' paths that are the route's, not a secret. */
const FIXED_WORDS: ReadonlySet<string> = new Set(["checkout", "pay", "return", "events", "order"]);

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

export function loggedPath(url: string): string {
  const end = url.search(/[?#]/);
  const path = end < 0 ? url : url.slice(0, end);
  const names = end < 0 || url[end] === "#" ? [] : [...new URLSearchParams(url.slice(end + 1).split("#")[0]).keys()];
  const query = names.length ? `?${names.map((name) => `${encodeURIComponent(name)}=…`).join("&")}` : "";
  const segments = path.split("/");
  // Matched as the router matches them: case-insensitive, percent-decoded.
  if (!SECRET_ROUTES.has(decoded(segments[1] ?? ""))) return path + query;
  return segments.map((segment, i) => (i < 2 || segment === "" || FIXED_WORDS.has(decoded(segment)) ? segment : "…")).join("/") + query;
}
