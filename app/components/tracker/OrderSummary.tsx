import type { TrackedOrder } from "#server/orders/tracker";
import { CartTotals } from "~/components/cart/CartTotals";
import { useMoney } from "~/components/ui/Money";
import { formatClock, formatDateTime, formatPhone, phoneHref } from "~/format";
import type { Lng } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import { choiceTexts } from "~/components/order/choice-texts";
import { invoiceText } from "~/components/order/invoice-text";
import { deliveryAddressText } from "./stages";
import { scheduledText } from "~/components/order-time/slot-text";

/**
 * The order's summary (the confirmation page after placing, and the tracker's details later): where and when,
 * who, the payment, every item and the totals, and where the confirmation mail went.
 */
export function OrderSummary({ order, lng }: { order: TrackedOrder; lng: Lng }) {
  const { t } = useTranslation(["tracker", "cart"]);
  const money = useMoney();
  const fact = (label: string, value: React.ReactNode) => (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <section aria-labelledby="order-title" className="panel order-summary">
      <h2 id="order-title">{t("summary")}</h2>
      {order.confirmationSent ? <p className="muted">{t("confirmationSent", { email: order.emailHint })}</p> : null}
      <dl className="facts">
        {fact(t("placedAt"), formatDateTime(order.createdAt, lng, order.timeZone))}
        {fact(
          t(`orderType.${order.orderType}`),
          order.orderType === "D" && order.deliveryAddress
            ? deliveryAddressText(order.deliveryAddress, t)
            : `${order.outletName}, ${order.outletAddress}`,
        )}
        {fact(
          t("collectionTime"),
          order.collectionTime
            ? scheduledText(t, lng, { collectionTime: order.collectionTime, collectionFrom: order.collectionFrom, timeZone: order.timeZone })
            : order.asapBy
              ? t("asapBy", { time: formatClock(order.asapBy, order.timeZone) })
              : t("asap"),
        )}
        {fact(t("customer"), order.customerName)}
        {fact(
          t("payment"),
          [
            t(`checkout:payment.${order.paymentMethod}`),
            order.cash ? t("cashChange", { tendered: money(order.cash.tenderedCents), change: money(order.cash.changeCents) }) : null,
          ]
            .filter(Boolean)
            .join(" · "),
        )}
        {order.comment ? fact(t("comment"), order.comment) : null}
        {order.invoice ? fact(t("invoice"), invoiceText(t, order.invoice)) : null}
        {fact(
          t("outlet"),
          <a href={phoneHref(order.outletPhone)}>
            {order.outletName} · <bdi dir="ltr">{formatPhone(order.outletPhone)}</bdi>
          </a>,
        )}
      </dl>
      <h3>{t("details")}</h3>
      <ul className="summary-lines">
        {order.items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a placed order's lines never move
          <li key={i}>
            {t("cart:lineSummary", { quantity: item.quantity, name: item.name })}
            {item.size ? <span className="muted"> {[item.size, item.crust].filter(Boolean).join(" · ")}</span> : null}{" "}
            <bdi dir={item.totalCents === 0 ? undefined : "ltr"}>{item.totalCents === 0 ? t("cart:free") : money(item.totalCents)}</bdi>
            {item.couponCode ? <div className="muted">{t("cart:coupon.line", { code: item.couponCode })}</div> : null}
            {choiceTexts(t, item).map((text) => (
              <div className="muted" key={text}>
                {text}
              </div>
            ))}
          </li>
        ))}
      </ul>
      {order.coupons.length > 0 ? (
        <>
          <h3>{t("coupons")}</h3>
          <ul className="summary-lines order-coupons">
            {order.coupons.map((coupon) => (
              <li key={coupon.code}>
                {coupon.name} <span className="muted">{coupon.code}</span> <span>{t("couponSaved", { amount: money(coupon.discountCents) })}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <CartTotals
        // a delivery without a fee: a coupon waived it ("Envío: Gratis", as the cart and the checkout said)
        deliveryFeeWaived={order.orderType === "D" && order.deliveryFeeCents === 0}
        totals={{
          subtotalCents: order.subtotalCents,
          discountCents: order.discountCents,
          deliveryFeeCents: order.deliveryFeeCents,
          taxPercent: order.taxPercent,
          taxCents: order.taxCents,
          totalCents: order.totalCents,
        }}
      />
    </section>
  );
}
