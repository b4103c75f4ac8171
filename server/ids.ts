/**
 * Ids as they arrive from forms and URLs, checked at the edge before they reach a query: a row id is a
 * Postgres int4 (1 … 2,147,483,647: `1e20` or `2147483648` would make the database fail, not just miss), a
 * public id a uuid. Pure and safe for browser code (the forms' schemas use them too).
 */
export const INT4_MAX = 2_147_483_647;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

export const isRowId = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= INT4_MAX;

/** A row id from a form field or a query parameter (digits only); null for anything else. */
export function rowIdOf(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return isRowId(id) ? id : null;
}
