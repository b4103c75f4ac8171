import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CartTotals } from "~/components/cart/CartTotals";
import { FieldError } from "~/components/ui/FieldError";
import { useMoney } from "~/components/ui/Money";
import { NoticeBanner } from "~/components/ui/Notice";
import { cartSummary } from "~/cart.server";
import { checkout, newCheckoutKey } from "~/checkout.server";
import { menuStartPath } from "~/disposition.server";
import { checkoutSchema } from "~/forms";
import { fixedT } from "~/i18next.server";
import { pageTitle } from "~/meta";
import { redirectWith, refusalNotice, storefront, cartLost } from "~/storefront.server";
import { openOrderTimeDialog, orderTimeProblem } from "~/order-time.server";
import { orderTimeDialogCodes } from "~/errors";
import type { Notice } from "~/session.server";

export const handle = { layout: "simple", i18n: ["checkout", "cart", "validation"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  const store = await storefront(request);
  const disposition = store.session.get("disposition");
  if (!disposition) throw await redirectWith(store.session, "/home", { tone: "info", key: "errors:outletRequired" });
  const cart = await cartSummary(store);
  // Straight to the first category: a second redirect would spend the notice before the page shows it.
  if (!cart || cart.lines.length === 0) throw await redirectWith(store.session, await menuStartPath(store), { tone: "info", key: "errors:emptyCart" });
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
    notice = refusalNotice(store, error);
  }
  const t = await fixedT(store.lng, "checkout");
  return json({
    title: t("title"),
    notice,
    cart,
    orderType: disposition.orderType,
    outletName: disposition.outletName,
    idempotencyKey: newCheckoutKey(),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const store = await storefront(request);
  const submission = parseWithZod(await request.formData(), { schema: checkoutSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply(), notice: null }, { status: 400 });
  }
  try {
    const order = await checkout(store, submission.value);
    return redirectWith(store.session, `/tracker-order/${order.uuid}`, { tone: "success", key: "notices.orderPlaced", values: { number: order.number } });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "CART-01") return cartLost(store);
    if (code && orderTimeDialogCodes.has(code as never)) return openOrderTimeDialog(store, "/checkout", code as never);
    return json(
      { result: submission.reply({ formErrors: ["refused"] }), notice: refusalNotice(store, error) },
      { status: 422 },
    );
  }
}

export default function Checkout() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["checkout", "cart"]);
  const money = useMoney();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "checkout",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { paymentMethod: "cash", idempotencyKey: data.idempotencyKey },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: checkoutSchema }),
  });
  const text = (name: "name" | "surname" | "email" | "mobile", type: "text" | "email" | "tel", autoComplete: string) => {
    const field = fields[name];
    return (
      <div className="field">
        <label htmlFor={field.id}>{t(`fields.${name}`)}</label>
        <input {...getInputProps(field, { type })} key={field.key} autoComplete={autoComplete} />
        <FieldError field={field} />
      </div>
    );
  };
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
          <p>{data.orderType === "D" ? t("deliveryFrom", { outlet: data.outletName }) : t("carryoutAt", { outlet: data.outletName })}</p>
          <ul className="summary-lines">
            {data.cart.lines.map((line) => (
              <li key={line.id}>
                {t("cart:lineSummary", { quantity: line.quantity, name: line.name })}
                {line.size ? <span className="muted"> {[line.size, line.crust].filter(Boolean).join(" · ")}</span> : null}{" "}
                <span>{money(line.totalCents)}</span>
                {line.comboItems.length > 0 ? <div className="muted">{t("cart:comboItems", { items: line.comboItems.join(", ") })}</div> : null}
              </li>
            ))}
          </ul>
          <CartTotals totals={data.cart.totals} />
        </section>
        <Form method="post" {...getFormProps(form)} className="panel">
          <h2>{t("contact")}</h2>
          <input {...getInputProps(fields.idempotencyKey, { type: "hidden" })} key={fields.idempotencyKey.key} />
          {text("name", "text", "given-name")}
          {text("surname", "text", "family-name")}
          {text("email", "email", "email")}
          {text("mobile", "tel", "tel-national")}
          <div className="field">
            <label htmlFor={fields.comment.id}>{t("fields.comment")}</label>
            <textarea {...getTextareaProps(fields.comment)} key={fields.comment.key} rows={3} />
            <FieldError field={fields.comment} />
          </div>
          <fieldset className="field">
            <legend>{t("payment.legend")}</legend>
            <label>
              <input {...getInputProps(fields.paymentMethod, { type: "radio", value: "cash" })} key={fields.paymentMethod.key} />{" "}
              {t("payment.cash")}
            </label>
            <FieldError field={fields.paymentMethod} />
          </fieldset>
          <button type="submit" className="button" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? t("placing") : t("place", { total: money(data.cart.totals.totalCents) })}
          </button>
        </Form>
      </div>
    </div>
  );
}
