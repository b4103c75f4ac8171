import { useTranslation } from "~/i18n/react";
import type { Totals } from "#server/cart/pricing";
import { useMoney } from "~/components/ui/Money";

export function CartTotals({ totals }: { totals: Totals }) {
  const { t } = useTranslation("cart");
  const money = useMoney();
  return (
    <dl className="totals">
      <div>
        <dt>{t("subtotal")}</dt>
        <dd>{money(totals.subtotalCents)}</dd>
      </div>
      {totals.deliveryFeeCents > 0 ? (
        <div>
          <dt>{t("deliveryFee")}</dt>
          <dd>{money(totals.deliveryFeeCents)}</dd>
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
