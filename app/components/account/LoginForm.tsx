import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field } from "~/components/ui/Field";
import { useTranslation } from "~/i18n/react";
import { useLazyValidation } from "~/lazy-validation";

const loadLoginSchema = () => import("~/components/account/schemas").then((m) => m.loginSchema);

/** The email and password form of /login (the route loads it after the page's first load: app/lazy-form.tsx). */
export function LoginForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const { t } = useTranslation(["account", "validation"]);
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadLoginSchema),
  });
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form method="post" {...getFormProps(form)} className="panel account-form">
      <AuthenticityTokenInput />
      <Field field={fields.email} label={t("fields.email")} type="email" autoComplete="username" required />
      <Field field={fields.password} label={t("fields.password")} type="password" autoComplete="current-password" required />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("login.busy") : t("login.submit")}
      </button>
    </Form>
  );
}
