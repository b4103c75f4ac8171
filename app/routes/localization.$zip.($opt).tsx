import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DispositionFeedback } from "~/components/address/DispositionFeedback";
import { DeliveryOutlet } from "~/components/address/Outlets";
import { InvalidPostalCode, NoOutlet } from "~/components/address/PostalCodeNotices";
import { submitDisposition } from "~/web/disposition.server";
import { useTranslation } from "~/i18n/react";
import { localizationPage } from "~/web/localization.server";
import { pageTitle } from "~/meta";
import { lazyForm, withFormPreload } from "~/lazy-form";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /localization/:zip/:opt? — delivery to a postal code: the outlet that delivers there and the address form with
 * the postal code filled in; when no outlet delivers there, the no-outlet message (a 200 page) and a link to the
 * carry-out outlets near it. `opt` is the order type letter: D (the default) or C, which is the carry-out list
 * of /result-localization/:zip/C; anything else is a 404. A postal code that is not 5 digits: a 400 page.
 */
export const handle = { layout: "main", i18n: ["address", "validation", "home"] };

// The form (conform, its inline validation) arrives after the page's first load (app/lazy-form.tsx).
const DeliveryAddressForm = lazyForm(() => import("~/components/address/DeliveryAddressForm").then((m) => m.DeliveryAddressForm));
export const clientLoader = withFormPreload(DeliveryAddressForm);

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (params.opt === "C") throw redirect(`/result-localization/${encodeURIComponent(params.zip ?? "")}/C`);
  return localizationPage(request, params, "localization.title");
}

/** The address form posts here: the same action as the home page's (`submitDisposition`). */
export async function action({ request }: ActionFunctionArgs) {
  return submitDisposition(request);
}

export default function Localization() {
  const { postalCode, result, title } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["address", "validation"]);
  return (
    <div className="localization">
      <h1>{title}</h1>
      {!result ? (
        <InvalidPostalCode />
      ) : (
        <>
          <DispositionFeedback data={actionData} />
          {result.delivery ? (
            <div className="localization-grid">
              <section className="panel" aria-labelledby="outlet-title">
                <h2 id="outlet-title" className="visually-hidden">
                  {t("results.delivery")}
                </h2>
                <DeliveryOutlet outlet={result.delivery} />
              </section>
              <section className="panel" aria-labelledby="address-title">
                <h2 id="address-title">{t("localization.form")}</h2>
                <DeliveryAddressForm lastResult={actionData?.result} postalCode={postalCode} />
              </section>
            </div>
          ) : (
            <NoOutlet postalCode={postalCode} carryoutLink />
          )}
        </>
      )}
    </div>
  );
}

