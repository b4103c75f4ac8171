import { useTranslation } from "~/i18n/react";
import { formatMoney } from "~/format";
import { isLng, fallbackLng } from "~/i18n/config";

export function useMoney() {
  const { i18n } = useTranslation();
  const lng = isLng(i18n.language) ? i18n.language : fallbackLng;
  return (cents: number) => formatMoney(cents, lng);
}

export function Money({ cents }: { cents: number }) {
  const money = useMoney();
  return <span className="money">{money(cents)}</span>;
}
