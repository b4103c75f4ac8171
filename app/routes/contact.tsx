import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { contactAction, contactPage } from "~/web/contact.server";
import { lazyForm, withFormPreload } from "~/lazy-form";

// The form (conform, its inline validation) arrives after the page's first load (app/lazy-form.tsx).
const ContactForm = lazyForm(() => import("~/components/feedback/ContactForm").then((m) => m.ContactForm));
export const clientLoader = withFormPreload(ContactForm);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /contact (spec: contact and feedback; the contacts call): name, email, phone, outlet, an optional order number and
 * the message, stored and mailed to customer care. A plain post (no JavaScript needed): 400 with the translated
 * errors, 429 past the rate limits, 303 to /contact?sent=1, which thanks the customer. A signed-in customer's name,
 * email and phone are filled in (hence never cached).
 */
export const handle = { layout: "simple", i18n: ["content", "validation"], noStore: true };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  return contactPage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return contactAction(request, context);
}

export default function Contact() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["content", "validation"]);
  return (
    <div className="feedback-page">
      <h1>{t("contact.title")}</h1>
      {data.sent ? (
        <section className="panel" aria-labelledby="contact-sent">
          <h2 id="contact-sent">{t("contact.sent.title")}</h2>
          <p>{t("contact.sent.body")}</p>
          <p>
            <Link to="/contact">{t("contact.sent.again")}</Link>
          </p>
        </section>
      ) : (
        <>
          <p>{t("contact.intro")}</p>
          <ContactForm outlets={data.outlets} defaults={data.defaults} lastResult={actionData?.result} retryMinutes={actionData?.retryMinutes} />
        </>
      )}
    </div>
  );
}
