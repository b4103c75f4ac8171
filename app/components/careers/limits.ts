/** The careers page's body limit (`handle.form.maxBytes`), without zod (schemas.ts has the schema): issue 15. */
export { CAREERS_FORM_LIMIT_BYTES } from "#server/careers/limits";
