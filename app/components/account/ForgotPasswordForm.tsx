import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field } from "~/components/ui/Field";
import { useTranslation } from "~/i18n/react";
import { useLazyValidation } from "~/lazy-validation";

const loadResetRequestSchema = () => import("~/components/account/schemas").then((m) => m.resetRequestSchema);

/** The email form of /getmypassword (the route loads it after the page's first load: app/lazy-form.tsx). */
export function ForgotPasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const { t } = useTranslation(["account", "validation"]);
  const [form, fields] = useForm({
    id: "forgot",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadResetRequestSchema),
  });
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form method="post" {...getFormProps(form)} className="panel account-form">
      <AuthenticityTokenInput />
      <Field field={fields.email} label={t("fields.email")} type="email" autoComplete="email" required />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("forgot.busy") : t("forgot.submit")}
      </button>
    </Form>
  );
}
