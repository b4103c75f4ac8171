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

/** The note's text (`tracker:onlinePayment.<key>`) for an attempt's state at an order's stage; null: no note. */
export function paymentNoteKey(state: string, stage: TrackedOrder["stage"]): string | null {
  const noted = noteKey[state] ?? "pending";
  // Waiting for a payment is said only while the order waits for it.
  if (noted === "awaiting" && stage !== "starting") return null;
  // Handed over, the charge is under way (captured at the hand-over): "taken when you get your order" would be stale.
  return noted === "authorised" && (state === "capturing" || stage === "completed") ? "charging" : noted;
}

/**
 * Where the customer's money is, on the tracker of an order paid online: waiting for the payment (with the way to
 * pay it while the order waits), pending at the bank, authorised (charged at the hand-over), being charged (handed
 * over), captured, on its way
 * back after a cancel, back, or not returned (call the store). Nothing for an order paid at the door.
 */
export function PaymentNote({ order }: { order: TrackedOrder }) {
  const { t } = useTranslation("tracker");
  const money = useMoney();
  const payment = order.onlinePayment;
  if (!payment) return null;
  const key = paymentNoteKey(payment.state, order.stage);
  if (!key) return null;
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
