import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { requireCustomer } from "~/web/customer.server";
import { redirectWith, storefront } from "~/web/storefront.server";
import { confirm, resend } from "./confirmation.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /confirmation/:regis (spec: registration confirmation). GET follows the mailed link: the email is confirmed
 * (the token is single-use and expires in 24 hours) and the customer goes to the profile, or to sign-in when this
 * browser is not signed in. A spent, expired or unknown link shows why (410) and, for a signed-in unconfirmed
 * customer, the form that sends a new one. POST is that form (/confirmation/resend): one link per minute (CUS-100007).
 */
export const handle = { layout: "simple", i18n: ["account"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const store = await storefront(request);
  const confirmed = await confirm(store, params.regis ?? "");
  // Its own account's profile, or the sign-in; a link of another account than the one signed in here says whose
  // it was not ("your email" on this profile would be someone else's), and stays off this profile.
  if (confirmed !== null) {
    if (!store.customer) return redirectWith(store.session, "/login", { tone: "success", key: "notices.account.confirmed" });
    if (store.customer.id === confirmed) return redirectWith(store.session, "/profile", { tone: "success", key: "notices.account.confirmed" });
    return redirectWith(store.session, "/home", { tone: "success", key: "notices.account.confirmedOther" });
  }
  const t = translator(store.lng, "account");
  return json(
    { title: t("confirm.title"), canResend: Boolean(store.customer && !store.customer.emailConfirmed) },
    { status: 410 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const store = await requireCustomer(request);
  return redirectWith(store.session, "/profile", await resend(store));
}

export default function Confirmation() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { t } = useTranslation(["account", "errors"]);
  return (
    <div className="account-page">
      <h1>{data.title}</h1>
      <div className="notice notice-error" role="alert">
        {t("confirm.failed")} {t("errors:linkInvalid")}
      </div>
      {data.canResend ? (
        <Form method="post" action="/confirmation/resend">
          <AuthenticityTokenInput />
          <button type="submit" className="button" disabled={navigation.state !== "idle"}>
            {navigation.state !== "idle" ? t("confirm.resendBusy") : t("confirm.resend")}
          </button>
        </Form>
      ) : (
        <p>
          <Link to="/profile">{t("profile.title")}</Link>
        </p>
      )}
    </div>
  );
}
