import { useTranslation } from "~/i18n/react";
import type { Totals } from "#server/cart/pricing";
import { useMoney } from "~/components/ui/Money";

/** The cart's totals; a coupon's discount and a waived delivery fee ("free delivery") show as their own lines. */
export function CartTotals({ totals, deliveryFeeWaived = false }: { totals: Totals; deliveryFeeWaived?: boolean }) {
  const { t } = useTranslation("cart");
  const money = useMoney();
  return (
    <dl className="totals">
      <div>
        <dt>{t("subtotal")}</dt>
        <dd>{money(totals.subtotalCents)}</dd>
      </div>
      {totals.discountCents > 0 ? (
        <div className="discount">
          <dt>{t("discount")}</dt>
          <dd>{money(totals.discountCents, "\u2212")}</dd>
        </div>
      ) : null}
      {totals.deliveryFeeCents > 0 ? (
        <div>
          <dt>{t("deliveryFee")}</dt>
          <dd>{money(totals.deliveryFeeCents)}</dd>
        </div>
      ) : deliveryFeeWaived ? (
        <div>
          <dt>{t("deliveryFee")}</dt>
          <dd>{t("free")}</dd>
        </div>
      ) : null}
      <div className="total">
        <dt>{t("total")}</dt>
        <dd>{money(totals.totalCents)}</dd>
      </div>
      <div className="tax">
        <dt>{t("taxIncluded", { percent: totals.taxPercent })}</dt>
        <dd>{money(totals.taxCents)}</dd>
      </div>
    </dl>
  );
}
