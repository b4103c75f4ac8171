import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { socialLogin, socialMethods } from "~/web/social.server";
import { safeBackPath, storefront } from "~/web/storefront.server";
import { parseWithZod, loginSchema } from "~/web/forms.server";
import { passwordSignIn } from "./login.server";
import { lazyForm, withFormPreload } from "~/lazy-form";

// The form (conform, its inline validation) arrives after the page's first load (app/lazy-form.tsx).
const LoginForm = lazyForm(() => import("~/components/account/LoginForm").then((m) => m.LoginForm));
export const clientLoader = withFormPreload(LoginForm);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /login/:method? (spec: login; methods email and password, and social: Facebook 1, Google 2, Yahoo 3, each
 * shown only when configured). `?redirectTo=` is where to go back to after signing in (a safe path of this site;
 * the pages that need a customer send here with it). A signed-in customer is sent on at once.
 */
export const handle = { layout: "simple", i18n: ["account", "validation"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

const backOf = (request: Request) => safeBackPath(new URL(request.url).searchParams.get("redirectTo"), "/home");

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const store = await storefront(request);
  if (store.customer) throw redirect(backOf(request));
  const social = socialMethods().map((m) => m.slug);
  if (params.method) {
    if (!social.some((slug) => slug === params.method)) throw redirect("/login"); // not a configured method
    throw await socialLogin(request, context, params.method); // a redirect: to the provider, or back from it (web/social.server.ts)
  }
  const t = translator(store.lng, "account");
  // The social buttons carry the way back through the provider's round trip.
  const redirectTo = new URL(request.url).searchParams.has("redirectTo") ? backOf(request) : null;
  return json({ title: t("login.title"), social, redirectTo });
}

/**
 * The email-and-password post: a form that is not an email and a password is a 400 with the fields' messages; a
 * wrong combination a 401 (too many tries a 429, a full hashing queue a 503) with one message that never says which
 * part was wrong; a right one a 303 back. The password is never sent back.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const store = await storefront(request);
  // remix-auth's FormStrategy reads the body itself: validate a copy.
  const form = await request.clone().formData();
  const submission = parseWithZod(form, { schema: loginSchema });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: ["password"] }), notice: null }, { status: 400 });
  const outcome = await passwordSignIn(store, request, context, safeBackPath(form.get("redirectTo"), backOf(request)));
  if (outcome instanceof Response) return outcome;
  return json({ result: submission.reply({ hideFields: ["password"] }), notice: outcome.notice }, { status: outcome.status });
}

export default function Login() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["account", "validation"]);
  return (
    <div className="account-page">
      <h1>{data.title}</h1>
      <p>{t("login.intro")}</p>
      <LoginForm lastResult={actionData?.result} notice={actionData?.notice} />
      <p>
        <Link to="/getmypassword">{t("login.forgot")}</Link>
      </p>
      {data.social.length > 0 ? (
        <nav aria-label={t("login.or")} className="social-login">
          <p>{t("login.or")}</p>
          <ul>
            {data.social.map((slug) => (
              <li key={slug}>
                <Link
                  className="button button-secondary"
                  to={`/login/${slug}${data.redirectTo ? `?redirectTo=${encodeURIComponent(data.redirectTo)}` : ""}`}
                  reloadDocument
                >
                  {t(`social.${slug}`)}
                </Link>
              </li>
            ))}
          </ul>
          <p className="muted">
            {t("social.terms")} <Link to="/terms">{t("links.terms")}</Link> · <Link to="/privacy">{t("links.privacy")}</Link>
          </p>
        </nav>
      ) : null}
      <p>
        {t("login.noAccount")}{" "}
        <Link to={data.redirectTo ? `/register?redirectTo=${encodeURIComponent(data.redirectTo)}` : "/register"}>{t("login.register")}</Link>
      </p>
    </div>
  );
}
