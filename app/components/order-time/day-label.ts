import { addDays } from "#server/calendar";
import type { Lng } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import { formatDay } from "~/format";

/** "Hoy, viernes 20 de noviembre" / "Mañana, ..." / the day itself. */
export function useDayLabel(lng: Lng, today: string) {
  const { t } = useTranslation("ordertime");
  const tomorrow = addDays(today, 1);
  return (date: string) => {
    const day = formatDay(date, lng);
    return date === today ? t("today", { day }) : date === tomorrow ? t("tomorrow", { day }) : day;
  };
}
