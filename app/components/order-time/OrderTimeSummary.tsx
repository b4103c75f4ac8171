import { Link } from "~/components/link";
import { useTranslation } from "~/i18n/react";
import type { RootData } from "~/root";
import { withOrderTimeDialogOpen } from "~/components/order-time/paths";
import { useDayLabel } from "~/components/order-time/day-label";

/**
 * "Hora del pedido: Hoy, sábado 28 de noviembre, 13:00 – 13:15 · Cambiar hora" (or "Lo antes posible", or "Programa
 * tu pedido" while the outlet is closed and ASAP refused, or the chosen slot has passed): the
 * disposition's order time with the link that opens its dialog. The header shows it on every ordering page, and the
 * checkout's summary repeats it beside what is ordered, so the customer confirms when as well as what.
 */
export function OrderTimeSummary({ root, className = "order-time-summary" }: { root: RootData; className?: string }) {
  const { t } = useTranslation("ordertime");
  const d = root.disposition;
  const dayLabel = useDayLabel(root.lng, d?.today ?? "");
  if (!d) return null;
  const [start, end] = d.collectionTime?.pickedHours.split("-") ?? [];
  return (
    <span className={className}>
      {t("current")}{" "}
      <strong>{d.collectionTime ? t("when", { day: dayLabel(d.collectionTime.pickedDay), start, end }) : d.scheduleNeeded ? t("scheduleNeeded") : t("asap")}</strong>{" "}
      <Link to={withOrderTimeDialogOpen(root.path)} preventScrollReset data-opens="order-time">
        {t("change")}
      </Link>
    </span>
  );
}
