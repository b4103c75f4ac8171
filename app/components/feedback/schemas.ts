/**
 * The contact form's and the satisfaction survey's schemas and constants, for the pages (conform in the browser) and
 * their actions alike: the pure rules of server/content/feedback-rules.ts.
 */
export { contactSchema, HONEYPOT_FIELD, NO_OUTLET, RATINGS, surveySchema } from "#server/content/feedback-rules";
