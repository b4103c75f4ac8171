import { getTextareaProps } from "@conform-to/react";
import type { AnyField } from "~/components/ui/Field";
import { FieldError } from "~/components/ui/FieldError";

/** A conform textarea with its label, an optional hint and its translated errors (the console's Markdown fields). */
export function TextAreaField({ field, label, hint, rows = 8, lang }: { field: AnyField; label: string; hint?: string; rows?: number; lang?: string }) {
  const hintId = `${field.id}-description`;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea {...getTextareaProps(field, { ariaDescribedBy: hint ? hintId : undefined })} key={field.key} rows={rows} dir="auto" lang={lang} />
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
      <FieldError field={field} />
    </div>
  );
}
