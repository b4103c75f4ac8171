import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import { supportedLngs, type Lng } from "~/i18n/config";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FieldError } from "~/components/ui/FieldError";

/**
 * A plain post to /language that comes back to the same page, with or without JavaScript. It reloads the
 * document on purpose: the page carries one language's translations, so a new language means a new page.
 * `errors`: the drop-down's errors of a refused post (conform's reply on the /language page).
 */
export function LanguageForm({ lng, back, errors = null }: { lng: Lng; back: string; errors?: string[] | null }) {
  const { t } = useTranslation("common");
  const id = useId();
  const errorId = `${id}-language-error`;
  return (
    <Form method="post" action="/language" className="language-form" reloadDocument>
      <AuthenticityTokenInput />
      <input type="hidden" name="back" value={back} />
      <label htmlFor={`${id}-language`}>{t("language.label")}</label>
      <select
        id={`${id}-language`}
        name="lng"
        defaultValue={lng}
        key={lng}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? errorId : undefined}
      >
        {supportedLngs.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`language.names.${code}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-quiet">
        {t("language.submit")}
      </button>
      {errors ? <FieldError field={{ errorId, errors }} /> : null}
    </Form>
  );
}
