import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Link } from "~/components/link";
import { NoticeBanner } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { requireGuest, throttledNotice } from "~/web/customer.server";
import { clientAddress } from "~/web/edge.server";
import { safeBackPath } from "~/web/storefront.server";
import { parseWithZod, registerSchema } from "~/web/forms.server";
import { commonPassword, emailTakenNotice, register, registrationAllowed, shopToday } from "./register.server";
import { lazyForm, withFormPreload } from "~/lazy-form";

// The form (conform, its inline validation) arrives after the page's first load (app/lazy-form.tsx).
const RegisterForm = lazyForm(() => import("~/components/account/RegisterForm").then((m) => m.RegisterForm));
export const clientLoader = withFormPreload(RegisterForm);

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
  const [params] = useSearchParams();
  const { t } = useTranslation(["account", "validation"]);
  const redirectTo = params.get("redirectTo");
  return (
    <div className="account-page">
      <h1>{data.title}</h1>
      <p>{t("register.intro")}</p>
      {actionData?.notice ? <NoticeBanner notice={actionData.notice} /> : null}
      <RegisterForm lastResult={actionData?.result} today={data.today} lng={data.lng} redirectTo={redirectTo} />
      <p>
        {t("register.haveAccount")} <Link to={redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login"}>{t("register.signIn")}</Link>
      </p>
    </div>
  );
}
