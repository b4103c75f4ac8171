/** The body the careers route takes (`handle.form.maxBytes`): a CV of 2 MiB, the form around it, and room for a CV over the limit to be answered on the page. Without zod, for the page's first load (issue 15); schema.ts re-exports it. */
export const CAREERS_FORM_LIMIT_BYTES = 4 * 1024 * 1024;
