import { stageLabel } from "~/components/tracker/stages";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Link } from "~/components/link";
import type { ReactNode } from "react";
import type { ConsoleOrder } from "#server/staff/console";
import { FieldError } from "~/components/ui/FieldError";
import { useMoney } from "~/components/ui/Money";
import { formatPhone, phoneHref } from "~/format";
import type { Lng } from "~/i18n/config";
import { useTranslation } from "~/i18n/react";
import { choiceTexts } from "~/components/order/choice-texts";
import { invoiceText } from "~/components/order/invoice-text";
import { lateText, orderWhen } from "./order-when";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useLazyValidation } from "~/lazy-validation";

const loadCancelOrderSchema = () => import("./schemas").then((m) => m.cancelOrderSchema);

const CANCELED = 8;

/** Hidden fields every console form carries: which order, and the status the staff member saw. */
function OrderFields({ order }: { order: ConsoleOrder }) {
  return (
    <>
      <input type="hidden" name="order" value={order.uuid} />
      <input type="hidden" name="from" value={order.status} />
    </>
  );
}

function CancelForm({ order, result, busy, open }: { order: ConsoleOrder; result?: SubmissionResult<string[]>; busy: boolean; open: boolean }) {
  const { t } = useTranslation("store");
  const [form, fields] = useForm({
    id: `cancel-${order.uuid}`,
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadCancelOrderSchema),
  });
  // Opened by the server's refusal (a post without JavaScript) or by the cancel view (`open`); with JavaScript the
  // staff member opened it and the inline check keeps it open (controlling `open` from live errors would close it as
  // soon as they clear). Without JavaScript the console reloads itself, which would wipe a half-typed reason: there the
  // disclosure's summary is hidden (app.css) and a link opens the cancel view instead, a page that does not reload.
  const refused = Boolean(result?.error?.reason?.length);
  return (
    <>
      {open ? null : (
        <Link className="console-cancel-view" to={`?cancel=${order.uuid}#cancel-${order.uuid}`}>
          {t("cancel.open")}
        </Link>
      )}
      <details className="console-cancel" open={refused || open || undefined}>
        <summary>{t("cancel.open")}</summary>
        <Form method="post" {...getFormProps(form)}>
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="cancel" />
          <OrderFields order={order} />
          <div className="field">
            <label htmlFor={fields.reason.id}>{t("cancel.reason", { number: order.number })}</label>
            <input {...getInputProps(fields.reason, { type: "text" })} key={fields.reason.key} maxLength={200} autoComplete="off" />
            <FieldError field={fields.reason} />
          </div>
          <button type="submit" className="button button-secondary" disabled={busy}>
            {t("cancel.submit", { number: order.number })}
          </button>
          {open ? (
            <Link className="console-cancel-back" to=".">
              {t("cancel.keep")}
            </Link>
          ) : null}
        </Form>
      </details>
    </>
  );
}

/** One term and its description in the card's list. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function address(order: ConsoleOrder, t: (key: string, values?: Record<string, string>) => string): string {
  const a = order.deliveryAddress;
  if (!a) return "";
  const street = [a.st, a.houseNo].filter(Boolean).join(" ") + (a.interiorNo ? ` ${t("order.interior", { number: a.interiorNo })}` : "");
  return [street, a.villeageName, a.cityName, a.postalCode ? t("order.postalCode", { code: a.postalCode }) : ""].filter(Boolean).join(", ");
}

/** One order of the console: what the kitchen and the counter need, and the moves it allows now. */
export function ConsoleOrderCard({
  order,
  lng,
  result,
  busy,
  cancelling = false,
}: {
  order: ConsoleOrder;
  lng: Lng;
  result?: SubmissionResult<string[]>;
  busy: boolean;
  /** the cancel view (`?cancel=<uuid>`) is this order's: its cancel form open */
  cancelling?: boolean;
}) {
  const { t } = useTranslation(["store", "common"]);
  const money = useMoney();
  const headingId = `order-${order.uuid}`;
  return (
    <article className={`console-order console-stage-${order.stage}${order.lateMinutes ? " console-order-late" : ""}`} aria-labelledby={headingId}>
      <header className="console-order-head">
        <h2 id={headingId} tabIndex={-1}>
          {t("order.title", { number: order.number })}
        </h2>
        <p className="console-status">
          {t(stageLabel(order.stage, order.orderType))}
          {order.lateMinutes ? <strong className="console-late"> · {lateText(t, order.lateMinutes)}</strong> : null}
        </p>
      </header>
      <dl className="facts console-facts">
        <Fact term={t("order.placedAt")}>
          {orderWhen(t, lng, order)}
        </Fact>
        <Fact term={t("order.type")}>{t(order.orderType === "D" ? "order.delivery" : "order.carryout", { outlet: order.outletName })}</Fact>
        <Fact term={t("order.customer")}>
          {order.customer.name} · <a href={phoneHref(order.customer.mobile)}>{formatPhone(order.customer.mobile.replace(/\D/g, ""))}</a>
        </Fact>
        {order.deliveryAddress ? (
          <Fact term={t("order.address")}>
            {address(order, t)}
            {order.deliveryAddress.landmark ? <span className="muted"> · {order.deliveryAddress.landmark}</span> : null}
          </Fact>
        ) : null}
        <Fact term={t("order.items")}>
          <ul className="console-items">
            {order.items.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a placed order's lines never move
              <li key={i}>
                {t("order.item", { quantity: item.quantity, name: item.name })}
                {item.detail.length ? <span className="muted"> ({item.detail.join(" · ")})</span> : null}
                {choiceTexts(t, item.choices).map((text) => (
                  <div className="console-choice" key={text}>
                    {text}
                  </div>
                ))}
              </li>
            ))}
          </ul>
        </Fact>
        {order.comment ? <Fact term={t("order.comment")}>{order.comment}</Fact> : null}
        <Fact term={t("order.total")}>
          <strong>{money(order.totalCents)}</strong>
          {/* What the total is made of when it is not the products alone: the counter sees why the sum differs. */}
          {order.coupons.length > 0 || order.deliveryFeeCents > 0 ? (
            <span className="muted">
              {" "}
              (
              {[
                `${t("order.subtotal")} ${money(order.subtotalCents)}`,
                ...order.coupons.map((coupon) => `${t("order.coupon", { code: coupon.code })} ${money(coupon.discountCents, "\u2212")}`),
                ...(order.deliveryFeeCents > 0 ? [`${t("order.deliveryFee")} ${money(order.deliveryFeeCents)}`] : []),
              ].join(" · ")}
              )
            </span>
          ) : null}
        </Fact>
        <Fact term={t("order.payment")}>
          {[
            t(`payment.${order.paymentMethod}`),
            order.cash && order.cash.changeCents > 0
              ? t("order.change", { tendered: money(order.cash.tenderedCents), change: money(order.cash.changeCents) })
              : order.cash
                ? t("order.exact")
                : null,
            order.receipt ? t("order.receipt") : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </Fact>
        {order.invoice ? <Fact term={t("order.invoice")}>{invoiceText(t, order.invoice)}</Fact> : null}
        {order.cancelReason ? <Fact term={t("order.cancelReason")}>{order.cancelReason}</Fact> : null}
      </dl>
      {order.next.length > 0 ? (
        <div className="console-actions">
          {order.next
            .filter((to) => to !== CANCELED)
            .map((to) => (
              <Form method="post" key={to}>
                <AuthenticityTokenInput />
                <input type="hidden" name="intent" value="status" />
                <OrderFields order={order} />
                <input type="hidden" name="to" value={to} />
                <button type="submit" className="button" disabled={busy}>
                  {t(`action.${to}`)}
                </button>
              </Form>
            ))}
          {order.next.includes(CANCELED) ? <CancelForm order={order} result={result} busy={busy} open={cancelling} /> : null}
        </div>
      ) : null}
    </article>
  );
}
