import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/i18n/react";
import { pageTitle } from "~/meta";
import { nutritionPage } from "~/web/nutrition.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ErrorPage";

/**
 * The menu's allergens and energy (spec section 1: the allergen path), from the catalogue. The filter is a GET form:
 * `?hide=milk&hide=gluten` leaves out the products containing any of them, so it works without JavaScript.
 */
export const handle = { layout: "simple", i18n: ["nutrition"] };

export const meta: MetaFunction<typeof loader> = (args) => pageTitle(args.data?.title, args);

export async function loader({ request }: LoaderFunctionArgs) {
  return nutritionPage(request);
}

export default function NutritionalContent() {
  const { table, allergens } = useLoaderData<typeof loader>();
  const { t } = useTranslation("nutrition");
  const hidden = new Set<string>(table.hidden);
  return (
    <div className="nutrition">
      <h1>{t("title")}</h1>
      <p>{t("lead")}</p>
      <Form method="get" className="nutrition-filter">
        <fieldset>
          <legend>{t("filter.legend")}</legend>
          <ul className="nutrition-filter-list">
            {allergens.map((a) => (
              <li key={a}>
                <label>
                  <input type="checkbox" name="hide" value={a} defaultChecked={hidden.has(a)} key={`${a}-${hidden.has(a)}`} />{" "}
                  {t(`allergen.${a}`)}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <button type="submit" className="button">
          {t("filter.submit")}
        </button>{" "}
        {table.hidden.length ? <Link to="/nutritional-content">{t("filter.clear")}</Link> : null}
      </Form>
      {table.hidden.length ? (
        <p role="status">
          {t("filter.result", {
            count: table.hiddenCount,
            allergens: table.hidden.map((a) => t(`allergen.${a}`)).join(", "),
          })}
        </p>
      ) : null}
      {table.groups.map((group) => (
        <section key={group.slug} aria-labelledby={`nutrition-${group.slug}`}>
          <h2 id={`nutrition-${group.slug}`}>{group.name}</h2>
          <div className="table-scroll">
            <table className="nutrition-table">
              <caption>{t("caption", { category: group.name })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("column.product")}</th>
                  <th scope="col">{t("column.allergens")}</th>
                  <th scope="col">{t("column.energy")}</th>
                </tr>
              </thead>
              <tbody>
                {group.products.map((p) => (
                  <tr key={p.uuid} id={`product-${p.sku}`}>
                    <th scope="row">{p.name}</th>
                    <td>{p.allergens.length ? p.allergens.map((a) => t(`allergen.${a}`)).join(", ") : t("none")}</td>
                    <td>
                      <ul className="nutrition-energy">
                        {p.energy.map((e) => (
                          <li key={e.size}>
                            {e.size ? t("kcalSize", { size: e.size, kcal: e.kcal }) : t("kcalPortion", { kcal: e.kcal })}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      {table.groups.length ? null : <p>{t("empty")}</p>}
      <p className="muted">{t("note")}</p>
    </div>
  );
}
