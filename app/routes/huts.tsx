import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { OpenStatus, ServiceList, hoursText } from "~/components/stores/StoreInfo";
import { StoreMap } from "~/components/stores/StoreMap";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { mapTileUrl, storeList, storeQuery } from "~/web/stores.server";
import { storefront } from "~/web/storefront.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/** The store finder (spec section 2): every active store, today's hours, open now; a search by name or postal code. */
export const handle = { layout: "simple", i18n: ["stores"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  const store = await storefront(request);
  const q = storeQuery(new URL(request.url));
  const stores = await storeList(store, q);
  const t = translator(store.lng, "stores");
  return json({ stores, q, title: t("title"), description: t("description"), tileUrl: mapTileUrl() });
}

export default function Huts() {
  const { stores, q, tileUrl } = useLoaderData<typeof loader>();
  const { t } = useTranslation("stores");
  return (
    <div className="stores">
      <h1>{t("title")}</h1>
      <p>{t("lead")}</p>
      <Form method="get" role="search" className="store-search">
        <label htmlFor="store-q">{t("search.label")}</label>
        <div className="store-search-row">
          <input
            id="store-q"
            key={q}
            type="search"
            name="q"
            defaultValue={q}
            maxLength={80}
            autoComplete="off"
            aria-describedby="store-q-hint"
          />
          <button type="submit" className="button">
            {t("search.submit")}
          </button>
        </div>
        <p id="store-q-hint" className="muted">
          {t("search.hint")}
        </p>
      </Form>
      {q ? (
        <p role="status" className="store-results">
          {stores.length ? t("results", { count: stores.length, q }) : t("noResults", { q })}{" "}
          <Link to="/huts">{t("search.clear")}</Link>
        </p>
      ) : null}
      <div className="stores-layout">
        {stores.length ? (
          <ul className="store-list" aria-label={t("listLabel")}>
            {stores.map((s) => (
              <li key={s.id}>
                <article className="store-card" aria-labelledby={`store-${s.id}`}>
                  <h2 id={`store-${s.id}`}>
                    <Link to={s.href}>{s.name}</Link>
                  </h2>
                  <p>{s.address}</p>
                  <p>
                    <OpenStatus store={s} />
                  </p>
                  <p>{t("todayHours", { hours: hoursText(t, s.today.ranges) })}</p>
                  <ServiceList store={s} />
                </article>
              </li>
            ))}
          </ul>
        ) : null}
        <StoreMap
          tileUrl={tileUrl}
          label={t("map.label")}
          stores={stores.map((s) => ({ id: s.id, name: s.name, lat: s.lat, lng: s.lng, href: s.href }))}
        />
      </div>
    </div>
  );
}
