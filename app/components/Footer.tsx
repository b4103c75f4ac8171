import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { RootData } from "~/root";
import { LanguageForm } from "./LanguageForm";

/** Every page's footer: the language form, then the links and text managers edit (the `footer` content page). */
export function Footer({ root }: { root: RootData }) {
  const { t } = useTranslation("common");
  return (
    <footer className="site-footer">
      <LanguageForm lng={root.lng} back={root.path} />
      {root.footer ? (
        <div className="footer-content" lang={root.footer.lng === root.lng ? undefined : root.footer.lng}>
          <nav aria-label={t("footer.label")}>
            <ul className="footer-links">
              {root.footer.links.map((link) => (
                <li key={link.href + link.label}>{link.href.startsWith("/") ? <Link to={link.href}>{link.label}</Link> : <a href={link.href}>{link.label}</a>}</li>
              ))}
            </ul>
          </nav>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the footer content page's text, rendered from Markdown and sanitised on the server */}
          <div dangerouslySetInnerHTML={{ __html: root.footer.html }} />
        </div>
      ) : (
        <BuiltInLinks />
      )}
    </footer>
  );
}

/** The footer without its content page (a database whose texts were never written): the shop's own links. */
function BuiltInLinks() {
  const { t } = useTranslation("common");
  return (
    <>
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
    </>
  );
}
