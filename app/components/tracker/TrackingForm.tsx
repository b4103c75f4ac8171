import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field } from "~/components/ui/Field";
import { useTranslation } from "~/i18n/react";
import { useLazyValidation } from "~/lazy-validation";

const loadTrackingSchema = () => import("#server/orders/tracking-schema").then((m) => m.trackingSchema);

/** The order lookup's form (/tracking): a number and an email, checked with the server's own schema. */
export function TrackingForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation(["tracking", "validation"]);
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "tracking",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadTrackingSchema),
  });
  const busy = navigation.state !== "idle" && navigation.formAction === "/tracking";
  return (
    <Form method="post" {...getFormProps(form)} className="panel tracking-form">
      <AuthenticityTokenInput />
      <div id={form.errorId} role="alert" className={form.errors?.length ? "notice notice-error" : undefined}>
        {form.errors?.map((key) => t(key)).join(" ")}
      </div>
      <Field field={fields.number} label={t("fields.number")} description={t("numberHint")} inputMode="numeric" autoComplete="off" />
      <Field field={fields.email} label={t("fields.email")} type="email" autoComplete="email" />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("searching") : t("submit")}
      </button>
    </Form>
  );
}
