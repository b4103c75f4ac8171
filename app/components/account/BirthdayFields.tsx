import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { BIRTH_YEAR_DEFAULT_OFFSET, BIRTH_YEAR_MIN } from "#server/customers/birth-year";
import { FieldError } from "~/components/ui/FieldError";
import { useTranslation } from "~/i18n/react";

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

// biome-ignore lint/suspicious/noExplicitAny: a field of any form that has the three birthday parts
type Part = FieldMetadata<any, any, string[]>;

/**
 * The birthday as the spec has it: day, month and year selects, years from 1900 to this year, the year list
 * opening 20 years back when nothing is chosen. One fieldset, its legend the label, its errors under it.
 * `thisYear` comes from the loader (the shop's calendar), so the server and the browser render the same list.
 */
export function BirthdayFields({ day, month, year, thisYear, lng }: { day: Part; month: Part; year: Part; thisYear: number; lng: string }) {
  const { t } = useTranslation("account");
  const monthName = new Intl.DateTimeFormat(lng, { month: "long", timeZone: "UTC" });
  const years = Array.from({ length: thisYear - BIRTH_YEAR_MIN + 1 }, (_, i) => thisYear - i);
  const defaultYear = String(thisYear - BIRTH_YEAR_DEFAULT_OFFSET);
  const errors = [day, month, year].flatMap((part) => part.errors ?? []);
  const errorId = `${day.id}-birthday-error`;
  const select = (part: Part) => ({ ...getSelectProps(part), "aria-describedby": errors.length ? errorId : undefined, key: part.key });
  return (
    <fieldset className="field birthday" aria-invalid={errors.length ? true : undefined}>
      <legend>{t("fields.birthday")}</legend>
      <label>
        <span>{t("fields.day")}</span>
        <select {...select(day)}>
          <option value="">—</option>
          {DAYS.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t("fields.month")}</span>
        <select {...select(month)}>
          <option value="">—</option>
          {MONTHS.map((m) => (
            <option key={m} value={m}>
              {monthName.format(new Date(Date.UTC(2000, m - 1, 1)))}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t("fields.year")}</span>
        <select {...select(year)} defaultValue={(year.initialValue as string | undefined) ?? defaultYear}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </label>
      <FieldError field={{ errorId, errors: [...new Set(errors)] }} />
    </fieldset>
  );
}

/** Gender as three radio buttons in a fieldset (spec: gender must be selected). */
export function GenderField({ field }: { field: Part }) {
  const { t } = useTranslation("account");
  return (
    <fieldset
      id={field.id}
      className="field choices"
      aria-invalid={field.errors?.length ? true : undefined}
      aria-describedby={field.errors?.length ? field.errorId : undefined}
    >
      <legend>{t("fields.gender")}</legend>
      {(["M", "F", "O"] as const).map((value) => (
        <label key={value}>
          <input type="radio" name={field.name} value={value} defaultChecked={field.initialValue === value} />
          {t(`fields.gender${value}`)}
        </label>
      ))}
      <FieldError field={field} />
    </fieldset>
  );
}

/** A checkbox with its label and errors (terms, preferences). */
export function CheckboxField({ field, label }: { field: Part; label: string }) {
  return (
    <div className="field checkbox">
      <label>
        <input
          type="checkbox"
          name={field.name}
          id={field.id}
          defaultChecked={field.initialValue === "on" || field.initialValue === "true"}
          aria-invalid={field.errors?.length ? true : undefined}
          aria-describedby={field.errors?.length ? field.errorId : undefined}
        />{" "}
        {label}
      </label>
      <FieldError field={field} />
    </div>
  );
}
