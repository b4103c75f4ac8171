import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field } from "~/components/ui/Field";
import { useTranslation } from "~/i18n/react";
import { useLazyValidation } from "~/lazy-validation";

const loadSetPasswordSchema = () => import("~/components/account/schemas").then((m) => m.setPasswordSchema);

/** The new password form of /setnewpassword/:token (the route loads it after the page's first load: app/lazy-form.tsx). */
export function SetPasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const { t } = useTranslation(["account", "validation", "errors"]);
  const [form, fields] = useForm({
    id: "set-password",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadSetPasswordSchema),
  });
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form method="post" {...getFormProps(form)} className="panel account-form">
      <AuthenticityTokenInput />
      <Field field={fields.password} label={t("fields.newPassword")} type="password" autoComplete="new-password" description={t("fields.passwordHint")} required />
      <Field field={fields.confirmPassword} label={t("fields.confirmPassword")} type="password" autoComplete="new-password" required />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("setPassword.busy") : t("setPassword.submit")}
      </button>
    </Form>
  );
}
