/**
 * Telling "the database cannot be reached" apart from every other failure. A request that meets one of these is
 * answered 503 (the shop is up, its database is not) instead of 500 (a bug), and the health check says so.
 *
 * Covered: a refused, reset, timed-out or unresolvable connection (Node's error codes, also inside the
 * AggregateError that a refused IPv4 + IPv6 connect throws); pg's own "connection terminated" and "not queryable"
 * errors; PGlite after it was closed; and the server's SQLSTATEs of class 08 (connection exception), 57P01..03
 * (admin shutdown, crash shutdown, cannot connect now: a restart or failover) and 53300 (too many connections); and
 * a connection the server refuses for its settings: 3D000 (no such database), 28000 and 28P01 (no such role, a wrong
 * password, pg_hba.conf): a deployment's mistake, but still "the database cannot be reached", a 503 with its log.
 */
const networkCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
]);

const sqlStates = new Set(["57P01", "57P02", "57P03", "53300", "3D000", "28000", "28P01"]);

const messages = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /is not queryable/i,
  /connection (?:error|ended|closed)/i,
  /PGlite is closed/i,
  /Cannot use a pool after calling end/i,
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 3) return false;
  const { code, message, errors, cause } = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === "string" && (networkCodes.has(code) || sqlStates.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof message === "string" && messages.some((re) => re.test(message))) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
