import { getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { contactSchema } from "~/components/feedback/schemas";
import { HONEYPOT_FIELD, NO_OUTLET } from "~/components/feedback/fields";
import type { z } from "zod";
import { Field } from "~/components/ui/Field";
import { FieldError } from "~/components/ui/FieldError";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { contactAction, contactPage } from "~/web/contact.server";
import { useLazyValidation } from "~/lazy-validation";

const loadContactSchema = () => import("~/components/feedback/schemas").then((m) => m.contactSchema);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /contact (spec: contact and feedback; the contacts call): name, email, phone, outlet, an optional order number and
 * the message, stored and mailed to customer care. A plain post (no JavaScript needed): 400 with the translated
 * errors, 429 past the rate limits, 303 to /contact?sent=1, which thanks the customer. A signed-in customer's name,
 * email and phone are filled in (hence never cached).
 */
export const handle = { layout: "simple", i18n: ["content", "validation"], noStore: true };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  return contactPage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return contactAction(request, context);
}

export default function Contact() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["content", "validation"]);
  return (
    <div className="feedback-page">
      <h1>{t("contact.title")}</h1>
      {data.sent ? (
        <section className="panel" aria-labelledby="contact-sent">
          <h2 id="contact-sent">{t("contact.sent.title")}</h2>
          <p>{t("contact.sent.body")}</p>
          <p>
            <Link to="/contact">{t("contact.sent.again")}</Link>
          </p>
        </section>
      ) : (
        <>
          <p>{t("contact.intro")}</p>
          <ContactForm outlets={data.outlets} defaults={data.defaults} />
        </>
      )}
    </div>
  );
}

type ContactFields = z.input<typeof contactSchema>;

function ContactForm({ outlets, defaults }: { outlets: { code: string; name: string }[]; defaults: { name: string; email: string; phone: string } | null }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation(["content", "validation"]);
  const [form, fields] = useForm<ContactFields>({
    id: "contact",
    lastResult: actionData?.result,
    defaultValue: defaults ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadContactSchema),
  });
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form method="post" {...getFormProps(form)} className="panel feedback-form">
      <AuthenticityTokenInput />
      <div id={form.errorId} role="alert" className={form.errors?.length ? "notice notice-error" : undefined}>
        {form.errors?.map((key) => t(key, { minutes: actionData?.retryMinutes ?? 1 })).join(" ")}
      </div>
      <Field field={fields.name} label={t("contact.fields.name")} autoComplete="name" required />
      <Field field={fields.email} label={t("contact.fields.email")} type="email" autoComplete="email" required />
      <Field field={fields.phone} label={t("contact.fields.phone")} type="tel" autoComplete="tel" required />
      <div className="field">
        <label htmlFor={fields.outlet.id}>{t("contact.fields.outlet")}</label>
        <select {...getSelectProps(fields.outlet)} key={fields.outlet.key} aria-required>
          <option value="">{t("contact.outletChoose")}</option>
          <option value={NO_OUTLET}>{t("contact.outletNone")}</option>
          {outlets.map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </select>
        <FieldError field={fields.outlet} />
      </div>
      <Field field={fields.orderNumber} label={t("contact.fields.orderNumber")} description={t("contact.orderNumberHint")} inputMode="numeric" autoComplete="off" />
      <div className="field">
        <label htmlFor={fields.message.id}>{t("contact.fields.message")}</label>
        <textarea
          {...getTextareaProps(fields.message, { ariaDescribedBy: `${fields.message.id}-description` })}
          key={fields.message.key}
          rows={6}
          aria-required
        />
        <p id={`${fields.message.id}-description`} className="hint">
          {t("contact.messageHint")}
        </p>
        <FieldError field={fields.message} />
      </div>
      {/* The honeypot: off screen, hidden from screen readers and out of the tab order; people leave it empty. */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="contact-website">{t("contact.honeypot")}</label>
        <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("contact.busy") : t("contact.submit")}
      </button>
    </Form>
  );
}
