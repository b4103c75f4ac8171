/**
 * The contact form's and the survey's constants that their pages render, without zod (the schemas are in
 * feedback-rules.ts, which re-exports these): a page's first load carries no zod (issue 15).
 */

/** The outlet select's answer for a message about no outlet in particular (the website, the brand). */
export const NO_OUTLET = "none";
/**
 * The honeypot: a field people never see (off screen, hidden from screen readers, out of the tab order) that form-
 * filling robots fill in. A post that fills it is answered as a success, and nothing is stored or mailed.
 */
export const HONEYPOT_FIELD = "website";

export const RATINGS = [1, 2, 3, 4, 5] as const;
