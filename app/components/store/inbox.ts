/** The managers' inbox (/store/messages), shared by its page and its glue. */
export const MESSAGES_HOME = "/store/messages";

/** A path of the inbox's list with these filters (and page, past the first). */
export function listPath(filter: { kind?: string; state?: string; outlet?: string }, page = 1): string {
  const query = new URLSearchParams();
  for (const key of ["kind", "state", "outlet"] as const) {
    const value = filter[key];
    if (value) query.set(key, value);
  }
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `${MESSAGES_HOME}?${text}` : MESSAGES_HOME;
}
