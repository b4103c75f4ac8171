import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { PromoProducts } from "~/components/promotions/Promotions";
import { formatDay } from "~/format";
import { useTranslation } from "~/i18n/react";
import type { CampaignView } from "~/web/promotions.server";

/**
 * A campaign as customers see it (/campaign/:campaignName, and the managers' preview at /store/campaigns/:id): its
 * picture, title and summary, its products, its coupons (each with the cart's apply form, a plain post that comes back
 * to the campaign's page) and its terms. The route's handle must load the "campaigns" and "coupons" namespaces.
 * As a `preview` (a campaign being edited, perhaps never saved: its page may not exist) the coupons' buttons are
 * inert: disabled, described by a note that says why, and in no form (nothing to post, no page to come back to).
 */
export function CampaignArticle({ page, preview = false }: { page: CampaignView; preview?: boolean }) {
  const { t } = useTranslation(["campaigns", "coupons"]);
  const navigation = useNavigation();
  const back = `/campaign/${page.name}`;
  return (
    <article className="campaign-page" aria-labelledby="campaign-title">
      <header className="campaign-hero">
        <img src={page.image} alt={page.alt} width={page.width} height={page.height} lang={page.lang} />
        <div>
          <h1 id="campaign-title" lang={page.lang}>
            {page.title}
          </h1>
          <p lang={page.lang}>{page.summary}</p>
          {page.lastDay ? <p className="muted">{t("until", { date: formatDay(page.lastDay, page.lng) })}</p> : null}
        </div>
      </header>
      {page.products.length > 0 ? (
        <section aria-labelledby="campaign-products">
          <h2 id="campaign-products">{t("products")}</h2>
          <PromoProducts products={page.products} />
        </section>
      ) : null}
      {page.coupons.length > 0 ? (
        <section aria-labelledby="campaign-coupons">
          <h2 id="campaign-coupons">{t("coupons")}</h2>
          {preview ? (
            <p id="campaign-preview-coupons" className="muted">
              {t("previewCoupons")}
            </p>
          ) : null}
          <ul className="campaign-coupons">
            {page.coupons.map((coupon) => {
              const busy = navigation.state !== "idle" && navigation.formAction === "/cart" && navigation.formData?.get("code") === coupon.code;
              return (
                <li key={coupon.code} className="campaign-coupon">
                  <img src={coupon.image} alt="" width={96} height={96} loading="lazy" />
                  <div>
                    <h3>{coupon.name}</h3>
                    <p>{t("code", { code: coupon.code })}</p>
                    {preview ? (
                      <button type="button" className="button" disabled aria-label={t("coupons:applyNamed", { name: coupon.name })} aria-describedby="campaign-preview-coupons">
                        {t("coupons:apply")}
                      </button>
                    ) : (
                      <Form method="post" action="/cart">
                        <AuthenticityTokenInput />
                        <input type="hidden" name="intent" value="apply-coupon" />
                        <input type="hidden" name="code" value={coupon.code} />
                        <input type="hidden" name="source" value="list" />
                        <input type="hidden" name="back" value={back} />
                        <button type="submit" className="button" disabled={busy} aria-label={t("coupons:applyNamed", { name: coupon.name })}>
                          {busy ? t("coupons:applying") : t("coupons:apply")}
                        </button>
                      </Form>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="campaign-terms" className="campaign-terms">
        <h2 id="campaign-terms">{t("terms")}</h2>
        {page.termsHtml ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server rendered this Markdown and sanitised it (server/content/markdown.ts)
          <div className="content-body" lang={page.termsLang} dangerouslySetInnerHTML={{ __html: page.termsHtml }} />
        ) : null}
        <p>
          <Link to="/campaigns-term-and-condition">{t("generalTerms")}</Link>
        </p>
      </section>
      <p>
        <Link to="/order/campaigns">{t("all")}</Link>
      </p>
    </article>
  );
}
