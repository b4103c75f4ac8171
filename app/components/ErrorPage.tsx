import { useTranslation } from "~/i18n/react";

/** The bare-layout page for /404 and /403. */
export function ErrorPage({ status }: { status: 403 | 404 }) {
  const { t } = useTranslation("common");
  const key = status === 404 ? "notFound" : "forbidden";
  return (
    <main className="error-page" id="main">
      <img src="/images/logo.svg" alt="" width={64} height={64} />
      <h1>{t(`errorPage.${key}Title`)}</h1>
      <p>{t(`errorPage.${key}Body`)}</p>
      <p>
        <a href="/home">{t("errorPage.home")}</a>
      </p>
    </main>
  );
}
