import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { NoticeBanner } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { clientAddress } from "~/web/edge.server";
import { redirectWith, storefront } from "~/web/storefront.server";
import { throttledNotice } from "~/web/customer.server";
import { parseWithZod, resetRequestSchema } from "~/web/forms.server";
import { mailResetLink, resetAllowed } from "./reset.server";
import { lazyForm, withFormPreload } from "~/lazy-form";

// The form (conform, its inline validation) arrives after the page's first load (app/lazy-form.tsx).
const ForgotPasswordForm = lazyForm(() => import("~/components/account/ForgotPasswordForm").then((m) => m.ForgotPasswordForm));
export const clientLoader = withFormPreload(ForgotPasswordForm);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /getmypassword (spec: request a password reset). Whatever the email, the answer is the same 303 to sign-in with
 * "if there is an account, we sent a link": only the mailbox's owner learns whether it has an account. Posts are
 * limited per address (429) and one link per account per minute.
 */
export const handle = { layout: "simple", i18n: ["account", "validation"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  const store = await storefront(request);
  return json({ title: translator(store.lng, "account")("forgot.title") });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const store = await storefront(request);
  const submission = parseWithZod(await request.formData(), { schema: resetRequestSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), notice: null }, { status: 400 });
  const allowed = await resetAllowed(store, clientAddress(context));
  if (!allowed.allowed) {
    return json({ result: submission.reply(), notice: throttledNotice(store, allowed.retryAfterSeconds) }, { status: 429, headers: { "Retry-After": String(allowed.retryAfterSeconds) } });
  }
  await mailResetLink(store, submission.value.email);
  return redirectWith(store.session, "/login", { tone: "info", key: "notices.account.resetSent" });
}

export default function ForgotPassword() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["account", "validation"]);
  return (
    <div className="account-page">
      <h1>{data.title}</h1>
      <p>{t("forgot.intro")}</p>
      {actionData?.notice ? <NoticeBanner notice={actionData.notice} /> : null}
      <ForgotPasswordForm lastResult={actionData?.result} />
      <p>
        <Link to="/login">{t("forgot.back")}</Link>
      </p>
    </div>
  );
}
