import { getFormProps, useForm } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { BirthdayFields, CheckboxField, GenderField } from "~/components/account/BirthdayFields";
import { Field } from "~/components/ui/Field";
import { NoticeBanner } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { requireGuest, throttledNotice } from "~/web/customer.server";
import { clientAddress } from "~/web/edge.server";
import { safeBackPath } from "~/web/storefront.server";
import { parseWithZod, registerSchema } from "~/web/forms.server";
import { commonPassword, emailTakenNotice, register, registrationAllowed, shopToday } from "./register.server";
import { useLazyValidation } from "~/lazy-validation";

const loadRegisterSchema = () => import("~/components/account/schemas").then((m) => m.registerSchema);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /register (spec: registration, anonymous only; a signed-in customer goes to /profile). The customer form with
 * section 5's rules (server/customers/rules.ts, checked in the browser by conform and again here), plus the
 * common-password list on the server. A new account is signed in at once and gets its confirmation link by mail.
 * An email that has an account is CUS-100003 (409): what the spec's own check-email call tells anyone, with
 * registrations limited per address (429) and the owner told by mail (docs/decisions.md).
 */
export const handle = { layout: "simple", i18n: ["account", "validation"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

const HIDDEN = ["password", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  const store = await requireGuest(request);
  const t = translator(store.lng, "account");
  return json({ title: t("register.title"), today: shopToday(), lng: store.lng });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const store = await requireGuest(request);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: registerSchema(shopToday()) });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: HIDDEN }), notice: null }, { status: 400 });
  const allowed = await registrationAllowed(store, clientAddress(context));
  if (!allowed.allowed) {
    return json({ result: submission.reply({ hideFields: HIDDEN }), notice: throttledNotice(store, allowed.retryAfterSeconds) }, { status: 429, headers: { "Retry-After": String(allowed.retryAfterSeconds) } });
  }
  if (commonPassword(submission.value.password)) {
    return json({ result: submission.reply({ fieldErrors: { password: ["account:v.passwordCommon"] }, hideFields: HIDDEN }), notice: null }, { status: 400 });
  }
  const outcome = await register(store, request, submission.value, safeBackPath(form.get("redirectTo"), "/profile"));
  if (outcome instanceof Response) return outcome;
  return json({ result: submission.reply({ hideFields: HIDDEN }), notice: emailTakenNotice(store) }, { status: 409 });
}

export default function Register() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { t } = useTranslation(["account", "validation"]);
  const [form, fields] = useForm({
    id: "register",
    defaultValue: { htmlMail: "on" },
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadRegisterSchema, data.today),
  });
  const busy = navigation.state !== "idle" && navigation.formAction === "/register";
  const redirectTo = params.get("redirectTo");
  return (
    <div className="account-page">
      <h1>{data.title}</h1>
      <p>{t("register.intro")}</p>
      {actionData?.notice ? <NoticeBanner notice={actionData.notice} /> : null}
      <Form method="post" {...getFormProps(form)} className="panel account-form">
        <AuthenticityTokenInput />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field field={fields.firstName} label={t("fields.firstName")} autoComplete="given-name" required />
        <Field field={fields.lastName} label={t("fields.lastName")} autoComplete="family-name" required />
        <Field field={fields.email} label={t("fields.email")} type="email" autoComplete="email" required />
        <Field field={fields.phone} label={t("fields.phone")} type="tel" autoComplete="tel-national" inputMode="tel" description={t("fields.phoneHint")} required />
        <BirthdayFields day={fields.birthDay} month={fields.birthMonth} year={fields.birthYear} thisYear={Number(data.today.slice(0, 4))} lng={data.lng} />
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
      <p>
        {t("register.haveAccount")} <Link to={redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login"}>{t("register.signIn")}</Link>
      </p>
    </div>
  );
}
