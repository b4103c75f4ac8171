/** The word a password-less account types to delete itself, per language (profile.json `delete.word` says it). Without zod, for the page's first load (issue 15); profile-forms.ts re-exports it. */
export const DELETE_WORDS = { es: "BORRAR", en: "DELETE", ar: "حذف" } as const;
