import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { FieldError } from "~/components/ui/FieldError";
import { NoticeBanner } from "~/components/ui/Notice";
import { carryoutOutlets, chooseDisposition, menuStartPath } from "~/disposition.server";
import { dispositionSchema } from "~/forms";
import { fixedT } from "~/i18next.server";
import { redirectWith, refusalNotice, storefront } from "~/storefront.server";
import { pageTitle } from "~/meta";

export const handle = { layout: "home", i18n: ["home", "validation"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  const store = await storefront(request);
  const outlets = await carryoutOutlets(store);
  const t = await fixedT(store.lng, "home");
  return json({ outlets, title: t("title") });
}

/**
 * Choosing a disposition. A different one while the cart has products is not applied: the answer is this page
 * with a confirmation (409 Conflict: the choice conflicts with the cart), whose form posts the same choice
 * again with `confirm=1`; then the cart is deleted and the visitor goes to the menu with a notice. A choice that
 * is applied leads to the menu's first category (where `/order` leads).
 */
export async function action({ request }: ActionFunctionArgs) {
  const store = await storefront(request);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: dispositionSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply(), notice: null, confirm: null }, { status: 400 });
  }
  let outcome: Awaited<ReturnType<typeof chooseDisposition>>;
  try {
    outcome = await chooseDisposition(store, submission.value, { confirmed: form.get("confirm") === "1" });
  } catch (error) {
    return json({ result: submission.reply(), notice: refusalNotice(store, error), confirm: null }, { status: 422 });
  }
  if (outcome.kind === "confirm") {
    const { choice, next, count } = outcome;
    return json({ result: submission.reply(), notice: null, confirm: { choice, next, count } }, { status: 409 });
  }
  return redirectWith(
    store.session,
    await menuStartPath(store),
    outcome.cartCleared ? { tone: "info", key: "notices.dispositionCartCleared" } : undefined,
  );
}

export default function Home() {
  const { outlets } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["home", "validation"]);
  const [form, fields] = useForm({
    id: "delivery",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: dispositionSchema }),
  });
  const notice = actionData?.notice;
  const confirm = actionData?.confirm;
  return (
    <div className="home">
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{t("title")}</h1>
        <p>{t("lead")}</p>
      </section>
      {notice ? <NoticeBanner notice={notice} /> : null}
      {confirm ? (
        <ConfirmDialog
          // A new key per choice, so a second confirmation mounts again and takes the focus.
          key={confirm.choice.orderType === "C" ? `C${confirm.choice.outletId}` : `D${confirm.choice.postalCode}`}
          id="confirm-change"
          title={t("confirmChange.title")}
          body={t("confirmChange.body", {
            count: confirm.count,
            choice:
              confirm.next.orderType === "D"
                ? t("confirmChange.delivery", { postalCode: confirm.next.postalCode, outlet: confirm.next.outletName })
                : t("confirmChange.carryout", { outlet: confirm.next.outletName }),
          })}
        >
          <Form method="post">
            <input type="hidden" name="orderType" value={confirm.choice.orderType} />
            {confirm.choice.orderType === "C" ? (
              <input type="hidden" name="outletId" value={confirm.choice.outletId} />
            ) : (
              <input type="hidden" name="postalCode" value={confirm.choice.postalCode} />
            )}
            <input type="hidden" name="confirm" value="1" />
            <button type="submit" className="button">
              {t("confirmChange.confirm")}
            </button>
          </Form>
          <Link to="/order" className="button button-quiet">
            {t("confirmChange.keep")}
          </Link>
        </ConfirmDialog>
      ) : null}
      <div className="home-choices">
        <section aria-labelledby="delivery-title" className="panel">
          <h2 id="delivery-title">{t("delivery.title")}</h2>
          <p>{t("delivery.lead")}</p>
          <Form method="post" {...getFormProps(form)}>
            <input type="hidden" name="orderType" value="D" />
            <div className="field">
              <label htmlFor={fields.postalCode.id}>{t("delivery.postalCode")}</label>
              <input
                {...getInputProps(fields.postalCode, { type: "text" })}
                key={fields.postalCode.key}
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={5}
              />
              <FieldError field={fields.postalCode} />
            </div>
            <button type="submit" className="button">
              {t("delivery.submit")}
            </button>
          </Form>
        </section>
        <section aria-labelledby="carryout-title" className="panel">
          <h2 id="carryout-title">{t("carryout.title")}</h2>
          <p>{t("carryout.lead")}</p>
          <ul className="outlet-list">
            {outlets.map((outlet) => (
              <li key={outlet.id} className="outlet-card">
                <h3>{outlet.name}</h3>
                <p>{outlet.address}</p>
                <Form method="post">
                  <input type="hidden" name="orderType" value="C" />
                  <input type="hidden" name="outletId" value={outlet.id} />
                  <button type="submit" className="button button-secondary">
                    {t("carryout.submit", { name: outlet.name })}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
