/**
 * Whether a parsed JSON value can be stored as Postgres text or jsonb: no NUL character (JSON's \u0000: no Postgres
 * text holds one) and no lone surrogate (JSON's "\ud800" escape alone: jsonb refuses it, "Unicode low surrogate must
 * follow a high surrogate"), in any string or key. What a client sends as JSON is checked before it is stored, so
 * such a body is refused with a 4xx rather than failing the insert with a 500.
 */
export function fitsPostgres(value: unknown): boolean {
  if (typeof value === "string") return storable(value);
  if (Array.isArray(value)) return value.every(fitsPostgres);
  if (value && typeof value === "object") return Object.entries(value).every(([key, inner]) => storable(key) && fitsPostgres(inner));
  return true;
}

/** A high surrogate without its low one, or a low one without its high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function storable(text: string): boolean {
  return !text.includes("\u0000") && !LONE_SURROGATE.test(text);
}
