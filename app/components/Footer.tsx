import { Link } from "~/components/link";
import { useTranslation } from "~/i18n/react";
import type { RootData } from "~/root";
import { LanguageForm } from "./LanguageForm";

/** Every page's footer: the language form, then the links and text managers edit (the `footer` content page). */
export function Footer({ root }: { root: RootData }) {
  const { t } = useTranslation("common");
  return (
    <footer className="site-footer">
      <LanguageForm lng={root.lng} back={root.path} />
      <div className="footer-content" lang={root.footer.lng === root.lng ? undefined : root.footer.lng}>
        <nav aria-label={t("footer.label")}>
          <ul className="footer-links">
            {/* Link takes this site's paths (client-side) and other sites' https addresses (a document load) alike. */}
            {root.footer.links.map((link) => (
              <li key={link.href}>
                <Link to={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the footer content page's text, rendered from Markdown and sanitised on the server */}
        <div dangerouslySetInnerHTML={{ __html: root.footer.html }} />
        <p>
          {t("footer.care")}{" "}
          <a href={root.brand.care.href}>
            <bdi dir="ltr">{root.brand.care.phone}</bdi>
          </a>
        </p>
      </div>
    </footer>
  );
}
