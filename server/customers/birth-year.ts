/** The birthday fields' year range (rules.ts has the schemas and re-exports these): without zod, for the account forms' first load (issue 15). */
export const BIRTH_YEAR_MIN = 1900;
export const BIRTH_YEAR_DEFAULT_OFFSET = 20;
