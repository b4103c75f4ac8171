import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { lazyForm, withFormPreload } from "~/lazy-form";
import { NoticeBanner } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { requireCustomer } from "~/web/customer.server";
import { editProfileAction, editProfileData } from "./edit-profile.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /edit-profile (login required; back here after sign-in): the profile's details, the email (re-confirmed by a
 * link to the new address), the phone (changed with a one-time code sent by SMS) and the privacy rights (download
 * the data, delete the account). Every form is a plain POST with a hidden intent (edit-profile.server.ts).
 */
export const handle = { layout: "simple", i18n: ["validation", "account", "profile"], noStore: true };

// The forms (conform, their inline validation) arrive after the page's first load (app/lazy-form.tsx), in one chunk.
const forms = () => import("~/components/profile/ProfileForms");
const ProfileDetailsForm = lazyForm(() => forms().then((m) => m.ProfileDetailsForm));
const EmailChangeForm = lazyForm(() => forms().then((m) => m.EmailChangeForm));
const PhoneForms = lazyForm(() => forms().then((m) => m.PhoneForms));
export const clientLoader = withFormPreload(ProfileDetailsForm, EmailChangeForm, PhoneForms);

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  const store = await requireCustomer(request);
  return json(await editProfileData(store, new URL(request.url)));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const store = await requireCustomer(request);
  return editProfileAction(store, await request.formData(), context);
}

export default function EditProfile() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("profile");
  const resultOf = (intent: string) => (answer?.intent === intent ? answer.result : undefined);
  const notice = answer?.notice ?? data.phoneRequestNotice;
  return (
    <div className="edit-profile">
      <h1>{data.title}</h1>
      <p>
        <Link to="/profile">{t("edit.back")}</Link>
      </p>
      {notice ? <NoticeBanner notice={notice} /> : null}
      <ProfileDetailsForm defaults={data.profile} today={data.today} lastResult={resultOf("profile")} />
      <EmailChangeForm email={data.email} pending={data.pendingEmail} hasPassword={data.hasPassword} lastResult={resultOf("email")} />
      <PhoneForms phone={data.phone} request={data.phoneRequest} requestResult={resultOf("phone-request")} verifyResult={resultOf("phone-verify")} />
      <section className="panel profile-section" aria-labelledby="privacy-title" id="privacy">
        <h2 id="privacy-title">{t("privacy.title")}</h2>
        <p>{t("privacy.intro")}</p>
        <p>
          <a href="/account/data" download className="button button-quiet">
            {t("privacy.download")}
          </a>
        </p>
        <p>
          <Link to="/account/delete">{t("privacy.delete")}</Link>
        </p>
      </section>
    </div>
  );
}
