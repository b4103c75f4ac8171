import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { BIRTH_YEAR_MIN } from "#server/customers/rules";
import { FieldError } from "~/components/ui/FieldError";
import { formatMonth } from "~/format";
import type { Lng } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";

// biome-ignore lint/suspicious/noExplicitAny: a select of any form's schema; only its name, id, key and errors are read
type SelectField = FieldMetadata<any, any, string[]>;

/**
 * A birthday as three selects, day, month and year (spec: birthday as day, month and year, from 1900), in one
 * fieldset whose legend names them; the year list runs from this year back to 1900. `today` is the shop's date
 * ("YYYY-MM-DD"). Labels are the account pages' (namespace "account"). The date's own error (a 31 of April) is the day's field error (rules.ts checkBirthday).
 */
export function BirthdayFields({
  legend,
  day,
  month,
  year,
  today,
  lng,
}: {
  legend: string;
  day: SelectField;
  month: SelectField;
  year: SelectField;
  today: string;
  lng: Lng;
}) {
  const { t } = useTranslation(["account", "history"]);
  const thisYear = Number(today.slice(0, 4));
  const years = Array.from({ length: thisYear - BIRTH_YEAR_MIN + 1 }, (_, i) => thisYear - i);
  const part = (field: SelectField, label: string, options: { value: number; label: string }[]) => (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select {...getSelectProps(field)} key={field.key}>
        <option value="">{t("history:birthday.choose")}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
  return (
    <fieldset className="birthday-fields">
      <legend>{legend}</legend>
      {part(
        day,
        t("fields.day"),
        Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: String(i + 1) })),
      )}
      {part(
        month,
        t("fields.month"),
        Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: formatMonth(i + 1, lng) })),
      )}
      {part(
        year,
        t("fields.year"),
        years.map((y) => ({ value: y, label: String(y) })),
      )}
    </fieldset>
  );
}
