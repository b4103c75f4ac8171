import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field } from "~/components/ui/Field";
import { NoticeBanner } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n/react";
import { useLazyValidation } from "~/lazy-validation";
import type { Notice } from "~/web/session.server";

const loadLoginSchema = () => import("~/components/account/schemas").then((m) => m.loginSchema);

/**
 * The email and password form of /login (the route loads it after the page's first load: app/lazy-form.tsx), with the
 * last post's refusal above it ("El correo o la contraseña no son correctos."). A new try that the form itself
 * refuses (an empty field) takes that message away: it was about the try before, and beside the new inline error it
 * would read as if this one had been checked too.
 */
export function LoginForm({ lastResult, notice }: { lastResult: SubmissionResult<string[]> | undefined; notice: Notice | null | undefined }) {
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
    <>
      {notice && form.status !== "error" ? <NoticeBanner notice={notice} /> : null}
      <Form method="post" {...getFormProps(form)} className="panel account-form">
        <AuthenticityTokenInput />
        <Field field={fields.email} label={t("fields.email")} type="email" autoComplete="username" required />
        <Field field={fields.password} label={t("fields.password")} type="password" autoComplete="current-password" required />
        <button type="submit" className="button" disabled={busy}>
          {busy ? t("login.busy") : t("login.submit")}
        </button>
      </Form>
    </>
  );
}
