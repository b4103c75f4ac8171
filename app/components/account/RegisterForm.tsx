import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { ErrorSummary, type SummaryField } from "~/components/ui/ErrorSummary";
import { Link } from "~/components/link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { BirthdayFields, CheckboxField, GenderField } from "~/components/account/BirthdayFields";
import { Field } from "~/components/ui/Field";
import { useTranslation } from "~/i18n/react";
import type { Lng } from "~/i18n/config";
import { useLazyValidation } from "~/lazy-validation";

const loadRegisterSchema = () => import("~/components/account/schemas").then((m) => m.registerSchema);

/** The customer form of /register (the route loads it after the page's first load: app/lazy-form.tsx). */
export function RegisterForm({ lastResult, today, lng, redirectTo }: { lastResult: SubmissionResult<string[]> | undefined; today: string; lng: Lng; redirectTo: string | null }) {
  const navigation = useNavigation();
  const { t } = useTranslation(["account", "validation"]);
  const [form, fields] = useForm({
    id: "register",
    defaultValue: { htmlMail: "on" },
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadRegisterSchema, today),
  });
  const busy = navigation.state !== "idle" && navigation.formAction === "/register";
  // A refused post opens at the error summary (ErrorSummary), not at the page's top.
  const birthday = [fields.birthDay, fields.birthMonth, fields.birthYear];
  const summary: SummaryField[] = [
    { id: fields.firstName.id, label: t("fields.firstName"), errors: fields.firstName.errors },
    { id: fields.lastName.id, label: t("fields.lastName"), errors: fields.lastName.errors },
    { id: fields.email.id, label: t("fields.email"), errors: fields.email.errors },
    { id: fields.phone.id, label: t("fields.phone"), errors: fields.phone.errors },
    { id: fields.birthDay.id, label: t("fields.birthday"), errors: [...new Set(birthday.flatMap((part) => part.errors ?? []))] },
    { id: fields.gender.id, label: t("fields.gender"), errors: fields.gender.errors },
    { id: fields.password.id, label: t("fields.password"), errors: fields.password.errors },
    { id: fields.confirmPassword.id, label: t("fields.confirmPassword"), errors: fields.confirmPassword.errors },
    { id: fields.terms.id, label: t("fields.terms"), errors: fields.terms.errors },
  ];
  return (
    <Form method="post" {...getFormProps(form)} className="panel account-form">
      <ErrorSummary formId={form.id} fields={summary} shown={lastResult?.status === "error"} />
      <AuthenticityTokenInput />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <Field field={fields.firstName} label={t("fields.firstName")} autoComplete="given-name" required />
      <Field field={fields.lastName} label={t("fields.lastName")} autoComplete="family-name" required />
      <Field field={fields.email} label={t("fields.email")} type="email" autoComplete="email" required />
      <Field field={fields.phone} label={t("fields.phone")} type="tel" autoComplete="tel-national" inputMode="tel" description={t("fields.phoneHint")} required />
      <BirthdayFields day={fields.birthDay} month={fields.birthMonth} year={fields.birthYear} thisYear={Number(today.slice(0, 4))} lng={lng} />
      <GenderField field={fields.gender} />
      <Field field={fields.password} label={t("fields.password")} type="password" autoComplete="new-password" description={t("fields.passwordHint")} required />
      <Field field={fields.confirmPassword} label={t("fields.confirmPassword")} type="password" autoComplete="new-password" required />
      <CheckboxField field={fields.terms} label={t("fields.terms")} />
      <p className="muted">
        <Link to="/terms">{t("links.terms")}</Link> · <Link to="/privacy">{t("links.privacy")}</Link>
      </p>
      <CheckboxField field={fields.news} label={t("fields.news")} />
      <CheckboxField field={fields.htmlMail} label={t("fields.htmlMail")} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t("register.busy") : t("register.submit")}
      </button>
    </Form>
  );
}
