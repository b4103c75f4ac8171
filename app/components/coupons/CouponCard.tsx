import { useId, type ReactNode } from "react";
import type { CouponCard as Card } from "#server/coupons/listing";
import type { CouponGives, CouponTerm } from "#server/coupons/terms";
import { formatDateTime, formatMoney } from "~/format";
import type { Lng } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import type { TFunction } from "~/i18n/translate";

/** What a coupon gives, in words. */
function givesText(t: TFunction, lng: Lng, gives: CouponGives): string {
  const money = (cents: number) => formatMoney(cents, lng);
  switch (gives.kind) {
    case "item":
      return t("gives.item", { name: gives.name, count: gives.quantity });
    case "amount":
      return t("gives.amount", { amount: money(gives.amountCents) });
    case "percent":
      return gives.maxCents === null
        ? t("gives.percent", { percent: gives.percent })
        : t("gives.percentMax", { percent: gives.percent, max: money(gives.maxCents) });
    case "freeDelivery":
      return t("gives.freeDelivery");
    case "circle":
      return t("gives.circle", { amount: money(gives.amountCents) });
    case "deal":
      return t("gives.deal", { name: gives.name, price: money(gives.priceCents) });
  }
}

/** One condition, in words (validity bounds in the order's zone). */
function termText(t: TFunction, lng: Lng, timeZone: string, term: CouponTerm): string {
  switch (term.kind) {
    case "minAmount":
      return t("terms.minAmount", { amount: formatMoney(term.amountCents, lng) });
    case "minItems":
    case "usesPerCustomer":
      return t(`terms.${term.kind}`, { count: term.count });
    case "menuItems":
      return t("terms.menuItems", { names: term.names, count: term.count });
    case "orderType":
      return t(`terms.orderType.${term.orderType}`);
    case "payment":
      return t(`terms.payment.${term.payment}`);
    case "validFrom":
    case "validUntil":
      return t(`terms.${term.kind}`, { at: formatDateTime(term.at, lng, timeZone) });
    case "weekdays":
      // named by the page's loader (app/web/coupons.server.ts, namedDays)
      return t("terms.weekdays", { days: term.days });
    case "lunch":
      return t("terms.lunch", { start: term.start, end: term.end });
    default:
      return t(`terms.${term.kind}`);
  }
}

/**
 * A coupon as /order/coupons and /crm/coupon show it: its image (by type, or its own), name, code, what it gives
 * and its conditions in words; `children` is what can be done with it (apply, attach, sign in first).
 */
export function CouponCard({ coupon, lng, timeZone, children }: { coupon: Card; lng: Lng; timeZone: string; children?: ReactNode }) {
  const { t } = useTranslation("coupons");
  const id = useId();
  return (
    <article className="coupon-card" aria-labelledby={`${id}-name`}>
      <img src={coupon.image} alt="" width={96} height={96} loading="lazy" />
      <div className="coupon-body">
        <h2 id={`${id}-name`}>{coupon.name}</h2>
        <p className="coupon-code">
          <span>{t("code", { code: coupon.code })}</span>
          {coupon.attached ? <span className="coupon-badge">{t("inAccount")}</span> : null}
        </p>
        <p className="coupon-gives">{givesText(t, lng, coupon.gives)}</p>
        {coupon.terms.length > 0 ? (
          <ul className="coupon-terms" aria-label={t("termsLabel")}>
            {coupon.terms.map((term) => (
              <li key={term.kind}>{termText(t, lng, timeZone, term)}</li>
            ))}
          </ul>
        ) : null}
        {children}
      </div>
    </article>
  );
}
