import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FieldError } from "~/components/ui/FieldError";
import { NoticeBanner } from "~/components/ui/Notice";
import { carryoutOutlets, chooseDisposition } from "~/disposition.server";
import { dispositionSchema } from "~/forms";
import i18next from "~/i18next.server";
import { redirectWith, refusalNotice, storefront } from "~/storefront.server";
import { pageTitle } from "~/meta";

export const handle = { layout: "home", i18n: ["home", "validation"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  const store = await storefront(request);
  const outlets = await carryoutOutlets(store);
  const t = await i18next.getFixedT(store.lng, "home");
  return json({ outlets, title: t("title") });
}

export async function action({ request }: ActionFunctionArgs) {
  const store = await storefront(request);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: dispositionSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply(), notice: null }, { status: 400 });
  }
  try {
    await chooseDisposition(store, submission.value);
  } catch (error) {
    return json({ result: submission.reply(), notice: refusalNotice(store, error) }, { status: 422 });
  }
  return redirectWith(store.session, "/order");
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
  return (
    <div className="home">
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{t("title")}</h1>
        <p>{t("lead")}</p>
      </section>
      {notice ? <NoticeBanner notice={notice} /> : null}
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
