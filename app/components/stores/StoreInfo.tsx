import { useTranslation } from "~/i18n/react";

interface Range {
  opens: string;
  closes: string;
}

type T = ReturnType<typeof useTranslation>["t"];

/** A day's ranges as one line ("11:00–15:00, 18:00–23:30"), or "Cerrado". */
export function hoursText(t: T, ranges: readonly Range[]): string {
  return ranges.length
    ? ranges.map((r) => t("stores:range", { opens: r.opens, closes: r.closes })).join(t("stores:rangeJoin"))
    : t("stores:closed");
}

/** Open now (until when) or closed now (and when it opens again today), in words: never by colour alone. */
export function OpenStatus({ store }: { store: { openNow: boolean; closesAt: string | null; opensAt: string | null } }) {
  const { t } = useTranslation("stores");
  const text = store.openNow
    ? store.closesAt === "00:00"
      ? t("status.openUntilMidnight")
      : store.closesAt
        ? t("status.openUntil", { time: store.closesAt })
        : t("status.open")
    : store.opensAt
      ? t("status.opensAt", { time: store.opensAt })
      : t("status.closed");
  return <span className={`store-status ${store.openNow ? "store-open" : "store-closed"}`}>{text}</span>;
}

/** The order types a store offers. */
export function ServiceList({ store }: { store: { offersDelivery: boolean; offersCarryout: boolean } }) {
  const { t } = useTranslation("stores");
  return (
    <ul className="store-services">
      {store.offersDelivery ? <li>{t("services.delivery")}</li> : null}
      {store.offersCarryout ? <li>{t("services.carryout")}</li> : null}
    </ul>
  );
}
