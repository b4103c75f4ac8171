/** The job application form's schema, for the page (conform in the browser) and its action alike: server/careers/schema.ts, pure. */
export { applicationSchema, CAREERS_FORM_LIMIT_BYTES } from "#server/careers/schema";
