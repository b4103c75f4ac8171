import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { NoticeBanner } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { storefront } from "~/web/storefront.server";
import { emailChangePage, followEmailChange } from "./email-change.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /email-change/:token, the link mailed to a new address. Opening it changes nothing (mail scanners open links):
 * the page asks to confirm, and the POST spends the link and moves the account to the new address (303 to the
 * profile with notices.account.emailChanged). A link that is unknown, spent or expired is CUS-100015 (410); an
 * address another account has by then is CUS-100003 (409). Signing in is not needed: the link proves the mailbox.
 */
export const handle = { layout: "simple", i18n: ["profile"], noStore: true };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { page, status } = await emailChangePage(await storefront(request), params.token ?? "");
  return json(page, { status });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const outcome = await followEmailChange(await storefront(request), params.token ?? "");
  return outcome instanceof Response ? outcome : json(outcome.page, { status: outcome.status });
}

export default function EmailChange() {
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const data = refused ?? loaded;
  const navigation = useNavigation();
  const { t } = useTranslation("profile");
  const busy = navigation.state === "submitting";
  return (
    <div className="panel email-change">
      <h1>{data.title}</h1>
      {data.notice ? <NoticeBanner notice={data.notice} /> : null}
      {data.email ? (
        <Form method="post">
          <AuthenticityTokenInput />
          <p>{t("emailChange.intro", { email: data.email })}</p>
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("saving") : t("emailChange.submit")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
