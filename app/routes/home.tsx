import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/i18n/react";
import { lazyForm, withFormPreload } from "~/lazy-form";
import { DispositionFeedback } from "~/components/address/DispositionFeedback";
import { DeliverToPlace } from "~/components/account/DeliverToPlace";
import { CarryoutList } from "~/components/address/Outlets";
import { carryoutOutlets, submitDisposition } from "~/web/disposition.server";
import { translator } from "~/i18n/translator.server";
import { resultsPath } from "~/web/localization.server";
import { storefront } from "~/web/storefront.server";
import { placesOf } from "~/web/places.server";
import { pageTitle } from "~/meta";
import { CampaignCards, HeroBanners, PromoProducts } from "~/components/promotions/Promotions";
import { homePromotions } from "~/web/promotions.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

export const handle = { layout: "home", i18n: ["home", "address", "validation", "places", "campaigns"] };

// The form (conform, its inline validation) arrives after the page's first load (app/lazy-form.tsx).
const DeliveryAddressForm = lazyForm(() => import("~/components/address/DeliveryAddressForm").then((m) => m.DeliveryAddressForm));
export const clientLoader = withFormPreload(DeliveryAddressForm);

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

/** `?zip=` (the postal-code search, a GET form) leads to that postal code's results. */
export async function loader({ request }: LoaderFunctionArgs) {
  const results = resultsPath(new URL(request.url).searchParams.get("zip"));
  if (results) throw redirect(results);
  const store = await storefront(request);
  const [outlets, places, promotions] = await Promise.all([carryoutOutlets(store), placesOf(store), homePromotions(store)]);
  const t = translator(store.lng, "home");
  return json({ outlets, places, promotions, lng: store.lng, title: t("title"), description: t("description") });
}

/**
 * Choosing a disposition: delivery to an address (typed, or a signed-in customer's saved place), or carry-out at an outlet (`submitDisposition`: 400 invalid,
 * 422 refused, 409 the confirmation that the change empties the cart, 303 to the menu).
 */
export async function action({ request }: ActionFunctionArgs) {
  return submitDisposition(request);
}

/**
 * The home page leads with pictures (issue 14 point 9): the home_hero banners, the current campaigns and the
 * favourite products, then the choice of delivery or carry-out (a link at the top jumps to it). No script of its own.
 */
export default function Home() {
  const { outlets, places, promotions, lng } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["home", "address", "campaigns"]);
  // After a post of the choice (a refusal, the form's messages, the confirmation to empty the cart) the page is
  // about the choice: without the pictures, its messages and fields are where the page opens, as before.
  const showcase = actionData ? null : promotions;
  return (
    <div className="home">
      {showcase ? <HeroBanners banners={showcase.heroes} label={t("campaigns:heroLabel")} /> : null}
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{t("title")}</h1>
        <p>{t("lead")}</p>
        <p>
          <a href="#order" className="button">
            {t("campaigns:orderNow")}
          </a>
        </p>
      </section>
      {/* A refused choice's message (or the confirmation to empty the cart) stays at the top, where the page opens. */}
      <DispositionFeedback data={actionData} />
      {showcase && showcase.campaigns.length > 0 ? (
        <section aria-labelledby="promotions-title" className="home-promotions">
          <h2 id="promotions-title">{t("campaigns:promotions")}</h2>
          <CampaignCards campaigns={showcase.campaigns} lng={lng} headingLevel={3} />
          <p>
            <Link to="/order/campaigns">{t("campaigns:all")}</Link>
          </p>
        </section>
      ) : null}
      {showcase && showcase.favourites.length > 0 ? (
        <section aria-labelledby="favourites-title" className="home-favourites">
          <h2 id="favourites-title">{t("campaigns:favourites")}</h2>
          <PromoProducts products={showcase.favourites} />
        </section>
      ) : null}
      <div id="order" className="home-order">
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
    </div>
  );
}
