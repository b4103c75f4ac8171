import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { NoticeBanner } from "~/components/ui/Notice";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { favouritesAction, favouritesPage } from "~/web/store-favourites.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * /store/favourites (managers only, beyond the spec): the home page's favourite products. A checklist of every
 * product (the favourites first, in their order) with a number for the order; one plain post saves it all: 303 back
 * with a notice, or 400 with the messages beside the products (what was ticked and typed is kept).
 */
export const handle = { layout: "bare" };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  return favouritesPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return favouritesAction(request);
}

export default function StoreFavourites() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation("store");
  const picked = (sku: string, featured: number | null) => (failed ? failed.picked.includes(sku) : featured !== null);
  const order = (sku: string, featured: number | null) => (failed ? (failed.orders[sku] ?? "") : featured === null ? "" : String(featured));
  return (
    <div className="console favourites-admin">
      <h1>{data.title}</h1>
      <p>{t("favourites.intro", { shown: data.shown, max: data.max })}</p>
      {data.notice ? <NoticeBanner notice={data.notice} /> : null}
      {failed?.errors.form ? <NoticeBanner notice={{ tone: "error", key: failed.errors.form, values: { max: data.max } }} /> : null}
      <Form method="post" noValidate key={failed ? "failed" : "saved"}>
        <AuthenticityTokenInput />
        <div className="coupon-table-scroll">
          <table className="coupon-table">
            <caption className="visually-hidden">{t("favourites.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("favourites.product")}</th>
                <th scope="col">{t("favourites.category")}</th>
                <th scope="col">{t("favourites.order")}</th>
              </tr>
            </thead>
            <tbody>
              {data.products.map((p) => {
                const error = failed?.errors.order?.[p.sku];
                const id = `favourite-${p.sku}`;
                return (
                  <tr key={p.sku}>
                    <th scope="row">
                      <label>
                        <input type="checkbox" name="sku" value={p.sku} defaultChecked={picked(p.sku, p.featured)} /> {p.name}
                      </label>
                      {p.active ? null : <span className="muted"> ({t("favourites.inactive")})</span>}
                    </th>
                    <td>{p.category}</td>
                    <td>
                      <label className="visually-hidden" htmlFor={id}>
                        {t("favourites.orderOf", { name: p.name })}
                      </label>
                      <input
                        id={id}
                        name={`order-${p.sku}`}
                        type="number"
                        min={1}
                        max={99}
                        inputMode="numeric"
                        size={3}
                        defaultValue={order(p.sku, p.featured)}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                      />
                      {error ? (
                        <p id={`${id}-error`} className="field-error">
                          {t(error)}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p className="form-actions">
          <button type="submit" className="button">
            {t("favourites.save")}
          </button>
        </p>
      </Form>
    </div>
  );
}
