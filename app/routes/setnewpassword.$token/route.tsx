import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { storefront } from "~/web/storefront.server";
import { parseWithZod, setPasswordSchema } from "~/web/forms.server";
import { commonPassword, linkIsLive, setNewPassword } from "./set-password.server";
import { lazyForm, withFormPreload } from "~/lazy-form";

// The form (conform, its inline validation) arrives after the page's first load (app/lazy-form.tsx).
const SetPasswordForm = lazyForm(() => import("~/components/account/SetPasswordForm").then((m) => m.SetPasswordForm));
export const clientLoader = withFormPreload(SetPasswordForm);

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
  const { t } = useTranslation(["account", "validation", "errors"]);
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
      <SetPasswordForm lastResult={actionData?.result} />
    </div>
  );
}
