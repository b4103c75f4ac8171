import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { Link } from "~/components/link";
import { CarryoutButton } from "~/components/address/CarryoutButton";
import { OpenStatus, ServiceList, hoursText } from "~/components/stores/StoreInfo";
import { StoreMap } from "~/components/stores/StoreMap";
import { useTranslation } from "~/i18n/react";
import { translator } from "~/i18n/translator.server";
import { pageTitle } from "~/meta";
import { mapTileUrl, storeDetail } from "~/web/stores.server";
import { storefront } from "~/web/storefront.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";

/**
 * One store (spec section 2). The parameter is the name with accents removed and spaces as plus signs
 * ("Tijuana+Zona+Rio"); the plain name ("Tijuana Zona Río") finds the same store. Unknown: 404.
 */
export const handle = { layout: "simple", i18n: ["stores"] };

export const meta: MetaFunction<typeof loader> = (args) => {
  const error = isRouteErrorResponse(args.error) ? (args.error.data as { title?: string } | null) : null;
  return pageTitle(args.data?.title ?? error?.title, args);
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const store = await storefront(request);
  const detail = await storeDetail(store, params.outlet ?? "");
  const t = translator(store.lng, "stores");
  if (!detail) throw json({ title: t("notFound.title") }, { status: 404 });
  return json({ store: detail, title: detail.name, tileUrl: mapTileUrl() });
}

export default function Hut() {
  const { store: s, tileUrl } = useLoaderData<typeof loader>();
  const { t } = useTranslation("stores");
  return (
    <article className="store-detail" aria-labelledby="store-title">
      <p>
        <Link to="/huts">{t("detail.back")}</Link>
      </p>
      <h1 id="store-title">{s.name}</h1>
      <p>
        <OpenStatus store={s} />
      </p>
      <dl className="facts store-facts">
        <div>
          <dt>{t("detail.address")}</dt>
          <dd>{t("detail.addressLine", { address: s.address, postalCode: s.postalCode })}</dd>
        </div>
        <div>
          <dt>{t("detail.phone")}</dt>
          <dd>
            {/* Isolated left to right: in Arabic the groups of digits would otherwise be read in reverse order. */}
            <a href={s.phoneHref}>
              <bdi dir="ltr">{s.phone}</bdi>
            </a>
          </dd>
        </div>
        <div>
          <dt>{t("services.label")}</dt>
          <dd>
            <ServiceList store={s} />
          </dd>
        </div>
      </dl>
      {s.offersCarryout ? (
        <CarryoutButton outletId={s.id} label={t("detail.orderCarryout", { name: s.name })} />
      ) : null}
      <section aria-labelledby="week-title">
        <h2 id="week-title">{t("detail.week")}</h2>
        <table className="store-week">
          <thead>
            <tr>
              <th scope="col">{t("detail.day")}</th>
              <th scope="col">{t("detail.hours")}</th>
            </tr>
          </thead>
          <tbody>
            {s.week.map((day) => (
              <tr key={day.date} aria-current={day.isToday ? "date" : undefined}>
                <th scope="row">{day.isToday ? t("detail.dayToday", { day: day.label }) : day.label}</th>
                <td>{hoursText(t, day.ranges)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">{t("detail.localTime")}</p>
      </section>
      <StoreMap
        tileUrl={tileUrl}
        label={t("map.labelOne", { name: s.name })}
        stores={[{ id: s.id, name: s.name, lat: s.lat, lng: s.lng }]}
      />
    </article>
  );
}

/** An unknown store: a 404 with the finder's way back, inside the page's own layout. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation(["stores", "common"]);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) return <RouteErrorBoundary />;
  return (
    <div className="store-detail">
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.body")}</p>
      <p>
        <Link to="/huts">{t("notFound.back")}</Link>
      </p>
    </div>
  );
}
