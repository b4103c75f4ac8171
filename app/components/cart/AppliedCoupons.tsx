import { useTranslation } from "~/i18n/react";
import { useMoney } from "~/components/ui/Money";
import { NoticeText } from "~/components/ui/Notice";
import type { CartSummary } from "~/web/cart.server";
import { CartButtonForm } from "./CartForm";

/**
 * The coupons on the cart (cart and checkout): each with what it gives, or, when it stopped applying, why (it stays
 * on the cart, flagged, until the customer removes it or changes the cart back), and a form to remove it.
 */
export function AppliedCoupons({ coupons }: { coupons: CartSummary["coupons"] }) {
  const { t } = useTranslation("cart");
  const money = useMoney();
  if (coupons.length === 0) return null;
  return (
    <section className="applied-coupons" aria-labelledby="applied-coupons-title">
      <h3 id="applied-coupons-title">{t("coupon.applied")}</h3>
      <ul>
        {coupons.map((coupon) => (
          <li key={coupon.code} className={coupon.problem ? "coupon coupon-flagged" : "coupon"}>
            <div>
              <strong>{coupon.name}</strong> <span className="muted">{coupon.code}</span>
              <div>
                {coupon.problem
                  ? t("coupon.notApplying")
                  : coupon.discountCents > 0
                    ? t("coupon.saves", { amount: money(coupon.discountCents) })
                    : t(`coupon.gives.${coupon.type}`)}
              </div>
              {coupon.problem ? (
                <p className="field-error" role="status">
                  <NoticeText notice={coupon.problem} />
                </p>
              ) : null}
            </div>
            <CartButtonForm intent="remove-coupon" name="code" value={coupon.code} text={t("remove")} label={t("coupon.removeNamed", { code: coupon.code })} />
          </li>
        ))}
      </ul>
    </section>
  );
}
