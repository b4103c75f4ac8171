import { Link } from "~/components/link";
import type { CouponHistory as History, UsedCoupon } from "#server/coupons/history";
import { NoticeBanner } from "~/components/ui/Notice";
import { formatDateTime, formatMoney } from "~/format";
import type { Lng } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import type { TFunction } from "~/i18n/translate";
import type { Notice } from "~/web/session.server";

/** What a used coupon saved: its discount, or for a free delivery, item or deal what it gave. */
function savedText(t: TFunction, lng: Lng, used: UsedCoupon): string {
  if (used.discountCents > 0 || used.type === 2 || used.type === 3 || used.type === 5) return t("history.saved.amount", { amount: formatMoney(used.discountCents, lng) });
  if (used.type === 4) return t("history.saved.delivery");
  return t(used.type === 1 ? "history.saved.item" : "history.saved.deal");
}

/**
 * The profile's coupon history (issue 12 point 5): the coupons waiting in the account (CPH-02 marks one that can no
 * longer be used) and those used in orders (code, name, the order with a link to its tracker, when, what it saved).
 * `notice` is CPH-01's when the history could not be read.
 */
export function CouponHistory({ history, notice, lng, timeZone }: { history: History | null; notice: Notice | null; lng: Lng; timeZone: string }) {
  const { t } = useTranslation(["coupons", "errors"]);
  return (
    <section aria-labelledby="profile-coupons" className="panel coupon-history">
      <h2 id="profile-coupons">{t("history.title")}</h2>
      {notice ? <NoticeBanner notice={notice} /> : null}
      {history ? (
        <>
          <h3>{t("history.attached")}</h3>
          {history.attached.length === 0 ? (
            <p>{t("history.attachedNone")}</p>
          ) : (
            <ul className="coupon-history-attached">
              {history.attached.map((coupon) => (
                <li key={coupon.code}>
                  <strong>{coupon.name}</strong> ({coupon.code}) · {t("history.attachedAt", { date: formatDateTime(coupon.attachedAt, lng, timeZone) })}
                  {coupon.source === "game" ? ` · ${t("history.fromGame")}` : null}
                  {coupon.problem ? <span className="muted"> · {t("errors:cph02")}</span> : null}
                </li>
              ))}
            </ul>
          )}
          <p>
            {history.attached.some((coupon) => !coupon.problem) ? (
              <>
                <Link to="/order/coupons">{t("history.use")}</Link> ·{" "}
              </>
            ) : null}
            <Link to="/crm/coupon">{t("history.add")}</Link>
          </p>
          <h3>{t("history.used")}</h3>
          {history.used.length === 0 ? (
            <p>{t("history.usedNone")}</p>
          ) : (
            <table className="coupon-history-used">
              <thead>
                <tr>
                  <th scope="col">{t("history.colCoupon")}</th>
                  <th scope="col">{t("history.colOrder")}</th>
                  <th scope="col">{t("history.colDate")}</th>
                  <th scope="col">{t("history.colSaved")}</th>
                </tr>
              </thead>
              <tbody>
                {history.used.map((used) => (
                  <tr key={`${used.orderUuid}:${used.code}`}>
                    <td>
                      {used.name} ({used.code})
                    </td>
                    <td>
                      <Link to={`/tracker-order/${used.orderUuid}`}>{t("history.orderLink", { number: used.orderNumber })}</Link>
                    </td>
                    <td>{formatDateTime(used.usedAt, lng, used.timeZone)}</td>
                    <td>{savedText(t, lng, used)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
    </section>
  );
}
