import { useTranslation } from "~/i18n/react";

/** The translated errors of one conform field (with the values they name), tied to its input by aria-describedby. */
export function FieldError({ field, values }: { field: { errorId: string; errors?: string[] }; values?: Record<string, string> }) {
  const { t } = useTranslation("validation");
  return (
    <p id={field.errorId} className="field-error" aria-live="polite">
      {field.errors?.map((key) => t(key, values)).join(" ")}
    </p>
  );
}
