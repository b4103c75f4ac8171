import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes } from "react";
import { FieldError } from "./FieldError";

type InputType = "text" | "email" | "password" | "tel" | "number" | "search" | "url";

/**
 * One form field as every form writes it: the label, the input (conform's props: name, id, value, aria-invalid,
 * aria-describedby to the description and the errors), an optional description, and the translated errors.
 */
export function Field({
  field,
  label,
  type = "text",
  description,
  ...input
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: InputType;
  /** A hint under the input, read by screen readers with it. */
  description?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue" | "form">) {
  const descriptionId = `${field.id}-description`;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input {...getInputProps(field, { type, ariaDescribedBy: description ? descriptionId : undefined })} key={field.key} {...input} />
      {description ? (
        <p id={descriptionId} className="hint">
          {description}
        </p>
      ) : null}
      <FieldError field={field} />
    </div>
  );
}
