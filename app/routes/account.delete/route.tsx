import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NoticeBanner } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { lazyForm, withFormPreload } from "~/lazy-form";
import { requireCustomer } from "~/web/customer.server";
import { deleteAccount, deletePage } from "./delete.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /account/delete (login required): what deleting the account does, and the form that does it (the password, or
 * for an account without one a typed word). A plain POST: 400 with the field's message, 303 home signed out.
 */
export const handle = { layout: "simple", i18n: ["validation", "account", "profile"], noStore: true };

// The form (conform, its inline validation) arrives after the page's first load (app/lazy-form.tsx).
const DeleteAccountForm = lazyForm(() => import("~/components/profile/DeleteAccountForm").then((m) => m.DeleteAccountForm));
export const clientLoader = withFormPreload(DeleteAccountForm);

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  return json(deletePage(await requireCustomer(request)));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return deleteAccount(await requireCustomer(request), await request.formData(), context);
}

export default function DeleteAccount() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("profile");
  return (
    <div className="panel delete-account">
      <h1>{data.title}</h1>
      {answer?.notice ? <NoticeBanner notice={answer.notice} /> : null}
      <p>{t("delete.intro", { email: data.email })}</p>
      <ul>
        <li>{t("delete.what.account")}</li>
        <li>{t("delete.what.orders")}</li>
        <li>{t("delete.what.sessions")}</li>
      </ul>
      <p>
        <a href="/account/data" download>
          {t("delete.downloadFirst")}
        </a>
      </p>
      <DeleteAccountForm hasPassword={data.hasPassword} lastResult={answer?.result} />
    </div>
  );
}
