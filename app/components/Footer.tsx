import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { RootData } from "~/root";
import { LanguageForm } from "./LanguageForm";

export function Footer({ root }: { root: RootData }) {
  const { t } = useTranslation("common");
  return (
    <footer className="site-footer">
      <LanguageForm lng={root.lng} back={root.path} />
      <nav aria-label={t("footer.label")}>
        <ul className="footer-links">
          <li>
            <Link to="/huts">{t("footer.stores")}</Link>
          </li>
          <li>
            <Link to="/tracking">{t("footer.tracking")}</Link>
          </li>
          <li>
            <Link to="/nutritional-content">{t("footer.nutrition")}</Link>
          </li>
        </ul>
      </nav>
      <p>{t("footer.prices")}</p>
      <p>{t("footer.copyright")}</p>
    </footer>
  );
}
