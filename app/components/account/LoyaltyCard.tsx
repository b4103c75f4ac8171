import { maskCardNumber } from "#server/customers/card-mask";
import { useTranslation } from "~/i18n/react";

/**
 * An attached loyalty card as the profile and the loyalty page show it: only its last four digits (the whole
 * number is what attaches a card: it is not shown back). Needs the "history" namespace on the page.
 */
export function LoyaltyCard({ cardNumber }: { cardNumber: string }) {
  const { t } = useTranslation("history");
  return (
    <p className="loyalty-card">
      {t("loyalty.card", { number: maskCardNumber(cardNumber) })}
    </p>
  );
}
