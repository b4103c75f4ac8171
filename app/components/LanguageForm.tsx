import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { supportedLngs, type Lng } from "~/i18n/config";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

/**
 * A plain post to /language that comes back to the same page, with or without JavaScript. It reloads the
 * document on purpose: the page carries one language's translations, so a new language means a new page.
 */
export function LanguageForm({ lng, back }: { lng: Lng; back: string }) {
  const { t } = useTranslation("common");
  return (
    <Form method="post" action="/language" className="language-form" reloadDocument>
      <AuthenticityTokenInput />
      <input type="hidden" name="back" value={back} />
      <label htmlFor="language-select">{t("language.label")}</label>
      <select id="language-select" name="lng" defaultValue={lng} key={lng}>
        {supportedLngs.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`language.names.${code}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-quiet">
        {t("language.submit")}
      </button>
    </Form>
  );
}
