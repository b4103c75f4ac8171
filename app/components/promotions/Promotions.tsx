import { Link } from "~/components/link";
import type { ShownBanner } from "#server/content/banners";
import type { CampaignCard } from "#server/content/campaigns";
import { formatDay } from "~/format";
import type { Lng } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import { useMoney } from "~/components/ui/Money";
import type { PromoProduct } from "~/web/promotions.server";
import { HIGH_PRIORITY } from "~/components/ui/priority";

/**
 * The pictures of the home page and the campaigns' pages (issue 14 points 3 and 9): plain links and images, no
 * script (the banners scroll sideways with CSS scroll snapping). Every picture has its width and height (no layout
 * shift); only the first hero loads at once, the rest lazily.
 */

/** The home_hero banners: the first one large, the others beside it in a row that scrolls sideways on a phone. */
export function HeroBanners({ banners, label }: { banners: ShownBanner[]; label: string }) {
  if (banners.length === 0) return null;
  return (
    <section className="hero-banners" aria-label={label}>
      <ul>
        {banners.map((banner, index) => {
          const picture = (
            <>
              <img src={banner.image} alt={banner.alt} width={banner.width} height={banner.height} loading={index === 0 ? "eager" : "lazy"} {...(index === 0 ? HIGH_PRIORITY : null)} />
              {banner.title ? <span className="banner-title">{banner.title}</span> : null}
            </>
          );
          return (
            <li key={banner.id} lang={banner.lang}>
              {banner.href ? (
                <a href={banner.href} className="banner">
                  {picture}
                </a>
              ) : (
                <div className="banner">{picture}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The current campaigns as cards, each leading to its page. */
export function CampaignCards({ campaigns, lng, headingLevel = 2 }: { campaigns: CampaignCard[]; lng: Lng; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("campaigns");
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className="campaign-grid">
      {campaigns.map((campaign) => (
        <li key={campaign.name}>
          <article className="campaign-card" aria-labelledby={`campaign-${campaign.name}`}>
            <img src={campaign.image} alt={campaign.alt} width={campaign.width} height={campaign.height} loading="lazy" lang={campaign.lang} />
            <Heading id={`campaign-${campaign.name}`} lang={campaign.lang}>
              {campaign.title}
            </Heading>
            <p lang={campaign.lang}>{campaign.summary}</p>
            {campaign.lastDay ? <p className="muted">{t("until", { date: formatDay(campaign.lastDay, lng) })}</p> : null}
            <Link to={campaign.href} className="button button-secondary" aria-label={t("seeNamed", { name: campaign.title })}>
              {t("see")}
            </Link>
          </article>
        </li>
      ))}
    </ul>
  );
}

/** Products shown outside the menu (the favourites, a campaign's): picture, name, price, and the way to order it. */
export function PromoProducts({ products, headingLevel = 3 }: { products: PromoProduct[]; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation(["campaigns", "errors"]);
  const money = useMoney();
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className="promo-products">
      {products.map((product) => (
        <li key={product.uuid}>
          <article className="promo-product" aria-labelledby={`product-${product.uuid}`}>
            <img src={product.image} alt="" width={160} height={160} loading="lazy" />
            <Heading id={`product-${product.uuid}`}>{product.name}</Heading>
            <p className="price">
              {product.fromPriceCents === 0
                ? t("free")
                : product.hasSizes
                  ? t("from", { price: money(product.fromPriceCents) })
                  : money(product.fromPriceCents)}
            </p>
            {product.unavailable ? <p className="unavailable-note">{t(product.unavailable.key, product.unavailable)}</p> : null}
            <Link to={product.href} className="button" aria-label={t("orderNamed", { name: product.name })}>
              {t("order")}
            </Link>
          </article>
        </li>
      ))}
    </ul>
  );
}
