import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { FieldError } from "./FieldError";

type InputType = "text" | "email" | "password" | "tel" | "number" | "search" | "url" | "datetime-local";

/** A conform field of any form (the schemas differ; the markup does not). */
// biome-ignore lint/suspicious/noExplicitAny: a field of any form's schema; only its name, id, key and errors are read
export type AnyField = FieldMetadata<any, any, string[]>;

/**
 * One form field as every form writes it: the label, the input (conform's props: name, id, value, aria-invalid,
 * aria-describedby to the description and the errors), an optional description, the translated errors (with the
 * amounts some of them name, `values`) and what follows the field (`children`, e.g. the change a cash amount gives).
 * `required` marks the input aria-required (the forms validate it; the browser is not asked to).
 */
export function Field({
  field,
  label,
  type = "text",
  description,
  required,
  values,
  className,
  children,
  ...input
}: {
  field: AnyField;
  label: string;
  type?: InputType;
  /** A hint under the input, read by screen readers with it. */
  description?: ReactNode;
  required?: boolean;
  values?: Record<string, string>;
  /** classes beside "field" on the wrapper */
  className?: string;
  children?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue" | "form" | "required" | "className" | "children">) {
  const descriptionId = `${field.id}-description`;
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={field.id}>{label}</label>
      <input
        {...getInputProps(field, { type, ariaDescribedBy: description ? descriptionId : undefined })}
        key={field.key}
        aria-required={required ? true : undefined}
        {...input}
      />
      {description ? (
        <p id={descriptionId} className="hint">
          {description}
        </p>
      ) : null}
      <FieldError field={field} values={values} />
      {children}
    </div>
  );
}
