import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { Field } from "~/components/ui/Field";
import { FieldError } from "~/components/ui/FieldError";
import { useTranslation } from "~/i18n/react";
import { useLazyValidation } from "~/lazy-validation";

const loadApplicationSchema = () => import("~/components/careers/schemas").then((m) => m.applicationSchema);

/**
 * The application form of an opening on /careers/:id, a multipart form with a CV of at most `cvMaxBytes` (the route
 * loads it after the page's first load: app/lazy-form.tsx).
 */
export function ApplicationForm({ openingId, cvMaxBytes, lastResult }: { openingId: number; cvMaxBytes: number; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation(["careers", "validation"]);
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `application-${openingId}`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadApplicationSchema),
  });
  const busy = navigation.state === "submitting";
  const sizeMb = String(Math.round(cvMaxBytes / (1024 * 1024)));
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
      {/* Without JavaScript a refused post opens here, above the opening's long description: what to correct. */}
      <ErrorSummary
        formId={form.id}
        shown={lastResult?.status === "error"}
        fields={[
          { id: fields.name.id, label: t("apply.name"), errors: fields.name.errors },
          { id: fields.email.id, label: t("apply.email"), errors: fields.email.errors },
          { id: fields.phone.id, label: t("apply.phone"), errors: fields.phone.errors },
          { id: fields.message.id, label: t("apply.message"), errors: fields.message.errors },
          { id: fields.cv.id, label: t("apply.cv"), errors: fields.cv.errors, values: { size: sizeMb } },
        ]}
      />
      <AuthenticityTokenInput />
      <div id={form.errorId} role="alert" className={form.errors?.length ? "notice notice-error" : undefined}>
        {form.errors?.map((key) => t(key)).join(" ")}
      </div>
      <Field field={fields.name} label={t("apply.name")} required autoComplete="name" />
      <Field field={fields.email} label={t("apply.email")} type="email" required autoComplete="email" />
      <Field field={fields.phone} label={t("apply.phone")} type="tel" required autoComplete="tel" inputMode="tel" />
      <div className="field">
        <label htmlFor={fields.message.id}>{t("apply.message")}</label>
        <textarea {...getTextareaProps(fields.message)} key={fields.message.key} rows={5} dir="auto" />
        <FieldError field={fields.message} />
      </div>
      <div className="field">
        <label htmlFor={fields.cv.id}>{t("apply.cv")}</label>
        <input
          {...getInputProps(fields.cv, { type: "file", ariaDescribedBy: `${fields.cv.id}-description` })}
          key={fields.cv.key}
          accept="application/pdf,.pdf"
          aria-required
        />
        <p id={`${fields.cv.id}-description`} className="hint">
          {t("apply.cvHint", { size: sizeMb })}
        </p>
        <FieldError field={fields.cv} values={{ size: sizeMb }} />
      </div>
      <p className="muted">
        {t("apply.privacy")} <Link to="/privacy">{t("apply.privacyLink")}</Link>
      </p>
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("apply.sending") : t("apply.submit")}
      </button>
    </Form>
  );
}
