import { useTranslation } from "~/i18n/react";

/** The translated errors of one conform field, tied to its input by aria-describedby (errorId). */
export function FieldError({ field }: { field: { errorId: string; errors?: string[] } }) {
  const { t } = useTranslation("validation");
  return (
    <p id={field.errorId} className="field-error" aria-live="polite">
      {field.errors?.map((key) => t(key)).join(" ")}
    </p>
  );
}
