/** The languages a manager writes a text in, with the suffix of the form's field names (`titleEs`, `titleAr`). */
export const EDITOR_LANGUAGES = [
  ["Es", "es"],
  ["En", "en"],
  ["Ar", "ar"],
] as const;
