import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DeliveryAddressForm } from "~/components/address/DeliveryAddressForm";
import { DispositionFeedback } from "~/components/address/DispositionFeedback";
import { DeliverToPlace } from "~/components/account/DeliverToPlace";
import { CarryoutList } from "~/components/address/Outlets";
import { carryoutOutlets, submitDisposition } from "~/web/disposition.server";
import { translator } from "~/i18n/translator.server";
import { resultsPath } from "~/web/localization.server";
import { storefront } from "~/web/storefront.server";
import { placesOf } from "~/web/places.server";
import { pageTitle } from "~/meta";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

export const handle = { layout: "home", i18n: ["home", "address", "validation", "places"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

/** `?zip=` (the postal-code search, a GET form) leads to that postal code's results. */
export async function loader({ request }: LoaderFunctionArgs) {
  const results = resultsPath(new URL(request.url).searchParams.get("zip"));
  if (results) throw redirect(results);
  const store = await storefront(request);
  const [outlets, places] = await Promise.all([carryoutOutlets(store), placesOf(store)]);
  const t = translator(store.lng, "home");
  return json({ outlets, places, title: t("title") });
}

/**
 * Choosing a disposition: delivery to an address (typed, or a signed-in customer's saved place), or carry-out at an outlet (`submitDisposition`: 400 invalid,
 * 422 refused, 409 the confirmation that the change empties the cart, 303 to the menu).
 */
export async function action({ request }: ActionFunctionArgs) {
  return submitDisposition(request);
}

export default function Home() {
  const { outlets, places } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["home", "address"]);
  return (
    <div className="home">
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{t("title")}</h1>
        <p>{t("lead")}</p>
      </section>
      <DispositionFeedback data={actionData} />
      <DeliverToPlace places={places} />
      <div className="home-choices">
        <section aria-labelledby="delivery-title" className="panel">
          <h2 id="delivery-title">{t("delivery.title")}</h2>
          <p>{t("delivery.lead")}</p>
          <DeliveryAddressForm lastResult={actionData?.result} />
        </section>
        <section aria-labelledby="carryout-title" className="panel">
          <h2 id="carryout-title">{t("carryout.title")}</h2>
          <Form method="get" className="postal-lookup">
            <label htmlFor="lookup-zip">{t("address:lookup.label")}</label>
            <div className="inline-form">
              <input id="lookup-zip" name="zip" type="text" inputMode="numeric" autoComplete="postal-code" maxLength={5} required />
              <button type="submit" className="button button-secondary">
                {t("address:lookup.submit")}
              </button>
            </div>
          </Form>
          <p>{t("carryout.lead")}</p>
          <CarryoutList outlets={outlets} />
        </section>
      </div>
    </div>
  );
}
