import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { choiceTexts } from "~/components/order/choice-texts";
import { CartTotals } from "~/components/cart/CartTotals";
import { AppliedCoupons } from "~/components/cart/AppliedCoupons";
import { CouponForm } from "~/components/cart/CouponForm";
import { lazyForm, withFormPreload } from "~/lazy-form";
import { useMoney } from "~/components/ui/Money";
import { OrderTimeSummary } from "~/components/order-time/OrderTimeSummary";
import { useRootData } from "~/root-data";
import { NoticeBanner } from "~/components/ui/Notice";
import { cartSummary } from "~/web/cart.server";
import { applyCheckoutCoupon, cartLimitNotice, checkout, dispositionAddress, ensureSessionId, newCheckoutKey, paymentContext, paymentFieldErrors, readCheckoutForm, shownTotal } from "./checkout.server";
import { menuStartPath } from "~/web/disposition.server";
import { checkoutPrefill } from "~/web/places.server";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { redirectWith, refused, storefront } from "~/web/storefront.server";
import { openOrderTimeDialog, orderTimeProblem } from "~/web/order-time.server";
import { commitSession, type Notice } from "~/web/session.server";
import { awaitingPaymentNotice, paymentPagePath } from "~/web/payments.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

// Personal data (name, address, phone): never kept by any cache.
export const handle = { layout: "simple", i18n: ["checkout", "cart", "validation", "address"], noStore: true };

// The form (conform, its inline validation) arrives after the page's first load (app/lazy-form.tsx).
const CheckoutForm = lazyForm(() => import("~/components/checkout/CheckoutForm").then((m) => m.CheckoutForm));
export const clientLoader = withFormPreload(CheckoutForm);

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  const store = await storefront(request);
  const disposition = store.session.get("disposition");
  if (!disposition) throw await redirectWith(store.session, "/home", { tone: "info", key: "errors:outletRequired" });
  const cart = await cartSummary(store);
  // Straight to the first category: a second redirect would spend the notice before the page shows it.
  if (!cart || cart.lines.length === 0) {
    // Back from the payment page (the cart went into the order): the order that waits for its payment, not "empty".
    const waiting = await awaitingPaymentNotice(store);
    throw await redirectWith(store.session, await menuStartPath(store), waiting ?? { tone: "info", key: "errors:emptyCart" });
  }
  // The outlet check again at checkout: a time that no longer holds opens the order-time dialog with its reason;
  // an outlet that cannot take the order at all is said on the page.
  let notice: Notice | null = null;
  try {
    const problem = await orderTimeProblem(store, disposition, { orderTime: cart.orderTime ? new Date(cart.orderTime) : null, pizzas: cart.pizzas });
    if (problem && new URL(request.url).searchParams.get("dialog") !== "order-time") {
      throw await openOrderTimeDialog(store, "/checkout", problem);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    const answer = await refused(store, error, (refusal) => refusal);
    if (answer instanceof Response) throw answer;
    notice = answer;
  }
  notice ??= cartLimitNotice(store, disposition, cart.totals.subtotalCents);
  const t = translator(store.lng, "checkout");
  const payment = await paymentContext(store, disposition);
  const headers = ensureSessionId(store) ? { "Set-Cookie": await commitSession(store.session) } : undefined;
  return json({
    title: t("title"),
    notice,
    cart,
    outletName: disposition.outletName,
    form: {
      orderType: disposition.orderType,
      idempotencyKey: newCheckoutKey(),
      postalCode: disposition.postalCode ?? null,
      address: dispositionAddress(disposition),
      prefill: await checkoutPrefill(store, disposition),
      payment: {
        methods: [...(payment?.settings.methods ?? [])],
        cashCapCents: payment?.settings.cashCapCents ?? null,
        totalCents: cart.totals.totalCents,
      },
    },
  }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const store = await storefront(request);
  const disposition = store.session.get("disposition");
  if (!disposition) throw await redirectWith(store.session, "/home", { tone: "info", key: "errors:outletRequired" });
  const formData = await request.formData();
  // The coupon field's apply without JavaScript posts this form (CouponForm's `hostForm`): nothing typed is lost. A
  // code in that field posted by the place button (Enter in the field submits the form's default: the place button)
  // is applied too, and nothing is placed: the customer typed it to pay less, and sees the new total before placing.
  const explicit = formData.get("intent") === "apply-coupon";
  if (explicit || String(formData.get("code") ?? "").trim() !== "") {
    const applied = await applyCheckoutCoupon(store, formData, { beforePlacing: !explicit });
    return json(applied.body, { status: applied.status, headers: { "Set-Cookie": await commitSession(store.session) } });
  }
  const submission = await readCheckoutForm(store, disposition, formData);
  if (submission.status !== "success") {
    return json({ result: submission.reply(), notice: null, couponMessage: null }, { status: 400 });
  }
  try {
    const order = await checkout(store, submission.value, { totalCents: shownTotal(formData) });
    // Paid online: on to pay it (the order waits, unseen by the store, until its payment is authorised).
    // A document load: the payment page has a CSP of its own (the provider's card fields).
    if (order.awaitsPayment && order.paymentTransaction) return redirectWith(store.session, paymentPagePath(order.paymentTransaction), undefined, { document: true });
    return redirectWith(store.session, `/tracker-order/${order.uuid}`, { tone: "success", key: "notices.orderPlaced", values: { number: order.number } });
  } catch (error) {
    // A payment the recomputed total or the outlet refuses: beside its field, with everything typed kept.
    const fieldErrors = paymentFieldErrors(error);
    if (fieldErrors) return json({ result: submission.reply({ fieldErrors }), notice: null, couponMessage: null }, { status: 422 });
    return refused(store, error, (notice) => json({ result: submission.reply({ formErrors: ["refused"] }), notice, couponMessage: null }, { status: 422 }), {
      orderTimeDialog: "/checkout",
    });
  }
}

export default function Checkout() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["checkout", "cart"]);
  const money = useMoney();
  const root = useRootData();
  return (
    <div className="checkout">
      <h1>{t("title")}</h1>
      {actionData?.notice ? (
        <NoticeBanner notice={actionData.notice} />
      ) : data.notice ? (
        <NoticeBanner notice={data.notice} />
      ) : null}
      <div className="checkout-grid">
        <section aria-labelledby="summary-title" className="panel">
          <h2 id="summary-title">{t("summary")}</h2>
          <p>{data.form.orderType === "D" ? t("deliveryFrom", { outlet: data.outletName }) : t("carryoutAt", { outlet: data.outletName })}</p>
          {root ? (
            <p>
              <OrderTimeSummary root={root} className="checkout-when" />
            </p>
          ) : null}
          <ul className="summary-lines">
            {data.cart.lines.map((line) => (
              <li key={line.id}>
                {t("cart:lineSummary", { quantity: line.quantity, name: line.name })}
                {line.size ? <span className="muted"> {[line.size, line.crust].filter(Boolean).join(" · ")}</span> : null}{" "}
                <span>{line.totalCents === 0 ? t("cart:free") : money(line.totalCents)}</span>
                {line.couponCode ? <div className="muted">{t("cart:coupon.line", { code: line.couponCode })}</div> : null}
                {choiceTexts(t, line).map((text) => (
                  <div className="muted" key={text}>
                    {text}
                  </div>
                ))}
              </li>
            ))}
          </ul>
          <AppliedCoupons coupons={data.cart.coupons} />
          {/* The placement refuses a flagged coupon: say so before the customer fills the form, as the cart does. */}
          {data.cart.coupons.some((coupon) => coupon.problem) ? (
            <p className="notice notice-error" role="status">
              {t("cart:coupon.flaggedBlocks")}
            </p>
          ) : null}
          <CouponForm hostForm="checkout" message={actionData?.couponMessage} />
          <CartTotals totals={data.cart.totals} deliveryFeeWaived={data.cart.deliveryFeeWaived} />
        </section>
        <CheckoutForm data={data.form} lastResult={actionData?.result} />
      </div>
    </div>
  );
}
