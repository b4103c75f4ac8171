import { Form } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { supportedLngs, type Lng } from "~/i18n/config";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

/**
 * A plain post to /language that comes back to the same page, with or without JavaScript. It reloads the
 * document on purpose: the page carries one language's translations, so a new language means a new page.
 * `error`: on the /language page, a refused post's message (`errorId` is its id, for aria-describedby).
 */
export function LanguageForm({ lng, back, error = null, errorId }: { lng: Lng; back: string; error?: ReactNode; errorId?: string }) {
  const { t } = useTranslation("common");
  const id = useId();
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
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
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
      {error}
    </Form>
  );
}
