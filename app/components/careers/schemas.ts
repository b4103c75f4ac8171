/** The job application form's schema, for the page (conform in the browser) and its action alike: server/careers/schema.ts, pure. */
export { applicationSchema } from "#server/careers/schema";
