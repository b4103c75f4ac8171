// Pure: no imports, so the console's form schema (in the browser too) and the server share the one rule.
/** A phone number as customers dial it: digits, spaces, "+", "-" and brackets, with 8 to 20 digits. */
export function isDialable(value: string): boolean {
  if (value.length > 30 || !/^\+?[0-9 ()-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 8 && digits <= 20;
}

/** The number as a tel: link dials it: its digits and a leading "+". */
export const telHref = (value: string) => `tel:${value.replace(/[^\d+]/g, "")}`;
