/** How long a phone code is (pure, for the form's rule and for phone.ts). */
export const CODE_DIGITS = 6;
