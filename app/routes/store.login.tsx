import { getFormProps, useForm } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field } from "~/components/ui/Field";
import { NoticeBanner } from "~/components/ui/Notice";
import type { Notice } from "~/web/session.server";
import { parseWithZod, staffLoginSchema } from "~/web/forms.server";
import { useTranslation } from "~/i18n/react";
import { signIn, staffContext, STORE_HOME } from "~/web/auth.server";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useLazyValidation } from "~/lazy-validation";

const loadStaffLoginSchema = () => import("~/components/store/schemas").then((m) => m.staffLoginSchema);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

export const handle = { layout: "bare", i18n: ["validation"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  const { staff, lng } = await staffContext(request);
  if (staff) throw redirect(STORE_HOME);
  const t = translator(lng, "store");
  // A session that ended while a console page was open (requireStaff): say why the member is here.
  const ended = new URL(request.url).searchParams.get("ended") === "1";
  return json({ title: t("login.title"), notice: ended ? ({ tone: "info", key: "store:login.ended" } satisfies Notice) : null });
}

/**
 * The sign-in post: a form that is not an email and a password is a 400 with the fields' messages; a wrong
 * combination a 401 (too many attempts a 429) with one message that never says which part was wrong; a right one
 * a 303 to the console. The password is never sent back.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // remix-auth's FormStrategy reads the body itself: validate a copy.
  const submission = parseWithZod(await request.clone().formData(), { schema: staffLoginSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: ["password"] }), notice: null }, { status: 400 });
  }
  const outcome = await signIn(request, context);
  if (outcome instanceof Response) return outcome;
  return json(
    { result: submission.reply({ formErrors: ["refused"], hideFields: ["password"] }), notice: outcome.notice },
    { status: outcome.status },
  );
}

export default function StoreLogin() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("store");
  const [form, fields] = useForm({
    id: "staff-login",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(loadStaffLoginSchema),
  });
  return (
    <div className="console-login panel">
      <h1>{data.title}</h1>
      <p className="muted">{t("login.intro")}</p>
      {actionData?.notice ? <NoticeBanner notice={actionData.notice} /> : data.notice ? <NoticeBanner notice={data.notice} /> : null}
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <Field field={fields.email} label={t("login.email")} type="email" autoComplete="username" />
        <Field field={fields.password} label={t("login.password")} type="password" autoComplete="current-password" />
        <button type="submit" className="button" disabled={navigation.state === "submitting"}>
          {t("login.submit")}
        </button>
      </Form>
    </div>
  );
}
