/** The contact form's and the survey's constants their pages render, without zod (schemas.ts has the schemas): issue 15. */
export { HONEYPOT_FIELD, NO_OUTLET, RATINGS } from "#server/content/feedback-fields";
