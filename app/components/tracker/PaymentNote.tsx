import type { TrackedOrder } from "#server/orders/tracker";
import { useMoney } from "~/components/ui/Money";
import { useTranslation } from "~/i18n/react";

/** The tracker's word on an order paid online (issue 13): the state of its money, by the state of its attempt. */
const noteKey: Record<string, string> = {
  new: "awaiting",
  action: "awaiting",
  refused: "awaiting",
  cancelled: "awaiting",
  error: "awaiting",
  pending: "pending",
  authorised: "authorised",
  capturing: "authorised",
  "capture-failed": "authorised",
  captured: "captured",
  refunding: "refunding",
  refunded: "refunded",
  voided: "released",
  expired: "released",
  superseded: "released",
  "refund-failed": "refundFailed",
};

/**
 * Where the customer's money is, on the tracker of an order paid online: waiting for the payment (with the way to
 * pay it while the order waits), pending at the bank, authorised (charged at the hand-over), captured, on its way
 * back after a cancel, back, or not returned (call the store). Nothing for an order paid at the door.
 */
export function PaymentNote({ order }: { order: TrackedOrder }) {
  const { t } = useTranslation("tracker");
  const money = useMoney();
  const payment = order.onlinePayment;
  if (!payment) return null;
  const key = noteKey[payment.state] ?? "pending";
  const waiting = order.stage === "starting";
  if (key === "awaiting" && !waiting) return null;
  return (
    <p className={key === "refundFailed" ? "notice notice-error" : "notice notice-info"} role="status">
      {t(`onlinePayment.${key}`, { amount: money(payment.amountCents) })}{" "}
      {key === "awaiting" ? (
        <a href={`/credit-payment/${payment.transaction}`}>{t("onlinePayment.payNow")}</a>
      ) : key === "pending" ? (
        <a href={`/payment-status/${payment.transaction}`}>{t("onlinePayment.details")}</a>
      ) : null}
    </p>
  );
}
