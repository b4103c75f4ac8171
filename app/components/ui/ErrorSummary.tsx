import { useTranslation } from "~/i18n/react";

/** A field of the form, as the summary lists it: where it is, what it is called, and its messages (validation keys). */
export interface SummaryField {
  id: string;
  label: string;
  errors?: string[];
  /** values the messages name ("{{size}} MB") */
  values?: Record<string, string>;
}

/**
 * A long form refused by the server, without JavaScript: the answer is a new page, which the browser would open at its
 * top, far from the first message. The summary takes focus as the page loads (`autofocus`, which browsers honour
 * without script), so the answer opens here: what to correct, each a link to its field. Drawn for a server's
 * refusal (`shown`); with JavaScript the
 * form checks itself and focuses its first field in error before it posts, so only what the server alone can tell
 * (an email already registered) gets here.
 */
export function ErrorSummary({ formId, fields, shown }: { formId: string; fields: SummaryField[]; shown: boolean }) {
  // A field's messages are keys of validation (or "ns:key"), as FieldError reads them.
  const { t } = useTranslation(["validation", "common"]);
  const wrong = fields.filter((field) => field.errors?.length);
  if (!shown || wrong.length === 0) return null;
  return (
    // biome-ignore lint/a11y/noAutofocus: the page is the form's answer, and this is what it says
    <div id={`${formId}-errors`} className="notice notice-error error-summary" role="alert" tabIndex={-1} autoFocus>
      <p>{t("common:form.errorSummary")}</p>
      <ul>
        {wrong.map((field) => (
          <li key={field.id}>
            <a href={`#${field.id}`}>
              {field.label}: {field.errors!.map((key) => t(key, field.values)).join(" ")}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
