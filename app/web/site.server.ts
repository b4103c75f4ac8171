import { bannerShows, emergencyBanner } from "#server/content/emergency";
import { renderMarkdown } from "#server/content/markdown";
import { footerContent, type FooterContent } from "#server/content/pages";
import { telHref } from "#server/content/phone";
import { tenant } from "#server/tenant";
import type { Lng } from "~/i18n/config";
import { translator } from "~/i18n/translator.server";
import type { Storefront } from "~/web/storefront.server";

/**
 * What every customer page shows around its own content (the root loader): the footer's links and text (the `footer`
 * content page, or the built-in links when it was never written) and the emergency banner while it is on and this browser has not
 * dismissed it. A `.server` module: the Markdown renderer behind the footer never reaches the browser's bundle.
 */
export async function siteChrome(store: Storefront): Promise<{ footer: FooterContent; emergency: { phone: string } | null }> {
  const [banner, footer] = await Promise.all([emergencyBanner(store.db), footerContent(store.db, store.lng)]);
  return {
    footer: footer ?? builtInFooter(store.lng),
    emergency: bannerShows(banner, store.session.get("emergencyDismissed")) ? { phone: banner.phone } : null,
  };
}

/** The footer of a database whose content pages were never written: the shop's own links, from the translations. */
function builtInFooter(lng: Lng): FooterContent {
  const t = translator(lng, "common");
  return {
    lng,
    links: [
      { label: t("footer.stores"), href: "/huts" },
      { label: t("footer.tracking"), href: "/tracking" },
      { label: t("footer.nutrition"), href: "/nutritional-content" },
      { label: t("footer.contact"), href: "/contact" },
    ],
    html: renderMarkdown(`${t("footer.prices")}\n\n${t("footer.copyright", { company: tenant.legalName })}`),
  };
}

/**
 * The tenant's brand as a page shows it (tenant.config.ts, server/tenant.ts): its name in the visitor's language,
 * its logo and its customer-care line. Its colours are inlined by the root itself (app/root.tsx), error pages too.
 */
export function brandOf(lng: Lng) {
  return {
    name: tenant.name[lng],
    logo: tenant.logo,
    care: { phone: tenant.customerCarePhone, href: telHref(tenant.customerCarePhone) },
    /** The meta description of a page that has none of its own (app/meta.ts). */
    description: translator(lng, "common")("meta.description", { brand: tenant.name[lng] }),
  };
}
