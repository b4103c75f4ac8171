import { getFormProps, useForm } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field } from "~/components/ui/Field";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { storefront } from "~/web/storefront.server";
import { parseWithZod, setPasswordSchema } from "~/web/forms.server";
import { commonPassword, linkIsLive, setNewPassword } from "./set-password.server";
import { useLazyValidation } from "~/lazy-validation";

const loadSetPasswordSchema = () => import("~/components/account/schemas").then((m) => m.setPasswordSchema);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /setnewpassword/:token (spec: set a new password). The mailed link opens the form while it is live (an hour,
 * once); the post sets the password (not the old one: CUS-100006), ends every other session of the account and
 * signs this browser in. A spent or expired link: 410 with a way to ask for a new one.
 */
export const handle = { layout: "simple", i18n: ["account", "validation"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

const HIDDEN = ["password", "confirmPassword"];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const store = await storefront(request);
  const live = await linkIsLive(store, params.token ?? "");
  return json({ title: translator(store.lng, "account")("setPassword.title"), live }, { status: live ? 200 : 410 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const store = await storefront(request);
  const submission = parseWithZod(await request.formData(), { schema: setPasswordSchema });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: HIDDEN }), invalid: false }, { status: 400 });
  if (commonPassword(submission.value.password)) {
    return json({ result: submission.reply({ fieldErrors: { password: ["account:v.passwordCommon"] }, hideFields: HIDDEN }), invalid: false }, { status: 400 });
  }
  const outcome = await setNewPassword(store, request, params.token ?? "", submission.value.password);
  if (outcome instanceof Response) return outcome;
  if (outcome === "old") {
    return json({ result: submission.reply({ fieldErrors: { password: ["errors:oldPassword"] }, hideFields: HIDDEN }), invalid: false }, { status: 400 });
  }
  return json({ result: submission.reply({ hideFields: HIDDEN }), invalid: true }, { status: 410 });
}

export default function SetNewPassword() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation(["account", "validation", "errors"]);
  const [form, fields] = useForm({
    id: "set-password",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadSetPasswordSchema),
  });
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  if (!data.live || actionData?.invalid) {
    return (
      <div className="account-page">
        <h1>{data.title}</h1>
        <div className="notice notice-error" role="alert">
          {t("setPassword.invalid")}
        </div>
        <p>
          <Link to="/getmypassword">{t("setPassword.again")}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="account-page">
      <h1>{data.title}</h1>
      <p>{t("setPassword.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="panel account-form">
        <AuthenticityTokenInput />
        <Field field={fields.password} label={t("fields.newPassword")} type="password" autoComplete="new-password" description={t("fields.passwordHint")} required />
        <Field field={fields.confirmPassword} label={t("fields.confirmPassword")} type="password" autoComplete="new-password" required />
        <button type="submit" className="button" disabled={busy}>
          {busy ? t("setPassword.busy") : t("setPassword.submit")}
        </button>
      </Form>
    </div>
  );
}
