import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { z } from "zod";
import { HONEYPOT_FIELD, NO_OUTLET } from "~/components/feedback/fields";
import type { contactSchema } from "~/components/feedback/schemas";
import { Field } from "~/components/ui/Field";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { FieldError } from "~/components/ui/FieldError";
import { useTranslation } from "~/i18n/react";
import { useLazyValidation } from "~/lazy-validation";

const loadContactSchema = () => import("~/components/feedback/schemas").then((m) => m.contactSchema);

type ContactFields = z.input<typeof contactSchema>;

/**
 * The form of /contact (the route loads it after the page's first load: app/lazy-form.tsx); `retryMinutes` is what
 * the rate limit's message names.
 */
export function ContactForm({
  outlets,
  defaults,
  lastResult,
  retryMinutes,
}: {
  outlets: { code: string; name: string }[];
  defaults: { name: string; email: string; phone: string } | null;
  lastResult: SubmissionResult<string[]> | undefined;
  retryMinutes: number | undefined;
}) {
  const navigation = useNavigation();
  const { t } = useTranslation(["content", "validation"]);
  const [form, fields] = useForm<ContactFields>({
    id: "contact",
    lastResult,
    defaultValue: defaults ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadContactSchema),
  });
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form method="post" {...getFormProps(form)} className="panel feedback-form">
      <ErrorSummary
        formId={form.id}
        shown={lastResult?.status === "error"}
        fields={[
          { id: fields.name.id, label: t("contact.fields.name"), errors: fields.name.errors },
          { id: fields.email.id, label: t("contact.fields.email"), errors: fields.email.errors },
          { id: fields.phone.id, label: t("contact.fields.phone"), errors: fields.phone.errors },
          { id: fields.outlet.id, label: t("contact.fields.outlet"), errors: fields.outlet.errors },
          { id: fields.orderNumber.id, label: t("contact.fields.orderNumber"), errors: fields.orderNumber.errors },
          { id: fields.message.id, label: t("contact.fields.message"), errors: fields.message.errors },
        ]}
      />
      <AuthenticityTokenInput />
      <div id={form.errorId} role="alert" className={form.errors?.length ? "notice notice-error" : undefined}>
        {form.errors?.map((key) => t(key, { count: retryMinutes ?? 1 })).join(" ")}
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
