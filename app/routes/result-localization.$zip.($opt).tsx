import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { CarryoutList, DeliveryOutlet } from "~/components/address/Outlets";
import { InvalidPostalCode, NoOutlet } from "~/components/address/PostalCodeNotices";
import { useTranslation } from "~/i18n/react";
import { localizationPage } from "~/web/localization.server";
import { pageTitle } from "~/meta";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /result-localization/:zip/:opt? — the search results for a postal code: the outlet that delivers there (or the
 * no-outlet message) with a link to the address form, and the carry-out outlets nearest to it, each with its
 * carry-out button. `opt`: D (the default) shows both; C only the carry-out outlets; anything else is a 404.
 * A postal code that is not 5 digits: a 400 page with the message.
 */
export const handle = { layout: "main", i18n: ["address", "validation"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export function loader({ request, params }: LoaderFunctionArgs) {
  return localizationPage(request, params, "results.title");
}

export default function LocalizationResults() {
  const { postalCode, orderType, result, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation("address");
  return (
    <div className="localization">
      <h1>{title}</h1>
      {!result ? (
        <InvalidPostalCode />
      ) : (
        <>
          {orderType === "D" ? (
            <section className="panel" aria-labelledby="delivery-title">
              <h2 id="delivery-title">{t("results.delivery")}</h2>
              {result.delivery ? (
                <>
                  <DeliveryOutlet outlet={result.delivery} />
                  <p>
                    <Link to={`/localization/${postalCode}`} className="button">
                      {t("results.writeAddress")}
                    </Link>
                  </p>
                </>
              ) : (
                <NoOutlet postalCode={postalCode} carryoutLink={false} />
              )}
            </section>
          ) : null}
          <section className="panel" aria-labelledby="carryout-title">
            <h2 id="carryout-title">{t(result.carryoutOrder === "chain" ? "results.carryoutAll" : "results.carryoutNearest")}</h2>
            <CarryoutList outlets={result.carryout} />
          </section>
        </>
      )}
    </div>
  );
}
