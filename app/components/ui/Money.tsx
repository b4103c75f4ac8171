import { useTranslation } from "~/i18n/react";
import { formatMoney } from "~/format";
import { isLng, fallbackLng } from "~/i18n/config";

export function useMoney() {
  const { i18n } = useTranslation();
  const lng = isLng(i18n.language) ? i18n.language : fallbackLng;
  // `sign`: "−" for an amount taken off, "+" for one added (kept with the amount in Arabic: app/format.ts).
  return (cents: number, sign?: "\u2212" | "+") => formatMoney(cents, lng, sign);
}

export function Money({ cents }: { cents: number }) {
  const money = useMoney();
  return <span className="money">{money(cents)}</span>;
}
